import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { mailOutbox, passwordResetTokens, rateLimits, users } from '../../src/server/db/schema';
import { RATE_RULES } from '../../src/server/http/rate-limit';
import { verifyPassword } from '../../src/server/common/passwords';
import { contract } from '../../src/shared/contract';
import type { EndpointDef } from '../../src/shared/contract/define';
import { newPassword, passwordHash } from '../../src/shared/contract/session.contract';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import { RET } from '../../src/shared/retcodes';

const LOGIN = '/apps/system/user/user_login';
const LOGIN_INFO = '/apps/system/user/get_login_info';
const FORGOT = '/apps/system/user/user_forgot';
const RESET = '/apps/system/user/user_password_reset';
const CHANGE = '/apps/system/user/reset_my_pwd';
const DEADLINE = '/apps/system/user/simple_password_deadline';
const pw = hashPasswordForTransport;

let server: TestServer;
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {}); // the server logs each reset link
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const mailTo = (address: string) => server.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
const passwordHashOf = async (userId: number) =>
  (await server.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.userId, userId)))[0]!.h;

/** The token and user id of the reset link in a mail body. */
function linkIn(body: string) {
  const url = body.match(/https?:\/\/\S+/)?.[0];
  expect(url, 'the mail carries a link').toBeDefined();
  const parsed = new URL(url!);
  expect(parsed.pathname).toBe('/v2/reset');
  return { token: parsed.searchParams.get('token')!, user_id: Number(parsed.searchParams.get('user_id')) };
}

/** Signs in from the client's own address, or from `address` (X-Forwarded-For). */
async function signIn(email: string, password: string, address?: string) {
  const client = server.client();
  const res = await client.post(LOGIN, { email, password: pw(password) }, { headers: address ? { 'x-forwarded-for': address } : {} });
  return { client, retcode: res.retcode };
}

async function forgotAndReadLink(email: string) {
  const res = await server.client().post(FORGOT, { email });
  expect(res.retcode).toBe(0);
  const mails = await mailTo(email);
  return linkIn(mails.at(-1)!.body);
}

