ALTER TABLE "outbound_allocations" ADD COLUMN "slot_no" smallint;--> statement-breakpoint
ALTER TABLE "picking_rules" ADD COLUMN "cart_slots" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_allocations" ADD CONSTRAINT "outbound_allocations_slot_ck" CHECK ("outbound_allocations"."slot_no" between 1 and 99);--> statement-breakpoint
ALTER TABLE "picking_rules" ADD CONSTRAINT "picking_rules_cart_slots_ck" CHECK ("picking_rules"."cart_slots" between 1 and 99);