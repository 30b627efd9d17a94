CREATE SEQUENCE "public"."sub_picking_group_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "sub_picking_groups" (
	"whs_id" text NOT NULL,
	"group_id" text NOT NULL,
	"parent_task_no" text NOT NULL,
	"wave_no" text,
	"zone_id" text,
	"split_by" smallint NOT NULL,
	"split_value" integer NOT NULL,
	"sub_task_count" integer NOT NULL,
	"total_qty" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sub_picking_groups_whs_id_group_id_pk" PRIMARY KEY("whs_id","group_id"),
	CONSTRAINT "sub_picking_groups_status_ck" CHECK ("sub_picking_groups"."status" in (0, 1, 2, 9)),
	CONSTRAINT "sub_picking_groups_split_by_ck" CHECK ("sub_picking_groups"."split_by" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "picking_tasks" DROP CONSTRAINT "picking_tasks_status_ck";--> statement-breakpoint
ALTER TABLE "picking_tasks" ADD COLUMN "parent_task_no" text;--> statement-breakpoint
ALTER TABLE "picking_tasks" ADD COLUMN "sub_picking_group_id" text;--> statement-breakpoint
ALTER TABLE "sub_picking_groups" ADD CONSTRAINT "sub_picking_groups_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_picking_groups" ADD CONSTRAINT "sub_picking_groups_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_picking_groups" ADD CONSTRAINT "sub_picking_groups_parent_fk" FOREIGN KEY ("whs_id","parent_task_no") REFERENCES "public"."picking_tasks"("whs_id","task_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sub_picking_groups_created_at_idx" ON "sub_picking_groups" USING btree ("whs_id","created_at");--> statement-breakpoint
CREATE INDEX "sub_picking_groups_parent_idx" ON "sub_picking_groups" USING btree ("whs_id","parent_task_no");--> statement-breakpoint
CREATE INDEX "picking_tasks_sub_picking_group_idx" ON "picking_tasks" USING btree ("whs_id","sub_picking_group_id");--> statement-breakpoint
CREATE INDEX "picking_tasks_parent_idx" ON "picking_tasks" USING btree ("whs_id","parent_task_no");--> statement-breakpoint
ALTER TABLE "picking_tasks" ADD CONSTRAINT "picking_tasks_sub_picking_ck" CHECK (("picking_tasks"."parent_task_no" is null) = ("picking_tasks"."sub_picking_group_id" is null));--> statement-breakpoint
ALTER TABLE "picking_tasks" ADD CONSTRAINT "picking_tasks_status_ck" CHECK ("picking_tasks"."status" in (0, 1, 2, 9, 11));