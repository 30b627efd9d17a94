import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { RET } from '../../src/shared/retcodes';
import { roles, wfmDepartments } from '../../src/server/db/schema';
import { USER_ADMIN_ACTIONS } from '../../src/shared/contract/userlist.contract';
import { ALL_PERMISSIONS } from '../../src/shared/permissions';

/** System Config user list (spec §7 "User list"): /apps/config/userlist/… */
const U = '/apps/config/userlist';
const USERLIST_VIEW = 'PC.Wmsconfig.Userlist.View';

interface UserRow { user_id: number; email: string; display_name: string; role_id: number; role_name: string; user_kind: number; status: number; is_active: number; department_id: number | null; department_name: string | null; is_super_admin: number }
interface Page<T> { list: T[]; total: number; page_no: number; page_size: number }

let server: TestServer;
let admin: TestClient;
/** A warehouse administrator (all-permission role in SGSIN1 only), not a super admin. */
let whsAdmin: TestClient;
let whsAdminId: number;
let roleIds: Record<string, number>;
let otherWhsRoleId: number;
let deptId: number;
let otherDeptId: number;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  whsAdminId = (await server.createUser({ email: 'whsadmin@test.local', role: 'Administrator', warehouses: ['SGSIN1'] })).userId;
  admin = await server.login('admin@demo.local');
  whsAdmin = await server.login('whsadmin@test.local');
  if (admin.whsId !== 'SGSIN1') expect((await admin.post('/apps/system/user/switch_user_setting', { type: 'whs', value: 'SGSIN1' })).retcode).toBe(0);
  const rows = await db.select().from(roles).where(eq(roles.whsId, 'SGSIN1'));
  roleIds = Object.fromEntries(rows.map((r) => [r.roleName, r.roleId]));
  otherWhsRoleId = (await db.select().from(roles).where(and(eq(roles.whsId, 'IDJKT1'), eq(roles.roleName, 'Operator'))))[0]!.roleId;
  // The demo seed gives every warehouse its departments.
  const departments = await db.select().from(wfmDepartments);
  deptId = departments.find((d) => d.whsId === 'SGSIN1' && d.departmentName === 'Inbound')!.departmentId;
  otherDeptId = departments.find((d) => d.whsId === 'IDJKT1' && d.departmentName === 'Outbound')!.departmentId;
});
afterAll(async () => {
  await server?.close();
});

