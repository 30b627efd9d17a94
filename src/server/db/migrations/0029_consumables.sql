CREATE TABLE "consumable_balances" (
	"whs_id" text NOT NULL,
	"consumable_id" text NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumable_balances_whs_id_consumable_id_pk" PRIMARY KEY("whs_id","consumable_id"),
	CONSTRAINT "consumable_balances_qty_ck" CHECK ("consumable_balances"."qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "consumable_receipts" (
	"whs_id" text NOT NULL,
	"receipt_id" serial NOT NULL,
	"consumable_id" text NOT NULL,
	"qty" integer NOT NULL,
	"supplier_name" text,
	"remark" text,
	"received_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumable_receipts_whs_id_receipt_id_pk" PRIMARY KEY("whs_id","receipt_id"),
	CONSTRAINT "consumable_receipts_qty_ck" CHECK ("consumable_receipts"."qty" between 1 and 99999)
);
--> statement-breakpoint
CREATE TABLE "consumable_txns" (
	"whs_id" text NOT NULL,
	"txn_id" serial NOT NULL,
	"consumable_id" text NOT NULL,
	"direction" smallint NOT NULL,
	"qty" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"ref_type" smallint NOT NULL,
	"ref_no" text NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumable_txns_whs_id_txn_id_pk" PRIMARY KEY("whs_id","txn_id"),
	CONSTRAINT "consumable_txns_direction_ck" CHECK ("consumable_txns"."direction" in (1, 2)),
	CONSTRAINT "consumable_txns_ref_type_ck" CHECK ("consumable_txns"."ref_type" between 1 and 5),
	CONSTRAINT "consumable_txns_qty_ck" CHECK ("consumable_txns"."qty" > 0 and "consumable_txns"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "consumables" (
	"whs_id" text NOT NULL,
	"consumable_id" text NOT NULL,
	"consumable_name" text NOT NULL,
	"consumable_type" smallint NOT NULL,
	"inner_length_mm" integer,
	"inner_width_mm" integer,
	"inner_height_mm" integer,
	"max_load_g" integer,
	"tare_weight_g" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumables_whs_id_consumable_id_pk" PRIMARY KEY("whs_id","consumable_id"),
	CONSTRAINT "consumables_type_ck" CHECK ("consumables"."consumable_type" between 1 and 6),
	CONSTRAINT "consumables_dims_ck" CHECK (coalesce("consumables"."inner_length_mm", 1) > 0 and coalesce("consumables"."inner_width_mm", 1) > 0 and coalesce("consumables"."inner_height_mm", 1) > 0),
	CONSTRAINT "consumables_weights_ck" CHECK (coalesce("consumables"."max_load_g", 1) > 0 and "consumables"."tare_weight_g" >= 0 and "consumables"."low_stock_threshold" >= 0),
	CONSTRAINT "consumables_status_ck" CHECK ("consumables"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "packaging_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"rule_name" text NOT NULL,
	"priority" integer NOT NULL,
	"shop_id" text,
	"shop_group_id" text,
	"item_kind" smallint DEFAULT 0 NOT NULL,
	"max_order_weight_g" integer,
	"max_order_volume_cm3" integer,
	"consumable_ids" text NOT NULL,
	"fill_factor_pct" smallint DEFAULT 80 NOT NULL,
	"filler_consumable_id" text,
	"filler_qty" smallint,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packaging_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "packaging_rules_item_kind_ck" CHECK ("packaging_rules"."item_kind" between 0 and 2),
	CONSTRAINT "packaging_rules_fill_ck" CHECK ("packaging_rules"."fill_factor_pct" between 10 and 100),
	CONSTRAINT "packaging_rules_limits_ck" CHECK (coalesce("packaging_rules"."max_order_weight_g", 1) > 0 and coalesce("packaging_rules"."max_order_volume_cm3", 1) > 0),
	CONSTRAINT "packaging_rules_filler_qty_ck" CHECK (coalesce("packaging_rules"."filler_qty", 1) between 1 and 99),
	CONSTRAINT "packaging_rules_status_ck" CHECK ("packaging_rules"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "weight_bands" (
	"whs_id" text NOT NULL,
	"band_id" serial NOT NULL,
	"from_g" integer NOT NULL,
	"to_g" integer NOT NULL,
	"tolerance_unit" smallint NOT NULL,
	"tolerance" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weight_bands_whs_id_band_id_pk" PRIMARY KEY("whs_id","band_id"),
	CONSTRAINT "weight_bands_range_ck" CHECK ("weight_bands"."from_g" >= 0 and "weight_bands"."to_g" > "weight_bands"."from_g"),
	CONSTRAINT "weight_bands_unit_ck" CHECK ("weight_bands"."tolerance_unit" in (1, 2)),
	CONSTRAINT "weight_bands_tolerance_ck" CHECK ("weight_bands"."tolerance" >= 0 and ("weight_bands"."tolerance_unit" = 1 or "weight_bands"."tolerance" <= 100)),
	CONSTRAINT "weight_bands_status_ck" CHECK ("weight_bands"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "consumable_balances" ADD CONSTRAINT "consumable_balances_consumable_fk" FOREIGN KEY ("whs_id","consumable_id") REFERENCES "public"."consumables"("whs_id","consumable_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_receipts" ADD CONSTRAINT "consumable_receipts_consumable_fk" FOREIGN KEY ("whs_id","consumable_id") REFERENCES "public"."consumables"("whs_id","consumable_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_txns" ADD CONSTRAINT "consumable_txns_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_txns" ADD CONSTRAINT "consumable_txns_consumable_fk" FOREIGN KEY ("whs_id","consumable_id") REFERENCES "public"."consumables"("whs_id","consumable_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumables" ADD CONSTRAINT "consumables_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packaging_rules" ADD CONSTRAINT "packaging_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packaging_rules" ADD CONSTRAINT "packaging_rules_shop_fk" FOREIGN KEY ("whs_id","shop_id") REFERENCES "public"."shops"("whs_id","shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packaging_rules" ADD CONSTRAINT "packaging_rules_shop_group_fk" FOREIGN KEY ("whs_id","shop_group_id") REFERENCES "public"."shop_groups"("whs_id","group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packaging_rules" ADD CONSTRAINT "packaging_rules_filler_fk" FOREIGN KEY ("whs_id","filler_consumable_id") REFERENCES "public"."consumables"("whs_id","consumable_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_bands" ADD CONSTRAINT "weight_bands_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consumable_receipts_consumable_idx" ON "consumable_receipts" USING btree ("whs_id","consumable_id");--> statement-breakpoint
CREATE INDEX "consumable_receipts_created_idx" ON "consumable_receipts" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "consumable_receipts_supplier_name_trgm_idx" ON "consumable_receipts" USING gin ("supplier_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "consumable_txns_consumable_idx" ON "consumable_txns" USING btree ("whs_id","consumable_id","created_at");--> statement-breakpoint
CREATE INDEX "consumable_txns_ref_idx" ON "consumable_txns" USING btree ("whs_id","ref_type","ref_no");--> statement-breakpoint
CREATE INDEX "consumables_consumable_name_trgm_idx" ON "consumables" USING gin ("consumable_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packaging_rules_priority_idx" ON "packaging_rules" USING btree ("whs_id","priority");--> statement-breakpoint
CREATE INDEX "packaging_rules_rule_name_trgm_idx" ON "packaging_rules" USING gin ("rule_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packaging_rules_consumable_ids_trgm_idx" ON "packaging_rules" USING gin ("consumable_ids" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "weight_bands_from_idx" ON "weight_bands" USING btree ("whs_id","from_g");