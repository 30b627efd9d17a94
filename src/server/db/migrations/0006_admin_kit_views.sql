-- Backfill: a disabled account is a terminated one; every existing account is an own one (the default).
UPDATE "users" SET "staff_status" = 2 WHERE NOT "is_active";--> statement-breakpoint
-- Read models of the user administration lists (server/modules/user/user-views.ts): one row per
-- list row, columns named as the resource fields, so the derived list query runs on them.
CREATE VIEW "user_admin_rows" AS
SELECT uw."whs_id", u."user_id", u."email", u."display_name", u."local_name", uw."role_id", r."role_name",
	u."user_kind", u."staff_status" AS "status", u."is_active"::int AS "is_active", u."employment_type",
	sd."department_id", d."department_name", u."is_super_admin"::int AS "is_super_admin",
	(u."tob_synced_at" IS NOT NULL)::int AS "is_tob_synced"
FROM "user_warehouses" uw
JOIN "users" u ON u."user_id" = uw."user_id"
JOIN "roles" r ON r."whs_id" = uw."whs_id" AND r."role_id" = uw."role_id"
LEFT JOIN "staff_departments" sd ON sd."whs_id" = uw."whs_id" AND sd."user_id" = uw."user_id"
LEFT JOIN "wfm_departments" d ON d."whs_id" = sd."whs_id" AND d."department_id" = sd."department_id";--> statement-breakpoint
CREATE VIEW "user_global_rows" AS
SELECT u."user_id", u."email", u."display_name", u."local_name", u."user_kind", u."staff_status" AS "status",
	u."is_active"::int AS "is_active", u."is_super_admin"::int AS "is_super_admin",
	(SELECT count(*)::int FROM "user_warehouses" uw WHERE uw."user_id" = u."user_id") AS "warehouse_count"
FROM "users" u;--> statement-breakpoint
CREATE VIEW "warehouse_user_rows" AS
SELECT w."whs_id", w."whs_name",
	(SELECT count(*)::int FROM "user_warehouses" uw WHERE uw."whs_id" = w."whs_id") AS "user_count",
	(SELECT count(*)::int FROM "roles" r WHERE r."whs_id" = w."whs_id") AS "role_count"
FROM "warehouses" w;--> statement-breakpoint
CREATE VIEW "role_rows" AS
SELECT r."whs_id", r."role_id", r."role_name", r."all_permissions"::int AS "all_permissions",
	(SELECT count(*)::int FROM "role_permissions" rp WHERE rp."whs_id" = r."whs_id" AND rp."role_id" = r."role_id") AS "permission_count",
	(SELECT count(*)::int FROM "user_warehouses" uw WHERE uw."whs_id" = r."whs_id" AND uw."role_id" = r."role_id") AS "user_count"
FROM "roles" r;
