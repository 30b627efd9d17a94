CREATE SEQUENCE "public"."unit_uid_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"whs_id" text NOT NULL,
	"job_id" bigserial NOT NULL,
	"kind" text NOT NULL,
	"ref_no" text NOT NULL,
	"job" jsonb NOT NULL,
	"station_id" text,
	"printed_by" integer NOT NULL,
	"reprint_of" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_jobs_whs_id_job_id_pk" PRIMARY KEY("whs_id","job_id"),
	CONSTRAINT "print_jobs_kind_ck" CHECK ("print_jobs"."kind" in ('SHIPPING_LABEL', 'PACKING_LIST', 'UID_LABEL', 'CODE_LABEL', 'TEST_PAGE'))
);
--> statement-breakpoint
CREATE TABLE "print_settings" (
	"whs_id" text NOT NULL,
	"station_id" text NOT NULL,
	"label_size" text NOT NULL,
	"document_size" text NOT NULL,
	"printer_mode" text NOT NULL,
	"agent_url" text,
	"label_printer" text,
	"document_printer" text,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_settings_whs_id_station_id_pk" PRIMARY KEY("whs_id","station_id"),
	CONSTRAINT "print_settings_label_size_ck" CHECK ("print_settings"."label_size" in ('100x150', '100x100', '100x50', '80x50', '60x40', '50x30')),
	CONSTRAINT "print_settings_document_size_ck" CHECK ("print_settings"."document_size" in ('A4', 'A5', 'LETTER')),
	CONSTRAINT "print_settings_printer_mode_ck" CHECK ("print_settings"."printer_mode" in ('browser', 'agent')),
	CONSTRAINT "print_settings_agent_url_ck" CHECK ("print_settings"."printer_mode" <> 'agent' or "print_settings"."agent_url" is not null)
);
--> statement-breakpoint
CREATE TABLE "unit_uids" (
	"whs_id" text NOT NULL,
	"uid" text NOT NULL,
	"sku_id" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_uids_whs_id_uid_pk" PRIMARY KEY("whs_id","uid"),
	CONSTRAINT "unit_uids_uid_ck" CHECK ("unit_uids"."uid" ~ '^U[0-9]{12}$')
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printed_by_users_user_id_fk" FOREIGN KEY ("printed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_settings" ADD CONSTRAINT "print_settings_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_settings" ADD CONSTRAINT "print_settings_station_fk" FOREIGN KEY ("whs_id","station_id") REFERENCES "public"."stations"("whs_id","station_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_uids" ADD CONSTRAINT "unit_uids_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_uids" ADD CONSTRAINT "unit_uids_sku_fk" FOREIGN KEY ("whs_id","sku_id") REFERENCES "public"."skus"("whs_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_ref_idx" ON "print_jobs" USING btree ("whs_id","ref_no","created_at");--> statement-breakpoint
CREATE INDEX "print_jobs_created_idx" ON "print_jobs" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "print_jobs_kind_idx" ON "print_jobs" USING btree ("whs_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "unit_uids_sku_idx" ON "unit_uids" USING btree ("whs_id","sku_id","created_at");