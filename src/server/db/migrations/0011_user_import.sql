CREATE TABLE "user_import_tasks" (
	"whs_id" text NOT NULL,
	"task_id" serial NOT NULL,
	"user_id" integer NOT NULL,
	"operator_email" text NOT NULL,
	"file_name" text NOT NULL,
	"file_format" text NOT NULL,
	"columns" jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"row_count" integer NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "user_import_tasks_whs_id_task_id_pk" PRIMARY KEY("whs_id","task_id"),
	CONSTRAINT "user_import_tasks_status_ck" CHECK ("user_import_tasks"."status" in (0, 1, 2, 3)),
	CONSTRAINT "user_import_tasks_progress_ck" CHECK ("user_import_tasks"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "user_import_rows" (
	"whs_id" text NOT NULL,
	"task_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"outcome" smallint,
	"user_id" integer,
	"message" text DEFAULT '' NOT NULL,
	CONSTRAINT "user_import_rows_whs_id_task_id_row_no_pk" PRIMARY KEY("whs_id","task_id","row_no"),
	CONSTRAINT "user_import_rows_outcome_ck" CHECK ("user_import_rows"."outcome" in (1, 2, 3, 4))
);
--> statement-breakpoint
ALTER TABLE "user_import_tasks" ADD CONSTRAINT "user_import_tasks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_tasks" ADD CONSTRAINT "user_import_tasks_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD CONSTRAINT "user_import_rows_whs_id_task_id_user_import_tasks_whs_id_task_id_fk" FOREIGN KEY ("whs_id","task_id") REFERENCES "public"."user_import_tasks"("whs_id","task_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_import_tasks_created_at_idx" ON "user_import_tasks" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "user_import_tasks_file_name_trgm_idx" ON "user_import_tasks" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_import_tasks_operator_email_trgm_idx" ON "user_import_tasks" USING gin ("operator_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_import_tasks_queue_idx" ON "user_import_tasks" USING btree ("created_at") WHERE "user_import_tasks"."status" in (0, 1);--> statement-breakpoint
-- Synced accounts are those sync_user_to_tob pushed to the business-user system (docs/user-admin.md):
-- accounts marked synced before this model keep their mark and become that kind.
UPDATE "users" SET "user_kind" = 3 WHERE "tob_synced_at" IS NOT NULL AND "user_kind" = 1;--> statement-breakpoint
UPDATE "users" SET "tob_synced_at" = "created_at" WHERE "user_kind" = 3 AND "tob_synced_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_synced_kind_ck" CHECK ("users"."user_kind" <> 3 or "users"."tob_synced_at" is not null);
