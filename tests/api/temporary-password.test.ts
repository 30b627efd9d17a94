import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { and, count, eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { mailOutbox, syncOps, syncStreams, userSettings, users } from '../../src/server/db/schema';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import { RET } from '../../src/shared/retcodes';

/**
 * A temporary password (reset_user_password, create_bpo_user) must be changed at the next sign-in:
 * until then the session may only read its login info, change the password, set the language and
 * sign out; every other call, offline ops included, answers -224009 and changes nothing.
 */
const U = '/apps/config/userlist';
const USER = '/apps/system/user';
const PUSH = '/apps/system/sync/push_ops';

let server: TestServer;
let whsAdmin: TestClient;
let operatorRoleId: number;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ email: 'temp-admin@test.local', role: 'Administrator', warehouses: ['SGSIN1'] });
  whsAdmin = await server.login('temp-admin@test.local');
  const roles = await whsAdmin.get<{ list: { role_id: number; role_name: string }[] }>(`${U}/get_bpo_role_list`);
  operatorRoleId = roles.data.list.find((r) => r.role_name === 'Operator')!.role_id;
});
afterAll(async () => {
  await server?.close();
});

const flagOf = async (userId: number) =>
  (await server.database.db.select({ f: users.passwordChangeRequired }).from(users).where(eq(users.userId, userId)))[0]!.f;

/** Signs in with a password and answers the client and the login answer's flag. */
async function signIn(email: string, password: string) {
  const client = server.client();
  const res = await client.post<{ password_change_required: boolean; whs_id: string }>(`${USER}/user_login`, { email, password: hashPasswordForTransport(password) });
  expect(res.retcode, res.message).toBe(0);
  return { client, required: res.data.password_change_required };
}

async function resetBy(admin: TestClient, email: string) {
  const { userId } = await server.createUser({ email });
  const res = await admin.post<{ temporary_password: string }>(`${U}/reset_user_password`, { user_id: userId });
  expect(res.retcode).toBe(0);
  return { userId, password: res.data.temporary_password };
}

