import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rolePermissions, roles, userWarehouses, users } from '../../db/schema';
import { ALL_PERMISSIONS, MENU_PERMISSIONS } from '../../../shared/permissions';

const MENU_SET = new Set(MENU_PERMISSIONS);

/** Every permission the user holds in the warehouse: their role's, or all for super admins and all-permission roles. */
export async function userPermissions(db: Db, userId: number, whsId: string): Promise<Set<string>> {
  const [member] = await db
    .select({ roleId: userWarehouses.roleId, allPermissions: roles.allPermissions, isSuperAdmin: users.isSuperAdmin })
    .from(users)
    .leftJoin(userWarehouses, and(eq(userWarehouses.userId, users.userId), eq(userWarehouses.whsId, whsId)))
    .leftJoin(roles, and(eq(roles.whsId, userWarehouses.whsId), eq(roles.roleId, userWarehouses.roleId)))
    .where(eq(users.userId, userId));
  if (!member) return new Set();
  if (member.isSuperAdmin || member.allPermissions) return new Set(ALL_PERMISSIONS);
  if (member.roleId == null) return new Set();
  const rows = await db
    .select({ perm: rolePermissions.perm })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.whsId, whsId), eq(rolePermissions.roleId, member.roleId)));
  return new Set(rows.map((r) => r.perm));
}

export const menuKeysOf = (perms: Set<string>) => [...perms].filter((p) => MENU_SET.has(p)).sort();
