import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accessStatusLogs, rolePermissions, roles, userWarehouses, users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { AuthedCtx } from '../../http/register';
import { userPermissions } from '../system/access';
import { hashPassword } from '../system/passwords';
import { RET } from '../../../shared/retcodes';
import { ALL_PERMISSIONS } from '../../../shared/permissions';
import { hashPasswordForTransport } from '../../../shared/password-hash';
import { userAdminRows } from './user-views';

/**
 * The rules every user and role administration call follows (docs/user-admin.md):
 * - only members and roles of the warehouse in question are seen or changed (others: -100404);
 * - nobody becomes a super admin through the API, and only a super admin changes one;
 * - nobody grants more than they hold: a role may be given or edited by someone holding all
 *   of its permissions (an all-permission role: by someone holding every permission);
 * - nobody changes their own role or status, nor the permissions of the role they hold
 *   (super admins excepted: they hold everything whatever their role says).
 */

export interface Actor {
  userId: number;
  isSuperAdmin: boolean;
  perms: Set<string>;
  holdsAll: boolean;
}

export async function actorOf({ db, session }: AuthedCtx, whsId = session.whsId): Promise<Actor> {
  const perms = await userPermissions(db, session.userId, whsId);
  return { userId: session.userId, isSuperAdmin: session.isSuperAdmin, perms, holdsAll: ALL_PERMISSIONS.every((p) => perms.has(p)) };
}

export const refuse = (message: string) => new ApiError(RET.PERMISSION_DENIED, message, null, 403);

export interface RoleGrant {
  roleId: number;
  roleName: string;
  allPermissions: boolean;
  perms: string[];
}

/** A role of the warehouse with its permissions; -100404 when the warehouse has no such role. */
export async function roleOf(db: Db, whsId: string, roleId: number): Promise<RoleGrant> {
  const [role] = await db.select().from(roles).where(and(eq(roles.whsId, whsId), eq(roles.roleId, roleId)));
  if (!role) throw new ApiError(RET.NOT_FOUND, `Role ${roleId} not found in this warehouse.`, null, 404);
  const rows = await db.select({ perm: rolePermissions.perm }).from(rolePermissions)
    .where(and(eq(rolePermissions.whsId, whsId), eq(rolePermissions.roleId, roleId))).orderBy(asc(rolePermissions.perm));
  return { roleId: role.roleId, roleName: role.roleName, allPermissions: role.allPermissions, perms: rows.map((r) => r.perm) };
}

/** Why the actor may not grant these permissions (no one grants more than they have); null when they may. */
export function grantRefusal(actor: Actor, perms: readonly string[], allPermissions = false): string | null {
  if (actor.isSuperAdmin) return null;
  if (allPermissions && !actor.holdsAll) return 'Only someone holding every permission may grant an all-permission role.';
  const missing = perms.filter((p) => !actor.perms.has(p));
  if (missing.length > 0) return `You cannot grant permissions you do not hold: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''}.`;
  return null;
}

/** Refuses permissions the actor does not hold. */
export function assertMayGrant(actor: Actor, perms: readonly string[], allPermissions = false) {
  const refusal = grantRefusal(actor, perms, allPermissions);
  if (refusal) throw refuse(refusal);
}

export interface Member {
  userId: number;
  roleId: number;
  isSuperAdmin: boolean;
  staffStatus: number;
  isActive: boolean;
}

/** A member of the warehouse; -100404 when the user is not one (or does not exist). */
export async function memberOf(db: Db, whsId: string, userId: number): Promise<Member> {
  const [row] = await db
    .select({ userId: users.userId, roleId: userWarehouses.roleId, isSuperAdmin: users.isSuperAdmin, staffStatus: users.staffStatus, isActive: users.isActive })
    .from(userWarehouses).innerJoin(users, eq(users.userId, userWarehouses.userId))
    .where(and(eq(userWarehouses.whsId, whsId), eq(userWarehouses.userId, userId)));
  if (!row) throw new ApiError(RET.NOT_FOUND, `User ${userId} not found in this warehouse.`, null, 404);
  return row;
}

