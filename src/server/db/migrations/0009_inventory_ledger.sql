CREATE SEQUENCE "public"."sku_batch_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "inventory_lock_logs" (
	"whs_id" text NOT NULL,
	"log_id" bigserial NOT NULL,
	"action" smallint NOT NULL,
	"location_id" text NOT NULL,
	"location_type" smallint NOT NULL,
	"sku_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"quality" smallint NOT NULL,
	"qty" integer NOT NULL,
	"locked_after" integer NOT NULL,
	"reason" text NOT NULL,
	"ref_type" text,
	"ref_no" text,
	"op_id" uuid,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_lock_logs_whs_id_log_id_pk" PRIMARY KEY("whs_id","log_id"),
	CONSTRAINT "inventory_lock_logs_action_ck" CHECK ("inventory_lock_logs"."action" in (1, 2)),
	CONSTRAINT "inventory_lock_logs_qty_ck" CHECK ("inventory_lock_logs"."qty" between 1 and 99999),
	CONSTRAINT "inventory_lock_logs_locked_after_ck" CHECK ("inventory_lock_logs"."locked_after" >= 0),
	CONSTRAINT "inventory_lock_logs_quality_ck" CHECK ("inventory_lock_logs"."quality" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "inventory_transactions" (
	"whs_id" text NOT NULL,
	"txn_id" bigserial NOT NULL,
	"txn_type" smallint NOT NULL,
	"direction" smallint NOT NULL,
	"location_id" text NOT NULL,
	"location_type" smallint NOT NULL,
	"counter_location_id" text,
	"sku_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"quality" smallint NOT NULL,
	"qty" integer NOT NULL,
	"onhand_after" integer NOT NULL,
	"ref_type" text NOT NULL,
	"ref_no" text NOT NULL,
	"op_id" uuid,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_transactions_whs_id_txn_id_pk" PRIMARY KEY("whs_id","txn_id"),
	CONSTRAINT "inventory_transactions_qty_ck" CHECK ("inventory_transactions"."qty" between 1 and 99999),
	CONSTRAINT "inventory_transactions_onhand_after_ck" CHECK ("inventory_transactions"."onhand_after" >= 0),
	CONSTRAINT "inventory_transactions_direction_ck" CHECK ("inventory_transactions"."direction" in (1, 2)),
	CONSTRAINT "inventory_transactions_txn_type_ck" CHECK ("inventory_transactions"."txn_type" in (1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 15, 20, 21, 22)),
	CONSTRAINT "inventory_transactions_type_direction_ck" CHECK (("inventory_transactions"."txn_type" not in (2, 4, 6, 12, 21) or "inventory_transactions"."direction" = 2) and ("inventory_transactions"."txn_type" not in (5, 7, 13, 20, 22) or "inventory_transactions"."direction" = 1)),
	CONSTRAINT "inventory_transactions_quality_ck" CHECK ("inventory_transactions"."quality" in (1, 2)),
	CONSTRAINT "inventory_transactions_location_type_ck" CHECK ("inventory_transactions"."location_type" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "location_inventory" (
	"whs_id" text NOT NULL,
	"location_id" text NOT NULL,
	"location_type" smallint NOT NULL,
	"sku_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"quality" smallint NOT NULL,
	"onhand_qty" integer DEFAULT 0 NOT NULL,
	"locked_qty" integer DEFAULT 0 NOT NULL,
	"prepick_qty" integer DEFAULT 0 NOT NULL,
	"available_qty" integer GENERATED ALWAYS AS (onhand_qty - locked_qty - prepick_qty) STORED,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_inventory_whs_id_location_id_sku_id_batch_id_quality_pk" PRIMARY KEY("whs_id","location_id","sku_id","batch_id","quality"),
	CONSTRAINT "location_inventory_onhand_ck" CHECK ("location_inventory"."onhand_qty" >= 0),
	CONSTRAINT "location_inventory_locked_ck" CHECK ("location_inventory"."locked_qty" >= 0),
	CONSTRAINT "location_inventory_prepick_ck" CHECK ("location_inventory"."prepick_qty" >= 0),
	CONSTRAINT "location_inventory_available_ck" CHECK ("location_inventory"."available_qty" >= 0),
	CONSTRAINT "location_inventory_quality_ck" CHECK ("location_inventory"."quality" in (1, 2)),
	CONSTRAINT "location_inventory_location_type_ck" CHECK ("location_inventory"."location_type" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "sku_batches" (
	"whs_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"production_date" date,
	"expiry_date" date,
	"supplier_id" text,
	"inbound_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sku_batches_whs_id_sku_id_batch_id_pk" PRIMARY KEY("whs_id","sku_id","batch_id"),
	CONSTRAINT "sku_batches_dates_ck" CHECK ("sku_batches"."expiry_date" is null or "sku_batches"."production_date" is null or "sku_batches"."expiry_date" >= "sku_batches"."production_date")
);
--> statement-breakpoint
ALTER TABLE "inventory_lock_logs" ADD CONSTRAINT "inventory_lock_logs_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lock_logs" ADD CONSTRAINT "inventory_lock_logs_batch_fk" FOREIGN KEY ("whs_id","sku_id","batch_id") REFERENCES "public"."sku_batches"("whs_id","sku_id","batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_batch_fk" FOREIGN KEY ("whs_id","sku_id","batch_id") REFERENCES "public"."sku_batches"("whs_id","sku_id","batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_inventory" ADD CONSTRAINT "location_inventory_batch_fk" FOREIGN KEY ("whs_id","sku_id","batch_id") REFERENCES "public"."sku_batches"("whs_id","sku_id","batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_batches" ADD CONSTRAINT "sku_batches_sku_fk" FOREIGN KEY ("whs_id","sku_id") REFERENCES "public"."skus"("whs_id","sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_batches" ADD CONSTRAINT "sku_batches_supplier_fk" FOREIGN KEY ("whs_id","supplier_id") REFERENCES "public"."suppliers"("whs_id","supplier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_lock_logs_sku_idx" ON "inventory_lock_logs" USING btree ("whs_id","sku_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_lock_logs_location_idx" ON "inventory_lock_logs" USING btree ("whs_id","location_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_lock_logs_action_idx" ON "inventory_lock_logs" USING btree ("whs_id","action","created_at");--> statement-breakpoint
CREATE INDEX "inventory_transactions_sku_idx" ON "inventory_transactions" USING btree ("whs_id","sku_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_transactions_location_idx" ON "inventory_transactions" USING btree ("whs_id","location_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_transactions_ref_idx" ON "inventory_transactions" USING btree ("whs_id","ref_type","ref_no");--> statement-breakpoint
CREATE INDEX "inventory_transactions_time_idx" ON "inventory_transactions" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "location_inventory_sku_idx" ON "location_inventory" USING btree ("whs_id","sku_id","batch_id");--> statement-breakpoint
CREATE INDEX "sku_batches_expiry_idx" ON "sku_batches" USING btree ("whs_id","expiry_date");--> statement-breakpoint
-- The ledger and the block log are append-only: a correction is a new row (a reverse), never an edit.
-- Statement-level, so even an UPDATE or DELETE matching no row is refused.
CREATE FUNCTION "refuse_append_only_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "inventory_transactions_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "inventory_transactions"
	FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();--> statement-breakpoint
CREATE TRIGGER "inventory_lock_logs_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "inventory_lock_logs"
	FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
