import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { RET } from '../../src/shared/retcodes';
import { rolePermissions, roles, userWarehouses } from '../../src/server/db/schema';
import { derivePerm } from '../../src/shared/routes/derive';
import { USER_ADMIN_ACTIONS } from '../../src/shared/contract/userlist.contract';
import { ALL_PERMISSIONS } from '../../src/shared/permissions';

/** Roles (/wmsconfig/rolelist, roledetail), user roles (/wmsconfig/userrole) and the /user admin calls. */
const R = '/apps/config/role';
const UR = '/apps/config/userrole';
const A = '/apps/system/user_admin';
const SUPPLIER_LIST = '/apps/basic/supplier/search_supplier';
const SUPPLIER_VIEW = derivePerm('/wmsbasic/supplier');

interface RoleDetail { role_id: number; role_name: string; all_permissions: number; perms: string[]; user_count: number }
interface Page<T> { list: T[]; total: number; page_no: number; page_size: number }

let server: TestServer;
let admin: TestClient;
let whsAdmin: TestClient;
let whsAdminId: number;
let roleIds: Record<string, number>;
let otherWhsRoleId: number;

beforeAll(async () => {
  server = await startTestServer();
  whsAdminId = (await server.createUser({ email: 'role-admin@test.local', role: 'Administrator', warehouses: ['SGSIN1'] })).userId;
  admin = await server.login('admin@demo.local');
  if (admin.whsId !== 'SGSIN1') expect((await admin.post('/apps/system/user/switch_user_setting', { type: 'whs', value: 'SGSIN1' })).retcode).toBe(0);
  whsAdmin = await server.login('role-admin@test.local');
  const db = server.database.db;
  roleIds = Object.fromEntries((await db.select().from(roles).where(eq(roles.whsId, 'SGSIN1'))).map((r) => [r.roleName, r.roleId]));
  otherWhsRoleId = (await db.select().from(roles).where(and(eq(roles.whsId, 'IDJKT1'), eq(roles.roleName, 'Supervisor'))))[0]!.roleId;
});
afterAll(async () => {
  await server?.close();
});

