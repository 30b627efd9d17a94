-- A zone's stock is the sum of its rows, one per slot a connection adds to (modules/inventory/zone-stock.ts):
-- postings into one zone from many devices no longer queue on one row. Existing rows become slot 0.
ALTER TABLE "zone_stock" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zone_stock" DROP CONSTRAINT "zone_stock_whs_id_zone_id_pk";--> statement-breakpoint
ALTER TABLE "zone_stock" ADD CONSTRAINT "zone_stock_whs_id_zone_id_slot_pk" PRIMARY KEY("whs_id","zone_id","slot");
