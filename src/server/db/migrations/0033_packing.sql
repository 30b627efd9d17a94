CREATE SEQUENCE "public"."packing_task_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."tracking_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "packing_tasks" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"order_no" text NOT NULL,
	"station_id" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"total_qty" integer NOT NULL,
	"parcel_count" smallint DEFAULT 0 NOT NULL,
	"weight_g" integer,
	"assignee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "packing_tasks_whs_id_task_no_pk" PRIMARY KEY("whs_id","task_no"),
	CONSTRAINT "packing_tasks_status_ck" CHECK ("packing_tasks"."status" in (1, 2, 9)),
	CONSTRAINT "packing_tasks_qty_ck" CHECK ("packing_tasks"."total_qty" >= 1 and "packing_tasks"."parcel_count" between 0 and 999 and ("packing_tasks"."weight_g" is null or "packing_tasks"."weight_g" between 1 and 100000000))
);
--> statement-breakpoint
CREATE TABLE "parcel_items" (
	"whs_id" text NOT NULL,
	"tracking_no" text NOT NULL,
	"sku_id" text NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "parcel_items_whs_id_tracking_no_sku_id_pk" PRIMARY KEY("whs_id","tracking_no","sku_id"),
	CONSTRAINT "parcel_items_qty_ck" CHECK ("parcel_items"."qty" >= 1)
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"whs_id" text NOT NULL,
	"tracking_no" text NOT NULL,
	"order_no" text NOT NULL,
	"parcel_no" smallint NOT NULL,
	"packing_task_no" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"box_id" text,
	"filler_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weight_g" integer,
	"qty" integer NOT NULL,
	"replaced_by" text,
	"shipping_no" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	CONSTRAINT "parcels_whs_id_tracking_no_pk" PRIMARY KEY("whs_id","tracking_no"),
	CONSTRAINT "parcels_status_ck" CHECK ("parcels"."status" between 1 and 5),
	CONSTRAINT "parcels_qty_ck" CHECK ("parcels"."qty" >= 1 and "parcels"."parcel_no" between 1 and 999 and ("parcels"."weight_g" is null or "parcels"."weight_g" between 1 and 1000000))
);
--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "carrier_name" text;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "tracking_no" text;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "receiver_name" text;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "receiver_phone" text;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "receiver_address" text;--> statement-breakpoint
ALTER TABLE "packing_tasks" ADD CONSTRAINT "packing_tasks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_tasks" ADD CONSTRAINT "packing_tasks_assignee_id_users_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_tasks" ADD CONSTRAINT "packing_tasks_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."sales_orders"("whs_id","order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_tasks" ADD CONSTRAINT "packing_tasks_station_fk" FOREIGN KEY ("whs_id","station_id") REFERENCES "public"."stations"("whs_id","station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_items" ADD CONSTRAINT "parcel_items_parcel_fk" FOREIGN KEY ("whs_id","tracking_no") REFERENCES "public"."parcels"("whs_id","tracking_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_order_fk" FOREIGN KEY ("whs_id","order_no") REFERENCES "public"."sales_orders"("whs_id","order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_task_fk" FOREIGN KEY ("whs_id","packing_task_no") REFERENCES "public"."packing_tasks"("whs_id","task_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "packing_tasks_open_uq" ON "packing_tasks" USING btree ("whs_id","order_no") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "packing_tasks_order_idx" ON "packing_tasks" USING btree ("whs_id","order_no");--> statement-breakpoint
CREATE INDEX "packing_tasks_created_at_idx" ON "packing_tasks" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_order_parcel_uq" ON "parcels" USING btree ("whs_id","order_no","parcel_no") WHERE status <> 5;--> statement-breakpoint
CREATE INDEX "parcels_shipping_idx" ON "parcels" USING btree ("whs_id","shipping_no");--> statement-breakpoint
CREATE INDEX "parcels_created_at_idx" ON "parcels" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_orders_tracking_no_uq" ON "sales_orders" USING btree ("whs_id","tracking_no") WHERE tracking_no is not null;