/** Super admins are changed by super admins only. */
export function assertMayEdit(actor: Actor, member: Member) {
  if (member.isSuperAdmin && !actor.isSuperAdmin) throw refuse('Only a super admin may change a super admin.');
}

const PASSWORD_ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];
const TEMPORARY_PASSWORD_LENGTH = 12;

/**
 * A random temporary password meeting the policy (upper, lower, digits; no look-alikes), and its
 * stored form (scrypt of the client-side hash, as sign-in will send it).
 */
export async function temporaryPassword(): Promise<{ password: string; stored: string }> {
  const all = PASSWORD_ALPHABETS.join('');
  const chars = PASSWORD_ALPHABETS.map((a) => a[randomInt(a.length)]!);
  while (chars.length < TEMPORARY_PASSWORD_LENGTH) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  return { password, stored: await hashPassword(hashPasswordForTransport(password)) };
}

/** Warehouses the signed-in user belongs to (null for a super admin: all of them). */
export async function visibleWarehouses(db: Db, actor: Actor): Promise<string[] | null> {
  if (actor.isSuperAdmin) return null;
  const rows = await db.select({ whsId: userWarehouses.whsId }).from(userWarehouses).where(eq(userWarehouses.userId, actor.userId));
  return rows.map((r) => r.whsId);
}

export const inWarehouses = (column: Parameters<typeof inArray>[0], whsIds: string[]) => inArray(column, whsIds.length > 0 ? whsIds : ['']);

/** Access status changes made in a warehouse, newest first; optionally of one user. */
export async function accessLogPage(db: Db, whsId: string, userId: number | undefined, pageNo: number, pageSize: number) {
  const operator = alias(users, 'operator');
  const where = and(eq(accessStatusLogs.whsId, whsId), userId === undefined ? undefined : eq(accessStatusLogs.userId, userId));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db.select({
      log_id: accessStatusLogs.logId, user_id: accessStatusLogs.userId, email: users.email, operator_email: operator.email,
      from_status: accessStatusLogs.fromStatus, to_status: accessStatusLogs.toStatus, is_active: accessStatusLogs.isActive,
      reason: accessStatusLogs.reason, created_at: accessStatusLogs.createdAt,
    }).from(accessStatusLogs)
      .innerJoin(users, eq(users.userId, accessStatusLogs.userId))
      .innerJoin(operator, eq(operator.userId, accessStatusLogs.operatorId))
      .where(where).orderBy(desc(accessStatusLogs.createdAt), desc(accessStatusLogs.logId))
      .limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ total: count() }).from(accessStatusLogs).where(where),
  ]);
  return {
    list: rows.map((r) => ({ ...r, is_active: r.is_active ? (1 as const) : (0 as const), created_at: Math.floor(r.created_at.getTime() / 1000) })),
    total: Number(total), page_no: pageNo, page_size: pageSize,
  };
}

/** One member's row of the user list (the `user_admin_rows` view); -100404 when not a member. */
export async function memberRow(db: Db, whsId: string, userId: number) {
  const [row] = await db.select().from(userAdminRows).where(and(eq(userAdminRows.whsId, whsId), eq(userAdminRows.userId, userId)));
  if (!row) throw new ApiError(RET.NOT_FOUND, `User ${userId} not found in this warehouse.`, null, 404);
  return {
    user_id: row.userId, email: row.email, display_name: row.displayName, local_name: row.localName, role_id: row.roleId, role_name: row.roleName,
    user_kind: row.userKind, status: row.status, is_active: row.isActive, employment_type: row.employmentType,
    department_id: row.departmentId, department_name: row.departmentName, is_super_admin: row.isSuperAdmin, is_tob_synced: row.isTobSynced,
  };
}
