CREATE TABLE "upload_slots" (
	"whs_id" text NOT NULL,
	"slot_id" serial NOT NULL,
	"user_id" integer NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	CONSTRAINT "upload_slots_whs_id_slot_id_pk" PRIMARY KEY("whs_id","slot_id")
);
--> statement-breakpoint
ALTER TABLE "upload_slots" ADD CONSTRAINT "upload_slots_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_slots_user_idx" ON "upload_slots" USING btree ("whs_id","user_id","held_until");