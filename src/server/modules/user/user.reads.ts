import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { ALL_PERMISSIONS } from '../../../shared/permissions';
import { resourcesContract } from '../../../shared/resources/registry-contract';
import type { Db } from '../../db/client';
import { accessStatusLogs, rolePermissions, roles, staffDepartments, userWarehouses, users, warehouses, wfmDepartments } from '../../db/schema';
import type { ListViewer, RowsQuery } from '../../http/list-query';
import { permissionOf, warehouseForbidden, warehousesHolding } from '../../common/access';

/**
 * The read models of the user administration lists (shared/resources/user.resource.ts,
 * role.resource.ts): one subquery per list request over the membership, account and role tables,
 * its columns named as the resource's fields. The warehouse lists keep to one warehouse; the
 * /user lists to what the viewer may see — everything for a super admin, else the warehouses
 * where they hold the list's permission and the accounts of those — which their exports read as
 * their owner.
 */

/** A column under the field's name, keeping how its values are read. */
const renamed = <T>(column: PgColumn, name: string) => sql<T>`${column}`.mapWith(column).as(name);
/** How many rows of `table` match the row at hand, as an int (PostgreSQL counts as bigint, which drivers hand back as text). */
const countIn = (table: PgTable, ...on: [PgColumn, PgColumn][]) =>
  sql<number>`(select count(*)::int from ${table} where ${sql.join(on.map(([theirs, ours]) => sql`${theirs} = ${ours}`), sql` and `)})`;

/** The members of a warehouse with their role, kind, status and department there. */
export function memberRows(db: Db, whsId: string) {
  return db.select({
    whs_id: userWarehouses.whsId,
    user_id: userWarehouses.userId,
    email: users.email,
    display_name: users.displayName,
    local_name: users.localName,
    role_id: userWarehouses.roleId,
    role_name: roles.roleName,
    user_kind: users.userKind,
    status: renamed<number>(users.staffStatus, 'status'),
    is_active: users.isActive,
    employment_type: users.employmentType,
    department_id: staffDepartments.departmentId,
    department_name: wfmDepartments.departmentName,
    is_super_admin: users.isSuperAdmin,
    is_tob_synced: sql<number>`(${users.tobSyncedAt} is not null)::int`.as('is_tob_synced'),
  }).from(userWarehouses)
    .innerJoin(users, eq(users.userId, userWarehouses.userId))
    .innerJoin(roles, and(eq(roles.whsId, userWarehouses.whsId), eq(roles.roleId, userWarehouses.roleId)))
    .leftJoin(staffDepartments, and(eq(staffDepartments.whsId, userWarehouses.whsId), eq(staffDepartments.userId, userWarehouses.userId)))
    .leftJoin(wfmDepartments, and(eq(wfmDepartments.whsId, staffDepartments.whsId), eq(wfmDepartments.departmentId, staffDepartments.departmentId)))
    .where(eq(userWarehouses.whsId, whsId))
    .as('members');
}

/** The roles of a warehouse; an all-permission role counts every permission there is. */
export function roleRows(db: Db, whsId: string) {
  return db.select({
    whs_id: roles.whsId,
    role_id: roles.roleId,
    role_name: roles.roleName,
    all_permissions: roles.allPermissions,
    permission_count: sql<number>`(case when ${roles.allPermissions} then ${sql.raw(String(ALL_PERMISSIONS.length))}
      else ${countIn(rolePermissions, [rolePermissions.whsId, roles.whsId], [rolePermissions.roleId, roles.roleId])} end)`.as('permission_count'),
    user_count: countIn(userWarehouses, [userWarehouses.whsId, roles.whsId], [userWarehouses.roleId, roles.roleId]).as('user_count'),
  }).from(roles)
    .where(eq(roles.whsId, whsId))
    .as('warehouse_roles');
}

/** The permission of each /user list: a warehouse's rows are shown only to holders of it there. */
const LIST_PERM = {
  accounts: permissionOf(resourcesContract.searchUser),
  warehouses: permissionOf(resourcesContract.searchUserWarehouse),
  members: permissionOf(resourcesContract.searchWarehouseUser),
  roles: permissionOf(resourcesContract.searchWarehouseRole),
};

/** The warehouses whose rows a /user list shows the viewer: where they hold its permission; null for a super admin (all of them). */
function visibleWarehouses(db: Db, viewer: ListViewer | null, perm: string): Promise<string[] | null> {
  if (viewer === null) throw new Error('the user administration lists are read for a signed-in user');
  return warehousesHolding(db, viewer.userId, perm);
}

const inWarehouses = (column: PgColumn, whsIds: readonly string[]) => inArray(column, whsIds.length > 0 ? [...whsIds] : ['']);

