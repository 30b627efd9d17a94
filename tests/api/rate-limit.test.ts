import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { mailOutbox, rateLimits, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { RATE_RULES, type RateRule } from '../../src/server/http/rate-limit';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import { RET } from '../../src/shared/retcodes';

/**
 * Attempts are counted before they are judged, so concurrent ones cannot all pass a limit; limits
 * slow a guesser down with growing waits instead of locking anybody out: an account and address
 * pair after 5 failures, an address (a dock's whole shift) or an account (from anywhere) only
 * after many, and the owner from elsewhere is never held up by the pair.
 */
const LOGIN = '/apps/system/user/user_login';
const FORGOT = '/apps/system/user/user_forgot';
const CHANGE = '/apps/system/user/reset_my_pwd';
const pw = hashPasswordForTransport;

let server: TestServer;
beforeAll(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {}); // the server logs each reset link
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let addressSeq = 0;
/** A client address of its own (X-Forwarded-For, trusted by the test server). */
const newAddress = () => `198.51.100.${++addressSeq}`;

const signIn = (email: string, password: string, address: string, client: TestClient = server.client()) =>
  client.post(LOGIN, { email, password: pw(password) }, { headers: { 'x-forwarded-for': address } });

/** Clients holding their CSRF cookie already, so that their next calls start together. */
async function readyClients(n: number): Promise<TestClient[]> {
  const clients = Array.from({ length: n }, () => server.client());
  await Promise.all(clients.map((client) => client.get('/apps/system/user/get_lang_setting')));
  return clients;
}

/**
 * Runs the attempts at once; answers them with how many may have been let through: the free ones,
 * and one more for each wait (1 s, then 2 s, 4 s …) that passed before the last answer came, which
 * a busy machine may take.
 */
async function burst<T>(attempts: readonly (() => Promise<T>)[], free: number): Promise<{ answers: T[]; allowed: number }> {
  const started = performance.now();
  const answers = await Promise.all(attempts.map((attempt) => attempt()));
  const seconds = (performance.now() - started) / 1000;
  return { answers, allowed: free + Math.floor(Math.log2(seconds + 1)) };
}

const retcodes = (answers: readonly { retcode: number }[]) => {
  const counts = new Map<number, number>();
  for (const { retcode } of answers) counts.set(retcode, (counts.get(retcode) ?? 0) + 1);
  return Object.fromEntries(counts);
};

/** Moves the subject's last attempt back in time, as if the wait had passed. */
async function backdate(rule: RateRule, subject: { account?: string; address?: string }, seconds: number) {
  await server.database.db.update(rateLimits).set({ lastAt: sql`${rateLimits.lastAt} - ${`${seconds} seconds`}::interval` }).where(and(
    eq(rateLimits.rule, rule.name), eq(rateLimits.account, subject.account ?? ''), eq(rateLimits.address, subject.address ?? ''),
  ));
}

/** Sets the subject's count, as if that many attempts had just been made. */
async function setAttempts(rule: RateRule, subject: { account?: string; address?: string }, attempts: number) {
  await server.database.db.insert(rateLimits).values({ rule: rule.name, account: subject.account ?? '', address: subject.address ?? '', attempts, lastAt: new Date() })
    .onConflictDoUpdate({ target: [rateLimits.rule, rateLimits.account, rateLimits.address], set: { attempts, lastAt: new Date() } });
}

describe('sign-in', () => {
  test('20 concurrent wrong passwords for one account from one address: 5 are checked, the rest wait', async () => {
    const { email } = await server.createUser({ email: 'swarm@test.local' });
    const address = newAddress();
    const clients = await readyClients(20);
    const { answers, allowed } = await burst(clients.map((client, i) => () => signIn(email, `Wrong-${i}-Pass`, address, client)), 5);
    const checked = answers.filter((a) => a.retcode === RET.BAD_CREDENTIALS).length;
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(allowed);
    expect(retcodes(answers)).toEqual({ [RET.BAD_CREDENTIALS]: checked, [RET.RATE_LIMITED]: 20 - checked });
    for (const refused of answers.filter((a) => a.retcode === RET.RATE_LIMITED)) {
      expect(refused.data.retry_after_s).toBeGreaterThanOrEqual(1);
      expect(refused.message).toMatch(/too many failed sign-in attempts\. try again in \d+ seconds?\./i);
    }
    // The owner, from another address, signs in at once.
    expect((await signIn(email, DEMO_PASSWORD, newAddress())).retcode).toBe(0);
    // Others at the guesser's address (a dock shares one) are not held up either.
    expect((await signIn('operator@demo.local', DEMO_PASSWORD, address)).retcode).toBe(0);
  });

  test('after 5 failures of a pair each further attempt waits 1 s, 2 s, 4 s … up to 5 minutes; a success starts afresh', async () => {
    const { email } = await server.createUser({ email: 'patient@test.local' });
    const address = newAddress();
    const pair = { account: email, address };
    const [client] = await readyClients(1);
    const attempt = (password: string) => signIn(email, password, address, client);
    for (let i = 0; i < 5; i++) expect((await attempt(`Guess-${i}-Pass`)).retcode).toBe(RET.BAD_CREDENTIALS);
    const first = await attempt(DEMO_PASSWORD);
    expect(first).toMatchObject({ retcode: RET.RATE_LIMITED, data: { retry_after_s: 1 } });
    // The wait is real time: a second later the next guess is checked.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await attempt('Guess-5-Pass')).retcode).toBe(RET.BAD_CREDENTIALS);
    expect((await attempt(DEMO_PASSWORD)).data).toEqual({ retry_after_s: 2 });
    await backdate(RATE_RULES.signInPair, pair, 2);
    expect((await attempt('Guess-6-Pass')).retcode).toBe(RET.BAD_CREDENTIALS);
    expect((await attempt(DEMO_PASSWORD)).data).toEqual({ retry_after_s: 4 });
    // Refused attempts are not counted: asking again does not make the wait longer.
    expect((await attempt(DEMO_PASSWORD)).data.retry_after_s).toBeLessThanOrEqual(4);
    await setAttempts(RATE_RULES.signInPair, pair, 40);
    const capped = await attempt(DEMO_PASSWORD);
    expect(capped.retcode).toBe(RET.RATE_LIMITED);
    expect(capped.data.retry_after_s).toBeGreaterThan(290);
    expect(capped.data.retry_after_s).toBeLessThanOrEqual(300);
    expect(capped.message).toMatch(/try again in 5 minutes/i);
    // The right password once the wait is over: signed in, and the pair has 5 free attempts again.
    await backdate(RATE_RULES.signInPair, pair, 300);
    expect((await signIn(email, DEMO_PASSWORD, address)).retcode).toBe(0);
    for (let i = 0; i < 5; i++) expect((await signIn(email, `Again-${i}-Pass`, address)).retcode).toBe(RET.BAD_CREDENTIALS);
    expect((await signIn(email, DEMO_PASSWORD, address)).retcode).toBe(RET.RATE_LIMITED);
  });

  test('the limit follows the email whatever its case, and a subject idle for an hour starts again', async () => {
    const { email } = await server.createUser({ email: 'casey@test.local' });
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await signIn(email.toUpperCase(), `Guess-${i}-Pass`, address)).retcode).toBe(RET.BAD_CREDENTIALS);
    expect((await signIn(email, DEMO_PASSWORD, address)).retcode).toBe(RET.RATE_LIMITED);
    await backdate(RATE_RULES.signInPair, { account: email, address }, 3600);
    for (let i = 0; i < 4; i++) expect((await signIn(email, `Later-${i}-Pass`, address)).retcode).toBe(RET.BAD_CREDENTIALS);
    expect((await signIn(email, DEMO_PASSWORD, address)).retcode).toBe(0);
  });

  test('one address: many failures over many accounts slow it down, successes are refunded, other addresses go on', async () => {
    const address = newAddress();
    const dock = { address };
    // A busy dock one failure short of the threshold: sign-ins that succeed do not add up.
    await setAttempts(RATE_RULES.signInAddress, dock, RATE_RULES.signInAddress.free - 1);
    for (const email of ['operator@demo.local', 'supervisor@demo.local', 'operator@demo.local']) {
      expect((await signIn(email, DEMO_PASSWORD, address)).retcode).toBe(0);
    }
    // One more failure reaches it: the next attempt from there waits a second, whichever the account.
    expect((await signIn('sprayed-1@test.local', 'Spray1234', address)).retcode).toBe(RET.BAD_CREDENTIALS);
    const slowed = await signIn('operator@demo.local', DEMO_PASSWORD, address);
    expect(slowed).toMatchObject({ retcode: RET.RATE_LIMITED, data: { retry_after_s: 1 } });
    // Nobody is locked out: the wait is capped at a minute, and other addresses are not affected.
    await setAttempts(RATE_RULES.signInAddress, dock, 500);
    expect((await signIn('operator@demo.local', DEMO_PASSWORD, address)).data.retry_after_s).toBeLessThanOrEqual(60);
    expect((await signIn('operator@demo.local', DEMO_PASSWORD, newAddress())).retcode).toBe(0);
  });

  test('one account guessed at from many addresses: a high threshold, then waits of at most 30 s', async () => {
    const { email } = await server.createUser({ email: 'famous@test.local' });
    const addresses = Array.from({ length: 10 }, newAddress);
    // Ten addresses, four guesses each: under every pair's limit, forty against the account.
    const guesses = await Promise.all(addresses.flatMap((address) => [0, 1, 2, 3].map((i) => signIn(email, `Guess-${i}-Pass`, address))));
    expect(retcodes(guesses)).toEqual({ [RET.BAD_CREDENTIALS]: 40 });
    await setAttempts(RATE_RULES.signInAccount, { account: email }, RATE_RULES.signInAccount.free);
    const slowed = await signIn(email, DEMO_PASSWORD, newAddress());
    expect(slowed).toMatchObject({ retcode: RET.RATE_LIMITED, data: { retry_after_s: 1 } });
    await setAttempts(RATE_RULES.signInAccount, { account: email }, 500);
    expect((await signIn(email, DEMO_PASSWORD, newAddress())).data.retry_after_s).toBeLessThanOrEqual(30);
    await backdate(RATE_RULES.signInAccount, { account: email }, 30);
    expect((await signIn(email, DEMO_PASSWORD, newAddress())).retcode).toBe(0);
  });
});

