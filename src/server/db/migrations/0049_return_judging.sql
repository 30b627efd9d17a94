CREATE TABLE "return_inbound_rules" (
	"whs_id" text NOT NULL,
	"rule_id" serial NOT NULL,
	"rule_name" text NOT NULL,
	"priority" integer NOT NULL,
	"condition" smallint,
	"return_reason" smallint,
	"judgement" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_inbound_rules_whs_id_rule_id_pk" PRIMARY KEY("whs_id","rule_id"),
	CONSTRAINT "return_inbound_rules_judgement_ck" CHECK ("return_inbound_rules"."judgement" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "return_qc_checks" (
	"whs_id" text NOT NULL,
	"check_id" serial NOT NULL,
	"sequence" integer NOT NULL,
	"check_name" text NOT NULL,
	"fail_condition" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_qc_checks_whs_id_check_id_pk" PRIMARY KEY("whs_id","check_id"),
	CONSTRAINT "return_qc_checks_condition_ck" CHECK ("return_qc_checks"."fail_condition" in (2, 3))
);
--> statement-breakpoint
CREATE TABLE "return_units" (
	"whs_id" text NOT NULL,
	"asn_no" text NOT NULL,
	"unit_no" integer NOT NULL,
	"sku_id" text NOT NULL,
	"condition" smallint NOT NULL,
	"return_reason" smallint NOT NULL,
	"failed_checks" integer[] NOT NULL,
	"judgement" smallint,
	"rule_id" integer,
	"rule_judgement" smallint,
	"override_reason" text,
	"dispute_no" text,
	"judged_by" integer NOT NULL,
	"judged_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_units_whs_id_asn_no_unit_no_pk" PRIMARY KEY("whs_id","asn_no","unit_no"),
	CONSTRAINT "return_units_condition_ck" CHECK ("return_units"."condition" between 1 and 3),
	CONSTRAINT "return_units_judged_ck" CHECK (("return_units"."judgement" is null) <> ("return_units"."dispute_no" is null))
);
--> statement-breakpoint
ALTER TABLE "return_inbound_rules" ADD CONSTRAINT "return_inbound_rules_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_qc_checks" ADD CONSTRAINT "return_qc_checks_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_whs_id_warehouses_whs_id_fk" FOREIGN KEY ("whs_id") REFERENCES "public"."warehouses"("whs_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_judged_by_users_user_id_fk" FOREIGN KEY ("judged_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_asn_fk" FOREIGN KEY ("whs_id","asn_no") REFERENCES "public"."asn_orders"("whs_id","asn_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_dispute_fk" FOREIGN KEY ("whs_id","dispute_no") REFERENCES "public"."return_disputes"("whs_id","dispute_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_rule_fk" FOREIGN KEY ("whs_id","rule_id") REFERENCES "public"."return_inbound_rules"("whs_id","rule_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_inbound_rules_priority_idx" ON "return_inbound_rules" USING btree ("whs_id","priority");--> statement-breakpoint
CREATE INDEX "return_inbound_rules_rule_name_trgm_idx" ON "return_inbound_rules" USING gin ("rule_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "return_qc_checks_sequence_idx" ON "return_qc_checks" USING btree ("whs_id","sequence");--> statement-breakpoint
CREATE INDEX "return_qc_checks_check_name_trgm_idx" ON "return_qc_checks" USING gin ("check_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "return_units_dispute_idx" ON "return_units" USING btree ("whs_id","dispute_no");