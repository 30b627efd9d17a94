ALTER TABLE "sales_orders" ADD COLUMN "order_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_orders_type_idx" ON "sales_orders" USING btree ("whs_id","order_type","status","created_at");--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_order_type_ck" CHECK ("sales_orders"."order_type" between 1 and 3);