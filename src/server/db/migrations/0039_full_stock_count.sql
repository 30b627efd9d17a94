CREATE TABLE "full_stock_count_runs" (
	"whs_id" text NOT NULL,
	"run_id" bigserial NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_by" integer,
	"ended_at" timestamp with time zone,
	"ended_by" integer,
	CONSTRAINT "full_stock_count_runs_whs_id_run_id_pk" PRIMARY KEY("whs_id","run_id"),
	CONSTRAINT "full_stock_count_runs_end_ck" CHECK ("full_stock_count_runs"."ended_at" is null or "full_stock_count_runs"."ended_at" >= "full_stock_count_runs"."started_at")
);
--> statement-breakpoint
ALTER TABLE "full_stock_count_runs" ADD CONSTRAINT "full_stock_count_runs_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_stock_count_runs" ADD CONSTRAINT "full_stock_count_runs_started_by_users_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_stock_count_runs" ADD CONSTRAINT "full_stock_count_runs_ended_by_users_user_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "full_stock_count_runs_open_uq" ON "full_stock_count_runs" USING btree ("whs_id") WHERE "full_stock_count_runs"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "full_stock_count_runs_started_idx" ON "full_stock_count_runs" USING btree ("whs_id","started_at");