describe('user_forgot', () => {
  test('a known email gets one mail with a reset link carrying the token and user id', async () => {
    const { email, userId } = await server.createUser({ email: 'forgetful@demo.local' });
    const res = await server.client().post(FORGOT, { email });
    expect(res).toEqual({ retcode: 0, message: 'success', data: {} });
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/reset/i);
    const link = linkIn(mails[0]!.body);
    expect(link.user_id).toBe(userId);
    expect(link.token.length).toBeGreaterThanOrEqual(32);
    // Only a hash of the token is stored: a database leak does not leak live links.
    const stored = await server.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(link.token);
  });

  test('an unknown email gets the same answer and no mail is sent', async () => {
    const before = await server.database.db.select().from(mailOutbox);
    const res = await server.client().post(FORGOT, { email: 'ghost@demo.local' });
    expect(res).toEqual({ retcode: 0, message: 'success', data: {} });
    expect(await server.database.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  test('the email is matched case-insensitively and the mail goes to the stored address', async () => {
    const { email } = await server.createUser({ email: 'mixedcase@demo.local' });
    expect((await server.client().post(FORGOT, { email: ' MixedCase@Demo.Local ' })).retcode).toBe(0);
    expect(await mailTo(email)).toHaveLength(1);
  });

  test('a second request within a minute is refused with -224005 and sends nothing', async () => {
    const { email } = await server.createUser({ email: 'impatient@demo.local' });
    expect((await server.client().post(FORGOT, { email })).retcode).toBe(0);
    const again = await server.client().post(FORGOT, { email });
    expect(again.retcode).toBe(RET.RESET_TOO_SOON);
    expect(again.message).toMatch(/minute/i);
    expect(await mailTo(email)).toHaveLength(1);
  });

  test('bad input (-100400 naming email) and a missing CSRF header (-100408) send nothing', async () => {
    const { email } = await server.createUser({ email: 'careful@demo.local' });
    const bad = await server.client().post(FORGOT, { email: 'careful@' });
    expect(bad.retcode).toBe(RET.BAD_INPUT);
    expect(bad.message).toContain('email');
    expect(bad.data.issues[0].path).toBe('email');
    const noCsrf = await server.client().post(FORGOT, { email }, { csrf: false });
    expect(noCsrf.retcode).toBe(RET.CSRF_INVALID);
    expect(await mailTo(email)).toHaveLength(0);
  });
});

describe('user_password_reset', () => {
  test('the emailed token sets the new password, ends every session, and works only once', async () => {
    const { email, userId } = await server.createUser({ email: 'resetter@demo.local' });
    const sessionA = await server.login(email);
    const sessionB = await server.login(email);
    const link = await forgotAndReadLink(email);
    const res = await server.client().post(RESET, { passwd: 'NewPass123', token: link.token, user_id: link.user_id });
    expect(res).toEqual({ retcode: 0, message: 'success', data: {} });
    expect(link.user_id).toBe(userId);

    expect((await signIn(email, DEMO_PASSWORD)).retcode).toBe(RET.BAD_CREDENTIALS);
    expect((await signIn(email, 'NewPass123')).retcode).toBe(0);
    expect((await sessionA.get(LOGIN_INFO)).retcode).toBe(RET.NOT_LOGGED_IN);
    expect((await sessionB.get(LOGIN_INFO)).retcode).toBe(RET.NOT_LOGGED_IN);

    const second = await server.client().post(RESET, { passwd: 'Another123', token: link.token, user_id: link.user_id });
    expect(second.retcode).toBe(RET.RESET_TOKEN_INVALID);
    expect((await signIn(email, 'NewPass123')).retcode).toBe(0);
  });

  test("a token sent with another user's id is refused, and stays usable by its owner", async () => {
    const owner = await server.createUser({ email: 'owner@demo.local' });
    const victim = await server.createUser({ email: 'victim@demo.local' });
    const link = await forgotAndReadLink(owner.email);
    const victimHash = await passwordHashOf(victim.userId);
    const res = await server.client().post(RESET, { passwd: 'Hijack1234', token: link.token, user_id: victim.userId });
    expect(res.retcode).toBe(RET.RESET_TOKEN_INVALID);
    expect(await passwordHashOf(victim.userId)).toBe(victimHash);
    expect((await server.client().post(RESET, { passwd: 'Owner12345', token: link.token, user_id: owner.userId })).retcode).toBe(0);
    expect((await signIn(owner.email, 'Owner12345')).retcode).toBe(0);
  });

  test('a reset lifts the sign-in wait that failed attempts put on the account', async () => {
    const { email } = await server.createUser({ email: 'lockedout@demo.local' });
    const address = '203.0.113.9';
    for (let i = 0; i < 5; i++) expect((await signIn(email, `Guess-${i}-x`, address)).retcode).toBe(RET.BAD_CREDENTIALS);
    expect((await signIn(email, DEMO_PASSWORD, address)).retcode).toBe(RET.RATE_LIMITED);
    const link = await forgotAndReadLink(email);
    expect((await server.client().post(RESET, { passwd: 'Unlocked12', token: link.token, user_id: link.user_id })).retcode).toBe(0);
    expect((await signIn(email, 'Unlocked12', address)).retcode).toBe(0);
  });

  test('an expired token is refused with -224006 and the password stays', async () => {
    const { email, userId } = await server.createUser({ email: 'slow@demo.local' });
    const link = await forgotAndReadLink(email);
    await server.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, userId));
    const res = await server.client().post(RESET, { passwd: 'NewPass123', token: link.token, user_id: userId });
    expect(res.retcode).toBe(RET.RESET_TOKEN_INVALID);
    expect(res.message).toMatch(/invalid or has expired/i);
    expect((await signIn(email, DEMO_PASSWORD)).retcode).toBe(0);
  });

  test('a garbage token is refused with -224006', async () => {
    const { email, userId } = await server.createUser({ email: 'garbage@demo.local' });
    const res = await server.client().post(RESET, { passwd: 'NewPass123', token: 'A'.repeat(43), user_id: userId });
    expect(res.retcode).toBe(RET.RESET_TOKEN_INVALID);
    expect((await signIn(email, DEMO_PASSWORD)).retcode).toBe(0);
  });

  test('an older link stops working once the password has been reset', async () => {
    const { email, userId } = await server.createUser({ email: 'twolinks@demo.local' });
    const first = await forgotAndReadLink(email);
    // Age the first request past the one-minute resend guard, then ask again.
    await server.database.db.update(rateLimits).set({ lastAt: new Date(Date.now() - 5 * 60_000) })
      .where(and(eq(rateLimits.rule, RATE_RULES.resetEmail.name), eq(rateLimits.account, email)));
    const second = await forgotAndReadLink(email);
    expect(second.token).not.toBe(first.token);
    expect((await server.client().post(RESET, { passwd: 'Second123', token: second.token, user_id: userId })).retcode).toBe(0);
    const stale = await server.client().post(RESET, { passwd: 'First1234', token: first.token, user_id: userId });
    expect(stale.retcode).toBe(RET.RESET_TOKEN_INVALID);
    expect((await signIn(email, 'Second123')).retcode).toBe(0);
  });

  test('bad input (-100400 naming the field) and a missing CSRF header (-100408) leave the token unused', async () => {
    const { email, userId } = await server.createUser({ email: 'badreset@demo.local' });
    const link = await forgotAndReadLink(email);
    const simple = await server.client().post(RESET, { passwd: 'newpass123', token: link.token, user_id: userId });
    expect(simple.retcode).toBe(RET.BAD_INPUT);
    expect(simple.data.issues.map((i: { path: string }) => i.path)).toEqual(['passwd']);
    expect(simple.message).toContain('passwd');
    const noUser = await server.client().post(RESET, { passwd: 'NewPass123', token: link.token });
    expect(noUser.retcode).toBe(RET.BAD_INPUT);
    expect(noUser.data.issues.map((i: { path: string }) => i.path)).toEqual(['user_id']);
    const noCsrf = await server.client().post(RESET, { passwd: 'NewPass123', token: link.token, user_id: userId }, { csrf: false });
    expect(noCsrf.retcode).toBe(RET.CSRF_INVALID);
    expect((await signIn(email, DEMO_PASSWORD)).retcode).toBe(0);
    expect((await server.client().post(RESET, { passwd: 'NewPass123', token: link.token, user_id: userId })).retcode).toBe(0);
  });
});

