import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rolePermissions, roles, userWarehouses, users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { hashPassword } from '../../common/passwords';
import { refuse, type Actor } from '../../common/account-rules';
import { RET } from '../../../shared/retcodes';
import { hashPasswordForTransport } from '../../../shared/password-hash';
import { userResource } from '../../../shared/resources/user.resource';
import { toApiRow } from '../../http/list-query';
import { memberRows } from './user.reads';

/**
 * The rules every user and role administration call follows (docs/user-admin.md):
 * - only members and roles of the warehouse in question are seen or changed (others: -100404);
 * - nobody becomes a super admin through the API, and only a super admin changes one;
 * - nobody grants more than they hold: a role may be given or edited by someone holding all
 *   of its permissions (an all-permission role: by someone holding every permission);
 * - nobody takes over an account stronger than their own: an existing account is changed only by
 *   someone holding, in every warehouse it belongs to, at least what it holds there (assertMayChange);
 * - nobody changes their own role or status, nor the permissions of the role they hold
 *   (super admins excepted: they hold everything whatever their role says).
 */

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
  staffStatus: number;
  userKind: number;
}

/** A member of the warehouse; -100404 when the user is not one (or does not exist). */
export async function memberOf(db: Db, whsId: string, userId: number): Promise<Member> {
  const [row] = await db
    .select({ userId: users.userId, roleId: userWarehouses.roleId, staffStatus: users.staffStatus, userKind: users.userKind })
    .from(userWarehouses).innerJoin(users, eq(users.userId, userWarehouses.userId))
    .where(and(eq(userWarehouses.whsId, whsId), eq(userWarehouses.userId, userId)));
  if (!row) throw new ApiError(RET.NOT_FOUND, `User ${userId} not found in this warehouse.`, null, 404);
  return row;
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

/** One member's row of the user list (the warehouse_members read model); -100404 when not a member. */
export async function memberRow(db: Db, whsId: string, userId: number) {
  const members = memberRows(db, whsId);
  const [row] = await db.select().from(members).where(eq(members.user_id, userId));
  if (!row) throw new ApiError(RET.NOT_FOUND, `User ${userId} not found in this warehouse.`, null, 404);
  return toApiRow(userResource, row);
}
