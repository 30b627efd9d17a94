CREATE TABLE "abc_config_logs" (
	"whs_id" text NOT NULL,
	"log_id" serial NOT NULL,
	"user_id" integer NOT NULL,
	"old_value" jsonb NOT NULL,
	"new_value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abc_config_logs_whs_id_log_id_pk" PRIMARY KEY("whs_id","log_id")
);
--> statement-breakpoint
CREATE TABLE "abc_configs" (
	"whs_id" text NOT NULL,
	"basis" smallint NOT NULL,
	"window_days" smallint NOT NULL,
	"a_max_pct" smallint NOT NULL,
	"b_max_pct" smallint NOT NULL,
	"sa_top_n" integer NOT NULL,
	"excluded_categories" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abc_configs_whs_id_pk" PRIMARY KEY("whs_id"),
	CONSTRAINT "abc_configs_basis_ck" CHECK ("abc_configs"."basis" in (1, 2)),
	CONSTRAINT "abc_configs_thresholds_ck" CHECK ("abc_configs"."a_max_pct" between 1 and 100 and "abc_configs"."b_max_pct" between 1 and 100 and "abc_configs"."a_max_pct" < "abc_configs"."b_max_pct"),
	CONSTRAINT "abc_configs_sa_top_n_ck" CHECK ("abc_configs"."sa_top_n" >= 0)
);
--> statement-breakpoint
CREATE TABLE "abc_runs" (
	"whs_id" text NOT NULL,
	"task_id" serial NOT NULL,
	"user_id" integer NOT NULL,
	"config" jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error_message" text,
	"sku_count" integer,
	"sa_count" integer,
	"a_count" integer,
	"b_count" integer,
	"c_count" integer,
	"excluded_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "abc_runs_whs_id_task_id_pk" PRIMARY KEY("whs_id","task_id"),
	CONSTRAINT "abc_runs_status_ck" CHECK ("abc_runs"."status" in (0, 1, 2, 3)),
	CONSTRAINT "abc_runs_progress_ck" CHECK ("abc_runs"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "cc_frequency_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"abc_class" smallint NOT NULL,
	"high_value" smallint NOT NULL,
	"every_days" smallint NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cc_frequency_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "cc_frequency_rules_abc_class_ck" CHECK ("cc_frequency_rules"."abc_class" between 0 and 5),
	CONSTRAINT "cc_frequency_rules_high_value_ck" CHECK ("cc_frequency_rules"."high_value" in (0, 1, 2)),
	CONSTRAINT "cc_frequency_rules_every_days_ck" CHECK ("cc_frequency_rules"."every_days" between 1 and 365),
	CONSTRAINT "cc_frequency_rules_enabled_ck" CHECK ("cc_frequency_rules"."enabled" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "high_value_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"category_l1" text,
	"sku_prefix" text,
	"min_unit_value" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "high_value_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "high_value_rules_status_ck" CHECK ("high_value_rules"."status" in (1, 2)),
	CONSTRAINT "high_value_rules_target_ck" CHECK ("high_value_rules"."category_l1" is not null or "high_value_rules"."sku_prefix" is not null),
	CONSTRAINT "high_value_rules_min_unit_value_ck" CHECK ("high_value_rules"."min_unit_value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "unit_value" integer;--> statement-breakpoint
ALTER TABLE "abc_config_logs" ADD CONSTRAINT "abc_config_logs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abc_config_logs" ADD CONSTRAINT "abc_config_logs_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abc_configs" ADD CONSTRAINT "abc_configs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abc_configs" ADD CONSTRAINT "abc_configs_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abc_runs" ADD CONSTRAINT "abc_runs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abc_runs" ADD CONSTRAINT "abc_runs_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_frequency_rules" ADD CONSTRAINT "cc_frequency_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "high_value_rules" ADD CONSTRAINT "high_value_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abc_config_logs_created_at_idx" ON "abc_config_logs" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "abc_runs_created_at_idx" ON "abc_runs" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "abc_runs_open_uq" ON "abc_runs" USING btree ("whs_id") WHERE status in (0, 1);--> statement-breakpoint
CREATE UNIQUE INDEX "cc_frequency_rules_class_uq" ON "cc_frequency_rules" USING btree ("whs_id","abc_class","high_value");--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_unit_value_ck" CHECK ("skus"."unit_value" >= 0);