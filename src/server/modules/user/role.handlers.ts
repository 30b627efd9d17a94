import { and, count, eq } from 'drizzle-orm';
import type { roleContract } from '../../../shared/contract/userlist.contract';
import { ALL_PERMISSIONS } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { rolePermissions, roles, userWarehouses } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { actorOf, assertMayChange, refuse, underAccountLock, type Actor } from '../../common/account-rules';
import { assertMayGrant, roleOf, type RoleGrant } from './user-admin';

type RoleHandlers = Handlers<typeof roleContract>;
const KNOWN = new Set(ALL_PERMISSIONS);

/** The permissions asked for, each once; unknown names are bad input. */
function checkedPerms(perms: readonly string[]): string[] {
  const unknown = perms.filter((p) => !KNOWN.has(p));
  if (unknown.length > 0) throw badInput('perms', `unknown permission ${unknown.slice(0, 3).join(', ')}`);
  return [...new Set(perms)].sort();
}

async function holders(db: Db, whsId: string, roleId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userWarehouses).where(and(eq(userWarehouses.whsId, whsId), eq(userWarehouses.roleId, roleId)));
  return Number(row?.n ?? 0);
}

/** Changing what a role grants changes what its holders hold: the editor must be one who may change each of them. */
async function assertMayRegrant(db: Db, whsId: string, actor: Actor, role: RoleGrant, perms: readonly string[]) {
  const granted = new Set(role.perms);
  if (perms.length === granted.size && perms.every((perm) => granted.has(perm))) return;
  const held = await db.select({ userId: userWarehouses.userId }).from(userWarehouses)
    .where(and(eq(userWarehouses.whsId, whsId), eq(userWarehouses.roleId, role.roleId)));
  await assertMayChange(db, actor, held.map((h) => h.userId));
}

async function detailOf(db: Db, whsId: string, role: RoleGrant) {
  return {
    role_id: role.roleId, role_name: role.roleName, all_permissions: role.allPermissions ? 1 as const : 0 as const,
    perms: role.allPermissions ? [...ALL_PERMISSIONS] : role.perms, user_count: await holders(db, whsId, role.roleId),
  };
}

/** The role the actor holds in the warehouse: they may not edit it (or lock themselves out). */
async function assertNotOwnRole(db: Db, whsId: string, actor: Actor, roleId: number) {
  if (actor.isSuperAdmin) return;
  const [own] = await db.select({ roleId: userWarehouses.roleId }).from(userWarehouses)
    .where(and(eq(userWarehouses.whsId, whsId), eq(userWarehouses.userId, actor.userId)));
  if (own?.roleId === roleId) throw refuse('You cannot change the role you hold; ask another administrator.');
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const nameTaken = () => badInput('role_name', 'a role with this name already exists in this warehouse');

export const roleHandlers: RoleHandlers = {
  async getRoleDetail(input, { db, session }) {
    return detailOf(db, session.whsId, await roleOf(db, session.whsId, input.role_id));
  },

  async createRole(input, ctx) {
    const { db, session } = ctx;
    const perms = checkedPerms(input.perms);
    try {
      return await underAccountLock(db, async (tx) => {
        assertMayGrant(await actorOf({ db: tx, session }), perms);
        const [role] = await tx.insert(roles).values({ whsId: session.whsId, roleName: input.role_name }).returning({ roleId: roles.roleId });
        if (perms.length > 0) await tx.insert(rolePermissions).values(perms.map((perm) => ({ whsId: session.whsId, roleId: role!.roleId, perm })));
        return detailOf(tx, session.whsId, await roleOf(tx, session.whsId, role!.roleId));
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  },

  async updateRole(input, ctx) {
    const { db, session } = ctx;
    const whsId = session.whsId;
    const perms = input.perms === undefined ? undefined : checkedPerms(input.perms);
    try {
      return await underAccountLock(db, async (tx) => {
        const actor = await actorOf({ db: tx, session });
        const role = await roleOf(tx, whsId, input.role_id);
        await assertNotOwnRole(tx, whsId, actor, role.roleId);
        // Editing a role touches everything it grants: the editor must hold all of it, before and after.
        assertMayGrant(actor, role.perms, role.allPermissions);
        if (perms && role.allPermissions) throw badInput('perms', 'an all-permission role grants every permission; its list cannot be changed');
        if (perms) {
          assertMayGrant(actor, perms);
          await assertMayRegrant(tx, whsId, actor, role, perms);
        }
        if (input.role_name !== undefined && input.role_name !== role.roleName) {
          await tx.update(roles).set({ roleName: input.role_name }).where(and(eq(roles.whsId, whsId), eq(roles.roleId, role.roleId)));
        }
        if (perms) {
          await tx.delete(rolePermissions).where(and(eq(rolePermissions.whsId, whsId), eq(rolePermissions.roleId, role.roleId)));
          if (perms.length > 0) await tx.insert(rolePermissions).values(perms.map((perm) => ({ whsId, roleId: role.roleId, perm })));
        }
        return detailOf(tx, whsId, await roleOf(tx, whsId, role.roleId));
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  },

  async deleteRole(input, ctx) {
    const { db, session } = ctx;
    const whsId = session.whsId;
    return underAccountLock(db, async (tx) => {
      const actor = await actorOf({ db: tx, session });
      const role = await roleOf(tx, whsId, input.role_id);
      assertMayGrant(actor, role.perms, role.allPermissions);
      const held = await holders(tx, whsId, role.roleId);
      if (held > 0) throw badInput('role_id', `the role is still held by ${held} user(s); give them another role first`);
      await tx.delete(rolePermissions).where(and(eq(rolePermissions.whsId, whsId), eq(rolePermissions.roleId, role.roleId)));
      await tx.delete(roles).where(and(eq(roles.whsId, whsId), eq(roles.roleId, role.roleId)));
      return { role_id: role.roleId };
    });
  },
};
