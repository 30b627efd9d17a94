CREATE TABLE "zone_colors" (
	"whs_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"color" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zone_colors_whs_id_zone_id_pk" PRIMARY KEY("whs_id","zone_id")
);
--> statement-breakpoint
ALTER TABLE "zone_colors" ADD CONSTRAINT "zone_colors_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_colors" ADD CONSTRAINT "zone_colors_zone_fk" FOREIGN KEY ("whs_id","zone_id") REFERENCES "public"."zones"("whs_id","zone_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "zone_colors_color_uq" ON "zone_colors" USING btree ("whs_id","color");