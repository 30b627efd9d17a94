CREATE TABLE "flow_pick_settings" (
	"whs_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"zone_ids" text DEFAULT '' NOT NULL,
	"max_orders" integer DEFAULT 20 NOT NULL,
	"max_units" integer,
	"item_kind" smallint DEFAULT 0 NOT NULL,
	"min_priority" smallint DEFAULT 2 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_pick_settings_max_orders_ck" CHECK ("flow_pick_settings"."max_orders" between 1 and 1000),
	CONSTRAINT "flow_pick_settings_max_units_ck" CHECK ("flow_pick_settings"."max_units" is null or "flow_pick_settings"."max_units" between 1 and 5000),
	CONSTRAINT "flow_pick_settings_item_kind_ck" CHECK ("flow_pick_settings"."item_kind" in (0, 1)),
	CONSTRAINT "flow_pick_settings_min_priority_ck" CHECK ("flow_pick_settings"."min_priority" in (2, 3))
);
--> statement-breakpoint
CREATE TABLE "flow_picking_skills" (
	"whs_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"zone_ids" text NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_picking_skills_whs_id_user_id_pk" PRIMARY KEY("whs_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "waves" ADD COLUMN "is_flow" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_pick_settings" ADD CONSTRAINT "flow_pick_settings_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_pick_settings" ADD CONSTRAINT "flow_pick_settings_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_picking_skills" ADD CONSTRAINT "flow_picking_skills_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_picking_skills" ADD CONSTRAINT "flow_picking_skills_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_picking_skills_zone_ids_trgm_idx" ON "flow_picking_skills" USING gin ("zone_ids" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_flow_ck" CHECK (not ("waves"."is_flow" and ("waves"."is_manual" or "waves"."auto_wave_rule_id" is not null)));