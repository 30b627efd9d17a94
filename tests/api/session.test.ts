import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import { RET } from '../../src/shared/retcodes';

const LOGIN = '/apps/system/user/user_login';
const LOGIN_INFO = '/apps/system/user/get_login_info';
const LOGOUT = '/apps/system/user/user_logout';
const pw = hashPasswordForTransport;

let server: TestServer;
// Tests that fail sign-ins on purpose send their own X-Forwarded-For (honoured with TRUST_PROXY)
// to keep their failures apart; the limits themselves are tested in rate-limit.test.ts.
let ipSeq = 0;
const freshIp = () => ({ 'x-forwarded-for': `198.51.100.${++ipSeq}` });

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});

async function attempt(client: TestClient, email: string, password: string, headers: Record<string, string> = {}) {
  return client.post(LOGIN, { email, password: pw(password) }, { headers });
}

describe('user_login', () => {
  test('the right password signs in and answers with the user, their warehouses and settings', async () => {
    const client = server.client();
    const res = await attempt(client, 'supervisor@demo.local', DEMO_PASSWORD);
    expect(res.retcode).toBe(0);
    const info = res.data;
    expect(info).toMatchObject({ email: 'supervisor@demo.local', display_name: 'Sam Supervisor', lang: 'en', env: 'test', header: '' });
    expect(info.user_id).toEqual(expect.any(Number));
    expect(info.whs_id_country).toEqual([
      { whs_id: 'IDJKT1', country: 'ID', whs_name: 'Jakarta Cikarang FC', is_rms: false },
      { whs_id: 'SGSIN1', country: 'SG', whs_name: 'Singapore Tuas DC', is_rms: false },
      { whs_id: 'VNHCM1', country: 'VN', whs_name: 'Ho Chi Minh Cu Chi RMS', is_rms: true },
    ]);
    expect(info.whs_id_country.map((w: { whs_id: string }) => w.whs_id)).toContain(info.whs_id);
    expect(info.whs_setting).toHaveLength(3);
    expect(info.whs_setting[0]).toEqual({ whs_id: 'IDJKT1', is_show_mbn: false });
  });

  test('a super admin is offered every warehouse', async () => {
    const res = await attempt(server.client(), 'admin@demo.local', DEMO_PASSWORD);
    expect(res.retcode).toBe(0);
    expect(res.data.whs_id_country.map((w: { whs_id: string }) => w.whs_id)).toEqual(['IDJKT1', 'MYKUL1', 'PHMNL1', 'SGSIN1', 'THBKK1', 'VNHCM1']);
    for (const w of res.data.whs_id_country) {
      expect(w.country).toBe(w.whs_id.slice(0, 2));
      expect(w.is_rms).toBe(w.whs_id.startsWith('VN'));
    }
  });

  test('sets an HttpOnly SameSite session cookie and rotates the readable CSRF cookie', async () => {
    const client = server.client();
    await client.get('/apps/system/user/get_lang_setting');
    const csrfBefore = client.cookies.get('tally_csrf');
    expect(csrfBefore).toBeTruthy();
    await attempt(client, 'operator@demo.local', DEMO_PASSWORD);
    const sid = client.lastSetCookies.find((c) => c.startsWith('tally_sid='));
    expect(sid).toBeDefined();
    expect(sid).toMatch(/;\s*HttpOnly/i);
    expect(sid).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    expect(sid).toMatch(/;\s*Path=\//i);
    expect(sid).not.toMatch(/;\s*Secure/i); // plain HTTP in tests
    expect(client.cookies.get('tally_sid')!.length).toBeGreaterThanOrEqual(32);
    const csrf = client.lastSetCookies.find((c) => c.startsWith('tally_csrf='));
    expect(csrf).toBeDefined();
    expect(csrf).not.toMatch(/HttpOnly/i); // the app must read it to echo it in the header
    expect(client.cookies.get('tally_csrf')).not.toBe(csrfBefore);
  });

  test('the session cookie is Secure behind an HTTPS proxy', async () => {
    const client = server.client();
    await attempt(client, 'operator@demo.local', DEMO_PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(client.lastSetCookies.find((c) => c.startsWith('tally_sid='))).toMatch(/;\s*Secure/i);
  });

  test('the email is matched case-insensitively and trimmed', async () => {
    const res = await attempt(server.client(), '  Operator@Demo.LOCAL ', DEMO_PASSWORD);
    expect(res.retcode).toBe(0);
    expect(res.data.email).toBe('operator@demo.local');
  });

  test('a wrong password and an unknown email get the same answer, and no session', async () => {
    const headers = freshIp();
    const wrong = server.client();
    const a = await attempt(wrong, 'operator@demo.local', 'Wrong12345', headers);
    const unknown = server.client();
    const b = await attempt(unknown, 'nobody@demo.local', DEMO_PASSWORD, headers);
    expect(a.retcode).toBe(RET.BAD_CREDENTIALS);
    expect(b).toEqual(a); // same retcode, message and data: no account enumeration
    expect(a.message).toMatch(/incorrect email or password/i);
    for (const client of [wrong, unknown]) {
      expect(client.cookies.has('tally_sid')).toBe(false);
      expect((await client.get(LOGIN_INFO)).retcode).toBe(RET.NOT_LOGGED_IN);
    }
    // A failed attempt does not end the user's existing sessions, nor block the next right one.
    expect((await attempt(server.client(), 'operator@demo.local', DEMO_PASSWORD, headers)).retcode).toBe(0);
  });

  test('bad input is refused with -100400 naming the field, and counts as no attempt', async () => {
    const client = server.client();
    const badEmail = await client.post(LOGIN, { email: 'not-an-email', password: pw(DEMO_PASSWORD) });
    expect(badEmail.retcode).toBe(RET.BAD_INPUT);
    expect(badEmail.message).toContain('email');
    expect(badEmail.data.issues.map((i: { path: string }) => i.path)).toEqual(['email']);
    // A plain-text password is refused: it must be hashed on the client (spec §5).
    const plain = await client.post(LOGIN, { email: 'operator@demo.local', password: DEMO_PASSWORD });
    expect(plain.retcode).toBe(RET.BAD_INPUT);
    expect(plain.data.issues.map((i: { path: string }) => i.path)).toEqual(['password']);
    const missing = await client.post(LOGIN, {});
    expect(missing.retcode).toBe(RET.BAD_INPUT);
    expect(missing.data.issues.map((i: { path: string }) => i.path).sort()).toEqual(['email', 'password']);
    expect(client.cookies.has('tally_sid')).toBe(false);
  });

  test('without the CSRF header the sign-in is refused (-100408) and no session starts', async () => {
    const client = server.client();
    const res = await client.post(LOGIN, { email: 'operator@demo.local', password: pw(DEMO_PASSWORD) }, { csrf: false });
    expect(res.retcode).toBe(RET.CSRF_INVALID);
    expect(client.lastStatus).toBe(403);
    expect(client.cookies.has('tally_sid')).toBe(false);
  });

  test('a disabled account cannot sign in, and its open sessions stop working', async () => {
    const { email, userId } = await server.createUser({ email: 'leaver@demo.local' });
    const open = await server.login(email);
    expect((await open.get(LOGIN_INFO)).retcode).toBe(0);
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.userId, userId));
    expect((await open.get(LOGIN_INFO)).retcode).toBe(RET.NOT_LOGGED_IN);
    const headers = freshIp();
    // Only the right password learns that the account is disabled.
    expect((await attempt(server.client(), email, DEMO_PASSWORD, headers)).retcode).toBe(RET.ACCOUNT_DISABLED);
    expect((await attempt(server.client(), email, 'Wrong1234', headers)).retcode).toBe(RET.BAD_CREDENTIALS);
  });

  test('an account without any warehouse is refused with -100403 and gets no session', async () => {
    const { email } = await server.createUser({ email: 'homeless@demo.local', warehouses: [] });
    const client = server.client();
    const res = await attempt(client, email, DEMO_PASSWORD);
    expect(res.retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    expect(client.cookies.has('tally_sid')).toBe(false);
  });
});

describe('get_login_info and the session', () => {
  test('the session survives across requests and tabs sharing the cookie', async () => {
    const client = await server.login('operator@demo.local');
    const first = await client.get(LOGIN_INFO);
    expect(first.retcode).toBe(0);
    expect(first.data).toMatchObject({ email: 'operator@demo.local', whs_id: 'IDJKT1' });
    expect(first.data.whs_id_country.map((w: { whs_id: string }) => w.whs_id)).toEqual(['IDJKT1', 'SGSIN1']);
    const tab = client.clone();
    expect((await tab.get(LOGIN_INFO)).data).toEqual(first.data);
    expect((await client.get(LOGIN_INFO)).data).toEqual(first.data);
  });

  test('runs before the app knows its warehouse: no tenant header, or a stale one, is accepted', async () => {
    const client = await server.login('operator@demo.local');
    expect((await client.get(LOGIN_INFO, undefined, { tenant: false })).retcode).toBe(0);
    expect((await client.get(LOGIN_INFO, undefined, { headers: { 'x-tally-whs': 'MYKUL1' } })).retcode).toBe(0);
  });

  test('without a session: -100405 with HTTP 401', async () => {
    const client = server.client();
    const res = await client.get(LOGIN_INFO);
    expect(res.retcode).toBe(RET.NOT_LOGGED_IN);
    expect(res.data).toBeNull();
    expect(client.lastStatus).toBe(401);
  });

  test('a forged or oversized session cookie is no session (never a 500)', async () => {
    for (const sid of ['forged-session-id', 'x'.repeat(5000)]) {
      const client = server.client();
      client.cookies.set('tally_sid', sid);
      expect((await client.get(LOGIN_INFO)).retcode).toBe(RET.NOT_LOGGED_IN);
      expect(client.lastStatus).toBe(401);
    }
  });
});

describe('user_logout', () => {
  test('needs the CSRF header: without it the session goes on', async () => {
    const client = await server.login('operator@demo.local');
    const res = await client.get(LOGOUT, undefined, { csrf: false });
    expect(res.retcode).toBe(RET.CSRF_INVALID);
    expect((await client.get(LOGIN_INFO)).retcode).toBe(0);
    // A wrong token is no better than none.
    expect((await client.get(LOGOUT, undefined, { headers: { 'x-csrf-token': 'guess' } })).retcode).toBe(RET.CSRF_INVALID);
    expect((await client.get(LOGIN_INFO)).retcode).toBe(0);
  });

  test('ends the session: later calls get -100405, and the old cookie cannot be reused', async () => {
    const client = await server.login('supervisor@demo.local');
    const stolen = client.clone();
    const other = await server.login('supervisor@demo.local'); // another device of the same user
    const res = await client.get(LOGOUT);
    expect(res).toEqual({ retcode: 0, message: 'success', data: {} });
    expect(client.lastSetCookies.some((c) => c.startsWith('tally_sid=') && /max-age=0|expires=thu, 01 jan 1970/i.test(c))).toBe(true);
    expect(client.cookies.has('tally_sid')).toBe(false);
    expect((await client.get(LOGIN_INFO)).retcode).toBe(RET.NOT_LOGGED_IN);
    expect((await client.get('/apps/system/authorization/get_my_perm')).retcode).toBe(RET.NOT_LOGGED_IN);
    expect((await stolen.get(LOGIN_INFO)).retcode).toBe(RET.NOT_LOGGED_IN);
    expect((await stolen.get(LOGOUT)).retcode).toBe(RET.NOT_LOGGED_IN);
    // Only that session ended.
    expect((await other.get(LOGIN_INFO)).retcode).toBe(0);
  });

  test('logging out with the stale tenant header still works (the app may not know its warehouse)', async () => {
    const client = await server.login('operator@demo.local');
    expect((await client.get(LOGOUT, undefined, { headers: { 'x-tally-whs': 'PHMNL1' } })).retcode).toBe(0);
    expect((await client.get(LOGIN_INFO)).retcode).toBe(RET.NOT_LOGGED_IN);
  });

  test('without a session: -100405', async () => {
    const client = server.client();
    expect((await client.get(LOGOUT)).retcode).toBe(RET.NOT_LOGGED_IN);
  });
});
