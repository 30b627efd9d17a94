CREATE TABLE "cell_stock" (
	"whs_id" text NOT NULL,
	"location_code" text NOT NULL,
	"onhand_qty" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cell_stock_whs_id_location_code_pk" PRIMARY KEY("whs_id","location_code")
);
--> statement-breakpoint
CREATE TABLE "sku_stock" (
	"whs_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"onhand_qty" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sku_stock_whs_id_sku_id_pk" PRIMARY KEY("whs_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "zone_sku_stock" (
	"whs_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"onhand_qty" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "zone_sku_stock_whs_id_zone_id_sku_id_pk" PRIMARY KEY("whs_id","zone_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "zone_stock" (
	"whs_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"onhand_qty" bigint DEFAULT 0 NOT NULL,
	"locked_qty" bigint DEFAULT 0 NOT NULL,
	"prepick_qty" bigint DEFAULT 0 NOT NULL,
	"stocked_cell_count" integer DEFAULT 0 NOT NULL,
	"sku_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zone_stock_whs_id_zone_id_pk" PRIMARY KEY("whs_id","zone_id")
);
--> statement-breakpoint
ALTER TABLE "cell_stock" ADD CONSTRAINT "cell_stock_cell_fk" FOREIGN KEY ("whs_id","location_code") REFERENCES "public"."cells"("whs_id","location_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_stock" ADD CONSTRAINT "sku_stock_sku_fk" FOREIGN KEY ("whs_id","sku_id") REFERENCES "public"."skus"("whs_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_sku_stock" ADD CONSTRAINT "zone_sku_stock_zone_fk" FOREIGN KEY ("whs_id","zone_id") REFERENCES "public"."zones"("whs_id","zone_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_sku_stock" ADD CONSTRAINT "zone_sku_stock_sku_fk" FOREIGN KEY ("whs_id","sku_id") REFERENCES "public"."skus"("whs_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_stock" ADD CONSTRAINT "zone_stock_zone_fk" FOREIGN KEY ("whs_id","zone_id") REFERENCES "public"."zones"("whs_id","zone_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A warehouse's zone and SKU stock recomputed from its balances (modules/inventory/zone-stock.ts
-- keeps them from then on): the backfill below, and writers of balances that bypass the ledger (the list bench's seeding).
CREATE FUNCTION "rebuild_stock_totals"(whs text) RETURNS void LANGUAGE sql AS $$
	DELETE FROM zone_stock WHERE whs_id = whs;
	DELETE FROM zone_sku_stock WHERE whs_id = whs;
	DELETE FROM cell_stock WHERE whs_id = whs;
	DELETE FROM sku_stock WHERE whs_id = whs;
	INSERT INTO sku_stock (whs_id, sku_id, onhand_qty)
		SELECT whs_id, sku_id, sum(onhand_qty) FROM location_inventory WHERE whs_id = whs GROUP BY whs_id, sku_id;
	INSERT INTO cell_stock (whs_id, location_code, onhand_qty)
		SELECT li.whs_id, c.location_code, sum(li.onhand_qty)
		FROM location_inventory li JOIN cells c ON c.whs_id = li.whs_id AND c.location_code = li.location_id
		WHERE li.whs_id = whs AND li.location_type = 1
		GROUP BY li.whs_id, c.location_code;
	INSERT INTO zone_sku_stock (whs_id, zone_id, sku_id, onhand_qty)
		SELECT li.whs_id, c.zone_id, li.sku_id, sum(li.onhand_qty)
		FROM location_inventory li JOIN cells c ON c.whs_id = li.whs_id AND c.location_code = li.location_id
		WHERE li.whs_id = whs AND li.location_type = 1
		GROUP BY li.whs_id, c.zone_id, li.sku_id;
	INSERT INTO zone_stock (whs_id, zone_id, onhand_qty, locked_qty, prepick_qty, stocked_cell_count, sku_count)
		SELECT li.whs_id, c.zone_id, sum(li.onhand_qty), sum(li.locked_qty), sum(li.prepick_qty),
			count(DISTINCT li.location_id) FILTER (WHERE li.onhand_qty > 0), count(DISTINCT li.sku_id) FILTER (WHERE li.onhand_qty > 0)
		FROM location_inventory li JOIN cells c ON c.whs_id = li.whs_id AND c.location_code = li.location_id
		WHERE li.whs_id = whs AND li.location_type = 1
		GROUP BY li.whs_id, c.zone_id;
$$;--> statement-breakpoint
SELECT "rebuild_stock_totals"(whs_id) FROM "warehouses";
