CREATE SEQUENCE "public"."transit_shipment_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "transit_shipment_boxes" (
	"whs_id" text NOT NULL,
	"shipment_no" text NOT NULL,
	"box_id" text NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "transit_shipment_boxes_whs_id_shipment_no_box_id_pk" PRIMARY KEY("whs_id","shipment_no","box_id"),
	CONSTRAINT "transit_shipment_boxes_qty_ck" CHECK ("transit_shipment_boxes"."qty" >= 1)
);
--> statement-breakpoint
CREATE TABLE "transit_shipment_lines" (
	"whs_id" text NOT NULL,
	"shipment_no" text NOT NULL,
	"line_no" smallint NOT NULL,
	"sku_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"quality" smallint NOT NULL,
	"dispatched_qty" integer NOT NULL,
	"received_qty" integer DEFAULT 0 NOT NULL,
	"damaged_qty" integer DEFAULT 0 NOT NULL,
	"short_qty" integer DEFAULT 0 NOT NULL,
	"over_qty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "transit_shipment_lines_whs_id_shipment_no_line_no_pk" PRIMARY KEY("whs_id","shipment_no","line_no"),
	CONSTRAINT "transit_shipment_lines_qty_ck" CHECK ("transit_shipment_lines"."dispatched_qty" >= 1 and "transit_shipment_lines"."received_qty" >= 0 and "transit_shipment_lines"."damaged_qty" between 0 and "transit_shipment_lines"."received_qty"
    and "transit_shipment_lines"."short_qty" >= 0 and "transit_shipment_lines"."over_qty" >= 0 and "transit_shipment_lines"."received_qty" + "transit_shipment_lines"."short_qty" - "transit_shipment_lines"."over_qty" <= "transit_shipment_lines"."dispatched_qty"),
	CONSTRAINT "transit_shipment_lines_quality_ck" CHECK ("transit_shipment_lines"."quality" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "transit_shipments" (
	"whs_id" text NOT NULL,
	"shipment_no" text NOT NULL,
	"order_no" text NOT NULL,
	"dest_whs_id" text NOT NULL,
	"dest_asn_no" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"dispatched_by" integer,
	"dispatched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"arrived_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "transit_shipments_whs_id_shipment_no_pk" PRIMARY KEY("whs_id","shipment_no"),
	CONSTRAINT "transit_shipments_status_ck" CHECK ("transit_shipments"."status" between 1 and 4),
	CONSTRAINT "transit_shipments_dest_ck" CHECK ("transit_shipments"."dest_whs_id" <> "transit_shipments"."whs_id")
);
--> statement-breakpoint
ALTER TABLE "transit_shipment_boxes" ADD CONSTRAINT "transit_shipment_boxes_shipment_fk" FOREIGN KEY ("whs_id","shipment_no") REFERENCES "public"."transit_shipments"("whs_id","shipment_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_shipment_lines" ADD CONSTRAINT "transit_shipment_lines_shipment_fk" FOREIGN KEY ("whs_id","shipment_no") REFERENCES "public"."transit_shipments"("whs_id","shipment_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_shipment_lines" ADD CONSTRAINT "transit_shipment_lines_sku_fk" FOREIGN KEY ("whs_id","sku_id") REFERENCES "public"."skus"("whs_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_shipments" ADD CONSTRAINT "transit_shipments_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_shipments" ADD CONSTRAINT "transit_shipments_dest_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("dest_whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_shipments" ADD CONSTRAINT "transit_shipments_dispatched_by_users_user_id_fk" FOREIGN KEY ("dispatched_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transit_shipment_lines_key_uq" ON "transit_shipment_lines" USING btree ("whs_id","shipment_no","sku_id","batch_id","quality");--> statement-breakpoint
CREATE INDEX "transit_shipments_dest_asn_idx" ON "transit_shipments" USING btree ("dest_whs_id","dest_asn_no");--> statement-breakpoint
CREATE INDEX "transit_shipments_dest_no_idx" ON "transit_shipments" USING btree ("dest_whs_id","shipment_no");--> statement-breakpoint
CREATE INDEX "transit_shipments_dest_idx" ON "transit_shipments" USING btree ("dest_whs_id","status","dispatched_at");--> statement-breakpoint
CREATE INDEX "transit_shipments_status_idx" ON "transit_shipments" USING btree ("whs_id","status","dispatched_at");--> statement-breakpoint
CREATE INDEX "transit_shipments_order_idx" ON "transit_shipments" USING btree ("whs_id","order_no");