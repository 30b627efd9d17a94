CREATE SEQUENCE "public"."adjustment_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."asn_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."inbound_exception_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."inbound_task_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "asn_groups" (
	"whs_id" text NOT NULL,
	"group_no" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"counting_completed_at" timestamp with time zone,
	"counting_completed_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asn_groups_whs_id_group_no_pk" PRIMARY KEY("whs_id","group_no")
);
--> statement-breakpoint
CREATE TABLE "asn_lines" (
	"whs_id" text NOT NULL,
	"asn_no" text NOT NULL,
	"line_no" smallint NOT NULL,
	"sku_id" text NOT NULL,
	"expected_qty" integer NOT NULL,
	"batch_no" text,
	"production_date" date,
	"expiry_date" date,
	"counted_qty" integer DEFAULT 0 NOT NULL,
	"qc_passed_qty" integer DEFAULT 0 NOT NULL,
	"qc_failed_qty" integer DEFAULT 0 NOT NULL,
	"received_qty" integer DEFAULT 0 NOT NULL,
	"putaway_qty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "asn_lines_whs_id_asn_no_line_no_pk" PRIMARY KEY("whs_id","asn_no","line_no"),
	CONSTRAINT "asn_lines_expected_ck" CHECK ("asn_lines"."expected_qty" between 1 and 99999),
	CONSTRAINT "asn_lines_progress_ck" CHECK ("asn_lines"."counted_qty" >= 0 and "asn_lines"."qc_passed_qty" >= 0 and "asn_lines"."qc_failed_qty" >= 0 and "asn_lines"."received_qty" >= 0 and "asn_lines"."putaway_qty" >= 0),
	CONSTRAINT "asn_lines_putaway_ck" CHECK ("asn_lines"."putaway_qty" <= "asn_lines"."received_qty")
);
--> statement-breakpoint
CREATE TABLE "asn_orders" (
	"whs_id" text NOT NULL,
	"asn_no" text NOT NULL,
	"group_no" text NOT NULL,
	"inbound_type" smallint NOT NULL,
	"purchase_type" smallint NOT NULL,
	"source" smallint DEFAULT 2 NOT NULL,
	"supplier_id" text,
	"po_no" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"is_jit" boolean DEFAULT false NOT NULL,
	"slot_date" date,
	"slot_shift_id" integer,
	"expected_arrival_at" timestamp with time zone,
	"arrival_timeliness" smallint DEFAULT 0 NOT NULL,
	"dock_code" text,
	"expected_cartons" integer DEFAULT 0 NOT NULL,
	"total_expected_qty" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"arrived_at" timestamp with time zone,
	"counted_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asn_orders_whs_id_asn_no_pk" PRIMARY KEY("whs_id","asn_no"),
	CONSTRAINT "asn_orders_inbound_type_ck" CHECK ("asn_orders"."inbound_type" between 1 and 3),
	CONSTRAINT "asn_orders_purchase_type_ck" CHECK ("asn_orders"."purchase_type" between 0 and 4),
	CONSTRAINT "asn_orders_source_ck" CHECK ("asn_orders"."source" between 1 and 5),
	CONSTRAINT "asn_orders_status_ck" CHECK ("asn_orders"."status" between 0 and 15 and "asn_orders"."status" <> 14),
	CONSTRAINT "asn_orders_timeliness_ck" CHECK ("asn_orders"."arrival_timeliness" between 0 and 3),
	CONSTRAINT "asn_orders_qty_ck" CHECK ("asn_orders"."expected_cartons" >= 0 and "asn_orders"."total_expected_qty" >= 0),
	CONSTRAINT "asn_orders_slot_ck" CHECK (("asn_orders"."slot_date" is null) = ("asn_orders"."slot_shift_id" is null))
);
--> statement-breakpoint
CREATE TABLE "asn_quota_configs" (
	"whs_id" text NOT NULL,
	"inbound_type" smallint NOT NULL,
	"daily_quota_qty" integer NOT NULL,
	"daily_quota_cartons" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asn_quota_configs_whs_id_inbound_type_pk" PRIMARY KEY("whs_id","inbound_type"),
	CONSTRAINT "asn_quota_configs_type_ck" CHECK ("asn_quota_configs"."inbound_type" between 0 and 3),
	CONSTRAINT "asn_quota_configs_qty_ck" CHECK ("asn_quota_configs"."daily_quota_qty" >= 0 and "asn_quota_configs"."daily_quota_cartons" >= 0)
);
--> statement-breakpoint
CREATE TABLE "asn_quota_plans" (
	"whs_id" text NOT NULL,
	"plan_date" date NOT NULL,
	"shift_id" integer NOT NULL,
	"inbound_type" smallint NOT NULL,
	"quota_qty" integer NOT NULL,
	"quota_cartons" integer NOT NULL,
	"used_qty" integer DEFAULT 0 NOT NULL,
	"used_cartons" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asn_quota_plans_whs_id_plan_date_shift_id_inbound_type_pk" PRIMARY KEY("whs_id","plan_date","shift_id","inbound_type"),
	CONSTRAINT "asn_quota_plans_type_ck" CHECK ("asn_quota_plans"."inbound_type" between 0 and 3),
	CONSTRAINT "asn_quota_plans_qty_ck" CHECK ("asn_quota_plans"."quota_qty" >= 0 and "asn_quota_plans"."quota_cartons" >= 0 and "asn_quota_plans"."used_qty" >= 0 and "asn_quota_plans"."used_cartons" >= 0)
);
--> statement-breakpoint
CREATE TABLE "counting_records" (
	"whs_id" text NOT NULL,
	"record_id" bigserial NOT NULL,
	"group_no" text NOT NULL,
	"asn_no" text,
	"line_no" smallint,
	"sku_id" text NOT NULL,
	"tracking_id" text,
	"kind" smallint NOT NULL,
	"qty" integer NOT NULL,
	"op_id" uuid,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counting_records_whs_id_record_id_pk" PRIMARY KEY("whs_id","record_id"),
	CONSTRAINT "counting_records_kind_ck" CHECK ("counting_records"."kind" between 1 and 3),
	CONSTRAINT "counting_records_qty_ck" CHECK ("counting_records"."qty" between 1 and 99999),
	CONSTRAINT "counting_records_line_ck" CHECK (("counting_records"."kind" = 3) = ("counting_records"."line_no" is null))
);
--> statement-breakpoint
CREATE TABLE "inbound_exceptions" (
	"whs_id" text NOT NULL,
	"exception_no" text NOT NULL,
	"asn_no" text NOT NULL,
	"group_no" text,
	"sku_id" text,
	"tracking_id" text,
	"task_no" text,
	"source" smallint NOT NULL,
	"exception_type" smallint NOT NULL,
	"reason" smallint NOT NULL,
	"qty" integer NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"handling_decision" smallint,
	"remark" text,
	"reported_by" integer,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"op_id" uuid,
	CONSTRAINT "inbound_exceptions_whs_id_exception_no_pk" PRIMARY KEY("whs_id","exception_no"),
	CONSTRAINT "inbound_exceptions_status_ck" CHECK ("inbound_exceptions"."status" in (10, 20, 40, 50, 60)),
	CONSTRAINT "inbound_exceptions_type_ck" CHECK ("inbound_exceptions"."exception_type" between 1 and 5),
	CONSTRAINT "inbound_exceptions_reason_ck" CHECK ("inbound_exceptions"."reason" between 1 and 9),
	CONSTRAINT "inbound_exceptions_source_ck" CHECK ("inbound_exceptions"."source" between 1 and 5),
	CONSTRAINT "inbound_exceptions_decision_ck" CHECK ("inbound_exceptions"."handling_decision" is null or "inbound_exceptions"."handling_decision" between 1 and 16),
	CONSTRAINT "inbound_exceptions_qty_ck" CHECK ("inbound_exceptions"."qty" between 1 and 99999)
);
--> statement-breakpoint
CREATE TABLE "inbound_shifts" (
	"whs_id" text NOT NULL,
	"shift_id" serial NOT NULL,
	"shift_name" text NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "inbound_shifts_whs_id_shift_id_pk" PRIMARY KEY("whs_id","shift_id"),
	CONSTRAINT "inbound_shifts_time_ck" CHECK ("inbound_shifts"."end_time" > "inbound_shifts"."start_time"),
	CONSTRAINT "inbound_shifts_status_ck" CHECK ("inbound_shifts"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "inbound_tasks" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"kind" smallint NOT NULL,
	"asn_no" text,
	"group_no" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"putaway_mode" smallint,
	"assignee_id" integer,
	"staging_location" text,
	"total_qty" integer DEFAULT 0 NOT NULL,
	"done_qty" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "inbound_tasks_whs_id_task_no_pk" PRIMARY KEY("whs_id","task_no"),
	CONSTRAINT "inbound_tasks_kind_ck" CHECK ("inbound_tasks"."kind" between 1 and 7),
	CONSTRAINT "inbound_tasks_status_ck" CHECK ("inbound_tasks"."status" in (0, 1, 2, 3, 9, 10)),
	CONSTRAINT "inbound_tasks_putaway_mode_ck" CHECK (("inbound_tasks"."kind" = 4) = ("inbound_tasks"."putaway_mode" is not null) and coalesce("inbound_tasks"."putaway_mode", 1) in (1, 2)),
	CONSTRAINT "inbound_tasks_qty_ck" CHECK ("inbound_tasks"."total_qty" >= 0 and "inbound_tasks"."done_qty" >= 0 and "inbound_tasks"."done_qty" <= "inbound_tasks"."total_qty")
);
--> statement-breakpoint
CREATE TABLE "inbound_tracking_ids" (
	"whs_id" text NOT NULL,
	"tracking_id" text NOT NULL,
	"asn_no" text NOT NULL,
	"group_no" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"carton_qty" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"arrived_at" timestamp with time zone,
	CONSTRAINT "inbound_tracking_ids_whs_id_tracking_id_pk" PRIMARY KEY("whs_id","tracking_id"),
	CONSTRAINT "inbound_tracking_ids_status_ck" CHECK ("inbound_tracking_ids"."status" between 1 and 4),
	CONSTRAINT "inbound_tracking_ids_cartons_ck" CHECK ("inbound_tracking_ids"."carton_qty" between 1 and 99999)
);
--> statement-breakpoint
CREATE TABLE "inventory_adjustment_lines" (
	"whs_id" text NOT NULL,
	"adjust_no" text NOT NULL,
	"line_no" smallint NOT NULL,
	"location_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"quality" smallint NOT NULL,
	"direction" smallint NOT NULL,
	"qty" integer NOT NULL,
	"onhand_at_create" integer DEFAULT 0 NOT NULL,
	"txn_id" bigint,
	CONSTRAINT "inventory_adjustment_lines_whs_id_adjust_no_line_no_pk" PRIMARY KEY("whs_id","adjust_no","line_no"),
	CONSTRAINT "inventory_adjustment_lines_direction_ck" CHECK ("inventory_adjustment_lines"."direction" in (1, 2)),
	CONSTRAINT "inventory_adjustment_lines_qty_ck" CHECK ("inventory_adjustment_lines"."qty" between 1 and 99999),
	CONSTRAINT "inventory_adjustment_lines_quality_ck" CHECK ("inventory_adjustment_lines"."quality" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "inventory_adjustments" (
	"whs_id" text NOT NULL,
	"adjust_no" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" smallint NOT NULL,
	"remark" text,
	"addition_qty" integer DEFAULT 0 NOT NULL,
	"deduction_qty" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"adjusted_by" integer,
	"adjusted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	CONSTRAINT "inventory_adjustments_whs_id_adjust_no_pk" PRIMARY KEY("whs_id","adjust_no"),
	CONSTRAINT "inventory_adjustments_status_ck" CHECK ("inventory_adjustments"."status" in (1, 2, 3, 4, 5, 6, 8, 9, 10, 21)),
	CONSTRAINT "inventory_adjustments_reason_ck" CHECK ("inventory_adjustments"."reason" between 6 and 9),
	CONSTRAINT "inventory_adjustments_qty_ck" CHECK ("inventory_adjustments"."addition_qty" >= 0 and "inventory_adjustments"."deduction_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "putaway_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"rule_name" text NOT NULL,
	"priority" integer NOT NULL,
	"temperature_zone" smallint,
	"abc_class" smallint,
	"high_value_only" boolean DEFAULT false NOT NULL,
	"quality" smallint,
	"target_zone_id" text,
	"target_logic_area_id" text,
	"strategy" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "putaway_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "putaway_rules_target_ck" CHECK ("putaway_rules"."target_zone_id" is not null or "putaway_rules"."target_logic_area_id" is not null),
	CONSTRAINT "putaway_rules_strategy_ck" CHECK ("putaway_rules"."strategy" between 1 and 3),
	CONSTRAINT "putaway_rules_status_ck" CHECK ("putaway_rules"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "putaway_task_lines" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"line_no" smallint NOT NULL,
	"asn_no" text,
	"sku_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"quality" smallint NOT NULL,
	"from_location" text NOT NULL,
	"suggested_location" text,
	"qty" integer NOT NULL,
	"put_qty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "putaway_task_lines_whs_id_task_no_line_no_pk" PRIMARY KEY("whs_id","task_no","line_no"),
	CONSTRAINT "putaway_task_lines_qty_ck" CHECK ("putaway_task_lines"."qty" between 1 and 99999 and "putaway_task_lines"."put_qty" between 0 and "putaway_task_lines"."qty"),
	CONSTRAINT "putaway_task_lines_quality_ck" CHECK ("putaway_task_lines"."quality" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "qc_records" (
	"whs_id" text NOT NULL,
	"record_id" bigserial NOT NULL,
	"asn_no" text NOT NULL,
	"line_no" smallint NOT NULL,
	"sku_id" text NOT NULL,
	"rule_id" integer,
	"rule_kind" smallint,
	"inspected_qty" integer NOT NULL,
	"passed_qty" integer NOT NULL,
	"failed_qty" integer NOT NULL,
	"fail_reason" smallint,
	"op_id" uuid,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qc_records_whs_id_record_id_pk" PRIMARY KEY("whs_id","record_id"),
	CONSTRAINT "qc_records_qty_ck" CHECK ("qc_records"."inspected_qty" between 1 and 99999 and "qc_records"."passed_qty" >= 0 and "qc_records"."failed_qty" >= 0 and "qc_records"."passed_qty" + "qc_records"."failed_qty" = "qc_records"."inspected_qty")
);
--> statement-breakpoint
CREATE TABLE "qc_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"rule_name" text NOT NULL,
	"rule_kind" smallint NOT NULL,
	"priority" integer NOT NULL,
	"supplier_id" text,
	"category_prefix" text,
	"high_value_only" boolean DEFAULT false NOT NULL,
	"sample_percent" smallint,
	"aql_level" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qc_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "qc_rules_kind_ck" CHECK ("qc_rules"."rule_kind" between 1 and 3),
	CONSTRAINT "qc_rules_percent_ck" CHECK ("qc_rules"."sample_percent" is null or "qc_rules"."sample_percent" between 1 and 100),
	CONSTRAINT "qc_rules_status_ck" CHECK ("qc_rules"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "asn_groups" ADD CONSTRAINT "asn_groups_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_groups" ADD CONSTRAINT "asn_groups_counting_completed_by_users_user_id_fk" FOREIGN KEY ("counting_completed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_groups" ADD CONSTRAINT "asn_groups_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_lines" ADD CONSTRAINT "asn_lines_asn_fk" FOREIGN KEY ("whs_id","asn_no") REFERENCES "public"."asn_orders"("whs_id","asn_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_lines" ADD CONSTRAINT "asn_lines_sku_fk" FOREIGN KEY ("whs_id","sku_id") REFERENCES "public"."skus"("whs_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_orders" ADD CONSTRAINT "asn_orders_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_orders" ADD CONSTRAINT "asn_orders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_orders" ADD CONSTRAINT "asn_orders_group_fk" FOREIGN KEY ("whs_id","group_no") REFERENCES "public"."asn_groups"("whs_id","group_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_orders" ADD CONSTRAINT "asn_orders_supplier_fk" FOREIGN KEY ("whs_id","supplier_id") REFERENCES "public"."suppliers"("whs_id","supplier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_orders" ADD CONSTRAINT "asn_orders_slot_fk" FOREIGN KEY ("whs_id","slot_shift_id") REFERENCES "public"."inbound_shifts"("whs_id","shift_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_quota_configs" ADD CONSTRAINT "asn_quota_configs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_quota_configs" ADD CONSTRAINT "asn_quota_configs_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_quota_plans" ADD CONSTRAINT "asn_quota_plans_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_quota_plans" ADD CONSTRAINT "asn_quota_plans_shift_fk" FOREIGN KEY ("whs_id","shift_id") REFERENCES "public"."inbound_shifts"("whs_id","shift_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counting_records" ADD CONSTRAINT "counting_records_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counting_records" ADD CONSTRAINT "counting_records_group_fk" FOREIGN KEY ("whs_id","group_no") REFERENCES "public"."asn_groups"("whs_id","group_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_exceptions" ADD CONSTRAINT "inbound_exceptions_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_exceptions" ADD CONSTRAINT "inbound_exceptions_reported_by_users_user_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_exceptions" ADD CONSTRAINT "inbound_exceptions_handled_by_users_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_exceptions" ADD CONSTRAINT "inbound_exceptions_asn_fk" FOREIGN KEY ("whs_id","asn_no") REFERENCES "public"."asn_orders"("whs_id","asn_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shifts" ADD CONSTRAINT "inbound_shifts_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_tasks" ADD CONSTRAINT "inbound_tasks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_tasks" ADD CONSTRAINT "inbound_tasks_assignee_id_users_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_tasks" ADD CONSTRAINT "inbound_tasks_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_tracking_ids" ADD CONSTRAINT "inbound_tracking_ids_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_tracking_ids" ADD CONSTRAINT "inbound_tracking_ids_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_tracking_ids" ADD CONSTRAINT "inbound_tracking_ids_asn_fk" FOREIGN KEY ("whs_id","asn_no") REFERENCES "public"."asn_orders"("whs_id","asn_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_adjustment_lines" ADD CONSTRAINT "inventory_adjustment_lines_adjustment_fk" FOREIGN KEY ("whs_id","adjust_no") REFERENCES "public"."inventory_adjustments"("whs_id","adjust_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_adjustment_lines" ADD CONSTRAINT "inventory_adjustment_lines_batch_fk" FOREIGN KEY ("whs_id","sku_id","batch_id") REFERENCES "public"."sku_batches"("whs_id","sku_id","batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_adjustments" ADD CONSTRAINT "inventory_adjustments_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_adjustments" ADD CONSTRAINT "inventory_adjustments_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_adjustments" ADD CONSTRAINT "inventory_adjustments_approved_by_users_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_adjustments" ADD CONSTRAINT "inventory_adjustments_adjusted_by_users_user_id_fk" FOREIGN KEY ("adjusted_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_rules" ADD CONSTRAINT "putaway_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_rules" ADD CONSTRAINT "putaway_rules_zone_fk" FOREIGN KEY ("whs_id","target_zone_id") REFERENCES "public"."zones"("whs_id","zone_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_rules" ADD CONSTRAINT "putaway_rules_logic_area_fk" FOREIGN KEY ("whs_id","target_logic_area_id") REFERENCES "public"."logic_areas"("whs_id","logic_area_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_task_lines" ADD CONSTRAINT "putaway_task_lines_task_fk" FOREIGN KEY ("whs_id","task_no") REFERENCES "public"."inbound_tasks"("whs_id","task_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "putaway_task_lines" ADD CONSTRAINT "putaway_task_lines_batch_fk" FOREIGN KEY ("whs_id","sku_id","batch_id") REFERENCES "public"."sku_batches"("whs_id","sku_id","batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_records" ADD CONSTRAINT "qc_records_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_records" ADD CONSTRAINT "qc_records_line_fk" FOREIGN KEY ("whs_id","asn_no","line_no") REFERENCES "public"."asn_lines"("whs_id","asn_no","line_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_rules" ADD CONSTRAINT "qc_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asn_groups_status_idx" ON "asn_groups" USING btree ("whs_id","status","created_at");--> statement-breakpoint
CREATE INDEX "asn_groups_created_at_idx" ON "asn_groups" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asn_lines_sku_uq" ON "asn_lines" USING btree ("whs_id","asn_no","sku_id");--> statement-breakpoint
CREATE INDEX "asn_lines_by_sku_idx" ON "asn_lines" USING btree ("whs_id","sku_id");--> statement-breakpoint
CREATE INDEX "asn_orders_status_idx" ON "asn_orders" USING btree ("whs_id","status","created_at");--> statement-breakpoint
CREATE INDEX "asn_orders_group_idx" ON "asn_orders" USING btree ("whs_id","group_no");--> statement-breakpoint
CREATE INDEX "asn_orders_supplier_idx" ON "asn_orders" USING btree ("whs_id","supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "asn_orders_created_at_idx" ON "asn_orders" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "asn_orders_expected_arrival_idx" ON "asn_orders" USING btree ("whs_id","expected_arrival_at");--> statement-breakpoint
CREATE INDEX "asn_orders_slot_idx" ON "asn_orders" USING btree ("whs_id","slot_date","slot_shift_id");--> statement-breakpoint
CREATE INDEX "asn_orders_jit_idx" ON "asn_orders" USING btree ("whs_id","is_jit","created_at");--> statement-breakpoint
CREATE INDEX "asn_orders_po_no_trgm_idx" ON "asn_orders" USING gin ("po_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counting_records_group_idx" ON "counting_records" USING btree ("whs_id","group_no","created_at");--> statement-breakpoint
CREATE INDEX "counting_records_asn_idx" ON "counting_records" USING btree ("whs_id","asn_no","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "counting_records_op_uq" ON "counting_records" USING btree ("whs_id","op_id");--> statement-breakpoint
CREATE INDEX "inbound_exceptions_status_idx" ON "inbound_exceptions" USING btree ("whs_id","status","reported_at");--> statement-breakpoint
CREATE INDEX "inbound_exceptions_asn_idx" ON "inbound_exceptions" USING btree ("whs_id","asn_no");--> statement-breakpoint
CREATE INDEX "inbound_exceptions_reported_at_idx" ON "inbound_exceptions" USING btree ("whs_id","reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_exceptions_op_uq" ON "inbound_exceptions" USING btree ("whs_id","op_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_shifts_name_uq" ON "inbound_shifts" USING btree ("whs_id","shift_name");--> statement-breakpoint
CREATE INDEX "inbound_tasks_kind_idx" ON "inbound_tasks" USING btree ("whs_id","kind","status","created_at");--> statement-breakpoint
CREATE INDEX "inbound_tasks_asn_idx" ON "inbound_tasks" USING btree ("whs_id","asn_no");--> statement-breakpoint
CREATE INDEX "inbound_tasks_assignee_idx" ON "inbound_tasks" USING btree ("whs_id","assignee_id","status");--> statement-breakpoint
CREATE INDEX "inbound_tasks_created_at_idx" ON "inbound_tasks" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "inbound_tracking_ids_asn_idx" ON "inbound_tracking_ids" USING btree ("whs_id","asn_no");--> statement-breakpoint
CREATE INDEX "inbound_tracking_ids_group_idx" ON "inbound_tracking_ids" USING btree ("whs_id","group_no","status");--> statement-breakpoint
CREATE INDEX "inbound_tracking_ids_created_at_idx" ON "inbound_tracking_ids" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_adjustment_lines_sku_idx" ON "inventory_adjustment_lines" USING btree ("whs_id","sku_id");--> statement-breakpoint
CREATE INDEX "inventory_adjustments_status_idx" ON "inventory_adjustments" USING btree ("whs_id","status","created_at");--> statement-breakpoint
CREATE INDEX "inventory_adjustments_created_at_idx" ON "inventory_adjustments" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "putaway_rules_priority_idx" ON "putaway_rules" USING btree ("whs_id","priority");--> statement-breakpoint
CREATE INDEX "putaway_rules_rule_name_trgm_idx" ON "putaway_rules" USING gin ("rule_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "putaway_task_lines_sku_idx" ON "putaway_task_lines" USING btree ("whs_id","sku_id");--> statement-breakpoint
CREATE INDEX "qc_records_asn_idx" ON "qc_records" USING btree ("whs_id","asn_no","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "qc_records_op_uq" ON "qc_records" USING btree ("whs_id","op_id");--> statement-breakpoint
CREATE INDEX "qc_rules_priority_idx" ON "qc_rules" USING btree ("whs_id","priority");--> statement-breakpoint
CREATE INDEX "qc_rules_rule_name_trgm_idx" ON "qc_rules" USING gin ("rule_name" gin_trgm_ops);