CREATE TABLE "whs_plannings" (
	"whs_id" text NOT NULL,
	"logic_area_id" text NOT NULL,
	"fulfillment_chain" text NOT NULL,
	"planned_location_qty" integer NOT NULL,
	"planned_sku_qty" integer,
	"target_turnover_days" smallint NOT NULL,
	"daily_outbound_capacity" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whs_plannings_whs_id_logic_area_id_pk" PRIMARY KEY("whs_id","logic_area_id"),
	CONSTRAINT "whs_plannings_status_ck" CHECK ("whs_plannings"."status" in (1, 2)),
	CONSTRAINT "whs_plannings_qty_ck" CHECK ("whs_plannings"."planned_location_qty" >= 0 and coalesce("whs_plannings"."planned_sku_qty", 0) >= 0 and coalesce("whs_plannings"."daily_outbound_capacity", 0) >= 0),
	CONSTRAINT "whs_plannings_turnover_ck" CHECK ("whs_plannings"."target_turnover_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whs_plannings" ADD CONSTRAINT "whs_plannings_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whs_plannings" ADD CONSTRAINT "whs_plannings_logic_area_fk" FOREIGN KEY ("whs_id","logic_area_id") REFERENCES "public"."logic_areas"("whs_id","logic_area_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whs_plannings_chain_idx" ON "whs_plannings" USING btree ("whs_id","fulfillment_chain");--> statement-breakpoint
CREATE INDEX "whs_plannings_turnover_idx" ON "whs_plannings" USING btree ("whs_id","target_turnover_days");