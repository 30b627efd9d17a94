CREATE TABLE "store_group_templates" (
	"whs_id" text NOT NULL,
	"template_id" serial NOT NULL,
	"template_name" text NOT NULL,
	"shop_ids" text DEFAULT '' NOT NULL,
	"shop_group_ids" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_group_templates_whs_id_template_id_pk" PRIMARY KEY("whs_id","template_id"),
	CONSTRAINT "store_group_templates_status_ck" CHECK ("store_group_templates"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "wave_grouping_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"rule_name" text NOT NULL,
	"by_shop" boolean DEFAULT false NOT NULL,
	"by_store_template" boolean DEFAULT false NOT NULL,
	"by_item_kind" boolean DEFAULT false NOT NULL,
	"by_zones" boolean DEFAULT false NOT NULL,
	"cutoff_window_minutes" integer,
	"order_sort" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wave_grouping_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "wave_grouping_rules_cutoff_window_ck" CHECK ("wave_grouping_rules"."cutoff_window_minutes" between 5 and 1440),
	CONSTRAINT "wave_grouping_rules_order_sort_ck" CHECK ("wave_grouping_rules"."order_sort" between 1 and 3),
	CONSTRAINT "wave_grouping_rules_status_ck" CHECK ("wave_grouping_rules"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "wave_groups" (
	"whs_id" text NOT NULL,
	"group_id" serial NOT NULL,
	"group_name" text NOT NULL,
	"wave_rule_ids" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wave_groups_whs_id_group_id_pk" PRIMARY KEY("whs_id","group_id"),
	CONSTRAINT "wave_groups_status_ck" CHECK ("wave_groups"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "wave_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"rule_name" text NOT NULL,
	"grouping_rule_id" integer,
	"order_priority" smallint,
	"item_kind" smallint DEFAULT 0 NOT NULL,
	"picking_type" smallint DEFAULT 1 NOT NULL,
	"max_orders" integer NOT NULL,
	"max_units" integer NOT NULL,
	"max_skus" integer,
	"min_orders" integer DEFAULT 1 NOT NULL,
	"min_waived_within_minutes" integer,
	"max_units_per_task" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wave_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "wave_rules_order_priority_ck" CHECK ("wave_rules"."order_priority" between 2 and 3),
	CONSTRAINT "wave_rules_item_kind_ck" CHECK ("wave_rules"."item_kind" between 0 and 2),
	CONSTRAINT "wave_rules_picking_type_ck" CHECK ("wave_rules"."picking_type" between 1 and 3),
	CONSTRAINT "wave_rules_limits_ck" CHECK ("wave_rules"."max_orders" between 1 and 1000 and "wave_rules"."max_units" between 1 and 100000 and "wave_rules"."max_skus" between 1 and 10000 and "wave_rules"."min_orders" between 1 and "wave_rules"."max_orders"),
	CONSTRAINT "wave_rules_min_waived_ck" CHECK ("wave_rules"."min_waived_within_minutes" between 0 and 10080),
	CONSTRAINT "wave_rules_task_units_ck" CHECK ("wave_rules"."max_units_per_task" between 1 and 5000),
	CONSTRAINT "wave_rules_status_ck" CHECK ("wave_rules"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "auto_wave_rules" ADD COLUMN "store_group_template_id" integer;--> statement-breakpoint
ALTER TABLE "auto_wave_rules" ADD COLUMN "wave_group_id" integer;--> statement-breakpoint
ALTER TABLE "store_group_templates" ADD CONSTRAINT "store_group_templates_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_grouping_rules" ADD CONSTRAINT "wave_grouping_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_groups" ADD CONSTRAINT "wave_groups_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_rules" ADD CONSTRAINT "wave_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_rules" ADD CONSTRAINT "wave_rules_grouping_rule_fk" FOREIGN KEY ("whs_id","grouping_rule_id") REFERENCES "public"."wave_grouping_rules"("whs_id","rule_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_group_templates_template_name_trgm_idx" ON "store_group_templates" USING gin ("template_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wave_grouping_rules_rule_name_trgm_idx" ON "wave_grouping_rules" USING gin ("rule_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wave_groups_group_name_trgm_idx" ON "wave_groups" USING gin ("group_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wave_rules_rule_name_trgm_idx" ON "wave_rules" USING gin ("rule_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "auto_wave_rules" ADD CONSTRAINT "auto_wave_rules_template_fk" FOREIGN KEY ("whs_id","store_group_template_id") REFERENCES "public"."store_group_templates"("whs_id","template_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_wave_rules" ADD CONSTRAINT "auto_wave_rules_wave_group_fk" FOREIGN KEY ("whs_id","wave_group_id") REFERENCES "public"."wave_groups"("whs_id","group_id") ON DELETE no action ON UPDATE no action;