describe('reset_my_pwd (change password)', () => {
  let email: string;
  let userId: number;
  let me: TestClient;
  beforeAll(async () => {
    ({ email, userId } = await server.createUser({ email: 'changer@demo.local', warehouses: ['SGSIN1', 'IDJKT1'] }));
    me = await server.login(email);
  });

  test('a wrong current password is refused with -224004 and nothing changes', async () => {
    const before = await passwordHashOf(userId);
    const res = await me.post(CHANGE, { old_pwd: pw('NotMine123'), new_pwd: 'NewPass123' });
    expect(res.retcode).toBe(RET.WRONG_CURRENT_PASSWORD);
    expect(res.message).toMatch(/current password/i);
    expect(await passwordHashOf(userId)).toBe(before);
    expect((await me.get(LOGIN_INFO)).retcode).toBe(0);
  });

  test('a new password equal to the current one is refused with -224008', async () => {
    const res = await me.post(CHANGE, { old_pwd: pw(DEMO_PASSWORD), new_pwd: DEMO_PASSWORD });
    expect(res.retcode).toBe(RET.PASSWORD_UNCHANGED);
    expect(res.message).toBe("The New Password can't equal Current Password");
  });

  test('bad input, no CSRF header, a stale tenant or no session change nothing', async () => {
    const before = await passwordHashOf(userId);
    const body = { old_pwd: pw(DEMO_PASSWORD), new_pwd: 'NewPass123' };
    const bad = await me.post(CHANGE, { old_pwd: DEMO_PASSWORD, new_pwd: 'NewPass123' });
    expect(bad.retcode).toBe(RET.BAD_INPUT);
    expect(bad.data.issues.map((i: { path: string }) => i.path)).toEqual(['old_pwd']);
    expect((await me.post(CHANGE, body, { csrf: false })).retcode).toBe(RET.CSRF_INVALID);
    const otherWarehouse = me.whsId === 'IDJKT1' ? 'SGSIN1' : 'IDJKT1';
    const stale = await me.post(CHANGE, body, { headers: { 'x-tally-whs': otherWarehouse } });
    expect(stale.retcode).toBe(RET.WAREHOUSE_MISMATCH);
    expect(stale.data.session_whs_id).toBe(me.whsId);
    expect((await server.client().post(CHANGE, body)).retcode).toBe(RET.NOT_LOGGED_IN);
    expect(await passwordHashOf(userId)).toBe(before);
  });

  test('success: the new password signs in, the old fails, other sessions end and this one continues', async () => {
    const otherDevice = await server.login(email);
    const res = await me.post(CHANGE, { old_pwd: pw(DEMO_PASSWORD), new_pwd: 'Changed123' });
    expect(res).toEqual({ retcode: 0, message: 'success', data: {} });
    expect((await me.get(LOGIN_INFO)).retcode).toBe(0);
    expect((await otherDevice.get(LOGIN_INFO)).retcode).toBe(RET.NOT_LOGGED_IN);
    expect((await signIn(email, DEMO_PASSWORD)).retcode).toBe(RET.BAD_CREDENTIALS);
    expect((await signIn(email, 'Changed123')).retcode).toBe(0);
    // The session that changed it goes on working, sessions of other users too.
    expect((await me.get('/apps/system/authorization/get_my_perm')).retcode).toBe(0);
  });
});

