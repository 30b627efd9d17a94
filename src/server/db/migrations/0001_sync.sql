CREATE TABLE "sync_ops" (
	"whs_id" text NOT NULL,
	"op_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"payload_hash" text NOT NULL,
	"status" text NOT NULL,
	"retcode" integer NOT NULL,
	"message" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution_reason" text,
	CONSTRAINT "sync_ops_whs_id_op_id_pk" PRIMARY KEY("whs_id","op_id")
);
--> statement-breakpoint
CREATE TABLE "sync_streams" (
	"whs_id" text NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"acked_seq" bigint DEFAULT 0 NOT NULL,
	"last_contact_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"oldest_pending_at" timestamp with time zone,
	"app_version" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	CONSTRAINT "sync_streams_whs_id_device_id_user_id_pk" PRIMARY KEY("whs_id","device_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_ops" ADD CONSTRAINT "sync_ops_resolved_by_users_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_streams" ADD CONSTRAINT "sync_streams_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sync_ops_stream_seq_uq" ON "sync_ops" USING btree ("whs_id","device_id","user_id","seq");--> statement-breakpoint
CREATE INDEX "sync_ops_unresolved_idx" ON "sync_ops" USING btree ("whs_id","device_id","user_id") WHERE "sync_ops"."status" = 'rejected' and "sync_ops"."resolved_at" is null;