CREATE TABLE "mt_box_items" (
	"whs_id" text NOT NULL,
	"box_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "mt_box_items_whs_id_box_id_sku_id_pk" PRIMARY KEY("whs_id","box_id","sku_id"),
	CONSTRAINT "mt_box_items_qty_ck" CHECK ("mt_box_items"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "mt_boxes" (
	"whs_id" text NOT NULL,
	"box_id" text NOT NULL,
	"packing_id" text NOT NULL,
	"order_no" text NOT NULL,
	"dest_whs_id" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"pallet_id" text,
	"shipping_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "mt_boxes_whs_id_box_id_pk" PRIMARY KEY("whs_id","box_id"),
	CONSTRAINT "mt_boxes_status_ck" CHECK ("mt_boxes"."status" in (1, 2, 3)),
	CONSTRAINT "mt_boxes_qty_ck" CHECK ("mt_boxes"."qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mt_packing_tasks" (
	"whs_id" text NOT NULL,
	"packing_id" text NOT NULL,
	"order_no" text NOT NULL,
	"dest_whs_id" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"total_qty" integer NOT NULL,
	"packed_qty" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mt_packing_tasks_whs_id_packing_id_pk" PRIMARY KEY("whs_id","packing_id"),
	CONSTRAINT "mt_packing_tasks_status_ck" CHECK ("mt_packing_tasks"."status" in (1, 2)),
	CONSTRAINT "mt_packing_tasks_qty_ck" CHECK ("mt_packing_tasks"."packed_qty" between 0 and "mt_packing_tasks"."total_qty")
);
--> statement-breakpoint
CREATE TABLE "mt_pallets" (
	"whs_id" text NOT NULL,
	"pallet_id" text NOT NULL,
	"packing_id" text NOT NULL,
	"order_no" text NOT NULL,
	"dest_whs_id" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"box_count" integer DEFAULT 0 NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"shipping_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "mt_pallets_whs_id_pallet_id_pk" PRIMARY KEY("whs_id","pallet_id"),
	CONSTRAINT "mt_pallets_status_ck" CHECK ("mt_pallets"."status" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "mt_shipment_orders" (
	"whs_id" text NOT NULL,
	"shipping_id" text NOT NULL,
	"order_no" text NOT NULL,
	"transit_shipment_no" text NOT NULL,
	"dest_asn_no" text NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "mt_shipment_orders_whs_id_shipping_id_order_no_pk" PRIMARY KEY("whs_id","shipping_id","order_no")
);
--> statement-breakpoint
CREATE TABLE "mt_shipments" (
	"whs_id" text NOT NULL,
	"shipping_id" text NOT NULL,
	"dest_whs_id" text NOT NULL,
	"ship_by" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"loaded_count" integer DEFAULT 0 NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"opened_by" integer,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "mt_shipments_whs_id_shipping_id_pk" PRIMARY KEY("whs_id","shipping_id"),
	CONSTRAINT "mt_shipments_status_ck" CHECK ("mt_shipments"."status" in (1, 2)),
	CONSTRAINT "mt_shipments_ship_by_ck" CHECK ("mt_shipments"."ship_by" in (1, 2)),
	CONSTRAINT "mt_shipments_not_self_ck" CHECK ("mt_shipments"."dest_whs_id" <> "mt_shipments"."whs_id")
);
--> statement-breakpoint
ALTER TABLE "checking_tasks" ADD COLUMN "order_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mt_box_items" ADD CONSTRAINT "mt_box_items_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_box_items" ADD CONSTRAINT "mt_box_items_box_fk" FOREIGN KEY ("whs_id","box_id") REFERENCES "public"."mt_boxes"("whs_id","box_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_boxes" ADD CONSTRAINT "mt_boxes_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_boxes" ADD CONSTRAINT "mt_boxes_dest_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("dest_whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_boxes" ADD CONSTRAINT "mt_boxes_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_boxes" ADD CONSTRAINT "mt_boxes_task_fk" FOREIGN KEY ("whs_id","packing_id") REFERENCES "public"."mt_packing_tasks"("whs_id","packing_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_boxes" ADD CONSTRAINT "mt_boxes_pallet_fk" FOREIGN KEY ("whs_id","pallet_id") REFERENCES "public"."mt_pallets"("whs_id","pallet_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_boxes" ADD CONSTRAINT "mt_boxes_shipment_fk" FOREIGN KEY ("whs_id","shipping_id") REFERENCES "public"."mt_shipments"("whs_id","shipping_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_packing_tasks" ADD CONSTRAINT "mt_packing_tasks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_packing_tasks" ADD CONSTRAINT "mt_packing_tasks_dest_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("dest_whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_packing_tasks" ADD CONSTRAINT "mt_packing_tasks_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_packing_tasks" ADD CONSTRAINT "mt_packing_tasks_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."sales_orders"("whs_id","order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_pallets" ADD CONSTRAINT "mt_pallets_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_pallets" ADD CONSTRAINT "mt_pallets_dest_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("dest_whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_pallets" ADD CONSTRAINT "mt_pallets_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_pallets" ADD CONSTRAINT "mt_pallets_task_fk" FOREIGN KEY ("whs_id","packing_id") REFERENCES "public"."mt_packing_tasks"("whs_id","packing_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_pallets" ADD CONSTRAINT "mt_pallets_shipment_fk" FOREIGN KEY ("whs_id","shipping_id") REFERENCES "public"."mt_shipments"("whs_id","shipping_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_shipment_orders" ADD CONSTRAINT "mt_shipment_orders_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_shipment_orders" ADD CONSTRAINT "mt_shipment_orders_shipment_fk" FOREIGN KEY ("whs_id","shipping_id") REFERENCES "public"."mt_shipments"("whs_id","shipping_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_shipments" ADD CONSTRAINT "mt_shipments_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_shipments" ADD CONSTRAINT "mt_shipments_dest_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("dest_whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_shipments" ADD CONSTRAINT "mt_shipments_opened_by_users_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_shipments" ADD CONSTRAINT "mt_shipments_closed_by_users_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mt_boxes_task_idx" ON "mt_boxes" USING btree ("whs_id","packing_id");--> statement-breakpoint
CREATE INDEX "mt_boxes_pallet_idx" ON "mt_boxes" USING btree ("whs_id","pallet_id");--> statement-breakpoint
CREATE INDEX "mt_boxes_shipment_idx" ON "mt_boxes" USING btree ("whs_id","shipping_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mt_packing_tasks_order_uq" ON "mt_packing_tasks" USING btree ("whs_id","order_no");--> statement-breakpoint
CREATE INDEX "mt_packing_tasks_created_at_idx" ON "mt_packing_tasks" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "mt_pallets_task_idx" ON "mt_pallets" USING btree ("whs_id","packing_id");--> statement-breakpoint
CREATE INDEX "mt_pallets_shipment_idx" ON "mt_pallets" USING btree ("whs_id","shipping_id");--> statement-breakpoint
CREATE INDEX "mt_shipments_created_at_idx" ON "mt_shipments" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "checking_tasks_type_idx" ON "checking_tasks" USING btree ("whs_id","order_type","task_no");--> statement-breakpoint
ALTER TABLE "checking_tasks" ADD CONSTRAINT "checking_tasks_order_type_ck" CHECK ("checking_tasks"."order_type" between 1 and 3);