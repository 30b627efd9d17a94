CREATE TABLE "conf_values" (
	"whs_id" text NOT NULL,
	"conf_key" text NOT NULL,
	"conf_value" text NOT NULL,
	CONSTRAINT "conf_values_whs_id_conf_key_pk" PRIMARY KEY("whs_id","conf_key")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"mail_id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_events" (
	"event_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"whs_id" text NOT NULL,
	"role_id" integer NOT NULL,
	"perm" text NOT NULL,
	CONSTRAINT "role_permissions_whs_id_role_id_perm_pk" PRIMARY KEY("whs_id","role_id","perm")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"whs_id" text NOT NULL,
	"role_id" serial NOT NULL,
	"role_name" text NOT NULL,
	"all_permissions" boolean DEFAULT false NOT NULL,
	CONSTRAINT "roles_whs_id_role_id_pk" PRIMARY KEY("whs_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"whs_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "user_settings_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
CREATE TABLE "user_warehouses" (
	"whs_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"is_show_mbn" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_warehouses_whs_id_user_id_pk" PRIMARY KEY("whs_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"simple_password_since" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_switch_times" (
	"whs_id" text NOT NULL,
	"module" text NOT NULL,
	"switch_time" bigint NOT NULL,
	CONSTRAINT "warehouse_switch_times_whs_id_module_pk" PRIMARY KEY("whs_id","module")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"whs_id" text PRIMARY KEY NOT NULL,
	"whs_name" text NOT NULL,
	"whs_no" text DEFAULT '' NOT NULL,
	"time_region" text,
	"is_use_channel" boolean DEFAULT false NOT NULL,
	"quota_mode" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_whs_id_role_id_roles_whs_id_role_id_fk" FOREIGN KEY ("whs_id","role_id") REFERENCES "public"."roles"("whs_id","role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_warehouses" ADD CONSTRAINT "user_warehouses_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_warehouses" ADD CONSTRAINT "user_warehouses_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_warehouses" ADD CONSTRAINT "user_warehouses_whs_id_role_id_roles_whs_id_role_id_fk" FOREIGN KEY ("whs_id","role_id") REFERENCES "public"."roles"("whs_id","role_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_switch_times" ADD CONSTRAINT "warehouse_switch_times_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_events_subject_idx" ON "rate_events" USING btree ("kind","subject","at");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_uq" ON "roles" USING btree ("whs_id","role_name");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_warehouses_user_idx" ON "user_warehouses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));