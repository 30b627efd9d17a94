-- The user administration lists read registered read models (server/modules/user/user.reads.ts);
-- the views of 0006 that they replaced are read by nothing.
DROP VIEW IF EXISTS "user_admin_rows";--> statement-breakpoint
DROP VIEW IF EXISTS "user_global_rows";--> statement-breakpoint
DROP VIEW IF EXISTS "warehouse_user_rows";--> statement-breakpoint
DROP VIEW IF EXISTS "role_rows";