describe('get_user_list', () => {
  test('members of the session\'s warehouse with role, kind and status; filters and paging', async () => {
    const all = await admin.get<Page<UserRow>>(`${U}/get_user_list`);
    expect(all.retcode).toBe(0);
    const emails = all.data.list.map((r) => r.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@demo.local', 'supervisor@demo.local', 'operator@demo.local', 'whsadmin@test.local']));
    expect(all.data.list.find((r) => r.email === 'operator@demo.local')).toMatchObject({ role_name: 'Operator', user_kind: 1, status: 1, is_active: 1 });
    expect((await admin.get<Page<UserRow>>(`${U}/get_user_list`, { email: 'SUPERVISOR' })).data.list.map((r) => r.email)).toEqual(['supervisor@demo.local']);
    expect((await admin.get<Page<UserRow>>(`${U}/get_user_list`, { display_name: 'oki' })).data.list.map((r) => r.email)).toEqual(['operator@demo.local']);
    const ops = await admin.get<Page<UserRow>>(`${U}/get_user_list`, { role_name: 'operat' });
    expect(ops.data.list.every((r) => r.role_name === 'Operator')).toBe(true);
    expect((await admin.get<Page<UserRow>>(`${U}/get_user_list`, { status: 1 })).data.total).toBe(all.data.total);
    const sorted = await admin.get<Page<UserRow>>(`${U}/get_user_list`, { sort_by: 'email', sort_desc: 1 });
    expect(sorted.data.list.map((r) => r.email)).toEqual([...emails].sort().reverse());
    // Demo staff have departments (seeded): the column shows them and the filter finds them.
    expect(all.data.list.find((r) => r.email === 'operator@demo.local')).toMatchObject({ department_id: deptId, department_name: 'Inbound' });
    const control = await admin.get<Page<UserRow>>(`${U}/get_user_list`, { department_name: 'inventory' });
    expect(control.data.list.map((r) => [r.email, r.department_name])).toEqual([['supervisor@demo.local', 'Inventory Control']]);
    const page2 = await admin.get<Page<UserRow>>(`${U}/get_user_list`, { page_no: 2 });
    expect(page2.data).toMatchObject({ list: [], total: all.data.total, total_capped: false, page_no: 2, page_size: 20 });
  });

  test('local names are searched containing, any case; the role of a row is its id and name', async () => {
    const { userId } = await server.createUser({ email: 'local-filter@test.local' });
    await whsAdmin.post(`${U}/edit_user`, { user_id: userId, local_name: 'Trần Thị Bích' });
    const found = await admin.get<Page<UserRow & { local_name: string }>>(`${U}/get_user_list`, { local_name: 'thị b' });
    expect(found.data.list.map((r) => [r.user_id, r.local_name, r.role_id, r.role_name])).toEqual([[userId, 'Trần Thị Bích', roleIds.Operator, 'Operator']]);
    expect((await admin.get<Page<UserRow>>(`${U}/get_user_list`, { role_id: roleIds.Operator, local_name: 'bích' })).data.total).toBe(1);
  });

  test('the three user kinds (spec §1) show and filter: own staff, outsourced (BPO) and synced to the business-user system', async () => {
    const emailsOf = async (userKind: number) => (await admin.get<Page<UserRow>>(`${U}/get_user_list`, { user_kind: userKind, page_size: 200 })).data.list.map((r) => r.email);
    // The demo seed's staff of SGSIN1 beside the demo accounts.
    expect(await emailsOf(2)).toEqual(expect.arrayContaining(['arif.rahman@manpower-sg.example', 'tan.mei.ling@manpower-sg.example']));
    expect(await emailsOf(3)).toEqual(expect.arrayContaining(['daniel.lim@staff.tally.example']));
    expect(await emailsOf(1)).toEqual(expect.arrayContaining(['admin@demo.local', 'supervisor@demo.local', 'operator@demo.local']));
    const all = (await admin.get<Page<UserRow & { is_tob_synced: number }>>(`${U}/get_user_list`, { page_size: 200 })).data.list;
    for (const kind of [1, 2, 3]) {
      const listed = await emailsOf(kind);
      expect(listed.length, `kind ${kind}`).toBeGreaterThan(0);
      expect(all.filter((r) => listed.includes(r.email)).every((r) => r.user_kind === kind)).toBe(true);
    }
    expect(all.filter((r) => r.user_kind === 3).every((r) => r.is_tob_synced === 1)).toBe(true);
    // Each warehouse shows its own staff only.
    expect(await emailsOf(2)).not.toContain('budi.santoso@outsource-id.example');
    // Demo staff have no password anyone knows.
    await expect(server.login('arif.rahman@manpower-sg.example')).rejects.toThrow(String(RET.BAD_CREDENTIALS));
  });

  test('a user of another warehouse only is not listed', async () => {
    await server.createUser({ email: 'jakarta-only@test.local', warehouses: ['IDJKT1'] });
    const res = await admin.get<Page<UserRow>>(`${U}/get_user_list`, { email: 'jakarta-only' });
    expect(res.data.total).toBe(0);
  });

  test('bad input is -100400 naming the field', async () => {
    for (const [query, field] of [[{ page_size: 7 }, 'page_size'], [{ status: 9 }, 'status'], [{ user_kind: 'x' }, 'user_kind'], [{ sort_by: 'password_hash' }, 'sort_by']] as const) {
      const res = await admin.get(`${U}/get_user_list`, query);
      expect(res.retcode, JSON.stringify(query)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
  });
});

describe('permissions', () => {
  test('supervisor and operator are refused every call; signed-out callers are told to sign in', async () => {
    const supervisor = await server.login('supervisor@demo.local');
    const operator = await server.login('operator@demo.local');
    const calls: [('GET' | 'POST'), string, object][] = [
      ['GET', 'get_user_list', {}], ['POST', 'edit_user', { user_id: 1 }], ['POST', 'reset_user_password', { user_id: 1 }],
      ['POST', 'create_bpo_user', { email: 'x@y.z', display_name: 'x', role_id: 1 }], ['POST', 'sync_user_to_tob', { user_id: 1 }],
      ['GET', 'get_wfm_department_list', {}], ['GET', 'fuzzy_search_staff_local_name', { local_name: 'a' }], ['GET', 'search_email', { email: 'a' }],
      ['GET', 'get_role_configuration', {}], ['GET', 'search_access_status_log', {}], ['GET', 'search_upload_task', {}], ['GET', 'get_bpo_role_list', {}],
    ];
    for (const [method, name, body] of calls) {
      for (const client of [supervisor, operator]) {
        const res = await client.request(method, `${U}/${name}`, body);
        expect(res.retcode, name).toBe(RET.PERMISSION_DENIED);
      }
    }
    expect((await server.client().get(`${U}/get_user_list`)).retcode).toBe(RET.NOT_LOGGED_IN);
  });
});

describe('action permissions', () => {
  /** A member of SGSIN1 only whose role grants exactly `perms` there: its id. */
  async function memberHolding(email: string, perms: readonly string[]) {
    const db = server.database.db;
    const { rolePermissions } = await import('../../src/server/db/schema');
    const [role] = await db.insert(roles).values({ whsId: 'SGSIN1', roleName: `Only ${email}` }).returning();
    if (perms.length > 0) await db.insert(rolePermissions).values(perms.map((perm) => ({ whsId: 'SGSIN1', roleId: role!.roleId, perm })));
    const { userId } = await server.createUser({ email });
    await admin.post(`${U}/edit_user`, { user_id: userId, role_id: role!.roleId });
    return userId;
  }
  /** The same, signed in. */
  async function holderOf(email: string, perms: readonly string[]) {
    await memberHolding(email, perms);
    return server.login(email);
  }
  const VIEWS = [USERLIST_VIEW, 'PC.Wmsconfig.Userrole.View', 'PC.Wmsconfig.Rolelist.View'];

  test('the pages\' View permissions read but change nothing: each change is refused naming its permission', async () => {
    const viewer = await holderOf('viewer@test.local', VIEWS);
    const target = await server.createUser({ email: 'viewer-target@test.local' });
    expect((await viewer.get(`${U}/get_user_list`)).retcode).toBe(0);
    expect((await viewer.get('/apps/config/userrole/search_user_role')).retcode).toBe(0);
    expect((await viewer.get('/apps/config/role/search_role')).retcode).toBe(0);
    expect((await viewer.get('/apps/config/role/get_role_detail', { role_id: roleIds.Operator })).retcode).toBe(0);
    const changes: [string, object, string][] = [
      [`${U}/edit_user`, { user_id: target.userId, display_name: 'Changed' }, USER_ADMIN_ACTIONS.editUser],
      [`${U}/reset_user_password`, { user_id: target.userId }, USER_ADMIN_ACTIONS.resetUserPassword],
      [`${U}/create_bpo_user`, { email: 'viewer-made@agency.example', display_name: 'x', role_id: roleIds.Operator }, USER_ADMIN_ACTIONS.createBpoUser],
      [`${U}/sync_user_to_tob`, { user_id: target.userId }, USER_ADMIN_ACTIONS.syncUserToTob],
      ['/apps/config/userrole/assign_user_role', { user_ids: [target.userId], role_id: roleIds.Supervisor }, USER_ADMIN_ACTIONS.assignUserRole],
      ['/apps/config/role/create_role', { role_name: 'Viewer made' }, USER_ADMIN_ACTIONS.createRole],
      ['/apps/config/role/update_role', { role_id: roleIds.Operator, role_name: 'Renamed' }, USER_ADMIN_ACTIONS.updateRole],
      ['/apps/config/role/delete_role', { role_id: roleIds.Operator }, USER_ADMIN_ACTIONS.deleteRole],
    ];
    for (const [path, body, perm] of changes) {
      const res = await viewer.post(path, body);
      expect(res.retcode, path).toBe(RET.PERMISSION_DENIED);
      expect(res.data, path).toEqual({ perm });
    }
    // Nothing changed.
    const row = (await admin.get<Page<UserRow & { is_tob_synced: number }>>(`${U}/get_user_list`, { email: 'viewer-target' })).data.list[0]!;
    expect(row).toMatchObject({ display_name: 'viewer-target', role_name: 'Operator', is_tob_synced: 0 });
    expect((await admin.get<Page<UserRow>>(`${U}/get_user_list`, { email: 'viewer-made' })).data.total).toBe(0);
    expect((await admin.get<Page<{ role_name: string }>>('/apps/config/role/search_role', { role_name: 'Viewer made' })).data.total).toBe(0);
    await server.login('viewer-target@test.local'); // the password was not reset
  });

  test('each action permission opens its own call only', async () => {
    const resetter = await holderOf('resetter@test.local', [USERLIST_VIEW, USER_ADMIN_ACTIONS.resetUserPassword]);
    // A target holding nothing the resetter does not (no one changes an account stronger than theirs).
    const target = await memberHolding('resetter-target@test.local', []);
    expect((await resetter.post(`${U}/reset_user_password`, { user_id: target })).retcode).toBe(0);
    expect((await resetter.post(`${U}/edit_user`, { user_id: target, display_name: 'x' })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await resetter.post(`${U}/sync_user_to_tob`, { user_id: target })).retcode).toBe(RET.PERMISSION_DENIED);
  });

  test('the User Role page with its Edit action reads the roles it may give (get_assignable_roles); the user list\'s role configuration stays closed', async () => {
    const USERROLE_VIEW = 'PC.Wmsconfig.Userrole.View';
    const assigner = await holderOf('assigner@test.local', [USERROLE_VIEW, USER_ADMIN_ACTIONS.assignUserRole, 'PC.Inbound.Counting.View']);
    expect((await assigner.get(`${U}/get_role_configuration`)).retcode).toBe(RET.PERMISSION_DENIED);
    const db = server.database.db;
    const { rolePermissions } = await import('../../src/server/db/schema');
    const [counting] = await db.insert(roles).values({ whsId: 'SGSIN1', roleName: 'Counting only' }).returning();
    await db.insert(rolePermissions).values({ whsId: 'SGSIN1', roleId: counting!.roleId, perm: 'PC.Inbound.Counting.View' });

    const res = await assigner.get<{ list: { role_id: number; role_name: string }[] }>('/apps/config/userrole/get_assignable_roles');
    expect(res.retcode, res.message).toBe(0);
    const names = res.data.list.map((r) => r.role_name);
    // Its own role and the narrower one; not the roles granting what it does not hold (all-permission ones included).
    expect(names).toEqual(expect.arrayContaining(['Counting only', 'Only assigner@test.local']));
    for (const wider of ['Administrator', 'Supervisor', 'Operator']) expect(names).not.toContain(wider);
    // What it lists, it may give; what it leaves out is refused.
    const target = await memberHolding('assigner-target@test.local', ['PC.Inbound.Counting.View']);
    const assign = (roleId: number) => assigner.post('/apps/config/userrole/assign_user_role', { user_ids: [target], role_id: roleId });
    expect((await assign(counting!.roleId)).retcode).toBe(0);
    expect((await assign(roleIds.Supervisor!)).retcode).toBe(RET.PERMISSION_DENIED);

    // The page without its Edit action: refused, naming the permission.
    const viewer = await holderOf('userrole-viewer@test.local', [USERROLE_VIEW]);
    const refused = await viewer.get('/apps/config/userrole/get_assignable_roles');
    expect(refused.retcode).toBe(RET.PERMISSION_DENIED);
    expect(refused.data).toEqual({ perm: USER_ADMIN_ACTIONS.assignUserRole });
    // A super admin may give every role of the warehouse, and only its roles.
    const every = (await admin.get<{ list: { role_id: number }[] }>('/apps/config/userrole/get_assignable_roles')).data.list.map((r) => r.role_id);
    const ofWarehouse = (await db.select({ id: roles.roleId }).from(roles).where(eq(roles.whsId, 'SGSIN1'))).map((r) => r.id);
    expect([...every].sort((x, y) => x - y)).toEqual([...ofWarehouse].sort((x, y) => x - y));
  });

  test('the Administrator role holds every action permission; the demo supervisor and operator none of them', async () => {
    const perms = async (client: TestClient) => (await client.get<{ list: string[] }>('/apps/system/authorization/get_my_perm')).data.list;
    const actions = Object.values(USER_ADMIN_ACTIONS);
    for (const action of actions) expect(ALL_PERMISSIONS, action).toContain(action);
    expect(await perms(whsAdmin)).toEqual(expect.arrayContaining(actions));
    for (const email of ['supervisor@demo.local', 'operator@demo.local']) {
      const held = await perms(await server.login(email));
      expect(held.filter((p) => p.startsWith('PC.Wmsconfig.Userlist.') || p.startsWith('PC.Wmsconfig.Userrole.') || p.startsWith('PC.Wmsconfig.Rolelist.')), email).toEqual([]);
    }
  });
});

describe('edit_user', () => {
  test('changes role, names, department and status; disabling logs and stops sign-in, enabling restores it', async () => {
    const { userId } = await server.createUser({ email: 'edit-me@test.local' });
    const edited = await whsAdmin.post<UserRow>(`${U}/edit_user`, {
      user_id: userId, role_id: roleIds.Supervisor, display_name: '  Eddie  ', local_name: 'เอ็ดดี้', employment_type: 2, department_id: deptId,
    });
    expect(edited.retcode).toBe(0);
    expect(edited.data).toMatchObject({ user_id: userId, role_name: 'Supervisor', display_name: 'Eddie', department_id: deptId, status: 1, is_active: 1 });
    const session = await server.login('edit-me@test.local');
    const off = await whsAdmin.post<UserRow>(`${U}/edit_user`, { user_id: userId, status: 2, reason: 'Contract ended' });
    expect(off.data).toMatchObject({ status: 2, is_active: 0 });
    // The open session ends at once, and signing in is refused.
    expect((await session.get('/apps/system/authorization/get_my_perm')).retcode).toBe(RET.NOT_LOGGED_IN);
    await expect(server.login('edit-me@test.local')).rejects.toThrow(String(RET.ACCOUNT_DISABLED));
    const on = await whsAdmin.post<UserRow>(`${U}/edit_user`, { user_id: userId, status: 1, reason: 'Rehired' });
    expect(on.data.is_active).toBe(1);
    await server.login('edit-me@test.local');
    const log = await whsAdmin.get<Page<{ user_id: number; from_status: number; to_status: number; is_active: number; reason: string; operator_email: string; created_at: number }>>(
      `${U}/search_access_status_log`, { user_id: userId });
    expect(log.data.total).toBe(2);
    expect(log.data.list.map((r) => [r.from_status, r.to_status, r.is_active, r.reason])).toEqual([[2, 1, 1, 'Rehired'], [1, 2, 0, 'Contract ended']]);
    expect(log.data.list[0]!.operator_email).toBe('whsadmin@test.local');
    expect(String(log.data.list[0]!.created_at)).toHaveLength(10);
    const paged = await whsAdmin.get<Page<unknown>>(`${U}/search_access_status_log`, { user_id: userId, page_no: 2 });
    expect(paged.data).toMatchObject({ list: [], total: 2 });
    // The log is a list like the others: filtered by the status changed to, sorted oldest first on request.
    const terminated = await whsAdmin.get<Page<{ user_id: number; to_status: number; email: string }>>(`${U}/search_access_status_log`, { user_id: userId, to_status: 2 });
    expect(terminated.data.list.map((r) => [r.email, r.to_status])).toEqual([['edit-me@test.local', 2]]);
    const oldest = await whsAdmin.get<Page<{ reason: string }>>(`${U}/search_access_status_log`, { user_id: userId, sort_by: 'log_id', sort_desc: 0 });
    expect(oldest.data.list.map((r) => r.reason)).toEqual(['Contract ended', 'Rehired']);
    expect((await whsAdmin.get(`${U}/search_access_status_log`, { sort_by: 'reason' })).retcode).toBe(RET.BAD_INPUT);
    // Another warehouse's log does not show this one's changes.
    const jakarta = await server.loginAt('admin@demo.local', 'IDJKT1');
    expect((await jakarta.get<Page<unknown>>(`${U}/search_access_status_log`, { user_id: userId })).data.total).toBe(0);
  });

  test('a status change needs its reason; a cleared local name is empty; nothing changes on a refusal', async () => {
    const { userId } = await server.createUser({ email: 'reason-me@test.local' });
    await whsAdmin.post(`${U}/edit_user`, { user_id: userId, local_name: 'Somchai' });
    const refused = await whsAdmin.post(`${U}/edit_user`, { user_id: userId, status: 3, display_name: 'Away', reason: '   ' });
    expect(refused.retcode).toBe(RET.BAD_INPUT);
    expect(refused.message).toContain('reason');
    const row = async () => (await whsAdmin.get<Page<UserRow & { local_name: string }>>(`${U}/get_user_list`, { email: 'reason-me' })).data.list[0]!;
    expect(await row()).toMatchObject({ status: 1, display_name: 'reason-me', local_name: 'Somchai' });
    // The same status again is no change: no reason needed.
    expect((await whsAdmin.post(`${U}/edit_user`, { user_id: userId, status: 1 })).retcode).toBe(0);
    const cleared = await whsAdmin.post<UserRow & { local_name: string }>(`${U}/edit_user`, { user_id: userId, local_name: null, department_id: null, status: 3, reason: 'Leave' });
    expect(cleared.retcode, cleared.message).toBe(0);
    expect(cleared.data).toMatchObject({ local_name: '', department_id: null, status: 3, is_active: 0 });
  });

  test('refusals: other warehouses, own role and status, super admins, bad input', async () => {
    const { userId } = await server.createUser({ email: 'edit-refuse@test.local' });
    const jakarta = await server.createUser({ email: 'jakarta-edit@test.local', warehouses: ['IDJKT1'] });
    const superId = (await server.createUser({ email: 'super2@test.local', superAdmin: true })).userId;
    expect((await whsAdmin.post(`${U}/edit_user`, { user_id: jakarta.userId, display_name: 'x' })).retcode).toBe(RET.NOT_FOUND);
    expect((await whsAdmin.post(`${U}/edit_user`, { user_id: userId, role_id: otherWhsRoleId })).retcode).toBe(RET.NOT_FOUND);
    expect((await whsAdmin.post(`${U}/edit_user`, { user_id: userId, department_id: otherDeptId })).retcode).toBe(RET.NOT_FOUND);
    expect((await whsAdmin.post(`${U}/edit_user`, { user_id: whsAdminId, role_id: roleIds.Operator })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await whsAdmin.post(`${U}/edit_user`, { user_id: whsAdminId, status: 2 })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await whsAdmin.post(`${U}/edit_user`, { user_id: superId, display_name: 'x' })).retcode).toBe(RET.PERMISSION_DENIED);
    // A super admin may change another super admin; nothing makes one.
    expect((await admin.post(`${U}/edit_user`, { user_id: superId, display_name: 'Second' })).retcode).toBe(0);
    const smuggled = await whsAdmin.post<UserRow>(`${U}/edit_user`, { user_id: userId, is_super_admin: 1 });
    expect(smuggled.data.is_super_admin).toBe(0);
    for (const [body, field] of [
      [{ user_id: 'abc' }, 'user_id'], [{ user_id: userId, status: 4 }, 'status'], [{ user_id: userId, display_name: '   ' }, 'display_name'],
      [{ user_id: userId, employment_type: 0 }, 'employment_type'], [{}, 'user_id'],
    ] as const) {
      const res = await whsAdmin.post(`${U}/edit_user`, body);
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
  });

  test('a holder of the user list without every permission cannot give a role with more than they hold', async () => {
    const db = server.database.db;
    const { rolePermissions } = await import('../../src/server/db/schema');
    const [limited] = await db.insert(roles).values({ whsId: 'SGSIN1', roleName: 'User clerk' }).returning();
    await db.insert(rolePermissions).values(['PC.Wmsconfig.Userlist.View', 'PC.Wmsconfig.Userlist.Edit', 'PC.Wmsconfig.Userrole.View'].map((perm) => ({ whsId: 'SGSIN1', roleId: limited!.roleId, perm })));
    const clerk = await server.createUser({ email: 'clerk@test.local' });
    await admin.post(`${U}/edit_user`, { user_id: clerk.userId, role_id: limited!.roleId });
    // The target holds nothing the clerk does not: changing a stronger account is refused whatever the role.
    const [nothing] = await db.insert(roles).values({ whsId: 'SGSIN1', roleName: 'Clerk trainees' }).returning();
    const target = await server.createUser({ email: 'clerk-target@test.local' });
    await admin.post(`${U}/edit_user`, { user_id: target.userId, role_id: nothing!.roleId });
    const client = await server.login('clerk@test.local');
    expect((await client.post(`${U}/edit_user`, { user_id: target.userId, role_id: roleIds.Administrator })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await client.post(`${U}/edit_user`, { user_id: target.userId, role_id: roleIds.Supervisor })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await client.post(`${U}/edit_user`, { user_id: target.userId, role_id: limited!.roleId })).retcode).toBe(0);
  });
});

describe('reset_user_password', () => {
  test('answers a temporary password once that signs in, and ends the user\'s sessions', async () => {
    await server.createUser({ email: 'reset-me@test.local' });
    const { list } = (await whsAdmin.get<Page<UserRow>>(`${U}/get_user_list`, { email: 'reset-me' })).data;
    const session = await server.login('reset-me@test.local');
    const res = await whsAdmin.post<{ user_id: number; temporary_password: string }>(`${U}/reset_user_password`, { user_id: list[0]!.user_id });
    expect(res.retcode).toBe(0);
    expect(res.data.temporary_password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[A-Za-z\d]{12}$/);
    expect((await session.get('/apps/system/authorization/get_my_perm')).retcode).toBe(RET.NOT_LOGGED_IN);
    await expect(server.login('reset-me@test.local')).rejects.toThrow(String(RET.BAD_CREDENTIALS));
    await server.login('reset-me@test.local', res.data.temporary_password);
    expect((await whsAdmin.post(`${U}/reset_user_password`, { user_id: whsAdminId })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await whsAdmin.post(`${U}/reset_user_password`, { user_id: 999999 })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('create_bpo_user and get_bpo_role_list', () => {
  test('BPO roles exclude all-permission ones; the new account is a BPO member that can sign in', async () => {
    const roleList = await whsAdmin.get<{ list: { role_id: number; role_name: string }[] }>(`${U}/get_bpo_role_list`);
    expect(roleList.data.list.map((r) => r.role_name)).not.toContain('Administrator');
    expect(roleList.data.list.map((r) => r.role_name)).toContain('Operator');
    const res = await whsAdmin.post<{ user_id: number; temporary_password: string }>(`${U}/create_bpo_user`, {
      email: 'Bpo.Picker@Agency.example', display_name: 'Bea Picker', local_name: 'บี', role_id: roleIds.Operator, department_id: deptId,
    });
    expect(res.retcode).toBe(0);
    const row = (await whsAdmin.get<Page<UserRow>>(`${U}/get_user_list`, { user_kind: 2, email: 'bpo.picker' })).data.list;
    expect(row).toEqual([expect.objectContaining({ user_id: res.data.user_id, role_name: 'Operator', user_kind: 2, department_id: deptId })]);
    const bpo = await server.login('bpo.picker@agency.example', res.data.temporary_password);
    expect(bpo.whsId).toBe('SGSIN1');
    const again = await whsAdmin.post(`${U}/create_bpo_user`, { email: 'BPO.picker@agency.example', display_name: 'x', role_id: roleIds.Operator });
    expect(again.retcode).toBe(RET.BAD_INPUT);
    expect(again.message).toContain('email');
    expect((await whsAdmin.post(`${U}/create_bpo_user`, { email: 'a@b.example', display_name: 'x', role_id: roleIds.Administrator })).retcode).toBe(RET.BAD_INPUT);
    expect((await whsAdmin.post(`${U}/create_bpo_user`, { email: 'a@b.example', display_name: 'x', role_id: otherWhsRoleId })).retcode).toBe(RET.NOT_FOUND);
    expect((await whsAdmin.post(`${U}/create_bpo_user`, { email: 'not-an-email', display_name: 'x', role_id: roleIds.Operator })).retcode).toBe(RET.BAD_INPUT);
  });
});

describe('sync_user_to_tob', () => {
  test('own staff become synced accounts with the time; syncing again renews it; BPO accounts and other warehouses are refused', async () => {
    const { userId } = await server.createUser({ email: 'sync-me@test.local' });
    const res = await whsAdmin.post<{ user_id: number; user_kind: number; tob_synced_at: number }>(`${U}/sync_user_to_tob`, { user_id: userId });
    expect(res.retcode).toBe(0);
    expect(res.data).toMatchObject({ user_id: userId, user_kind: 3 });
    expect(Math.abs(res.data.tob_synced_at - Date.now() / 1000)).toBeLessThan(600);
    const synced = (await whsAdmin.get<Page<UserRow & { is_tob_synced: number }>>(`${U}/get_user_list`, { user_kind: 3, email: 'sync-me' })).data.list;
    expect(synced).toEqual([expect.objectContaining({ user_id: userId, user_kind: 3, is_tob_synced: 1 })]);
    const again = await whsAdmin.post<{ tob_synced_at: number }>(`${U}/sync_user_to_tob`, { user_id: userId });
    expect(again.retcode).toBe(0);
    expect(again.data.tob_synced_at).toBeGreaterThanOrEqual(res.data.tob_synced_at);

    const bpo = (await whsAdmin.get<Page<UserRow>>(`${U}/get_user_list`, { email: 'arif.rahman' })).data.list[0]!;
    const refused = await whsAdmin.post(`${U}/sync_user_to_tob`, { user_id: bpo.user_id });
    expect(refused.retcode).toBe(RET.BAD_INPUT);
    expect(refused.message).toContain('BPO');
    expect((await whsAdmin.get<Page<UserRow>>(`${U}/get_user_list`, { email: 'arif.rahman' })).data.list[0]!.user_kind).toBe(2);
    const jakarta = await server.createUser({ email: 'sync-jkt@test.local', warehouses: ['IDJKT1'] });
    expect((await whsAdmin.post(`${U}/sync_user_to_tob`, { user_id: jakarta.userId })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('pickers and reference lists', () => {
  test('search_email and fuzzy_search_staff_local_name: containing, any case, this warehouse, at most 20', async () => {
    for (let i = 0; i < 22; i++) await server.createUser({ email: `picker${String(i).padStart(2, '0')}@bulk.test` });
    const many = await whsAdmin.get<{ list: { email: string }[] }>(`${U}/search_email`, { email: 'BULK.TEST' });
    expect(many.data.list).toHaveLength(20);
    expect(many.data.list[0]!.email).toBe('picker00@bulk.test');
    await server.createUser({ email: 'pick-jkt@bulk.test', warehouses: ['IDJKT1'] });
    expect((await whsAdmin.get<{ list: { email: string }[] }>(`${U}/search_email`, { email: 'pick-jkt' })).data.list).toEqual([]);
    expect((await whsAdmin.get<{ list: unknown[] }>(`${U}/search_email`, { email: '' })).data.list).toHaveLength(20);
    expect((await whsAdmin.get(`${U}/search_email`, { email: 'x'.repeat(255) })).retcode).toBe(RET.BAD_INPUT);
    const { userId } = await server.createUser({ email: 'local@test.local' });
    await whsAdmin.post(`${U}/edit_user`, { user_id: userId, local_name: 'Nguyễn Văn An' });
    const local = await whsAdmin.get<{ list: { user_id: number }[] }>(`${U}/fuzzy_search_staff_local_name`, { local_name: 'văn' });
    expect(local.data.list.map((r) => r.user_id)).toEqual([userId]);
    expect((await whsAdmin.get(`${U}/fuzzy_search_staff_local_name`, { local_name: 'x'.repeat(121) })).retcode).toBe(RET.BAD_INPUT);
  });

  test('departments and role configuration of the warehouse', async () => {
    const departments = (await whsAdmin.get<{ list: { department_id: number; department_name: string }[] }>(`${U}/get_wfm_department_list`)).data.list;
    expect(departments.map((d) => d.department_name)).toEqual(['Inbound', 'Inventory Control', 'Outbound', 'Returns']);
    expect(departments[0]!.department_id).toBe(deptId);
    expect(departments.map((d) => d.department_id)).not.toContain(otherDeptId);
    const config = await whsAdmin.get<{ list: { role_name: string; all_permissions: number; permission_count: number; user_count: number }[] }>(`${U}/get_role_configuration`);
    const admins = config.data.list.find((r) => r.role_name === 'Administrator')!;
    expect(admins.all_permissions).toBe(1);
    expect(admins.permission_count).toBeGreaterThan(100);
    expect(config.data.list.find((r) => r.role_name === 'Operator')!.permission_count).toBeGreaterThan(0);
  });
});
