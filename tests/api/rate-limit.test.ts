import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/api-harness';
import { mailOutbox, rateLimits } from '../../src/server/db/schema';
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

const signIn = (email: string, password: string, address: string) =>
  server.client().post(LOGIN, { email, password: pw(password) }, { headers: { 'x-forwarded-for': address } });

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
  test('20 concurrent wrong passwords for one account from one address: 5 are checked, 15 wait', async () => {
    const { email } = await server.createUser({ email: 'swarm@test.local' });
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(email, `Wrong-${i}-Pass`, address)));
    expect(retcodes(answers)).toEqual({ [RET.BAD_CREDENTIALS]: 5, [RET.RATE_LIMITED]: 15 });
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
    for (let i = 0; i < 5; i++) expect((await signIn(email, `Guess-${i}-Pass`, address)).retcode).toBe(RET.BAD_CREDENTIALS);
    const first = await signIn(email, DEMO_PASSWORD, address);
    expect(first).toMatchObject({ retcode: RET.RATE_LIMITED, data: { retry_after_s: 1 } });
    // The wait is real time: a second later the next guess is checked.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await signIn(email, 'Guess-5-Pass', address)).retcode).toBe(RET.BAD_CREDENTIALS);
    expect((await signIn(email, DEMO_PASSWORD, address)).data).toEqual({ retry_after_s: 2 });
    await backdate(RATE_RULES.signInPair, pair, 2);
    expect((await signIn(email, 'Guess-6-Pass', address)).retcode).toBe(RET.BAD_CREDENTIALS);
    expect((await signIn(email, DEMO_PASSWORD, address)).data).toEqual({ retry_after_s: 4 });
    // Refused attempts are not counted: asking again does not make the wait longer.
    expect((await signIn(email, DEMO_PASSWORD, address)).data.retry_after_s).toBeLessThanOrEqual(4);
    await setAttempts(RATE_RULES.signInPair, pair, 40);
    const capped = await signIn(email, DEMO_PASSWORD, address);
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

describe('forgot password', () => {
  test('20 concurrent requests for one email send one mail; the rest are told a link went out', async () => {
    const { email } = await server.createUser({ email: 'flooded@test.local' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.client().post(FORGOT, { email })));
    expect(retcodes(answers)).toEqual({ 0: 1, [RET.RESET_TOO_SOON]: 19 });
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(1);
  });

  test('20 concurrent requests from one address: 10 go through, 10 wait', async () => {
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => server.client().post(FORGOT, { email: `someone-${i}@test.local` }, { headers: { 'x-forwarded-for': address } })));
    expect(retcodes(answers)).toEqual({ 0: 10, [RET.RATE_LIMITED]: 10 });
    for (const refused of answers.filter((a) => a.retcode === RET.RATE_LIMITED)) expect(refused.data.retry_after_s).toBeGreaterThanOrEqual(1);
  });
});
