import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { RET } from '../../shared/retcodes';
import type { Db } from '../db/client';
import { rolePermissions, roles, sessions, userWarehouses, users } from '../db/schema';
import { ApiError } from '../http/errors';
import type { SessionInfo } from '../http/session';
import type { EndpointDef } from '../../shared/contract/define';
import { ALL_PERMISSIONS, MENU_PERMISSIONS } from '../../shared/permissions';

const MENU_SET = new Set(MENU_PERMISSIONS);

const ALL_SET = new Set(ALL_PERMISSIONS);

/**
 * Whether the session's user holds one of `perms` in its warehouse, by the rule of userPermissions,
 * as two columns the session's own statement reads (a request then needs no statement of its own
 * for its permission): `all` a super admin or an all-permission role, `granted` the role lists one.
 */
export function permissionColumns(perms: readonly string[]): { all: SQL<boolean>; granted: SQL<boolean> } {
  const member = and(eq(userWarehouses.userId, sessions.userId), eq(userWarehouses.whsId, sessions.whsId));
  const role = and(eq(roles.whsId, userWarehouses.whsId), eq(roles.roleId, userWarehouses.roleId));
  return {
    all: sql<boolean>`(${users.isSuperAdmin} or exists (select 1 from ${userWarehouses} join ${roles} on ${role} where ${member} and ${roles.allPermissions}))`,
    granted: sql<boolean>`exists (select 1 from ${userWarehouses} join ${rolePermissions} on ${rolePermissions.whsId} = ${userWarehouses.whsId} and ${rolePermissions.roleId} = ${userWarehouses.roleId} where ${member} and ${inArray(rolePermissions.perm, [...perms])})`,
  };
}

/** The permissions read by permissionColumns: all of ALL_PERMISSIONS, else what the role lists. */
export const permissionHeld = (perms: readonly string[], { all, granted }: { all: boolean; granted: boolean }) => (all ? perms.some((p) => ALL_SET.has(p)) : granted);

/** What userPermissionsExpr reads: all permissions, or the role's list; null when the user does not exist. */
type HeldPermissions = { all: boolean; perms: string[] } | null;

/**
 * The permissions of userPermissions as one expression, for a statement of the caller's to carry
 * (the push reads them with its stream's upsert): a super admin or an all-permission role holds
 * all, a member the role's list, anyone else none.
 */
export function userPermissionsExpr(userId: number, whsId: string): SQL<HeldPermissions> {
  return sql<HeldPermissions>`(select jsonb_build_object('all', coalesce(${users.isSuperAdmin} or ${roles.allPermissions}, false),
      'perms', coalesce((select array_agg(${rolePermissions.perm}) from ${rolePermissions}
        where ${rolePermissions.whsId} = ${userWarehouses.whsId} and ${rolePermissions.roleId} = ${userWarehouses.roleId}), '{}'))
    from ${users}
    left join ${userWarehouses} on ${userWarehouses.userId} = ${users.userId} and ${userWarehouses.whsId} = ${whsId}
    left join ${roles} on ${roles.whsId} = ${userWarehouses.whsId} and ${roles.roleId} = ${userWarehouses.roleId}
    where ${users.userId} = ${userId})`;
}

/** The set of what userPermissionsExpr read. */
export const permissionSet = (held: HeldPermissions): Set<string> => (held === null ? new Set() : new Set(held.all ? ALL_PERMISSIONS : held.perms));

/** Every permission the user holds in the warehouse: their role's, or all for super admins and all-permission roles. */
export async function userPermissions(db: Db, userId: number, whsId: string): Promise<Set<string>> {
  // Both drivers answer a raw statement with its `rows`.
  const { rows } = (await db.execute(sql`select ${userPermissionsExpr(userId, whsId)} as held`)) as unknown as { rows: { held: HeldPermissions }[] };
  return permissionSet(rows[0]?.held ?? null);
}

export const menuKeysOf = (perms: Set<string>) => [...perms].filter((p) => MENU_SET.has(p)).sort();

/** The permission a contract entry needs: a rule checking it in another warehouse than the session's reads it from the entry. */
export function permissionOf(entry: Pick<EndpointDef, 'access' | 'path'>): string {
  if (typeof entry.access !== 'object' || !('perm' in entry.access)) throw new Error(`${entry.path} needs no single permission`);
  return entry.access.perm;
}

/**
 * The warehouses where the user holds `perm`; null for a super admin (every warehouse). What a
 * read across warehouses may show them: only warehouses where they hold the read's permission.
 */
