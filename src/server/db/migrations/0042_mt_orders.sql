CREATE TABLE "mt_destination_priorities" (
	"whs_id" text NOT NULL,
	"dest_whs_id" text NOT NULL,
	"priority" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mt_destination_priorities_whs_id_dest_whs_id_pk" PRIMARY KEY("whs_id","dest_whs_id"),
	CONSTRAINT "mt_destination_priorities_priority_ck" CHECK ("mt_destination_priorities"."priority" between 1 and 9999),
	CONSTRAINT "mt_destination_priorities_not_self_ck" CHECK ("mt_destination_priorities"."dest_whs_id" <> "mt_destination_priorities"."whs_id")
);
--> statement-breakpoint
CREATE TABLE "mt_orders" (
	"whs_id" text NOT NULL,
	"order_no" text NOT NULL,
	"dest_whs_id" text NOT NULL,
	"doc_status" smallint DEFAULT 10 NOT NULL,
	"remark" text,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"reject_reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mt_orders_whs_id_order_no_pk" PRIMARY KEY("whs_id","order_no"),
	CONSTRAINT "mt_orders_doc_status_ck" CHECK ("mt_orders"."doc_status" in (10, 20, 30, 40, 100, 120, 130, 140, 150, 160)),
	CONSTRAINT "mt_orders_not_self_ck" CHECK ("mt_orders"."dest_whs_id" <> "mt_orders"."whs_id")
);
--> statement-breakpoint
ALTER TABLE "picking_tasks" ADD COLUMN "order_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_allocate_rules" ADD COLUMN "order_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "waves" ADD COLUMN "order_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mt_destination_priorities" ADD CONSTRAINT "mt_destination_priorities_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_destination_priorities" ADD CONSTRAINT "mt_destination_priorities_dest_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("dest_whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_orders" ADD CONSTRAINT "mt_orders_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_orders" ADD CONSTRAINT "mt_orders_dest_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("dest_whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_orders" ADD CONSTRAINT "mt_orders_approved_by_users_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_orders" ADD CONSTRAINT "mt_orders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_orders" ADD CONSTRAINT "mt_orders_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."sales_orders"("whs_id","order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mt_destination_priorities_priority_uq" ON "mt_destination_priorities" USING btree ("whs_id","priority");--> statement-breakpoint
CREATE INDEX "mt_orders_doc_status_idx" ON "mt_orders" USING btree ("whs_id","doc_status","created_at");--> statement-breakpoint
CREATE INDEX "mt_orders_dest_idx" ON "mt_orders" USING btree ("whs_id","dest_whs_id","created_at");--> statement-breakpoint
CREATE INDEX "mt_orders_created_at_idx" ON "mt_orders" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "picking_tasks_type_idx" ON "picking_tasks" USING btree ("whs_id","order_type","kind","task_no");--> statement-breakpoint
CREATE INDEX "sales_allocate_rules_type_idx" ON "sales_allocate_rules" USING btree ("whs_id","order_type","priority");--> statement-breakpoint
ALTER TABLE "picking_tasks" ADD CONSTRAINT "picking_tasks_order_type_ck" CHECK ("picking_tasks"."order_type" between 1 and 3);--> statement-breakpoint
ALTER TABLE "sales_allocate_rules" ADD CONSTRAINT "sales_allocate_rules_order_type_ck" CHECK ("sales_allocate_rules"."order_type" between 1 and 3);--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_order_type_ck" CHECK ("waves"."order_type" between 1 and 3);