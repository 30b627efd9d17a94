-- Sales outbound (docs/outbound.md): containers (a stock location, type 5), sales orders with lines, allocations
-- and logs, waves, picking tasks and outbound exceptions.
CREATE SEQUENCE "public"."outbound_exception_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."picking_task_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."sales_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."wave_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "containers" (
	"whs_id" text NOT NULL,
	"container_code" text NOT NULL,
	"container_type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"task_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "containers_whs_id_container_code_pk" PRIMARY KEY("whs_id","container_code"),
	CONSTRAINT "containers_type_ck" CHECK ("containers"."container_type" between 0 and 4),
	CONSTRAINT "containers_status_ck" CHECK ("containers"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "outbound_allocations" (
	"whs_id" text NOT NULL,
	"alloc_id" bigserial NOT NULL,
	"order_no" text NOT NULL,
	"line_no" smallint NOT NULL,
	"location_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"quality" smallint NOT NULL,
	"qty" integer NOT NULL,
	"picked_qty" integer DEFAULT 0 NOT NULL,
	"short_qty" integer DEFAULT 0 NOT NULL,
	"cancelled_qty" integer DEFAULT 0 NOT NULL,
	"returned_qty" integer DEFAULT 0 NOT NULL,
	"task_no" text,
	"seq" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_allocations_whs_id_alloc_id_pk" PRIMARY KEY("whs_id","alloc_id"),
	CONSTRAINT "outbound_allocations_qty_ck" CHECK ("outbound_allocations"."qty" between 1 and 99999 and "outbound_allocations"."picked_qty" >= 0 and "outbound_allocations"."short_qty" >= 0 and "outbound_allocations"."cancelled_qty" >= 0 and "outbound_allocations"."picked_qty" + "outbound_allocations"."short_qty" + "outbound_allocations"."cancelled_qty" <= "outbound_allocations"."qty" and "outbound_allocations"."returned_qty" between 0 and "outbound_allocations"."picked_qty"),
	CONSTRAINT "outbound_allocations_quality_ck" CHECK ("outbound_allocations"."quality" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "outbound_exceptions" (
	"whs_id" text NOT NULL,
	"exception_no" text NOT NULL,
	"reason" smallint NOT NULL,
	"location_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"qty" integer NOT NULL,
	"task_no" text NOT NULL,
	"order_no" text NOT NULL,
	"outcome" text NOT NULL,
	"op_id" uuid,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_exceptions_whs_id_exception_no_pk" PRIMARY KEY("whs_id","exception_no"),
	CONSTRAINT "outbound_exceptions_qty_ck" CHECK ("outbound_exceptions"."qty" between 1 and 99999)
);
--> statement-breakpoint
CREATE TABLE "picking_tasks" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"wave_no" text,
	"order_no" text,
	"zone_id" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"picking_type" smallint NOT NULL,
	"container_code" text,
	"assignee_id" integer,
	"total_qty" integer NOT NULL,
	"picked_qty" integer DEFAULT 0 NOT NULL,
	"short_qty" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "picking_tasks_whs_id_task_no_pk" PRIMARY KEY("whs_id","task_no"),
	CONSTRAINT "picking_tasks_kind_ck" CHECK ("picking_tasks"."kind" in (1, 2)),
	CONSTRAINT "picking_tasks_status_ck" CHECK ("picking_tasks"."status" in (0, 1, 2, 9)),
	CONSTRAINT "picking_tasks_picking_type_ck" CHECK ("picking_tasks"."picking_type" between 1 and 3),
	CONSTRAINT "picking_tasks_qty_ck" CHECK ("picking_tasks"."total_qty" >= 0 and "picking_tasks"."picked_qty" >= 0 and "picking_tasks"."short_qty" >= 0 and "picking_tasks"."picked_qty" + "picking_tasks"."short_qty" <= "picking_tasks"."total_qty")
);
--> statement-breakpoint
CREATE TABLE "sales_order_lines" (
	"whs_id" text NOT NULL,
	"order_no" text NOT NULL,
	"line_no" smallint NOT NULL,
	"sku_id" text NOT NULL,
	"qty" integer NOT NULL,
	"allocated_qty" integer DEFAULT 0 NOT NULL,
	"picked_qty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_order_lines_whs_id_order_no_line_no_pk" PRIMARY KEY("whs_id","order_no","line_no"),
	CONSTRAINT "sales_order_lines_qty_ck" CHECK ("sales_order_lines"."qty" between 1 and 99999 and "sales_order_lines"."allocated_qty" between 0 and "sales_order_lines"."qty" and "sales_order_lines"."picked_qty" between 0 and "sales_order_lines"."qty")
);
--> statement-breakpoint
CREATE TABLE "sales_order_logs" (
	"whs_id" text NOT NULL,
	"log_id" bigserial NOT NULL,
	"order_no" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"note" text NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_order_logs_whs_id_log_id_pk" PRIMARY KEY("whs_id","log_id")
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"whs_id" text NOT NULL,
	"order_no" text NOT NULL,
	"external_no" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"priority" smallint DEFAULT 2 NOT NULL,
	"parcel_split" smallint DEFAULT 0 NOT NULL,
	"source" smallint NOT NULL,
	"shop_id" text,
	"cutoff_at" timestamp with time zone,
	"line_count" integer NOT NULL,
	"total_qty" integer NOT NULL,
	"allocated_qty" integer DEFAULT 0 NOT NULL,
	"picked_qty" integer DEFAULT 0 NOT NULL,
	"wave_no" text,
	"hold_reason" text,
	"lines_hash" text NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_orders_whs_id_order_no_pk" PRIMARY KEY("whs_id","order_no"),
	CONSTRAINT "sales_orders_status_ck" CHECK ("sales_orders"."status" between 0 and 13),
	CONSTRAINT "sales_orders_priority_ck" CHECK ("sales_orders"."priority" between 1 and 3),
	CONSTRAINT "sales_orders_parcel_split_ck" CHECK ("sales_orders"."parcel_split" between 0 and 3),
	CONSTRAINT "sales_orders_source_ck" CHECK ("sales_orders"."source" between 1 and 3),
	CONSTRAINT "sales_orders_qty_ck" CHECK ("sales_orders"."total_qty" >= 1 and "sales_orders"."allocated_qty" between 0 and "sales_orders"."total_qty" and "sales_orders"."picked_qty" between 0 and "sales_orders"."total_qty")
);
--> statement-breakpoint
CREATE TABLE "waves" (
	"whs_id" text NOT NULL,
	"wave_no" text NOT NULL,
	"is_manual" boolean NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"picking_type" smallint NOT NULL,
	"order_count" integer NOT NULL,
	"unit_count" integer NOT NULL,
	"detached_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "waves_whs_id_wave_no_pk" PRIMARY KEY("whs_id","wave_no"),
	CONSTRAINT "waves_status_ck" CHECK ("waves"."status" in (0, 1, 2, 9)),
	CONSTRAINT "waves_picking_type_ck" CHECK ("waves"."picking_type" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "inventory_transactions" DROP CONSTRAINT "inventory_transactions_location_type_ck";--> statement-breakpoint
ALTER TABLE "location_inventory" DROP CONSTRAINT "location_inventory_location_type_ck";--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_allocations" ADD CONSTRAINT "outbound_allocations_line_fk" FOREIGN KEY ("whs_id","order_no","line_no") REFERENCES "public"."sales_order_lines"("whs_id","order_no","line_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_allocations" ADD CONSTRAINT "outbound_allocations_batch_fk" FOREIGN KEY ("whs_id","sku_id","batch_id") REFERENCES "public"."sku_batches"("whs_id","sku_id","batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_exceptions" ADD CONSTRAINT "outbound_exceptions_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_exceptions" ADD CONSTRAINT "outbound_exceptions_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_tasks" ADD CONSTRAINT "picking_tasks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_tasks" ADD CONSTRAINT "picking_tasks_assignee_id_users_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."sales_orders"("whs_id","order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_sku_fk" FOREIGN KEY ("whs_id","sku_id") REFERENCES "public"."skus"("whs_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_logs" ADD CONSTRAINT "sales_order_logs_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_logs" ADD CONSTRAINT "sales_order_logs_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."sales_orders"("whs_id","order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "containers_task_idx" ON "containers" USING btree ("whs_id","task_no");--> statement-breakpoint
CREATE INDEX "outbound_allocations_order_idx" ON "outbound_allocations" USING btree ("whs_id","order_no","line_no");--> statement-breakpoint
CREATE INDEX "outbound_allocations_task_idx" ON "outbound_allocations" USING btree ("whs_id","task_no","seq");--> statement-breakpoint
CREATE INDEX "outbound_allocations_location_idx" ON "outbound_allocations" USING btree ("whs_id","location_id","sku_id");--> statement-breakpoint
CREATE INDEX "outbound_exceptions_location_idx" ON "outbound_exceptions" USING btree ("whs_id","location_id","created_at");--> statement-breakpoint
CREATE INDEX "outbound_exceptions_created_at_idx" ON "outbound_exceptions" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "picking_tasks_status_idx" ON "picking_tasks" USING btree ("whs_id","kind","status","created_at");--> statement-breakpoint
CREATE INDEX "picking_tasks_wave_idx" ON "picking_tasks" USING btree ("whs_id","wave_no");--> statement-breakpoint
CREATE INDEX "picking_tasks_assignee_idx" ON "picking_tasks" USING btree ("whs_id","assignee_id","status");--> statement-breakpoint
CREATE INDEX "sales_order_lines_sku_idx" ON "sales_order_lines" USING btree ("whs_id","sku_id");--> statement-breakpoint
CREATE INDEX "sales_order_logs_order_idx" ON "sales_order_logs" USING btree ("whs_id","order_no","log_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_orders_external_no_uq" ON "sales_orders" USING btree ("whs_id","external_no");--> statement-breakpoint
CREATE INDEX "sales_orders_status_idx" ON "sales_orders" USING btree ("whs_id","status","priority","created_at");--> statement-breakpoint
CREATE INDEX "sales_orders_wave_idx" ON "sales_orders" USING btree ("whs_id","wave_no");--> statement-breakpoint
CREATE INDEX "sales_orders_created_at_idx" ON "sales_orders" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "waves_status_idx" ON "waves" USING btree ("whs_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waves_created_at_idx" ON "waves" USING btree ("whs_id","created_at");--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_location_type_ck" CHECK ("inventory_transactions"."location_type" between 1 and 5);--> statement-breakpoint
ALTER TABLE "location_inventory" ADD CONSTRAINT "location_inventory_location_type_ck" CHECK ("location_inventory"."location_type" between 1 and 5);