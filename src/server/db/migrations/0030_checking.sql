CREATE SEQUENCE "public"."checking_task_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "checking_refusals" (
	"whs_id" text NOT NULL,
	"refusal_id" bigserial NOT NULL,
	"task_no" text NOT NULL,
	"order_no" text,
	"reason" smallint NOT NULL,
	"scanned" text NOT NULL,
	"sku_id" text,
	"station_id" text NOT NULL,
	"op_id" uuid,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checking_refusals_whs_id_refusal_id_pk" PRIMARY KEY("whs_id","refusal_id"),
	CONSTRAINT "checking_refusals_reason_ck" CHECK ("checking_refusals"."reason" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "checking_task_orders" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"order_no" text NOT NULL,
	"slot_no" smallint NOT NULL,
	"total_qty" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"expected_weight_g" integer,
	"weight_g" integer,
	"inner_packaging" text,
	"outer_packaging" text,
	"checked_by" integer,
	"checked_at" timestamp with time zone,
	CONSTRAINT "checking_task_orders_whs_id_task_no_order_no_pk" PRIMARY KEY("whs_id","task_no","order_no"),
	CONSTRAINT "checking_task_orders_status_ck" CHECK ("checking_task_orders"."status" in (0, 2, 9)),
	CONSTRAINT "checking_task_orders_qty_ck" CHECK ("checking_task_orders"."total_qty" >= 1 and "checking_task_orders"."slot_no" between 1 and 999 and ("checking_task_orders"."weight_g" is null or "checking_task_orders"."weight_g" between 1 and 1000000))
);
--> statement-breakpoint
CREATE TABLE "checking_tasks" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"container_code" text NOT NULL,
	"station_id" text NOT NULL,
	"mode" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"wave_no" text,
	"wave_type" smallint,
	"need_scan_inner_packaging" boolean NOT NULL,
	"need_scan_outer_packaging" boolean NOT NULL,
	"remove_weight_input" boolean NOT NULL,
	"total_qty" integer NOT NULL,
	"checked_qty" integer DEFAULT 0 NOT NULL,
	"assignee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "checking_tasks_whs_id_task_no_pk" PRIMARY KEY("whs_id","task_no"),
	CONSTRAINT "checking_tasks_status_ck" CHECK ("checking_tasks"."status" in (1, 2, 9)),
	CONSTRAINT "checking_tasks_mode_ck" CHECK ("checking_tasks"."mode" in (0, 1, 2)),
	CONSTRAINT "checking_tasks_qty_ck" CHECK ("checking_tasks"."total_qty" >= 0 and "checking_tasks"."checked_qty" between 0 and "checking_tasks"."total_qty")
);
--> statement-breakpoint
ALTER TABLE "station_record_settings" DROP CONSTRAINT "station_record_settings_flags_ck";--> statement-breakpoint
ALTER TABLE "inventory_transactions" DROP CONSTRAINT "inventory_transactions_location_type_ck";--> statement-breakpoint
ALTER TABLE "location_inventory" DROP CONSTRAINT "location_inventory_location_type_ck";--> statement-breakpoint
ALTER TABLE "station_record_settings" ADD COLUMN "scan_inner_packaging" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "station_record_settings" ADD COLUMN "scan_outer_packaging" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checking_refusals" ADD CONSTRAINT "checking_refusals_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checking_refusals" ADD CONSTRAINT "checking_refusals_task_fk" FOREIGN KEY ("whs_id","task_no") REFERENCES "public"."checking_tasks"("whs_id","task_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checking_task_orders" ADD CONSTRAINT "checking_task_orders_checked_by_users_user_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checking_task_orders" ADD CONSTRAINT "checking_task_orders_task_fk" FOREIGN KEY ("whs_id","task_no") REFERENCES "public"."checking_tasks"("whs_id","task_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checking_task_orders" ADD CONSTRAINT "checking_task_orders_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."sales_orders"("whs_id","order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checking_tasks" ADD CONSTRAINT "checking_tasks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checking_tasks" ADD CONSTRAINT "checking_tasks_assignee_id_users_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checking_tasks" ADD CONSTRAINT "checking_tasks_station_fk" FOREIGN KEY ("whs_id","station_id") REFERENCES "public"."stations"("whs_id","station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checking_refusals_task_idx" ON "checking_refusals" USING btree ("whs_id","task_no");--> statement-breakpoint
CREATE INDEX "checking_refusals_created_at_idx" ON "checking_refusals" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "checking_task_orders_order_idx" ON "checking_task_orders" USING btree ("whs_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "checking_task_orders_open_uq" ON "checking_task_orders" USING btree ("whs_id","order_no") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "checking_tasks_container_idx" ON "checking_tasks" USING btree ("whs_id","container_code","status");--> statement-breakpoint
CREATE INDEX "checking_tasks_created_at_idx" ON "checking_tasks" USING btree ("whs_id","created_at");--> statement-breakpoint
ALTER TABLE "station_record_settings" ADD CONSTRAINT "station_record_settings_flags_ck" CHECK ("station_record_settings"."record_video" in (0, 1) and "station_record_settings"."record_photo" in (0, 1) and "station_record_settings"."record_weight" in (0, 1) and "station_record_settings"."scan_inner_packaging" in (0, 1) and "station_record_settings"."scan_outer_packaging" in (0, 1));--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_location_type_ck" CHECK ("inventory_transactions"."location_type" between 1 and 6);--> statement-breakpoint
ALTER TABLE "location_inventory" ADD CONSTRAINT "location_inventory_location_type_ck" CHECK ("location_inventory"."location_type" between 1 and 6);