/** The warehouse a /user/warehouselist list is of (its `whs_id`, else the viewer's); -100403 where the viewer does not hold the list's permission. */
async function listedWarehouse(db: Db, viewer: ListViewer | null, asked: unknown, perm: string): Promise<string> {
  const visible = await visibleWarehouses(db, viewer, perm);
  const whsId = typeof asked === 'string' ? asked : viewer!.whsId;
  if (visible !== null && !visible.includes(whsId)) throw warehouseForbidden(whsId, perm);
  return whsId;
}

const warehouseOf = (whsId: string | null): string => {
  if (whsId === null) throw new Error('a warehouse list needs the session\'s warehouse');
  return whsId;
};

const FEW_MEMBERS = 'one warehouse\'s members or roles, read through its key: a few thousand rows at most, sorted and searched as they are';
const memberIndexes = { unindexed: { fields: ['email', 'display_name', 'local_name', 'role_name', 'department_name'], reason: FEW_MEMBERS } };
const roleIndexes = { unindexed: { fields: ['role_name', 'permission_count', 'user_count'], reason: FEW_MEMBERS } };

/** The user administration read models by the name their resources give (`query`). */
export const USER_READS: Readonly<Record<string, RowsQuery>> = {
  warehouse_members: {
    rows: ({ db, whsId }) => memberRows(db, warehouseOf(whsId)),
    indexedBy: { user_id: userWarehouses.userId },
    ...memberIndexes,
  },
  warehouse_members_of: {
    rows: async ({ db, viewer, request }) => memberRows(db, await listedWarehouse(db, viewer, request.whs_id, LIST_PERM.members)),
    indexedBy: { user_id: [userWarehouses.whsId, userWarehouses.userId] },
    ...memberIndexes,
  },
  warehouse_roles: {
    rows: ({ db, whsId }) => roleRows(db, warehouseOf(whsId)),
    indexedBy: { role_id: roles.roleId },
    ...roleIndexes,
  },
  warehouse_roles_of: {
    rows: async ({ db, viewer, request }) => roleRows(db, await listedWarehouse(db, viewer, request.whs_id, LIST_PERM.roles)),
    indexedBy: { role_id: [roles.whsId, roles.roleId] },
    ...roleIndexes,
  },
  accounts: {
    async rows({ db, viewer }) {
      const visible = await visibleWarehouses(db, viewer, LIST_PERM.accounts);
      const sharing = visible === null ? undefined
        : inArray(users.userId, db.select({ userId: userWarehouses.userId }).from(userWarehouses).where(inWarehouses(userWarehouses.whsId, visible)));
      return db.select({
        user_id: users.userId,
        email: users.email,
        display_name: users.displayName,
        local_name: users.localName,
        user_kind: users.userKind,
        status: renamed<number>(users.staffStatus, 'status'),
        is_active: users.isActive,
        is_super_admin: users.isSuperAdmin,
        warehouse_count: countIn(userWarehouses, [userWarehouses.userId, users.userId]).as('warehouse_count'),
      }).from(users).where(sharing).as('accounts');
    },
    indexedBy: { user_id: users.userId },
    unindexed: {
      fields: ['email', 'display_name', 'warehouse_count'],
      reason: 'accounts are the people of the operation (thousands, not millions): sorted and searched as they are; a trigram index on users would serve a larger set',
    },
  },
  warehouse_counts: {
    async rows({ db, viewer }) {
      const visible = await visibleWarehouses(db, viewer, LIST_PERM.warehouses);
      return db.select({
        whs_id: warehouses.whsId,
        whs_name: warehouses.whsName,
        user_count: countIn(userWarehouses, [userWarehouses.whsId, warehouses.whsId]).as('user_count'),
        role_count: countIn(roles, [roles.whsId, warehouses.whsId]).as('role_count'),
      }).from(warehouses).where(visible === null ? undefined : inWarehouses(warehouses.whsId, visible)).as('warehouse_counts');
    },
    indexedBy: { whs_id: warehouses.whsId, whs_name: warehouses.whsName },
    unindexed: { fields: ['user_count'], reason: 'one row per warehouse: a few dozen' },
  },
  access_status_logs: {
    rows({ db, whsId }) {
      const operator = alias(users, 'operator');
      return db.select({
        whs_id: accessStatusLogs.whsId,
        log_id: accessStatusLogs.logId,
        user_id: accessStatusLogs.userId,
        email: users.email,
        from_status: accessStatusLogs.fromStatus,
        to_status: accessStatusLogs.toStatus,
        is_active: accessStatusLogs.isActive,
        operator_email: renamed<string>(operator.email, 'operator_email'),
        reason: accessStatusLogs.reason,
        created_at: accessStatusLogs.createdAt,
      }).from(accessStatusLogs)
        .innerJoin(users, eq(users.userId, accessStatusLogs.userId))
        .innerJoin(operator, eq(operator.userId, accessStatusLogs.operatorId))
        .where(eq(accessStatusLogs.whsId, warehouseOf(whsId)))
        .as('access_status_logs');
    },
    indexedBy: { log_id: accessStatusLogs.logId },
  },
};
