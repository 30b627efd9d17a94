CREATE SEQUENCE "public"."sorting_task_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "sorting_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"rule_name" text NOT NULL,
	"priority" integer NOT NULL,
	"station_ids" text NOT NULL,
	"wall_slots" smallint NOT NULL,
	"picking_type" smallint,
	"shop_id" text,
	"min_orders" integer DEFAULT 2 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sorting_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "sorting_rules_wall_slots_ck" CHECK ("sorting_rules"."wall_slots" between 1 and 999),
	CONSTRAINT "sorting_rules_min_orders_ck" CHECK ("sorting_rules"."min_orders" between 1 and 9999),
	CONSTRAINT "sorting_rules_status_ck" CHECK ("sorting_rules"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "sorting_scans" (
	"whs_id" text NOT NULL,
	"scan_id" bigserial NOT NULL,
	"task_no" text NOT NULL,
	"order_no" text,
	"sku_id" text,
	"batch_id" text,
	"quality" smallint,
	"qty" integer DEFAULT 0 NOT NULL,
	"slot_no" smallint,
	"scanned" text NOT NULL,
	"ok" smallint NOT NULL,
	"op_id" uuid,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sorting_scans_whs_id_scan_id_pk" PRIMARY KEY("whs_id","scan_id"),
	CONSTRAINT "sorting_scans_ok_ck" CHECK ("sorting_scans"."ok" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "sorting_skills" (
	"whs_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"station_ids" text NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sorting_skills_whs_id_user_id_pk" PRIMARY KEY("whs_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sorting_task_orders" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"order_no" text NOT NULL,
	"slot_no" smallint NOT NULL,
	"slot_container" text NOT NULL,
	"total_qty" integer NOT NULL,
	"sorted_qty" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "sorting_task_orders_whs_id_task_no_order_no_pk" PRIMARY KEY("whs_id","task_no","order_no"),
	CONSTRAINT "sorting_task_orders_status_ck" CHECK ("sorting_task_orders"."status" in (0, 2, 9)),
	CONSTRAINT "sorting_task_orders_qty_ck" CHECK ("sorting_task_orders"."sorted_qty" between 0 and "sorting_task_orders"."total_qty")
);
--> statement-breakpoint
CREATE TABLE "sorting_tasks" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"station_id" text NOT NULL,
	"container_code" text NOT NULL,
	"picking_task_no" text NOT NULL,
	"wave_no" text,
	"rule_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"sorted_qty" integer DEFAULT 0 NOT NULL,
	"total_qty" integer DEFAULT 0 NOT NULL,
	"assignee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sorting_tasks_whs_id_task_no_pk" PRIMARY KEY("whs_id","task_no"),
	CONSTRAINT "sorting_tasks_status_ck" CHECK ("sorting_tasks"."status" in (1, 2, 9)),
	CONSTRAINT "sorting_tasks_qty_ck" CHECK ("sorting_tasks"."sorted_qty" between 0 and "sorting_tasks"."total_qty")
);
--> statement-breakpoint
ALTER TABLE "sorting_rules" ADD CONSTRAINT "sorting_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorting_rules" ADD CONSTRAINT "sorting_rules_shop_fk" FOREIGN KEY ("whs_id","shop_id") REFERENCES "public"."shops"("whs_id","shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorting_scans" ADD CONSTRAINT "sorting_scans_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorting_skills" ADD CONSTRAINT "sorting_skills_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorting_skills" ADD CONSTRAINT "sorting_skills_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorting_task_orders" ADD CONSTRAINT "sorting_task_orders_task_fk" FOREIGN KEY ("whs_id","task_no") REFERENCES "public"."sorting_tasks"("whs_id","task_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorting_task_orders" ADD CONSTRAINT "sorting_task_orders_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."sales_orders"("whs_id","order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorting_tasks" ADD CONSTRAINT "sorting_tasks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorting_tasks" ADD CONSTRAINT "sorting_tasks_assignee_id_users_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorting_tasks" ADD CONSTRAINT "sorting_tasks_station_fk" FOREIGN KEY ("whs_id","station_id") REFERENCES "public"."stations"("whs_id","station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sorting_rules_priority_idx" ON "sorting_rules" USING btree ("whs_id","priority");--> statement-breakpoint
CREATE INDEX "sorting_rules_rule_name_trgm_idx" ON "sorting_rules" USING gin ("rule_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sorting_rules_station_ids_trgm_idx" ON "sorting_rules" USING gin ("station_ids" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sorting_scans_task_idx" ON "sorting_scans" USING btree ("whs_id","task_no");--> statement-breakpoint
CREATE INDEX "sorting_skills_station_ids_trgm_idx" ON "sorting_skills" USING gin ("station_ids" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sorting_task_orders_order_idx" ON "sorting_task_orders" USING btree ("whs_id","order_no");--> statement-breakpoint
CREATE INDEX "sorting_task_orders_slot_idx" ON "sorting_task_orders" USING btree ("whs_id","slot_container");--> statement-breakpoint
CREATE INDEX "sorting_tasks_container_idx" ON "sorting_tasks" USING btree ("whs_id","container_code","status");--> statement-breakpoint
CREATE INDEX "sorting_tasks_created_at_idx" ON "sorting_tasks" USING btree ("whs_id","created_at");