export async function warehousesHolding(db: Db, userId: number, perm: string): Promise<string[] | null> {
  const [account] = await db.select({ isSuperAdmin: users.isSuperAdmin }).from(users).where(eq(users.userId, userId));
  if (account?.isSuperAdmin) return null;
  const granted = db.select({ perm: rolePermissions.perm }).from(rolePermissions)
    .where(and(eq(rolePermissions.whsId, userWarehouses.whsId), eq(rolePermissions.roleId, userWarehouses.roleId), eq(rolePermissions.perm, perm)));
  const rows = await db.select({ whsId: userWarehouses.whsId }).from(userWarehouses)
    .innerJoin(roles, and(eq(roles.whsId, userWarehouses.whsId), eq(roles.roleId, userWarehouses.roleId)))
    .where(and(eq(userWarehouses.userId, userId), or(eq(roles.allPermissions, true), exists(granted))));
  return rows.map((r) => r.whsId);
}

/** What a user holds in one warehouse: every permission (an all-permission role), or the ones listed. */
export interface Holding {
  all: boolean;
  perms: ReadonlySet<string>;
}

/** An account with what it holds in each warehouse it belongs to; a super admin holds everything everywhere. */
export interface AccountHoldings {
  userId: number;
  isSuperAdmin: boolean;
  warehouses: ReadonlyMap<string, Holding>;
}

/**
 * The accounts (unknown ids left out) with what each holds in every warehouse it belongs to: two
 * queries however many accounts, each role's list read once however many hold it.
 */
export async function holdingsOf(db: Db, userIds: readonly number[]): Promise<Map<number, AccountHoldings>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const memberships = await db
    .select({ userId: users.userId, isSuperAdmin: users.isSuperAdmin, whsId: userWarehouses.whsId, roleId: userWarehouses.roleId, allPermissions: roles.allPermissions })
    .from(users)
    .leftJoin(userWarehouses, eq(userWarehouses.userId, users.userId))
    .leftJoin(roles, and(eq(roles.whsId, userWarehouses.whsId), eq(roles.roleId, userWarehouses.roleId)))
    .where(inArray(users.userId, ids));
  const roleKey = (whsId: string, roleId: number) => `${whsId}/${roleId}`;
  const listed = new Map<string, { whsId: string; roleId: number; perms: Set<string> }>();
  for (const m of memberships) {
    if (m.whsId !== null && m.roleId !== null && !m.allPermissions) listed.set(roleKey(m.whsId, m.roleId), { whsId: m.whsId, roleId: m.roleId, perms: new Set() });
  }
  if (listed.size > 0) {
    const grants = await db.select().from(rolePermissions)
      .where(or(...[...listed.values()].map((r) => and(eq(rolePermissions.whsId, r.whsId), eq(rolePermissions.roleId, r.roleId)))));
    for (const g of grants) listed.get(roleKey(g.whsId, g.roleId))?.perms.add(g.perm);
  }
  const accounts = new Map<number, AccountHoldings & { warehouses: Map<string, Holding> }>();
  for (const m of memberships) {
    const account = accounts.get(m.userId) ?? { userId: m.userId, isSuperAdmin: m.isSuperAdmin, warehouses: new Map<string, Holding>() };
    accounts.set(m.userId, account);
    if (m.whsId === null || m.roleId === null) continue;
    account.warehouses.set(m.whsId, m.allPermissions ? { all: true, perms: new Set() } : { all: false, perms: listed.get(roleKey(m.whsId, m.roleId))!.perms });
  }
  return accounts;
}

/** -100403: a warehouse other than the session's, where the user does not hold what the call needs. */
export const warehouseForbidden = (whsId: string, perm: string) =>
  new ApiError(RET.WAREHOUSE_FORBIDDEN, `You do not have access to warehouse ${whsId}: it needs ${perm} there.`);

/**
 * Refuses (-100403) a call naming a warehouse where the signed-in user does not hold `perm`:
 * register.ts checks an entry's permission in the session's warehouse, this in the one the call
 * names. Super admins hold everything everywhere; nobody else holds anything in a warehouse that
 * does not exist, so the refusal does not tell which ids exist.
 */
export async function assertHoldsIn(db: Db, session: Pick<SessionInfo, 'userId'>, whsId: string, perm: string) {
  if (!(await userPermissions(db, session.userId, whsId)).has(perm)) throw warehouseForbidden(whsId, perm);
}
