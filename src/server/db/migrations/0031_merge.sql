CREATE SEQUENCE "public"."merge_task_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "merge_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"rule_name" text NOT NULL,
	"priority" integer NOT NULL,
	"station_ids" text NOT NULL,
	"zone_ids" text DEFAULT '' NOT NULL,
	"shop_id" text,
	"lane_slots" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merge_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "merge_rules_lane_slots_ck" CHECK ("merge_rules"."lane_slots" between 1 and 999),
	CONSTRAINT "merge_rules_status_ck" CHECK ("merge_rules"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "merge_task_containers" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"picking_task_no" text NOT NULL,
	"container_code" text,
	"zone_id" text,
	"picked" smallint DEFAULT 0 NOT NULL,
	"arrived_at" timestamp with time zone,
	"arrived_by" integer,
	"op_id" uuid,
	CONSTRAINT "merge_task_containers_whs_id_task_no_picking_task_no_pk" PRIMARY KEY("whs_id","task_no","picking_task_no"),
	CONSTRAINT "merge_task_containers_picked_ck" CHECK ("merge_task_containers"."picked" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "merge_tasks" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"order_no" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"station_id" text,
	"slot_no" smallint,
	"rule_id" integer,
	"container_count" integer DEFAULT 0 NOT NULL,
	"arrived_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "merge_tasks_whs_id_task_no_pk" PRIMARY KEY("whs_id","task_no"),
	CONSTRAINT "merge_tasks_status_ck" CHECK ("merge_tasks"."status" in (0, 1, 2, 9)),
	CONSTRAINT "merge_tasks_slot_ck" CHECK ("merge_tasks"."slot_no" between 1 and 999),
	CONSTRAINT "merge_tasks_count_ck" CHECK ("merge_tasks"."arrived_count" between 0 and "merge_tasks"."container_count")
);
--> statement-breakpoint
ALTER TABLE "merge_rules" ADD CONSTRAINT "merge_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_rules" ADD CONSTRAINT "merge_rules_shop_fk" FOREIGN KEY ("whs_id","shop_id") REFERENCES "public"."shops"("whs_id","shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_task_containers" ADD CONSTRAINT "merge_task_containers_arrived_by_users_user_id_fk" FOREIGN KEY ("arrived_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_task_containers" ADD CONSTRAINT "merge_task_containers_task_fk" FOREIGN KEY ("whs_id","task_no") REFERENCES "public"."merge_tasks"("whs_id","task_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_tasks" ADD CONSTRAINT "merge_tasks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_tasks" ADD CONSTRAINT "merge_tasks_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."sales_orders"("whs_id","order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_tasks" ADD CONSTRAINT "merge_tasks_station_fk" FOREIGN KEY ("whs_id","station_id") REFERENCES "public"."stations"("whs_id","station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merge_rules_priority_idx" ON "merge_rules" USING btree ("whs_id","priority");--> statement-breakpoint
CREATE INDEX "merge_rules_rule_name_trgm_idx" ON "merge_rules" USING gin ("rule_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merge_rules_station_ids_trgm_idx" ON "merge_rules" USING gin ("station_ids" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merge_rules_zone_ids_trgm_idx" ON "merge_rules" USING gin ("zone_ids" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merge_task_containers_picking_task_idx" ON "merge_task_containers" USING btree ("whs_id","picking_task_no");--> statement-breakpoint
CREATE UNIQUE INDEX "merge_tasks_order_uq" ON "merge_tasks" USING btree ("whs_id","order_no");--> statement-breakpoint
CREATE INDEX "merge_tasks_station_idx" ON "merge_tasks" USING btree ("whs_id","station_id","status");--> statement-breakpoint
CREATE INDEX "merge_tasks_created_at_idx" ON "merge_tasks" USING btree ("whs_id","created_at");