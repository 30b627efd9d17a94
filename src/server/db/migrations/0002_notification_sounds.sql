CREATE TABLE "notification_sounds" (
	"whs_id" text NOT NULL,
	"platform" smallint NOT NULL,
	"node_name" text NOT NULL,
	"sound_type" smallint NOT NULL,
	"clip" text NOT NULL,
	"voice" smallint NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_sounds_whs_id_platform_node_name_pk" PRIMARY KEY("whs_id","platform","node_name"),
	CONSTRAINT "notification_sounds_platform_ck" CHECK ("notification_sounds"."platform" in (1, 2)),
	CONSTRAINT "notification_sounds_sound_type_ck" CHECK ("notification_sounds"."sound_type" in (1, 2)),
	CONSTRAINT "notification_sounds_clip_ck" CHECK ("notification_sounds"."clip" in ('A', 'B', 'C')),
	CONSTRAINT "notification_sounds_voice_ck" CHECK ("notification_sounds"."voice" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "notification_sounds" ADD CONSTRAINT "notification_sounds_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_sounds" ADD CONSTRAINT "notification_sounds_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;