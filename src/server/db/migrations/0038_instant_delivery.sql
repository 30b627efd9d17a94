CREATE TABLE "instant_delivery_configs" (
	"whs_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"carrier_names" text DEFAULT '' NOT NULL,
	"cutoff_time" text,
	"alert_minutes" integer DEFAULT 30 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instant_delivery_configs_alert_ck" CHECK ("instant_delivery_configs"."alert_minutes" between 1 and 1440),
	CONSTRAINT "instant_delivery_configs_cutoff_ck" CHECK ("instant_delivery_configs"."cutoff_time" is null or "instant_delivery_configs"."cutoff_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "instant_zone_codes" (
	"whs_id" text NOT NULL,
	"zone_code" text NOT NULL,
	"zone_name" text NOT NULL,
	"postcode_prefixes" text DEFAULT '' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instant_zone_codes_whs_id_zone_code_pk" PRIMARY KEY("whs_id","zone_code"),
	CONSTRAINT "instant_zone_codes_status_ck" CHECK ("instant_zone_codes"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "pigeonhole_parcels" (
	"whs_id" text NOT NULL,
	"tracking_no" text NOT NULL,
	"pigeonhole_code" text NOT NULL,
	"order_no" text NOT NULL,
	"placed_by" integer,
	"op_id" uuid,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pigeonhole_parcels_whs_id_tracking_no_pk" PRIMARY KEY("whs_id","tracking_no")
);
--> statement-breakpoint
CREATE TABLE "pigeonholes" (
	"whs_id" text NOT NULL,
	"pigeonhole_code" text NOT NULL,
	"zone_code" text NOT NULL,
	"capacity" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pigeonholes_whs_id_pigeonhole_code_pk" PRIMARY KEY("whs_id","pigeonhole_code"),
	CONSTRAINT "pigeonholes_capacity_ck" CHECK ("pigeonholes"."capacity" between 1 and 999),
	CONSTRAINT "pigeonholes_status_ck" CHECK ("pigeonholes"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "shipping_handovers" DROP CONSTRAINT "shipping_handovers_kind_ck";--> statement-breakpoint
ALTER TABLE "shipping_handovers" DROP CONSTRAINT "shipping_handovers_group_ck";--> statement-breakpoint
ALTER TABLE "shipping_handovers" ADD COLUMN "booking_no" text;--> statement-breakpoint
ALTER TABLE "shipping_handovers" ADD COLUMN "rider_phone" text;--> statement-breakpoint
ALTER TABLE "instant_delivery_configs" ADD CONSTRAINT "instant_delivery_configs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_delivery_configs" ADD CONSTRAINT "instant_delivery_configs_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_zone_codes" ADD CONSTRAINT "instant_zone_codes_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pigeonhole_parcels" ADD CONSTRAINT "pigeonhole_parcels_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pigeonhole_parcels" ADD CONSTRAINT "pigeonhole_parcels_placed_by_users_user_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pigeonhole_parcels" ADD CONSTRAINT "pigeonhole_parcels_parcel_fk" FOREIGN KEY ("whs_id","tracking_no") REFERENCES "public"."parcels"("whs_id","tracking_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pigeonhole_parcels" ADD CONSTRAINT "pigeonhole_parcels_pigeonhole_fk" FOREIGN KEY ("whs_id","pigeonhole_code") REFERENCES "public"."pigeonholes"("whs_id","pigeonhole_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pigeonholes" ADD CONSTRAINT "pigeonholes_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pigeonholes" ADD CONSTRAINT "pigeonholes_zone_fk" FOREIGN KEY ("whs_id","zone_code") REFERENCES "public"."instant_zone_codes"("whs_id","zone_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instant_zone_codes_zone_name_trgm_idx" ON "instant_zone_codes" USING gin ("zone_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instant_zone_codes_postcode_prefixes_trgm_idx" ON "instant_zone_codes" USING gin ("postcode_prefixes" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instant_zone_codes_keywords_trgm_idx" ON "instant_zone_codes" USING gin ("keywords" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instant_zone_codes_name_idx" ON "instant_zone_codes" USING btree ("whs_id","zone_name");--> statement-breakpoint
CREATE INDEX "instant_zone_codes_created_at_idx" ON "instant_zone_codes" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "pigeonhole_parcels_pigeonhole_idx" ON "pigeonhole_parcels" USING btree ("whs_id","pigeonhole_code");--> statement-breakpoint
CREATE INDEX "pigeonhole_parcels_order_idx" ON "pigeonhole_parcels" USING btree ("whs_id","order_no");--> statement-breakpoint
CREATE INDEX "pigeonholes_zone_idx" ON "pigeonholes" USING btree ("whs_id","zone_code");--> statement-breakpoint
ALTER TABLE "shipping_handovers" ADD CONSTRAINT "shipping_handovers_booking_ck" CHECK (("shipping_handovers"."kind" = 4) = ("shipping_handovers"."booking_no" is not null));--> statement-breakpoint
ALTER TABLE "shipping_handovers" ADD CONSTRAINT "shipping_handovers_kind_ck" CHECK ("shipping_handovers"."kind" in (1, 2, 3, 4));--> statement-breakpoint
ALTER TABLE "shipping_handovers" ADD CONSTRAINT "shipping_handovers_group_ck" CHECK (("shipping_handovers"."kind" in (2, 3)) = ("shipping_handovers"."group_code" is not null));