describe('a password reset by an administrator', () => {
  test('sets the flag; sign-in and get_login_info report it; every other call is refused with -224009 until the change', async () => {
    const { userId, password } = await resetBy(whsAdmin, 'temp-reset@test.local');
    expect(await flagOf(userId)).toBe(true);
    const { client, required } = await signIn('temp-reset@test.local', password);
    expect(required).toBe(true);
    expect((await client.get(`${USER}/get_login_info`)).data).toMatchObject({ email: 'temp-reset@test.local', password_change_required: true });

    // Reads, changes, the warehouse switch and offline ops: refused, with their own code and HTTP 403.
    const refused: [('GET' | 'POST'), string, object][] = [
      ['GET', '/apps/system/authorization/get_my_perm', {}],
      ['GET', '/apps/system/authorization/get_my_menu_key', {}],
      ['GET', '/apps/basic/supplier/search_supplier', {}],
      ['POST', `${USER}/switch_user_setting`, { type: 'whs', value: 'SGSIN1' }],
      ['GET', `${USER}/simple_password_deadline`, {}],
      ['POST', '/apps/system/sync/device_heartbeat', { device_id: uuidv7(), pending: 0, rejected: 0, oldest_pending_at: null, app_version: 't', user_agent: 't' }],
    ];
    for (const [method, path, body] of refused) {
      const res = await client.request(method, path, body);
      expect(res.retcode, path).toBe(RET.PASSWORD_CHANGE_REQUIRED);
      expect(client.lastStatus, path).toBe(403);
    }
    // An export file cannot be fetched either (a route outside the contract).
    const download = await client.get('/apps/config/export/download_export_task', { task_id: '00000000-0000-4000-8000-000000000000' });
    expect(download.retcode).toBe(RET.PASSWORD_CHANGE_REQUIRED);

    // The language may be set; no other setting.
    expect((await client.post(`${USER}/set_user_setting`, { name: 'lang', value: 'th' })).retcode).toBe(0);
    expect((await client.post(`${USER}/set_user_setting`, { name: 'theme', value: 'dark' })).retcode).toBe(RET.PASSWORD_CHANGE_REQUIRED);
    const settings = await server.database.db.select().from(userSettings).where(eq(userSettings.userId, userId));
    expect(settings.map((s) => [s.name, s.value])).toEqual([['lang', 'th']]);

    // Wrong current password, the same one again, or one below the policy: refused as usual, and the flag stays.
    const simple = await client.post(`${USER}/reset_my_pwd`, { old_pwd: hashPasswordForTransport(password), new_pwd: 'weakweak' });
    expect(simple.retcode).toBe(RET.BAD_INPUT);
    expect(simple.data.issues).toEqual([{ path: 'new_pwd', message: 'New Password must contain one uppercase and one lowercase character.' }]);
    const wrong = await client.post(`${USER}/reset_my_pwd`, { old_pwd: hashPasswordForTransport('Nope1234'), new_pwd: 'MyOwnPass9' });
    expect(wrong.retcode).toBe(RET.WRONG_CURRENT_PASSWORD);
    const same = await client.post(`${USER}/reset_my_pwd`, { old_pwd: hashPasswordForTransport(password), new_pwd: password });
    expect(same.retcode).toBe(RET.PASSWORD_UNCHANGED);
    expect(await flagOf(userId)).toBe(true);
    expect((await client.get('/apps/system/authorization/get_my_perm')).retcode).toBe(RET.PASSWORD_CHANGE_REQUIRED);

    // The change clears the flag: the same session goes on, with everything open.
    const changed = await client.post(`${USER}/reset_my_pwd`, { old_pwd: hashPasswordForTransport(password), new_pwd: 'MyOwnPass9' });
    expect(changed.retcode).toBe(0);
    expect(await flagOf(userId)).toBe(false);
    expect((await client.get(`${USER}/get_login_info`)).data.password_change_required).toBe(false);
    expect((await client.get('/apps/system/authorization/get_my_perm')).retcode).toBe(0);
    expect((await client.post(`${USER}/switch_user_setting`, { type: 'whs', value: 'SGSIN1' })).retcode).toBe(0);
    expect((await signIn('temp-reset@test.local', 'MyOwnPass9')).required).toBe(false);
  });

  test('offline ops of such a session are refused without being recorded, and apply once the password is changed', async () => {
    const { userId, password } = await resetBy(whsAdmin, 'temp-ops@test.local');
    const { client } = await signIn('temp-ops@test.local', password);
    const deviceId = uuidv7();
    const ops = [1, 2].map((seq) => ({ op_id: uuidv7(), seq, kind: 'system.user.set_user_setting', payload: { name: `note${seq}`, value: 'x' }, created_at: Date.now() - 1000 }));
    const refused = await client.post(PUSH, { device_id: deviceId, ops });
    expect(refused.retcode).toBe(RET.PASSWORD_CHANGE_REQUIRED);
    const db = server.database.db;
    const recorded = async () => (await db.select({ n: count() }).from(syncOps).where(eq(syncOps.userId, userId)))[0]!.n;
    expect(await recorded()).toBe(0);
    expect(await db.select().from(syncStreams).where(and(eq(syncStreams.userId, userId), eq(syncStreams.deviceId, deviceId)))).toEqual([]);
    expect(await db.select().from(userSettings).where(eq(userSettings.userId, userId))).toEqual([]);

    expect((await client.post(`${USER}/reset_my_pwd`, { old_pwd: hashPasswordForTransport(password), new_pwd: 'MyOwnPass9' })).retcode).toBe(0);
    // The device sends the same ops again, in order: they apply now, once.
    const applied = await client.post<{ results: { status: string }[]; acked_seq: number }>(PUSH, { device_id: deviceId, ops });
    expect(applied.retcode).toBe(0);
    expect(applied.data.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(applied.data.acked_seq).toBe(2);
    expect(await recorded()).toBe(2);
  });

  test('logout is allowed before the change; the next sign-in asks again', async () => {
    const { password } = await resetBy(whsAdmin, 'temp-logout@test.local');
    const { client } = await signIn('temp-logout@test.local', password);
    expect((await client.get(`${USER}/user_logout`)).retcode).toBe(0);
    expect((await client.get(`${USER}/get_login_info`)).retcode).toBe(RET.NOT_LOGGED_IN);
    expect((await signIn('temp-logout@test.local', password)).required).toBe(true);
  });

  test('a new password chosen through the emailed reset link clears the flag too', async () => {
    const { userId } = await resetBy(whsAdmin, 'temp-forgot@test.local');
    expect((await server.client().post(`${USER}/user_forgot`, { email: 'temp-forgot@test.local' })).retcode).toBe(0);
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'temp-forgot@test.local'));
    const link = new URL(mail!.body.match(/https?:\/\/\S+/)![0]);
    const reset = await server.client().post(`${USER}/user_password_reset`, {
      passwd: 'Chosen1234', token: link.searchParams.get('token'), user_id: userId,
    });
    expect(reset.retcode).toBe(0);
    expect(await flagOf(userId)).toBe(false);
    expect((await signIn('temp-forgot@test.local', 'Chosen1234')).required).toBe(false);
  });
});

describe('a BPO account', () => {
  test('starts with a temporary password to change at its first sign-in', async () => {
    const created = await whsAdmin.post<{ user_id: number; temporary_password: string }>(`${U}/create_bpo_user`, {
      email: 'temp-bpo@agency.example', display_name: 'Tia Temp', role_id: operatorRoleId,
    });
    expect(created.retcode).toBe(0);
    const { client, required } = await signIn('temp-bpo@agency.example', created.data.temporary_password);
    expect(required).toBe(true);
    expect((await client.get('/apps/system/authorization/get_my_menu_key')).retcode).toBe(RET.PASSWORD_CHANGE_REQUIRED);
    expect((await client.post(`${USER}/reset_my_pwd`, {
      old_pwd: hashPasswordForTransport(created.data.temporary_password), new_pwd: 'Bpo-Own-99',
    })).retcode).toBe(0);
    expect((await client.get<{ list: string[] }>('/apps/system/authorization/get_my_menu_key')).data.list.length).toBeGreaterThan(0);
  });

  test('accounts whose password nobody reset are never asked', async () => {
    const { required } = await signIn('operator@demo.local', 'Demo1234');
    expect(required).toBe(false);
    expect((await whsAdmin.get(`${USER}/get_login_info`)).data.password_change_required).toBe(false);
  });
});
