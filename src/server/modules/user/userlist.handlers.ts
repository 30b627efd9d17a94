import { STAFF_STATUS, USER_KIND } from '../../../shared/codes';
import { and, asc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { userlistContract } from '../../../shared/contract/userlist.contract';
import { PICKER_LIMIT } from '../../../shared/contract/userlist.contract';
import type { Db } from '../../db/client';
import { accessStatusLogs, rolePermissions, roles, sessions, staffDepartments, userWarehouses, users, wfmDepartments } from '../../db/schema';
import { badInput, notFound } from '../../http/errors';
import { escapeLike } from '../../http/list-query';
import type { Handlers } from '../../http/register';
import type { ParsedInputOf } from '../../../shared/contract/define';
import { actorOf, assertMayChange, refuse, underAccountLock, type Actor } from '../../common/account-rules';
import { memberRow, assertMayGrant, grantRefusal, memberOf, roleOf, temporaryPassword } from './user-admin';
import { roleRows } from './user.reads';
import { unixSeconds } from '../../common/time';
import { warehouseUserNames } from '../../common/user-names';

type UserlistHandlers = Handlers<typeof userlistContract>;

/** A department of the warehouse; -100404 for one of another warehouse. */
async function assertDepartment(db: Db, whsId: string, departmentId: number) {
  const [row] = await db.select({ id: wfmDepartments.departmentId }).from(wfmDepartments)
    .where(and(eq(wfmDepartments.whsId, whsId), eq(wfmDepartments.departmentId, departmentId)));
  if (!row) throw notFound(`Department ${departmentId}`);
}

async function setDepartment(db: Db, whsId: string, userId: number, departmentId: number | null) {
  if (departmentId === null) {
    await db.delete(staffDepartments).where(and(eq(staffDepartments.whsId, whsId), eq(staffDepartments.userId, userId)));
    return;
  }
  await db.insert(staffDepartments).values({ whsId, userId, departmentId })
    .onConflictDoUpdate({ target: [staffDepartments.whsId, staffDepartments.userId], set: { departmentId } });
}

/** Members of the warehouse whose column contains the text, for pickers. */
async function pick(db: Db, whsId: string, column: typeof users.email | typeof users.localName, text: string) {
  const rows = await db.select({ user_id: users.userId, email: users.email, display_name: users.displayName, local_name: users.localName })
    .from(userWarehouses).innerJoin(users, eq(users.userId, userWarehouses.userId))
    .where(and(eq(userWarehouses.whsId, whsId), ilike(column, `%${escapeLike(text)}%`)))
    .orderBy(asc(column), asc(users.userId)).limit(PICKER_LIMIT);
  return { list: rows };
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** edit_user's change of a member of the warehouse: the call and import rows (user-import.ts) follow the same rules. */
export function editMember(db: Db, actor: Actor, whsId: string, input: ParsedInputOf<typeof userlistContract.editUser>): Promise<void> {
  return underAccountLock(db, async (tx) => {
    const member = await memberOf(tx, whsId, input.user_id);
    await assertMayChange(tx, actor, [member.userId]);
    const self = member.userId === actor.userId;
    if (input.role_id !== undefined && input.role_id !== member.roleId) {
      if (self) throw refuse('You cannot change your own role; ask another administrator.');
      const role = await roleOf(tx, whsId, input.role_id);
      assertMayGrant(actor, role.perms, role.allPermissions);
    }
    const statusChanges = input.status !== undefined && input.status !== member.staffStatus;
    if (statusChanges && self) throw refuse('You cannot change your own status; ask another administrator.');
    if (statusChanges && input.reason === '') throw badInput('reason', 'say why the status changes: it is recorded in the access status log');
    if (input.department_id != null) await assertDepartment(tx, whsId, input.department_id);

    const changes: Partial<typeof users.$inferInsert> = {};
    if (input.display_name !== undefined) changes.displayName = input.display_name;
    if (input.local_name !== undefined) changes.localName = input.local_name ?? '';
    if (input.employment_type !== undefined) changes.employmentType = input.employment_type;
    if (statusChanges) {
      changes.staffStatus = input.status!;
      changes.isActive = input.status === STAFF_STATUS.values.ACTIVE;
    }
    if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.userId, member.userId));
    if (input.role_id !== undefined && input.role_id !== member.roleId) {
      await tx.update(userWarehouses).set({ roleId: input.role_id }).where(and(eq(userWarehouses.whsId, whsId), eq(userWarehouses.userId, member.userId)));
    }
    if (input.department_id !== undefined) await setDepartment(tx, whsId, member.userId, input.department_id);
    if (statusChanges) {
      await tx.insert(accessStatusLogs).values({
        whsId, userId: member.userId, operatorId: actor.userId, fromStatus: member.staffStatus, toStatus: input.status!,
        isActive: input.status === STAFF_STATUS.values.ACTIVE, reason: input.reason,
      });
    }
  });
}

