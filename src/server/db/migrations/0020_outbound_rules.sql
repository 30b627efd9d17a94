CREATE TABLE "auto_wave_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"rule_name" text NOT NULL,
	"cutoff_within_minutes" integer,
	"order_priority" smallint,
	"shop_id" text,
	"shop_group_id" text,
	"item_kind" smallint DEFAULT 0 NOT NULL,
	"max_orders" integer NOT NULL,
	"max_units" integer NOT NULL,
	"picking_type" smallint DEFAULT 1 NOT NULL,
	"interval_minutes" integer NOT NULL,
	"last_run_at" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_wave_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "auto_wave_rules_cutoff_ck" CHECK ("auto_wave_rules"."cutoff_within_minutes" between 0 and 10080),
	CONSTRAINT "auto_wave_rules_order_priority_ck" CHECK ("auto_wave_rules"."order_priority" between 2 and 3),
	CONSTRAINT "auto_wave_rules_item_kind_ck" CHECK ("auto_wave_rules"."item_kind" between 0 and 2),
	CONSTRAINT "auto_wave_rules_limits_ck" CHECK ("auto_wave_rules"."max_orders" between 1 and 1000 and "auto_wave_rules"."max_units" between 1 and 100000),
	CONSTRAINT "auto_wave_rules_picking_type_ck" CHECK ("auto_wave_rules"."picking_type" between 1 and 3),
	CONSTRAINT "auto_wave_rules_interval_ck" CHECK ("auto_wave_rules"."interval_minutes" between 1 and 1440),
	CONSTRAINT "auto_wave_rules_status_ck" CHECK ("auto_wave_rules"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "picking_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"zone_id" text,
	"max_units_per_task" integer NOT NULL,
	"allow_typed_qty" boolean DEFAULT false NOT NULL,
	"picking_type" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picking_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "picking_rules_capacity_ck" CHECK ("picking_rules"."max_units_per_task" between 1 and 5000),
	CONSTRAINT "picking_rules_picking_type_ck" CHECK ("picking_rules"."picking_type" between 1 and 3),
	CONSTRAINT "picking_rules_status_ck" CHECK ("picking_rules"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "picking_skills" (
	"whs_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"zone_ids" text NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picking_skills_whs_id_user_id_pk" PRIMARY KEY("whs_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sales_allocate_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"rule_name" text NOT NULL,
	"priority" integer NOT NULL,
	"shop_id" text,
	"order_priority" smallint,
	"fefo" boolean DEFAULT true NOT NULL,
	"fifo" boolean DEFAULT true NOT NULL,
	"picking_area_first" boolean DEFAULT true NOT NULL,
	"fewest_locations" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_allocate_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "sales_allocate_rules_order_priority_ck" CHECK ("sales_allocate_rules"."order_priority" between 1 and 3),
	CONSTRAINT "sales_allocate_rules_status_ck" CHECK ("sales_allocate_rules"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "auto_wave_rules" ADD CONSTRAINT "auto_wave_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_wave_rules" ADD CONSTRAINT "auto_wave_rules_shop_fk" FOREIGN KEY ("whs_id","shop_id") REFERENCES "public"."shops"("whs_id","shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_wave_rules" ADD CONSTRAINT "auto_wave_rules_shop_group_fk" FOREIGN KEY ("whs_id","shop_group_id") REFERENCES "public"."shop_groups"("whs_id","group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_rules" ADD CONSTRAINT "picking_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_rules" ADD CONSTRAINT "picking_rules_zone_fk" FOREIGN KEY ("whs_id","zone_id") REFERENCES "public"."zones"("whs_id","zone_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_skills" ADD CONSTRAINT "picking_skills_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_skills" ADD CONSTRAINT "picking_skills_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_allocate_rules" ADD CONSTRAINT "sales_allocate_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_allocate_rules" ADD CONSTRAINT "sales_allocate_rules_shop_fk" FOREIGN KEY ("whs_id","shop_id") REFERENCES "public"."shops"("whs_id","shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_wave_rules_rule_name_trgm_idx" ON "auto_wave_rules" USING gin ("rule_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "picking_rules_zone_uq" ON "picking_rules" USING btree ("whs_id",coalesce("zone_id", ''));--> statement-breakpoint
CREATE INDEX "picking_skills_zone_ids_trgm_idx" ON "picking_skills" USING gin ("zone_ids" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_allocate_rules_priority_idx" ON "sales_allocate_rules" USING btree ("whs_id","priority");--> statement-breakpoint
CREATE INDEX "sales_allocate_rules_rule_name_trgm_idx" ON "sales_allocate_rules" USING gin ("rule_name" gin_trgm_ops);