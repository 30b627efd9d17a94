-- The counters replace the event log; the failures logged in the last minutes are not carried over
-- (at worst an attacker mid-way starts a fresh count once, when this is deployed).
CREATE TABLE "rate_limits" (
	"rule" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"attempts" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_rule_account_address_pk" PRIMARY KEY("rule","account","address")
);
--> statement-breakpoint
DROP TABLE "rate_events" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_limits_last_at_idx" ON "rate_limits" USING btree ("last_at");