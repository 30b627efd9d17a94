CREATE TABLE "return_disputes" (
	"whs_id" text NOT NULL,
	"dispute_no" text NOT NULL,
	"tracking_no" text NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"asn_no" text,
	"remark" text,
	"reported_by" integer NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"settled_by" integer,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_disputes_whs_id_dispute_no_pk" PRIMARY KEY("whs_id","dispute_no"),
	CONSTRAINT "return_disputes_status_ck" CHECK ("return_disputes"."status" between 1 and 3),
	CONSTRAINT "return_disputes_kind_ck" CHECK ("return_disputes"."kind" between 1 and 2)
);
--> statement-breakpoint
CREATE TABLE "return_orders" (
	"whs_id" text NOT NULL,
	"asn_no" text NOT NULL,
	"return_order_no" text NOT NULL,
	"sales_order_no" text,
	"tracking_no" text NOT NULL,
	"return_reason" smallint NOT NULL,
	"buyer_name" text,
	"shop_id" text,
	"source" smallint NOT NULL,
	"content_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_orders_whs_id_asn_no_pk" PRIMARY KEY("whs_id","asn_no"),
	CONSTRAINT "return_orders_source_ck" CHECK ("return_orders"."source" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "return_disputes" ADD CONSTRAINT "return_disputes_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_disputes" ADD CONSTRAINT "return_disputes_reported_by_users_user_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_disputes" ADD CONSTRAINT "return_disputes_settled_by_users_user_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_disputes" ADD CONSTRAINT "return_disputes_asn_fk" FOREIGN KEY ("whs_id","asn_no") REFERENCES "public"."asn_orders"("whs_id","asn_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_orders" ADD CONSTRAINT "return_orders_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_orders" ADD CONSTRAINT "return_orders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_orders" ADD CONSTRAINT "return_orders_asn_fk" FOREIGN KEY ("whs_id","asn_no") REFERENCES "public"."asn_orders"("whs_id","asn_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_disputes_open_tracking_uq" ON "return_disputes" USING btree ("whs_id","tracking_no") WHERE "return_disputes"."status" = 1;--> statement-breakpoint
CREATE INDEX "return_disputes_reported_at_idx" ON "return_disputes" USING btree ("whs_id","reported_at");--> statement-breakpoint
CREATE INDEX "return_disputes_tracking_idx" ON "return_disputes" USING btree ("whs_id","tracking_no");--> statement-breakpoint
CREATE UNIQUE INDEX "return_orders_no_uq" ON "return_orders" USING btree ("whs_id","return_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "return_orders_tracking_uq" ON "return_orders" USING btree ("whs_id","tracking_no");--> statement-breakpoint
CREATE INDEX "return_orders_sales_order_idx" ON "return_orders" USING btree ("whs_id","sales_order_no");--> statement-breakpoint
CREATE INDEX "return_orders_created_at_idx" ON "return_orders" USING btree ("whs_id","created_at");