CREATE SEQUENCE "public"."transfer_request_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "transfer_request_lines" (
	"whs_id" text NOT NULL,
	"request_no" text NOT NULL,
	"line_no" smallint NOT NULL,
	"sku_id" text NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "transfer_request_lines_whs_id_request_no_line_no_pk" PRIMARY KEY("whs_id","request_no","line_no"),
	CONSTRAINT "transfer_request_lines_qty_ck" CHECK ("transfer_request_lines"."qty" between 1 and 99999)
);
--> statement-breakpoint
CREATE TABLE "transfer_requests" (
	"whs_id" text NOT NULL,
	"request_no" text NOT NULL,
	"source_whs_id" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"needed_by" date,
	"remark" text,
	"mt_order_no" text,
	"reject_reason" text,
	"cancel_reason" text,
	"created_by" integer NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_requests_whs_id_request_no_pk" PRIMARY KEY("whs_id","request_no"),
	CONSTRAINT "transfer_requests_status_ck" CHECK ("transfer_requests"."status" in (1, 2, 6, 7)),
	CONSTRAINT "transfer_requests_not_self_ck" CHECK ("transfer_requests"."source_whs_id" <> "transfer_requests"."whs_id"),
	CONSTRAINT "transfer_requests_accepted_ck" CHECK (("transfer_requests"."status" = 2) = ("transfer_requests"."mt_order_no" is not null))
);
--> statement-breakpoint
ALTER TABLE "transfer_request_lines" ADD CONSTRAINT "transfer_request_lines_request_fk" FOREIGN KEY ("whs_id","request_no") REFERENCES "public"."transfer_requests"("whs_id","request_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_source_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("source_whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_decided_by_users_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_requests_status_idx" ON "transfer_requests" USING btree ("whs_id","status","created_at");--> statement-breakpoint
CREATE INDEX "transfer_requests_source_idx" ON "transfer_requests" USING btree ("source_whs_id","status","created_at");--> statement-breakpoint
CREATE INDEX "transfer_requests_source_no_idx" ON "transfer_requests" USING btree ("source_whs_id","request_no");--> statement-breakpoint
CREATE INDEX "transfer_requests_mt_order_idx" ON "transfer_requests" USING btree ("source_whs_id","mt_order_no");--> statement-breakpoint
CREATE INDEX "transfer_requests_created_at_idx" ON "transfer_requests" USING btree ("whs_id","created_at");