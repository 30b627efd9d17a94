CREATE SEQUENCE "public"."cc_diff_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."cc_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."cc_task_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "cc_build_tasks" (
	"whs_id" text NOT NULL,
	"task_id" bigserial NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cc_build_tasks_whs_id_task_id_pk" PRIMARY KEY("whs_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "cc_counts" (
	"whs_id" text NOT NULL,
	"count_id" bigserial NOT NULL,
	"order_no" text NOT NULL,
	"task_no" text NOT NULL,
	"round" smallint NOT NULL,
	"location_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"qty" integer NOT NULL,
	"unknown_code" text,
	"op_id" uuid,
	"counter_id" integer NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cc_counts_whs_id_count_id_pk" PRIMARY KEY("whs_id","count_id"),
	CONSTRAINT "cc_counts_qty_ck" CHECK ("cc_counts"."qty" between 0 and 99999)
);
--> statement-breakpoint
CREATE TABLE "cc_diff_lines" (
	"whs_id" text NOT NULL,
	"diff_no" text NOT NULL,
	"location_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"book_qty" integer NOT NULL,
	"counted_qty" integer NOT NULL,
	"result" smallint NOT NULL,
	"adjust_qty" integer,
	CONSTRAINT "cc_diff_lines_whs_id_diff_no_location_id_sku_id_pk" PRIMARY KEY("whs_id","diff_no","location_id","sku_id"),
	CONSTRAINT "cc_diff_lines_result_ck" CHECK ("cc_diff_lines"."result" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "cc_diff_orders" (
	"whs_id" text NOT NULL,
	"diff_no" text NOT NULL,
	"order_no" text NOT NULL,
	"source" smallint NOT NULL,
	"round" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"surplus_qty" integer DEFAULT 0 NOT NULL,
	"missing_qty" integer DEFAULT 0 NOT NULL,
	"adjust_no" text,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cc_diff_orders_whs_id_diff_no_pk" PRIMARY KEY("whs_id","diff_no"),
	CONSTRAINT "cc_diff_orders_status_ck" CHECK ("cc_diff_orders"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "cc_order_lines" (
	"whs_id" text NOT NULL,
	"order_no" text NOT NULL,
	"location_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"pathway_id" text NOT NULL,
	"system_qty" integer NOT NULL,
	"round" smallint DEFAULT 0 NOT NULL,
	"counted_qty" integer,
	"book_qty" integer,
	"result" smallint,
	"found" boolean DEFAULT false NOT NULL,
	CONSTRAINT "cc_order_lines_whs_id_order_no_location_id_sku_id_pk" PRIMARY KEY("whs_id","order_no","location_id","sku_id"),
	CONSTRAINT "cc_order_lines_qty_ck" CHECK ("cc_order_lines"."system_qty" >= 0 and ("cc_order_lines"."counted_qty" is null or "cc_order_lines"."counted_qty" >= 0)),
	CONSTRAINT "cc_order_lines_result_ck" CHECK ("cc_order_lines"."result" is null or "cc_order_lines"."result" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "cc_order_logs" (
	"whs_id" text NOT NULL,
	"log_id" bigserial NOT NULL,
	"order_no" text NOT NULL,
	"action" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cc_order_logs_whs_id_log_id_pk" PRIMARY KEY("whs_id","log_id")
);
--> statement-breakpoint
CREATE TABLE "cc_orders" (
	"whs_id" text NOT NULL,
	"order_no" text NOT NULL,
	"order_type" smallint NOT NULL,
	"scope" smallint NOT NULL,
	"source" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"creation_status" smallint DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"criteria" jsonb NOT NULL,
	"round" smallint DEFAULT 1 NOT NULL,
	"show_system_qty" boolean DEFAULT false NOT NULL,
	"location_count" integer DEFAULT 0 NOT NULL,
	"sku_count" integer DEFAULT 0 NOT NULL,
	"diff_line_count" integer DEFAULT 0 NOT NULL,
	"fsc_run_id" integer,
	"source_ref" text,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cc_orders_whs_id_order_no_pk" PRIMARY KEY("whs_id","order_no"),
	CONSTRAINT "cc_orders_order_type_ck" CHECK ("cc_orders"."order_type" in (1, 2)),
	CONSTRAINT "cc_orders_scope_ck" CHECK ("cc_orders"."scope" in (0, 1, 2)),
	CONSTRAINT "cc_orders_source_ck" CHECK ("cc_orders"."source" between 1 and 4),
	CONSTRAINT "cc_orders_kind_ck" CHECK ("cc_orders"."kind" between 1 and 3),
	CONSTRAINT "cc_orders_status_ck" CHECK ("cc_orders"."status" between 1 and 4),
	CONSTRAINT "cc_orders_creation_status_ck" CHECK ("cc_orders"."creation_status" between 0 and 3),
	CONSTRAINT "cc_orders_progress_ck" CHECK ("cc_orders"."progress" between 0 and 100),
	CONSTRAINT "cc_orders_round_ck" CHECK ("cc_orders"."round" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "cc_task_locations" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"location_id" text NOT NULL,
	"seq" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"counted_at" timestamp with time zone,
	CONSTRAINT "cc_task_locations_whs_id_task_no_location_id_pk" PRIMARY KEY("whs_id","task_no","location_id"),
	CONSTRAINT "cc_task_locations_status_ck" CHECK ("cc_task_locations"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "cc_tasks" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"order_no" text NOT NULL,
	"source" smallint NOT NULL,
	"round" smallint NOT NULL,
	"zone_id" text NOT NULL,
	"pathway_id" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"assignee_id" integer,
	"excluded_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"location_count" integer DEFAULT 0 NOT NULL,
	"counted_location_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cc_tasks_whs_id_task_no_pk" PRIMARY KEY("whs_id","task_no"),
	CONSTRAINT "cc_tasks_status_ck" CHECK ("cc_tasks"."status" between 1 and 4),
	CONSTRAINT "cc_tasks_round_ck" CHECK ("cc_tasks"."round" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "cycle_count_skills" (
	"whs_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"zone_ids" text NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_count_skills_whs_id_user_id_pk" PRIMARY KEY("whs_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "cycle_count_task_rules" (
	"whs_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"split_by" smallint NOT NULL,
	"max_locations" integer NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_count_task_rules_whs_id_zone_id_pk" PRIMARY KEY("whs_id","zone_id"),
	CONSTRAINT "cycle_count_task_rules_split_ck" CHECK ("cycle_count_task_rules"."split_by" in (1, 2)),
	CONSTRAINT "cycle_count_task_rules_max_ck" CHECK ("cycle_count_task_rules"."max_locations" between 1 and 5000)
);
--> statement-breakpoint
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
CREATE TABLE "full_stock_count_runs" (
	"whs_id" text NOT NULL,
	"run_id" bigserial NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_by" integer,
	"ended_at" timestamp with time zone,
	"ended_by" integer,
	CONSTRAINT "full_stock_count_runs_whs_id_run_id_pk" PRIMARY KEY("whs_id","run_id"),
	CONSTRAINT "full_stock_count_runs_end_ck" CHECK ("full_stock_count_runs"."ended_at" is null or "full_stock_count_runs"."ended_at" >= "full_stock_count_runs"."started_at")
);
--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "unit_value" integer;--> statement-breakpoint
ALTER TABLE "cc_build_tasks" ADD CONSTRAINT "cc_build_tasks_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_build_tasks" ADD CONSTRAINT "cc_build_tasks_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."cc_orders"("whs_id","order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_counts" ADD CONSTRAINT "cc_counts_counter_id_users_user_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_counts" ADD CONSTRAINT "cc_counts_task_fk" FOREIGN KEY ("whs_id","task_no") REFERENCES "public"."cc_tasks"("whs_id","task_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_diff_lines" ADD CONSTRAINT "cc_diff_lines_diff_fk" FOREIGN KEY ("whs_id","diff_no") REFERENCES "public"."cc_diff_orders"("whs_id","diff_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_diff_lines" ADD CONSTRAINT "cc_diff_lines_sku_fk" FOREIGN KEY ("whs_id","sku_id") REFERENCES "public"."skus"("whs_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_diff_orders" ADD CONSTRAINT "cc_diff_orders_approved_by_users_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_diff_orders" ADD CONSTRAINT "cc_diff_orders_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."cc_orders"("whs_id","order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_order_lines" ADD CONSTRAINT "cc_order_lines_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."cc_orders"("whs_id","order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_order_logs" ADD CONSTRAINT "cc_order_logs_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_order_logs" ADD CONSTRAINT "cc_order_logs_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."cc_orders"("whs_id","order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_orders" ADD CONSTRAINT "cc_orders_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_orders" ADD CONSTRAINT "cc_orders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_task_locations" ADD CONSTRAINT "cc_task_locations_task_fk" FOREIGN KEY ("whs_id","task_no") REFERENCES "public"."cc_tasks"("whs_id","task_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_tasks" ADD CONSTRAINT "cc_tasks_assignee_id_users_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_tasks" ADD CONSTRAINT "cc_tasks_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."cc_orders"("whs_id","order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_skills" ADD CONSTRAINT "cycle_count_skills_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_skills" ADD CONSTRAINT "cycle_count_skills_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_task_rules" ADD CONSTRAINT "cycle_count_task_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abc_config_logs" ADD CONSTRAINT "abc_config_logs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abc_config_logs" ADD CONSTRAINT "abc_config_logs_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abc_configs" ADD CONSTRAINT "abc_configs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abc_configs" ADD CONSTRAINT "abc_configs_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abc_runs" ADD CONSTRAINT "abc_runs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abc_runs" ADD CONSTRAINT "abc_runs_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_frequency_rules" ADD CONSTRAINT "cc_frequency_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "high_value_rules" ADD CONSTRAINT "high_value_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_stock_count_runs" ADD CONSTRAINT "full_stock_count_runs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_stock_count_runs" ADD CONSTRAINT "full_stock_count_runs_started_by_users_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_stock_count_runs" ADD CONSTRAINT "full_stock_count_runs_ended_by_users_user_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cc_build_tasks_status_idx" ON "cc_build_tasks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "cc_counts_line_idx" ON "cc_counts" USING btree ("whs_id","order_no","round","location_id","sku_id");--> statement-breakpoint
CREATE INDEX "cc_counts_task_idx" ON "cc_counts" USING btree ("whs_id","task_no");--> statement-breakpoint
CREATE INDEX "cc_diff_orders_order_idx" ON "cc_diff_orders" USING btree ("whs_id","order_no");--> statement-breakpoint
CREATE INDEX "cc_diff_orders_status_idx" ON "cc_diff_orders" USING btree ("whs_id","source","status","created_at");--> statement-breakpoint
CREATE INDEX "cc_diff_orders_created_at_idx" ON "cc_diff_orders" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "cc_order_lines_sku_idx" ON "cc_order_lines" USING btree ("whs_id","sku_id");--> statement-breakpoint
CREATE INDEX "cc_order_lines_zone_idx" ON "cc_order_lines" USING btree ("whs_id","order_no","zone_id","pathway_id","location_id");--> statement-breakpoint
CREATE INDEX "cc_order_logs_order_idx" ON "cc_order_logs" USING btree ("whs_id","order_no","log_id");--> statement-breakpoint
CREATE INDEX "cc_orders_status_idx" ON "cc_orders" USING btree ("whs_id","status","created_at");--> statement-breakpoint
CREATE INDEX "cc_orders_source_idx" ON "cc_orders" USING btree ("whs_id","source","created_at");--> statement-breakpoint
CREATE INDEX "cc_orders_created_at_idx" ON "cc_orders" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "cc_task_locations_location_idx" ON "cc_task_locations" USING btree ("whs_id","location_id");--> statement-breakpoint
CREATE INDEX "cc_tasks_order_idx" ON "cc_tasks" USING btree ("whs_id","order_no","round");--> statement-breakpoint
CREATE INDEX "cc_tasks_status_idx" ON "cc_tasks" USING btree ("whs_id","status","zone_id");--> statement-breakpoint
CREATE INDEX "cc_tasks_source_idx" ON "cc_tasks" USING btree ("whs_id","source","created_at");--> statement-breakpoint
CREATE INDEX "cc_tasks_created_at_idx" ON "cc_tasks" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "cycle_count_skills_zone_ids_trgm_idx" ON "cycle_count_skills" USING gin ("zone_ids" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "abc_config_logs_created_at_idx" ON "abc_config_logs" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "abc_runs_created_at_idx" ON "abc_runs" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "abc_runs_open_uq" ON "abc_runs" USING btree ("whs_id") WHERE status in (0, 1);--> statement-breakpoint
CREATE UNIQUE INDEX "cc_frequency_rules_class_uq" ON "cc_frequency_rules" USING btree ("whs_id","abc_class","high_value");--> statement-breakpoint
CREATE UNIQUE INDEX "full_stock_count_runs_open_uq" ON "full_stock_count_runs" USING btree ("whs_id") WHERE "full_stock_count_runs"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "full_stock_count_runs_started_idx" ON "full_stock_count_runs" USING btree ("whs_id","started_at");--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_unit_value_ck" CHECK ("skus"."unit_value" >= 0);