describe('simple_password_deadline', () => {
  test('a sign-in reporting a weak password starts a 30-day deadline in 10-digit seconds', async () => {
    const { email } = await server.createUser({ email: 'weak@demo.local' });
    const client = await server.login(email, DEMO_PASSWORD, { is_simple_password: true });
    const res = await client.get(DEADLINE);
    expect(res.retcode).toBe(0);
    expect(res.data.is_simple_password).toBe(true);
    const nowS = Math.floor(Date.now() / 1000);
    expect(String(res.data.deadline)).toMatch(/^\d{10}$/);
    expect(Math.abs(res.data.deadline - (nowS + 30 * 86400))).toBeLessThan(120);
    // Signing in weakly again does not push the deadline back.
    const again = await server.login(email, DEMO_PASSWORD, { is_simple_password: true });
    expect((await again.get(DEADLINE)).data.deadline).toBe(res.data.deadline);
  });

  test('a sign-in with a strong password has no deadline, and it clears an earlier one', async () => {
    const strong = await server.login('operator@demo.local');
    expect((await strong.get(DEADLINE)).data).toEqual({ is_simple_password: false, deadline: null });
    const { email } = await server.createUser({ email: 'improved@demo.local' });
    await server.login(email, DEMO_PASSWORD, { is_simple_password: true });
    const later = await server.login(email, DEMO_PASSWORD, { is_simple_password: false });
    expect((await later.get(DEADLINE)).data).toEqual({ is_simple_password: false, deadline: null });
  });

  test('changing the password clears the deadline: the new one meets the policy, whatever the client says', async () => {
    const { email } = await server.createUser({ email: 'fixer@demo.local' });
    const client = await server.login(email, DEMO_PASSWORD, { is_simple_password: true });
    expect((await client.get(DEADLINE)).data.is_simple_password).toBe(true);
    expect((await client.post(CHANGE, { old_pwd: pw(DEMO_PASSWORD), new_pwd: 'Stronger12', is_simple_password: true })).retcode).toBe(0);
    expect((await client.get(DEADLINE)).data).toEqual({ is_simple_password: false, deadline: null });
  });

  test('without a session: -100405', async () => {
    expect((await server.client().get(DEADLINE)).retcode).toBe(RET.NOT_LOGGED_IN);
  });
});

describe('rate limits on password recovery and change', () => {
  test('an unknown address gets the same -224005 on a quick second request as a real one (no enumeration)', async () => {
    const client = server.client();
    expect((await client.post(FORGOT, { email: 'nobody-here@demo.local' })).retcode).toBe(0);
    const again = await client.post(FORGOT, { email: 'nobody-here@demo.local' });
    expect(again.retcode).toBe(RET.RESET_TOO_SOON);
  });

  test('one client address asking for many resets is refused with -100429 and sends nothing more', async () => {
    const { email } = await server.createUser({ email: 'sprayed@demo.local' });
    const client = server.client();
    for (let i = 0; i < 10; i++) expect((await client.post(FORGOT, { email: `spray-${i}@demo.local` })).retcode).toBe(0);
    const blocked = await client.post(FORGOT, { email });
    expect(blocked.retcode).toBe(RET.RATE_LIMITED);
    expect(blocked.data.retry_after_s).toBeGreaterThan(0);
    expect(await mailTo(email)).toHaveLength(0);
  });

  test('after 5 wrong current passwords, changing the password is refused with -100429 even with the right one', async () => {
    const { email, userId } = await server.createUser({ email: 'guesser@demo.local' });
    const me = await server.login(email);
    for (let i = 0; i < 5; i++) {
      expect((await me.post(CHANGE, { old_pwd: pw(`Guess${i}abcd`), new_pwd: 'NewPass123' })).retcode).toBe(RET.WRONG_CURRENT_PASSWORD);
    }
    const before = await passwordHashOf(userId);
    const blocked = await me.post(CHANGE, { old_pwd: pw(DEMO_PASSWORD), new_pwd: 'NewPass123' });
    expect(blocked.retcode).toBe(RET.RATE_LIMITED);
    expect(await passwordHashOf(userId)).toBe(before);
  });
});

