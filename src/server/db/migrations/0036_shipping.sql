CREATE TABLE "bypass_tws_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"carrier_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shop_ids" text DEFAULT '' NOT NULL,
	"line_haul_name" text,
	CONSTRAINT "bypass_tws_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "bypass_tws_rules_status_ck" CHECK ("bypass_tws_rules"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "group_shipping_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"carrier_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shop_ids" text DEFAULT '' NOT NULL,
	"max_parcels" integer NOT NULL,
	CONSTRAINT "group_shipping_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "group_shipping_rules_max_ck" CHECK ("group_shipping_rules"."max_parcels" between 1 and 9999),
	CONSTRAINT "group_shipping_rules_status_ck" CHECK ("group_shipping_rules"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "one_awb_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"carrier_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_awb_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "one_awb_rules_status_ck" CHECK ("one_awb_rules"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "shipping_handovers" (
	"whs_id" text NOT NULL,
	"shipping_no" text NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"carrier_name" text NOT NULL,
	"dock_code" text,
	"vehicle_no" text,
	"driver_name" text,
	"group_code" text,
	"master_awb" text,
	"line_haul" boolean,
	"parcel_count" integer DEFAULT 0 NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"op_id" uuid,
	"opened_by" integer,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "shipping_handovers_whs_id_shipping_no_pk" PRIMARY KEY("whs_id","shipping_no"),
	CONSTRAINT "shipping_handovers_kind_ck" CHECK ("shipping_handovers"."kind" in (1, 2, 3)),
	CONSTRAINT "shipping_handovers_status_ck" CHECK ("shipping_handovers"."status" in (1, 2)),
	CONSTRAINT "shipping_handovers_group_ck" CHECK (("shipping_handovers"."kind" = 1) = ("shipping_handovers"."group_code" is null)),
	CONSTRAINT "shipping_handovers_qty_ck" CHECK ("shipping_handovers"."parcel_count" >= 0 and "shipping_handovers"."qty" >= 0)
);
--> statement-breakpoint
ALTER TABLE "print_jobs" DROP CONSTRAINT "print_jobs_kind_ck";--> statement-breakpoint
ALTER TABLE "bypass_tws_rules" ADD CONSTRAINT "bypass_tws_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_shipping_rules" ADD CONSTRAINT "group_shipping_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_awb_rules" ADD CONSTRAINT "one_awb_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_handovers" ADD CONSTRAINT "shipping_handovers_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_handovers" ADD CONSTRAINT "shipping_handovers_opened_by_users_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_handovers" ADD CONSTRAINT "shipping_handovers_closed_by_users_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_handovers" ADD CONSTRAINT "shipping_handovers_dock_fk" FOREIGN KEY ("whs_id","dock_code") REFERENCES "public"."docks"("whs_id","dock_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bypass_tws_rules_carrier_idx" ON "bypass_tws_rules" USING btree ("whs_id","carrier_name");--> statement-breakpoint
CREATE INDEX "bypass_tws_rules_shop_ids_trgm_idx" ON "bypass_tws_rules" USING gin ("shop_ids" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "group_shipping_rules_carrier_idx" ON "group_shipping_rules" USING btree ("whs_id","carrier_name");--> statement-breakpoint
CREATE INDEX "group_shipping_rules_shop_ids_trgm_idx" ON "group_shipping_rules" USING gin ("shop_ids" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "one_awb_rules_carrier_idx" ON "one_awb_rules" USING btree ("whs_id","carrier_name");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_handovers_group_uq" ON "shipping_handovers" USING btree ("whs_id","group_code") WHERE status = 1 and group_code is not null;--> statement-breakpoint
CREATE INDEX "shipping_handovers_created_at_idx" ON "shipping_handovers" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "shipping_handovers_carrier_idx" ON "shipping_handovers" USING btree ("whs_id","carrier_name");--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_kind_ck" CHECK ("print_jobs"."kind" in ('SHIPPING_LABEL', 'PACKING_LIST', 'UID_LABEL', 'CODE_LABEL', 'TEST_PAGE', 'MANIFEST', 'MASTER_AWB'));