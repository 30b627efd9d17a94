CREATE TABLE "suppliers" (
	"whs_id" text NOT NULL,
	"supplier_id" text NOT NULL,
	"supplier_name" text NOT NULL,
	"country" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"contact_name" text,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_whs_id_supplier_id_pk" PRIMARY KEY("whs_id","supplier_id"),
	CONSTRAINT "suppliers_status_ck" CHECK ("suppliers"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "suppliers" USING btree ("whs_id","supplier_name");