describe('roles of the warehouse', () => {
  test('search_role lists the warehouse\'s roles with counts; filters, paging, bad input', async () => {
    const res = await whsAdmin.get<Page<{ role_id: number; role_name: string; all_permissions: number; permission_count: number; user_count: number }>>(`${R}/search_role`);
    expect(res.retcode).toBe(0);
    expect(res.data.list.map((r) => r.role_name)).toEqual(['Administrator', 'Supervisor', 'Operator']);
    // An all-permission role counts every permission there is; the list sorts by its counts too.
    expect(res.data.list[0]).toMatchObject({ all_permissions: 1, permission_count: ALL_PERMISSIONS.length });
    expect(res.data.list[2]!.permission_count).toBeGreaterThan(0);
    const byPerms = await whsAdmin.get<Page<{ role_name: string; permission_count: number }>>(`${R}/search_role`, { sort_by: 'permission_count', sort_desc: 1 });
    expect(byPerms.data.list[0]!.role_name).toBe('Administrator');
    expect(byPerms.data).toMatchObject({ total: 3, total_capped: false });
    expect((await whsAdmin.get<Page<{ role_name: string }>>(`${R}/search_role`, { role_name: 'super' })).data.list.map((r) => r.role_name)).toEqual(['Supervisor']);
    expect((await whsAdmin.get<Page<unknown>>(`${R}/search_role`, { page_no: 2 })).data).toMatchObject({ list: [], total: 3 });
    expect((await whsAdmin.get(`${R}/search_role`, { sort_by: 'whs_id' })).retcode).toBe(RET.BAD_INPUT);
  });

  test('create, detail, rename and re-grant, delete; duplicates, unknown permissions and held roles refused', async () => {
    const created = await whsAdmin.post<RoleDetail>(`${R}/create_role`, { role_name: ' Packers ', perms: [SUPPLIER_VIEW, SUPPLIER_VIEW] });
    expect(created.retcode).toBe(0);
    expect(created.data).toMatchObject({ role_name: 'Packers', all_permissions: 0, perms: [SUPPLIER_VIEW], user_count: 0 });
    const id = created.data.role_id;
    expect((await whsAdmin.get<RoleDetail>(`${R}/get_role_detail`, { role_id: id })).data.perms).toEqual([SUPPLIER_VIEW]);
    expect((await whsAdmin.post(`${R}/create_role`, { role_name: 'packers' })).retcode).toBe(0); // names differ in case: allowed
    const dup = await whsAdmin.post(`${R}/create_role`, { role_name: 'Packers' });
    expect(dup.retcode).toBe(RET.BAD_INPUT);
    expect(dup.message).toContain('role_name');
    const unknown = await whsAdmin.post(`${R}/create_role`, { role_name: 'X', perms: ['PC.Nope.View'] });
    expect(unknown.retcode).toBe(RET.BAD_INPUT);
    expect(unknown.message).toContain('perms');
    const updated = await whsAdmin.post<RoleDetail>(`${R}/update_role`, { role_id: id, role_name: 'Packing team', perms: [] });
    expect(updated.data).toMatchObject({ role_name: 'Packing team', perms: [] });
    expect((await admin.post(`${R}/update_role`, { role_id: roleIds.Administrator, perms: [] })).retcode).toBe(RET.BAD_INPUT);
    const { userId } = await server.createUser({ email: 'packer@test.local' });
    expect((await whsAdmin.post(`${UR}/assign_user_role`, { user_ids: [userId], role_id: id })).data).toEqual({ updated: 1 });
    const held = await whsAdmin.post(`${R}/delete_role`, { role_id: id });
    expect(held.retcode).toBe(RET.BAD_INPUT);
    expect(held.message).toContain('held by 1');
    await whsAdmin.post(`${UR}/assign_user_role`, { user_ids: [userId], role_id: roleIds.Operator });
    expect((await whsAdmin.post(`${R}/delete_role`, { role_id: id })).data).toEqual({ role_id: id });
    expect((await whsAdmin.get(`${R}/get_role_detail`, { role_id: id })).retcode).toBe(RET.NOT_FOUND);
    for (const body of [{ role_name: '' }, { role_name: 'x'.repeat(65) }, { role_name: 'ok', perms: 'PC.A' }]) {
      expect((await whsAdmin.post(`${R}/create_role`, body)).retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
    }
    expect((await whsAdmin.get(`${R}/get_role_detail`, { role_id: 'x' })).retcode).toBe(RET.BAD_INPUT);
  });

  test('roles of another warehouse are not found for any call', async () => {
    expect((await whsAdmin.get(`${R}/get_role_detail`, { role_id: otherWhsRoleId })).retcode).toBe(RET.NOT_FOUND);
    expect((await whsAdmin.post(`${R}/update_role`, { role_id: otherWhsRoleId, role_name: 'Mine' })).retcode).toBe(RET.NOT_FOUND);
    expect((await whsAdmin.post(`${R}/delete_role`, { role_id: otherWhsRoleId })).retcode).toBe(RET.NOT_FOUND);
    const { userId } = await server.createUser({ email: 'iso@test.local' });
    expect((await whsAdmin.post(`${UR}/assign_user_role`, { user_ids: [userId], role_id: otherWhsRoleId })).retcode).toBe(RET.NOT_FOUND);
  });

  test('the role one holds cannot be edited by its holder, nor one\'s own role changed', async () => {
    expect((await whsAdmin.post(`${R}/update_role`, { role_id: roleIds.Administrator, role_name: 'Boss' })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await whsAdmin.post(`${UR}/assign_user_role`, { user_ids: [whsAdminId], role_id: roleIds.Operator })).retcode).toBe(RET.PERMISSION_DENIED);
  });

  test('supervisor and operator are refused role and user-role calls', async () => {
    for (const email of ['supervisor@demo.local', 'operator@demo.local']) {
      const client = await server.login(email);
      expect((await client.get(`${R}/search_role`)).retcode).toBe(RET.PERMISSION_DENIED);
      expect((await client.get(`${R}/get_role_detail`, { role_id: roleIds.Operator })).retcode).toBe(RET.PERMISSION_DENIED);
      expect((await client.post(`${R}/create_role`, { role_name: 'Mine' })).retcode).toBe(RET.PERMISSION_DENIED);
      expect((await client.post(`${R}/update_role`, { role_id: roleIds.Operator, perms: [] })).retcode).toBe(RET.PERMISSION_DENIED);
      expect((await client.post(`${R}/delete_role`, { role_id: roleIds.Operator })).retcode).toBe(RET.PERMISSION_DENIED);
      expect((await client.get(`${UR}/search_user_role`)).retcode).toBe(RET.PERMISSION_DENIED);
      expect((await client.post(`${UR}/assign_user_role`, { user_ids: [1], role_id: roleIds.Operator })).retcode).toBe(RET.PERMISSION_DENIED);
      for (const [path, q] of [['search_user', {}], ['search_user_warehouse', {}], ['search_warehouse_user', { whs_id: 'SGSIN1' }], ['search_warehouse_role', { whs_id: 'SGSIN1' }], ['get_warehouse_user_detail', { whs_id: 'SGSIN1', user_id: 1 }]] as const) {
        expect((await client.get(`${A}/${path}`, q)).retcode, path).toBe(RET.PERMISSION_DENIED);
      }
    }
  });
});

describe('granting and revoking take effect on the next request', () => {
  test('a permission added to a role opens its endpoint for a signed-in holder; removing it closes it', async () => {
    const created = await whsAdmin.post<RoleDetail>(`${R}/create_role`, { role_name: 'Supplier readers', perms: [] });
    const { userId } = await server.createUser({ email: 'reader@test.local' });
    await whsAdmin.post(`${UR}/assign_user_role`, { user_ids: [userId], role_id: created.data.role_id });
    const reader = await server.login('reader@test.local');
    expect((await reader.get(SUPPLIER_LIST)).retcode).toBe(RET.PERMISSION_DENIED);
    await whsAdmin.post(`${R}/update_role`, { role_id: created.data.role_id, perms: [SUPPLIER_VIEW] });
    // Same session: permissions are read per request, never cached in the session.
    expect((await reader.get(SUPPLIER_LIST)).retcode).toBe(0);
    expect((await reader.get<{ list: string[] }>('/apps/system/authorization/get_my_perm')).data.list).toContain(SUPPLIER_VIEW);
    await whsAdmin.post(`${R}/update_role`, { role_id: created.data.role_id, perms: [] });
    expect((await reader.get(SUPPLIER_LIST)).retcode).toBe(RET.PERMISSION_DENIED);
    // Moving the user to another role applies at once too.
    await whsAdmin.post(`${UR}/assign_user_role`, { user_ids: [userId], role_id: roleIds.Supervisor });
    expect((await reader.get(SUPPLIER_LIST)).retcode).toBe(0);
  });

  test('someone holding only part of the permissions cannot grant more than they hold', async () => {
    const rolePages = [derivePerm('/wmsconfig/rolelist'), USER_ADMIN_ACTIONS.createRole, USER_ADMIN_ACTIONS.updateRole, USER_ADMIN_ACTIONS.deleteRole];
    const clerkRole = await admin.post<RoleDetail>(`${R}/create_role`, { role_name: 'Role clerks', perms: [...rolePages, SUPPLIER_VIEW] });
    const { userId } = await server.createUser({ email: 'role-clerk@test.local' });
    await admin.post('/apps/config/userlist/edit_user', { user_id: userId, role_id: clerkRole.data.role_id });
    const clerk = await server.login('role-clerk@test.local');
    expect((await clerk.post(`${R}/create_role`, { role_name: 'Suppliers', perms: [SUPPLIER_VIEW] })).retcode).toBe(0);
    expect((await clerk.post(`${R}/create_role`, { role_name: 'Escalate', perms: [derivePerm('/wmsconfig/userlist')] })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await clerk.post(`${R}/update_role`, { role_id: roleIds.Operator, role_name: 'Ops' })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await clerk.post(`${R}/delete_role`, { role_id: roleIds.Administrator })).retcode).toBe(RET.PERMISSION_DENIED);
  });
});

describe('user role page', () => {
  test('search_user_role lists members with roles; assign_user_role is all or nothing', async () => {
    const res = await whsAdmin.get<Page<{ email: string; role_name: string }>>(`${UR}/search_user_role`, { role_name: 'Operator', email: 'operator@demo' });
    expect(res.data.list).toEqual([expect.objectContaining({ email: 'operator@demo.local', role_name: 'Operator' })]);
    const a = await server.createUser({ email: 'ur-a@test.local' });
    const jakarta = await server.createUser({ email: 'ur-jkt@test.local', warehouses: ['IDJKT1'] });
    expect((await whsAdmin.post(`${UR}/assign_user_role`, { user_ids: [a.userId, jakarta.userId], role_id: roleIds.Supervisor })).retcode).toBe(RET.NOT_FOUND);
    expect((await whsAdmin.get<Page<{ role_name: string }>>(`${UR}/search_user_role`, { email: 'ur-a@' })).data.list[0]!.role_name).toBe('Operator');
    expect((await whsAdmin.post(`${UR}/assign_user_role`, { user_ids: [], role_id: roleIds.Supervisor })).retcode).toBe(RET.BAD_INPUT);
    const superUser = await server.createUser({ email: 'ur-super@test.local', superAdmin: true });
    expect((await whsAdmin.post(`${UR}/assign_user_role`, { user_ids: [superUser.userId], role_id: roleIds.Operator })).retcode).toBe(RET.PERMISSION_DENIED);
  });
});

describe('/user admin calls', () => {
  test('a super admin sees every account and warehouse; users and roles of any warehouse', async () => {
    const all = await admin.get<Page<{ email: string; warehouse_count: number; is_super_admin: number }>>(`${A}/search_user`, { email: 'demo.local' });
    expect(all.data.list.map((r) => r.email)).toEqual(['admin@demo.local', 'supervisor@demo.local', 'operator@demo.local']);
    expect(all.data.list[0]).toMatchObject({ warehouse_count: 6, is_super_admin: 1 });
    const whs = await admin.get<Page<{ whs_id: string; user_count: number; role_count: number }>>(`${A}/search_user_warehouse`);
    expect(whs.data.total).toBe(6);
    expect(whs.data.list.find((w) => w.whs_id === 'MYKUL1')).toMatchObject({ user_count: 1, role_count: 3 });
    const users = await admin.get<Page<{ email: string }>>(`${A}/search_warehouse_user`, { whs_id: 'IDJKT1', email: 'operator' });
    expect(users.data.list.map((u) => u.email)).toEqual(['operator@demo.local']);
    const rolesOf = await admin.get<Page<{ role_name: string }>>(`${A}/search_warehouse_role`, { whs_id: 'MYKUL1' });
    expect(rolesOf.data.total).toBe(3);
    const op = (await admin.get<Page<{ user_id: number }>>(`${A}/search_warehouse_user`, { whs_id: 'IDJKT1', email: 'operator' })).data.list[0]!;
    const detail = await admin.get<{ user: { email: string; role_name: string }; access_log: unknown[] }>(`${A}/get_warehouse_user_detail`, { whs_id: 'IDJKT1', user_id: op.user_id });
    expect(detail.data).toMatchObject({ user: { email: 'operator@demo.local', role_name: 'Operator' }, access_log: [] });
    expect((await admin.get(`${A}/get_warehouse_user_detail`, { whs_id: 'MYKUL1', user_id: op.user_id })).retcode).toBe(RET.NOT_FOUND);
    expect((await admin.get(`${A}/search_warehouse_user`, { whs_id: 'IDJKT1', page_size: 13 })).retcode).toBe(RET.BAD_INPUT);
    // Without whs_id: the session's warehouse.
    expect((await admin.get<Page<unknown>>(`${A}/search_warehouse_user`, {})).data.total).toBeGreaterThan(3);
    expect((await admin.get(`${A}/search_warehouse_user`, { whs_id: '' })).retcode).toBe(RET.BAD_INPUT);
  });

  test('a warehouse admin sees only their warehouses and the accounts in them', async () => {
    await server.createUser({ email: 'only-jkt@test.local', warehouses: ['IDJKT1'] });
    const all = await whsAdmin.get<Page<{ email: string }>>(`${A}/search_user`, { page_size: 200 });
    expect(all.data.list.map((r) => r.email)).toContain('operator@demo.local');
    expect(all.data.list.map((r) => r.email)).not.toContain('only-jkt@test.local');
    const whs = await whsAdmin.get<Page<{ whs_id: string }>>(`${A}/search_user_warehouse`);
    expect(whs.data.list.map((w) => w.whs_id)).toEqual(['SGSIN1']);
    expect((await whsAdmin.get(`${A}/search_warehouse_user`, { whs_id: 'IDJKT1' })).retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    expect((await whsAdmin.get(`${A}/search_warehouse_role`, { whs_id: 'IDJKT1' })).retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    expect((await whsAdmin.get(`${A}/get_warehouse_user_detail`, { whs_id: 'IDJKT1', user_id: 1 })).retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    expect((await whsAdmin.get(`${A}/search_warehouse_user`, { whs_id: 'SGSIN1' })).retcode).toBe(0);
    // A warehouse they may see, filtered and sorted as the user list; the rows carry their warehouse.
    const members = await whsAdmin.get<Page<{ whs_id: string; email: string }>>(`${A}/search_warehouse_user`, { whs_id: 'SGSIN1', email: 'demo.local', sort_by: 'email', sort_desc: 1 });
    expect(members.data.list.map((r) => r.email)).toEqual(['supervisor@demo.local', 'operator@demo.local', 'admin@demo.local']);
    expect(members.data.list.every((r) => r.whs_id === 'SGSIN1')).toBe(true);
    const rolesHere = await whsAdmin.get<Page<{ whs_id: string; role_name: string }>>(`${A}/search_warehouse_role`, { role_name: 'oper' });
    expect(rolesHere.data.list.map((r) => [r.whs_id, r.role_name])).toEqual([['SGSIN1', 'Operator']]);
  });
});

describe('two administrators at once', () => {
  // PGlite has one connection: a second transaction cannot hold the lock while a call waits on it.
  test.skipIf(!process.env.DATABASE_URL)('a role raised while it is being given: the giving waits for the change, then is judged by the role as it is now', async () => {
    const keeperPerms = [USER_ADMIN_ACTIONS.assignUserRole, SUPPLIER_VIEW];
    const made = async (role_name: string, perms: string[]) => (await admin.post<RoleDetail>(`${R}/create_role`, { role_name, perms })).data.role_id;
    const [keeperRole, fromRole, toRole] = [await made('Lock keepers', keeperPerms), await made('Lock readers', [SUPPLIER_VIEW]), await made('Lock clerks', [SUPPLIER_VIEW])];
    const keeper = await server.createUser({ email: 'lock-keeper@test.local' });
    const clerk = await server.createUser({ email: 'lock-clerk@test.local' });
    for (const [user, role] of [[keeper.userId, keeperRole], [clerk.userId, fromRole]] as const) {
      expect((await admin.post(`${UR}/assign_user_role`, { user_ids: [user], role_id: role })).retcode).toBe(0);
    }
    const keeperClient = await server.login('lock-keeper@test.local');
    const db = server.database.db;
    let giving: Promise<{ retcode: number; message: string }> | null = null;
    // Another administrator's change of the role, holding the lock every account change takes.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('account-admin'))`);
      giving = keeperClient.post(`${UR}/assign_user_role`, { user_ids: [clerk.userId], role_id: toRole });
      const early = await Promise.race([giving.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))]);
      expect(early).toBe('waiting');
      await tx.insert(rolePermissions).values({ whsId: 'SGSIN1', roleId: toRole, perm: USER_ADMIN_ACTIONS.deleteRole });
    });
    const answer = await giving!;
    expect(answer.retcode).toBe(RET.PERMISSION_DENIED);
    expect(answer.message).toContain(USER_ADMIN_ACTIONS.deleteRole);
    const [member] = await db.select({ roleId: userWarehouses.roleId }).from(userWarehouses).where(and(eq(userWarehouses.whsId, 'SGSIN1'), eq(userWarehouses.userId, clerk.userId)));
    expect(member!.roleId).toBe(fromRole);
  });
});