/**
 * create_bpo_user's new account, a BPO member of the warehouse: the call and import rows follow the
 * same rules. `passwordHash` is asked for once the checks pass (the call's temporary password; none
 * anyone knows for an imported account). Answers the new user's id.
 */
export async function createBpoAccount(
  db: Db, actor: Actor, whsId: string, input: ParsedInputOf<typeof userlistContract.createBpoUser>, passwordHash: () => Promise<string>,
): Promise<number> {
  try {
    return await underAccountLock(db, async (tx) => {
      const role = await roleOf(tx, whsId, input.role_id);
      if (role.allPermissions) throw badInput('role_id', 'a BPO account cannot hold an all-permission role');
      assertMayGrant(actor, role.perms);
      if (input.department_id != null) await assertDepartment(tx, whsId, input.department_id);
      const [taken] = await tx.select({ id: users.userId }).from(users).where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
      if (taken) throw badInput('email', 'an account with this email already exists');
      const [user] = await tx.insert(users).values({
        email: input.email, displayName: input.display_name, localName: input.local_name, passwordHash: await passwordHash(), passwordChangeRequired: true,
        userKind: USER_KIND.values.BPO, employmentType: input.employment_type,
      }).returning({ userId: users.userId });
      await tx.insert(userWarehouses).values({ whsId, userId: user!.userId, roleId: role.roleId });
      if (input.department_id != null) await tx.insert(staffDepartments).values({ whsId, userId: user!.userId, departmentId: input.department_id });
      return user!.userId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badInput('email', 'an account with this email already exists');
    throw err;
  }
}

export const userlistHandlers: UserlistHandlers = {
  async editUser(input, ctx) {
    const { db, session } = ctx;
    await underAccountLock(db, async (tx) => editMember(tx, await actorOf({ db: tx, session }), session.whsId, input));
    // Its codes come from the view's checked columns; the contract's output parse confirms them.
    return (await memberRow(db, session.whsId, input.user_id)) as Awaited<ReturnType<UserlistHandlers['editUser']>>;
  },

  async resetUserPassword(input, ctx) {
    const { db, session } = ctx;
    return underAccountLock(db, async (tx) => {
      const actor = await actorOf({ db: tx, session });
      const member = await memberOf(tx, session.whsId, input.user_id);
      if (member.userId === actor.userId) throw refuse('Change your own password with Change Password.');
      await assertMayChange(tx, actor, [member.userId]);
      const { password, stored } = await temporaryPassword();
      await tx.update(users).set({ passwordHash: stored, passwordChangeRequired: true }).where(eq(users.userId, member.userId));
      await tx.delete(sessions).where(eq(sessions.userId, member.userId));
      return { user_id: member.userId, temporary_password: password };
    });
  },

  async createBpoUser(input, ctx) {
    let password = '';
    const { db, session } = ctx;
    const userId = await underAccountLock(db, async (tx) => createBpoAccount(tx, await actorOf({ db: tx, session }), session.whsId, input, async () => {
      const made = await temporaryPassword();
      password = made.password;
      return made.stored;
    }));
    return { user_id: userId, temporary_password: password };
  },

  async syncUserToTob(input, ctx) {
    const { db, session } = ctx;
    return underAccountLock(db, async (tx) => {
      const actor = await actorOf({ db: tx, session });
      const member = await memberOf(tx, session.whsId, input.user_id);
      await assertMayChange(tx, actor, [member.userId]);
      // Outsourced staff are not the business's users: only own staff are pushed to its system (docs/user-admin.md).
      if (member.userKind === USER_KIND.values.BPO) throw badInput('user_id', 'a BPO (outsourced) account is not synced to the business-user system');
      const [row] = await tx.update(users).set({ userKind: USER_KIND.values.SYNCED, tobSyncedAt: sql`now()` }).where(eq(users.userId, member.userId))
        .returning({ at: users.tobSyncedAt });
      return { user_id: member.userId, user_kind: USER_KIND.values.SYNCED, tob_synced_at: unixSeconds(row!.at!) };
    });
  },

  async getWfmDepartmentList(_input, { db, session }) {
    const rows = await db.select({ department_id: wfmDepartments.departmentId, department_name: wfmDepartments.departmentName })
      .from(wfmDepartments).where(eq(wfmDepartments.whsId, session.whsId)).orderBy(asc(wfmDepartments.departmentName));
    return { list: rows };
  },

  fuzzySearchStaffLocalName: (input, { db, session }) => pick(db, session.whsId, users.localName, input.local_name),
  searchEmail: (input, { db, session }) => pick(db, session.whsId, users.email, input.email),
  getWarehouseUserNames: async (_input, { db, session }) => ({ list: await warehouseUserNames(db, session.whsId) }),

  async getRoleConfiguration(_input, { db, session }) {
    const warehouseRoles = roleRows(db, session.whsId);
    const rows = await db.select().from(warehouseRoles).orderBy(asc(warehouseRoles.role_name), asc(warehouseRoles.role_id));
    return {
      list: rows.map((r) => ({
        role_id: r.role_id, role_name: r.role_name, all_permissions: r.all_permissions ? 1 as const : 0 as const, permission_count: r.permission_count, user_count: r.user_count,
      })),
    };
  },

  async getBpoRoleList(_input, { db, session }) {
    const rows = await db.select({ role_id: roles.roleId, role_name: roles.roleName }).from(roles)
      .where(and(eq(roles.whsId, session.whsId), eq(roles.allPermissions, false))).orderBy(asc(roles.roleName));
    return { list: rows };
  },

  async getAssignableRoles(_input, ctx) {
    const { db, session } = ctx;
    const actor = await actorOf(ctx);
    const [all, grants] = await Promise.all([
      db.select({ role_id: roles.roleId, role_name: roles.roleName, allPermissions: roles.allPermissions }).from(roles)
        .where(eq(roles.whsId, session.whsId)).orderBy(asc(roles.roleName), asc(roles.roleId)),
      db.select({ roleId: rolePermissions.roleId, perm: rolePermissions.perm }).from(rolePermissions).where(eq(rolePermissions.whsId, session.whsId)),
    ]);
    const permsOf = new Map<number, string[]>();
    for (const g of grants) permsOf.set(g.roleId, [...(permsOf.get(g.roleId) ?? []), g.perm]);
    const grantable = all.filter((r) => grantRefusal(actor, permsOf.get(r.role_id) ?? [], r.allPermissions) === null);
    return { list: grantable.map(({ role_id, role_name }) => ({ role_id, role_name })) };
  },

  async assignUserRole(input, ctx) {
    const { db, session } = ctx;
    const whsId = session.whsId;
    return underAccountLock(db, async (tx) => {
      const actor = await actorOf({ db: tx, session });
      const role = await roleOf(tx, whsId, input.role_id);
      assertMayGrant(actor, role.perms, role.allPermissions);
      const ids = [...new Set(input.user_ids)];
      const members = await tx.select({ userId: userWarehouses.userId }).from(userWarehouses)
        .where(and(eq(userWarehouses.whsId, whsId), inArray(userWarehouses.userId, ids)));
      const missing = ids.filter((id) => !members.some((m) => m.userId === id));
      if (missing.length > 0) throw notFound(`User ${missing.join(', ')} in this warehouse`);
      if (ids.includes(actor.userId)) throw refuse('You cannot change your own role; ask another administrator.');
      await assertMayChange(tx, actor, ids);
      const updated = await tx.update(userWarehouses).set({ roleId: role.roleId })
        .where(and(eq(userWarehouses.whsId, whsId), inArray(userWarehouses.userId, ids), ne(userWarehouses.roleId, role.roleId)))
        .returning({ userId: userWarehouses.userId });
      return { updated: updated.length };
    });
  },
};
