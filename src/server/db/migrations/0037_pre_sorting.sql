CREATE SEQUENCE "public"."pre_sorting_task_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "sorting_task_orders" ADD COLUMN "tote_code" text;--> statement-breakpoint
ALTER TABLE "sorting_tasks" ADD COLUMN "stage" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
CREATE INDEX "sorting_task_orders_tote_idx" ON "sorting_task_orders" USING btree ("whs_id","tote_code");--> statement-breakpoint
ALTER TABLE "sorting_tasks" ADD CONSTRAINT "sorting_tasks_stage_ck" CHECK ("sorting_tasks"."stage" in (1, 2));