test('rows no rule remembers any more are swept away when new subjects come', async () => {
  const stale = { account: 'long-gone@test.local', address: newAddress() };
  await setAttempts(RATE_RULES.signInPair, stale, 3);
  await backdate(RATE_RULES.signInPair, stale, 2 * 3600);
  const kept = { account: 'recent@test.local', address: newAddress() };
  await setAttempts(RATE_RULES.signInPair, kept, 3);
  expect((await signIn('operator@demo.local', DEMO_PASSWORD, newAddress())).retcode).toBe(0);
  const accounts = (await server.database.db.select({ account: rateLimits.account }).from(rateLimits)).map((row) => row.account);
  expect(accounts).toContain(kept.account);
  expect(accounts).not.toContain(stale.account);
});

describe('forgot password', () => {
  test('20 concurrent requests for one email send one mail; the rest are told a link went out', async () => {
    const { email } = await server.createUser({ email: 'flooded@test.local' });
    const clients = await readyClients(20);
    const answers = await Promise.all(clients.map((client) => client.post(FORGOT, { email })));
    expect(retcodes(answers)).toEqual({ 0: 1, [RET.RESET_TOO_SOON]: 19 });
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(1);
  });

  test('20 concurrent requests from one address: 10 go through, the rest wait', async () => {
    const address = newAddress();
    const clients = await readyClients(20);
    const { answers, allowed } = await burst(clients.map((client, i) => () => client.post(FORGOT, { email: `someone-${i}@test.local` }, { headers: { 'x-forwarded-for': address } })), 10);
    const sent = answers.filter((a) => a.retcode === 0).length;
    expect(sent).toBeGreaterThanOrEqual(10);
    expect(sent).toBeLessThanOrEqual(allowed);
    expect(retcodes(answers)).toEqual({ 0: sent, [RET.RATE_LIMITED]: 20 - sent });
    for (const refused of answers.filter((a) => a.retcode === RET.RATE_LIMITED)) expect(refused.data.retry_after_s).toBeGreaterThanOrEqual(1);
  });
});