describe('new passwords meet the policy (spec §5) on the server too', () => {
  /** Passwords below the policy, each with the field's message. */
  const SIMPLE: readonly [string, string][] = [
    ['Short1', 'New Password must be between 8 and 16 characters.'],
    ['Much-Too-Long-Password1', 'New Password must be between 8 and 16 characters.'],
    ['alllowercase1', 'New Password must contain one uppercase and one lowercase character.'],
    ['ALLUPPERCASE1', 'New Password must contain one uppercase and one lowercase character.'],
    // Its hash is no way round the policy: the field takes the password as typed.
    [pw('Hashed-Pass1'), 'New Password must be between 8 and 16 characters.'],
  ];

  test('reset_my_pwd refuses each with -100400 naming new_pwd and the message, and the password stays', async () => {
    const { email, userId } = await server.createUser({ email: 'policy-change@demo.local' });
    const me = await server.login(email);
    const before = await passwordHashOf(userId);
    for (const [password, message] of SIMPLE) {
      const res = await me.post(CHANGE, { old_pwd: pw(DEMO_PASSWORD), new_pwd: password });
      expect(res.retcode, password).toBe(RET.BAD_INPUT);
      expect(res.data.issues).toEqual([{ path: 'new_pwd', message }]);
      expect(res.message).toBe(`Invalid request: new_pwd: ${message}`);
    }
    expect(await passwordHashOf(userId)).toBe(before);
    expect((await me.post(CHANGE, { old_pwd: pw(DEMO_PASSWORD), new_pwd: 'Good-Pass-7' })).retcode).toBe(0);
    expect((await signIn(email, 'Good-Pass-7')).retcode).toBe(0);
  });

  test('user_password_reset refuses each with -100400 naming passwd, and the link stays usable', async () => {
    const { email, userId } = await server.createUser({ email: 'policy-reset@demo.local' });
    const link = await forgotAndReadLink(email);
    const before = await passwordHashOf(userId);
    for (const [password, message] of SIMPLE) {
      const res = await server.client().post(RESET, { passwd: password, token: link.token, user_id: userId });
      expect(res.retcode, password).toBe(RET.BAD_INPUT);
      expect(res.data.issues).toEqual([{ path: 'passwd', message }]);
    }
    expect(await passwordHashOf(userId)).toBe(before);
    expect((await server.client().post(RESET, { passwd: 'Good-Pass-8', token: link.token, user_id: userId })).retcode).toBe(0);
    expect((await signIn(email, 'Good-Pass-8')).retcode).toBe(0);
  });

  test('the plain text is never stored: the account keeps scrypt of the hash sign-in sends', async () => {
    const { email, userId } = await server.createUser({ email: 'policy-stored@demo.local' });
    const me = await server.login(email);
    expect((await me.post(CHANGE, { old_pwd: pw(DEMO_PASSWORD), new_pwd: 'Stored-Pass1' })).retcode).toBe(0);
    const stored = await passwordHashOf(userId);
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain('Stored-Pass1');
    expect((await verifyPassword(pw('Stored-Pass1'), stored))).toBe(true);
    expect((await signIn(email, 'Stored-Pass1')).retcode).toBe(0);
  });

  test('every call taking a client-hashed password checks an existing one: a password being chosen is a newPassword', () => {
    // A call that set a password from its hash could not hold it to the policy. Calls that check
    // the current password (sign-in, Change Password's old one) are the only ones to send a hash.
    const CHECKS_EXISTING = new Set(['userLogin.password', 'resetMyPwd.old_pwd']);
    const hashed: string[] = [];
    const chosen: string[] = [];
    for (const [name, def] of Object.entries(contract) as [string, EndpointDef][]) {
      const shape = (def.input as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
      for (const [field, schema] of Object.entries(shape)) {
        if (schema === passwordHash) hashed.push(`${name}.${field}`);
        if (schema === newPassword) chosen.push(`${name}.${field}`);
      }
    }
    expect(hashed.sort()).toEqual([...CHECKS_EXISTING].sort());
    expect(chosen.sort()).toEqual(['resetMyPwd.new_pwd', 'userPasswordReset.passwd']);
  });

  test('create-admin refuses a simple password with the policy message, before it opens the database', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', '--email', 'root@example.com', '--warehouse', 'SGSIN1'], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', TALLY_ADMIN_PASSWORD: 'simplepass' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('New Password must contain one uppercase and one lowercase character.');
  });
});
