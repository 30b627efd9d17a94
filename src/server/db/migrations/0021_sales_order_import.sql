-- Sales order import (docs/outbound.md): the uploaded sheet as a task of the queue and its orders with what became of each.
CREATE TABLE "sales_order_import_orders" (
	"whs_id" text NOT NULL,
	"task_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"external_no" text NOT NULL,
	"row_nos" jsonb NOT NULL,
	"input" jsonb,
	"outcome" smallint,
	"order_no" text,
	"retcode" integer,
	"message" text DEFAULT '' NOT NULL,
	"refused_rows" jsonb,
	CONSTRAINT "sales_order_import_orders_whs_id_task_id_seq_pk" PRIMARY KEY("whs_id","task_id","seq"),
	CONSTRAINT "sales_order_import_orders_outcome_ck" CHECK ("sales_order_import_orders"."outcome" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "sales_order_import_tasks" (
	"whs_id" text NOT NULL,
	"task_id" serial NOT NULL,
	"user_id" integer NOT NULL,
	"operator_email" text NOT NULL,
	"file_name" text NOT NULL,
	"file_format" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"order_count" integer NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"received_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sales_order_import_tasks_whs_id_task_id_pk" PRIMARY KEY("whs_id","task_id")
);
--> statement-breakpoint
ALTER TABLE "sales_order_import_orders" ADD CONSTRAINT "sales_order_import_orders_whs_id_task_id_sales_order_import_tasks_whs_id_task_id_fk" FOREIGN KEY ("whs_id","task_id") REFERENCES "public"."sales_order_import_tasks"("whs_id","task_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_import_tasks" ADD CONSTRAINT "sales_order_import_tasks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_import_tasks" ADD CONSTRAINT "sales_order_import_tasks_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_order_import_tasks_created_at_idx" ON "sales_order_import_tasks" USING btree ("whs_id","created_at");