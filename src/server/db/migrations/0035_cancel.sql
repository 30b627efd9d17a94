CREATE TABLE "outbound_damage_reports" (
	"whs_id" text NOT NULL,
	"report_no" text NOT NULL,
	"location_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"qty" integer NOT NULL,
	"order_no" text,
	"note" text,
	"reported_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_damage_reports_whs_id_report_no_pk" PRIMARY KEY("whs_id","report_no"),
	CONSTRAINT "outbound_damage_reports_qty_ck" CHECK ("outbound_damage_reports"."qty" between 1 and 99999)
);
--> statement-breakpoint
CREATE TABLE "outbound_exception_decisions" (
	"whs_id" text NOT NULL,
	"task_id" text NOT NULL,
	"type" smallint NOT NULL,
	"decision" smallint NOT NULL,
	"note" text,
	"outcome" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_exception_decisions_whs_id_task_id_pk" PRIMARY KEY("whs_id","task_id"),
	CONSTRAINT "outbound_exception_decisions_type_ck" CHECK ("outbound_exception_decisions"."type" between 1 and 4),
	CONSTRAINT "outbound_exception_decisions_decision_ck" CHECK ("outbound_exception_decisions"."decision" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "picking_tasks" ADD COLUMN "source_location" text;--> statement-breakpoint
ALTER TABLE "outbound_damage_reports" ADD CONSTRAINT "outbound_damage_reports_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_damage_reports" ADD CONSTRAINT "outbound_damage_reports_reported_by_users_user_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_exception_decisions" ADD CONSTRAINT "outbound_exception_decisions_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_exception_decisions" ADD CONSTRAINT "outbound_exception_decisions_decided_by_users_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_damage_reports_created_at_idx" ON "outbound_damage_reports" USING btree ("whs_id","created_at");