import { integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Read models of the user administration lists: SQL views made by migration 0007_user_admin,
 * with columns named as their resource's fields so the derived list query runs on them.
 * Declared here rather than in db/schema.ts so that drizzle-kit never tries to create them as
 * tables; the migration is their definition.
 */

export const userAdminRows = pgTable('user_admin_rows', {
  whsId: text('whs_id').notNull(),
  userId: integer('user_id').notNull(),
  email: text('email').notNull(),
  displayName: text('display_name').notNull(),
  localName: text('local_name').notNull(),
  roleId: integer('role_id').notNull(),
  roleName: text('role_name').notNull(),
  userKind: smallint('user_kind').notNull(),
  status: smallint('status').notNull(),
  isActive: integer('is_active').notNull(),
  employmentType: smallint('employment_type').notNull(),
  departmentId: integer('department_id'),
  departmentName: text('department_name'),
  isSuperAdmin: integer('is_super_admin').notNull(),
  isTobSynced: integer('is_tob_synced').notNull(),
});

export const userGlobalRows = pgTable('user_global_rows', {
  userId: integer('user_id').notNull(),
  email: text('email').notNull(),
  displayName: text('display_name').notNull(),
  localName: text('local_name').notNull(),
  userKind: smallint('user_kind').notNull(),
  status: smallint('status').notNull(),
  isActive: integer('is_active').notNull(),
  isSuperAdmin: integer('is_super_admin').notNull(),
  warehouseCount: integer('warehouse_count').notNull(),
});

export const warehouseUserRows = pgTable('warehouse_user_rows', {
  whsId: text('whs_id').notNull(),
  whsName: text('whs_name').notNull(),
  userCount: integer('user_count').notNull(),
  roleCount: integer('role_count').notNull(),
});

export const roleRows = pgTable('role_rows', {
  whsId: text('whs_id').notNull(),
  roleId: integer('role_id').notNull(),
  roleName: text('role_name').notNull(),
  allPermissions: integer('all_permissions').notNull(),
  permissionCount: integer('permission_count').notNull(),
  userCount: integer('user_count').notNull(),
});
