ALTER TABLE "asn_lines" ADD COLUMN "vas_kind" smallint;--> statement-breakpoint
ALTER TABLE "asn_lines" ADD CONSTRAINT "asn_lines_vas_kind_ck" CHECK ("asn_lines"."vas_kind" is null or "asn_lines"."vas_kind" between 5 and 7);--> statement-breakpoint
ALTER TABLE "inbound_tasks" ADD COLUMN "exception_no" text;--> statement-breakpoint
ALTER TABLE "inbound_exceptions" ADD COLUMN "task_line_no" smallint;--> statement-breakpoint
ALTER TABLE "inbound_exceptions" ADD COLUMN "hold_location" text;--> statement-breakpoint
ALTER TABLE "inbound_exceptions" ADD COLUMN "hold_batch_id" text;--> statement-breakpoint
ALTER TABLE "inbound_exceptions" ADD COLUMN "hold_quality" smallint;--> statement-breakpoint
ALTER TABLE "inbound_exceptions" ADD COLUMN "held_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_exceptions" ADD COLUMN "result_no" text;--> statement-breakpoint
ALTER TABLE "inbound_exceptions" ADD CONSTRAINT "inbound_exceptions_hold_ck" CHECK ("inbound_exceptions"."held_qty" between 0 and 99999 and ("inbound_exceptions"."held_qty" = 0 or ("inbound_exceptions"."hold_location" is not null and "inbound_exceptions"."hold_batch_id" is not null and "inbound_exceptions"."hold_quality" in (1, 2))));--> statement-breakpoint
CREATE TABLE "vas_task_lines" (
	"whs_id" text NOT NULL,
	"task_no" text NOT NULL,
	"line_no" smallint NOT NULL,
	"asn_no" text,
	"sku_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"quality" smallint NOT NULL,
	"location" text NOT NULL,
	"qty" integer NOT NULL,
	"done_qty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vas_task_lines_whs_id_task_no_line_no_pk" PRIMARY KEY("whs_id","task_no","line_no"),
	CONSTRAINT "vas_task_lines_qty_ck" CHECK ("vas_task_lines"."qty" between 1 and 99999 and "vas_task_lines"."done_qty" between 0 and "vas_task_lines"."qty"),
	CONSTRAINT "vas_task_lines_quality_ck" CHECK ("vas_task_lines"."quality" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "vas_task_lines" ADD CONSTRAINT "vas_task_lines_task_fk" FOREIGN KEY ("whs_id","task_no") REFERENCES "public"."inbound_tasks"("whs_id","task_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vas_task_lines" ADD CONSTRAINT "vas_task_lines_batch_fk" FOREIGN KEY ("whs_id","sku_id","batch_id") REFERENCES "public"."sku_batches"("whs_id","sku_id","batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vas_task_lines_sku_idx" ON "vas_task_lines" USING btree ("whs_id","sku_id");