describe('current password (Change Password)', () => {
  let email: string;
  let userId: number;
  let me: TestClient;
  beforeAll(async () => {
    ({ email, userId } = await server.createUser({ email: 'stolen-session@test.local' }));
    me = await server.login(email);
  });

  test('20 concurrent wrong current passwords from one session: 5 are checked, the rest wait, the password stays', async () => {
    const [before] = await server.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.userId, userId));
    const { answers, allowed } = await burst(Array.from({ length: 20 }, (_, i) => () => me.post(CHANGE, { old_pwd: pw(`Guess-${i}-Pass`), new_pwd: 'Taken0ver!' })), 5);
    const checked = answers.filter((a) => a.retcode === RET.WRONG_CURRENT_PASSWORD).length;
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(allowed);
    expect(retcodes(answers)).toEqual({ [RET.WRONG_CURRENT_PASSWORD]: checked, [RET.RATE_LIMITED]: 20 - checked });
    expect(answers.find((a) => a.retcode === RET.RATE_LIMITED)?.data.retry_after_s).toBeGreaterThanOrEqual(1);
    const [after] = await server.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.userId, userId));
    expect(after).toEqual(before);
    // The owner, on another device, changes it at once.
    const owner = await server.login(email);
    expect((await owner.post(CHANGE, { old_pwd: pw(DEMO_PASSWORD), new_pwd: 'Own-Choice9' })).retcode).toBe(0);
  });
});
