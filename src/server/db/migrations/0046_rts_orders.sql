CREATE TABLE "rts_orders" (
	"whs_id" text NOT NULL,
	"order_no" text NOT NULL,
	"supplier_id" text NOT NULL,
	"rts_type" smallint NOT NULL,
	"reason_code" text NOT NULL,
	"removal_disposal" smallint,
	"doc_status" smallint DEFAULT 10 NOT NULL,
	"remark" text,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"reject_reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rts_orders_whs_id_order_no_pk" PRIMARY KEY("whs_id","order_no"),
	CONSTRAINT "rts_orders_doc_status_ck" CHECK ("rts_orders"."doc_status" in (10, 20, 30, 40, 100, 120, 130, 140, 150, 160)),
	CONSTRAINT "rts_orders_rts_type_ck" CHECK ("rts_orders"."rts_type" in (20, 30, 50)),
	CONSTRAINT "rts_orders_removal_disposal_ck" CHECK ("rts_orders"."removal_disposal" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "rts_quotas" (
	"whs_id" text NOT NULL,
	"supplier_id" text NOT NULL,
	"daily_max_qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rts_quotas_whs_id_supplier_id_pk" PRIMARY KEY("whs_id","supplier_id"),
	CONSTRAINT "rts_quotas_daily_max_qty_ck" CHECK ("rts_quotas"."daily_max_qty" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "rts_shipments" (
	"whs_id" text NOT NULL,
	"shipment_no" text NOT NULL,
	"task_no" text NOT NULL,
	"supplier_id" text NOT NULL,
	"carrier_name" text,
	"tracking_no" text,
	"qty" integer NOT NULL,
	"print_job_id" integer,
	"shipped_by" integer NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rts_shipments_whs_id_shipment_no_pk" PRIMARY KEY("whs_id","shipment_no"),
	CONSTRAINT "rts_shipments_qty_ck" CHECK ("rts_shipments"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "rts_shipping_settings" (
	"whs_id" text NOT NULL,
	"manifest_auto_print" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rts_shipping_settings_whs_id_pk" PRIMARY KEY("whs_id")
);
--> statement-breakpoint
ALTER TABLE "rts_orders" ADD CONSTRAINT "rts_orders_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rts_orders" ADD CONSTRAINT "rts_orders_approved_by_users_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rts_orders" ADD CONSTRAINT "rts_orders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rts_orders" ADD CONSTRAINT "rts_orders_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."sales_orders"("whs_id","order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rts_orders" ADD CONSTRAINT "rts_orders_supplier_fk" FOREIGN KEY ("whs_id","supplier_id") REFERENCES "public"."suppliers"("whs_id","supplier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rts_quotas" ADD CONSTRAINT "rts_quotas_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rts_shipments" ADD CONSTRAINT "rts_shipments_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rts_shipments" ADD CONSTRAINT "rts_shipments_shipped_by_users_user_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rts_shipping_settings" ADD CONSTRAINT "rts_shipping_settings_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rts_shipping_settings" ADD CONSTRAINT "rts_shipping_settings_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rts_orders_doc_status_idx" ON "rts_orders" USING btree ("whs_id","doc_status","created_at");--> statement-breakpoint
CREATE INDEX "rts_orders_supplier_idx" ON "rts_orders" USING btree ("whs_id","supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "rts_orders_created_at_idx" ON "rts_orders" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rts_shipments_task_uq" ON "rts_shipments" USING btree ("whs_id","task_no");--> statement-breakpoint
CREATE INDEX "rts_shipments_shipped_at_idx" ON "rts_shipments" USING btree ("whs_id","shipped_at");