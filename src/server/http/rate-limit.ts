import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { RET } from '../../shared/retcodes';
import { ApiError } from './errors';

/**
 * A limit on attempts of one kind (sign-ins, reset requests, current-password checks) per subject.
 * The first `free` attempts go through at once; after them each attempt must wait `firstDelayMs`
 * after the one before, the wait doubling with every further attempt up to `maxDelayMs`. Nobody is
 * locked out for long: the worst is a wait of `maxDelayMs` between tries.
 *
 * Attempts are counted before they are judged (the password checked, the mail sent), in one
 * upsert of the subject's row: concurrent attempts queue on its lock, so 20 at once cannot all
 * slip under a limit that a check made before any of them counted would have shown as free.
 */
export interface RateRule {
  /** Key of the rule's rows. */
  name: string;
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** A subject with no attempt for this long starts again from nothing (at least `maxDelayMs`). */
  forgetAfterMs: number;
  /**
   * What a successful attempt does to its subject: 'reset' forgets its attempts (the pair proved
   * itself), 'refund' takes back only its own (a subject many people share: an address, an account
   * guessed at from elsewhere). Rules without it count every attempt (reset requests).
   */
  onSuccess?: 'reset' | 'refund';
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const RATE_RULES = {
  /** One account from one address: the rule a guesser meets first. */
  signInPair: { name: 'sign_in_pair', free: 5, firstDelayMs: 1000, maxDelayMs: 5 * MINUTE_MS, forgetAfterMs: HOUR_MS, onSuccess: 'reset' },
  /**
   * One account from every address (guessing spread over many): a high threshold and a short cap,
   * so guesses from elsewhere can slow its owner down by seconds, never lock them out.
   */
  signInAccount: { name: 'sign_in_account', free: 50, firstDelayMs: 1000, maxDelayMs: 30_000, forgetAfterMs: HOUR_MS, onSuccess: 'refund' },
  /**
   * One address on every account (spraying one password over many): a dock's whole shift signs in
   * from one address, so a high threshold, successes refunded, and delays instead of a lockout.
   */
  signInAddress: { name: 'sign_in_address', free: 100, firstDelayMs: 1000, maxDelayMs: MINUTE_MS, forgetAfterMs: HOUR_MS, onSuccess: 'refund' },
  /** One reset email a minute per address, counted for unknown addresses too (no account enumeration). */
  resetEmail: { name: 'reset_email', free: 1, firstDelayMs: MINUTE_MS, maxDelayMs: MINUTE_MS, forgetAfterMs: MINUTE_MS },
  resetAddress: { name: 'reset_address', free: 10, firstDelayMs: 1000, maxDelayMs: 5 * MINUTE_MS, forgetAfterMs: HOUR_MS },
  /** The current password of Change Password, per account and address (a stolen session guessing it). */
  currentPasswordPair: { name: 'current_password_pair', free: 5, firstDelayMs: 1000, maxDelayMs: 5 * MINUTE_MS, forgetAfterMs: HOUR_MS, onSuccess: 'reset' },
} as const satisfies Record<string, RateRule>;

/** Rows idle longer than any rule remembers are swept away. */
const LONGEST_MEMORY_MS = Math.max(...Object.values(RATE_RULES).map((rule) => rule.forgetAfterMs));

/** A rule and the subject an attempt counts against: an account (lower-case email), an address, or both. */
export interface RateCheck {
  rule: RateRule;
  account?: string;
  address?: string;
}

const subjectOf = (check: RateCheck) => and(
  eq(rateLimits.rule, check.rule.name), eq(rateLimits.account, check.account ?? ''), eq(rateLimits.address, check.address ?? ''),
);

/** A rule's own number written into the SQL (never a value from a request). */
const constant = (n: number) => sql.raw(String(Math.trunc(n)));
const milliseconds = (n: number) => sql.raw(`interval '${Math.trunc(n)} milliseconds'`);

/** The wait the rule asks for after the row's attempts, as an interval. */
function waitAfter(rule: RateRule): SQL {
  return sql`(case when ${rateLimits.attempts} < ${constant(rule.free)} then 0
    else least(${constant(rule.maxDelayMs)}, ${constant(rule.firstDelayMs)} * power(2, least(${rateLimits.attempts} - ${constant(rule.free)}, 30))) end)
    * interval '1 millisecond'`;
}

/**
 * Counts one attempt when the rule lets it through now; null when it must wait (nothing counted).
 * clock_timestamp(), not now(): an attempt that waited for the row's lock compares with the time
 * it got it, not with when its transaction began (possibly before the attempt it waited for).
 */
async function countOne(db: Db, { rule, account = '', address = '' }: RateCheck): Promise<number | null> {
  const forgotten = sql`${rateLimits.lastAt} < clock_timestamp() - ${milliseconds(rule.forgetAfterMs)}`;
  const [row] = await db.insert(rateLimits)
    .values({ rule: rule.name, account, address, attempts: 1, lastAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [rateLimits.rule, rateLimits.account, rateLimits.address],
      set: { attempts: sql`case when ${forgotten} then 1 else ${rateLimits.attempts} + 1 end`, lastAt: sql`clock_timestamp()` },
      setWhere: sql`${rateLimits.lastAt} + ${waitAfter(rule)} <= clock_timestamp()`,
    })
    .returning({ attempts: rateLimits.attempts });
  return row?.attempts ?? null;
}

/** Whole seconds until the subject's next attempt may be counted (at least 1). */
async function secondsToWait(db: Db, check: RateCheck): Promise<number> {
  const [row] = await db.select({
    seconds: sql<number>`ceil(extract(epoch from ${rateLimits.lastAt} + ${waitAfter(check.rule)} - clock_timestamp()))::int`,
  }).from(rateLimits).where(subjectOf(check));
  return Math.max(1, row?.seconds ?? 1);
}

/**
 * Counts an attempt against every check, all or none: when any rule asks to wait, nothing is
 * counted and `refusal` answers with the longest wait (in seconds) for the first rule that refused.
 * Call before judging the attempt; report its success with `attemptSucceeded`.
 */
export async function countAttempt(db: Db, checks: readonly RateCheck[], refusal: (rule: RateRule, retryAfterS: number) => ApiError): Promise<void> {
  let startedSubject = false;
  await db.transaction(async (tx) => {
    let refusedBy: RateRule | null = null;
    let wait = 0;
    // Rows are locked in the order of the checks, the same for every caller of a kind: no deadlock.
    for (const check of checks) {
      const attempts = await countOne(tx, check);
      if (attempts !== null) {
        startedSubject ||= attempts === 1;
        continue;
      }
      refusedBy ??= check.rule;
      wait = Math.max(wait, await secondsToWait(tx, check));
    }
    if (refusedBy) throw refusal(refusedBy, wait); // rolls back what the other checks counted
  });
  if (startedSubject) await sweepForgotten(db);
}

/** A new row is the table's growth: it sweeps a batch of rows no rule remembers any more, skipping any in use. */
async function sweepForgotten(db: Db) {
  await db.execute(sql`delete from ${rateLimits} where (rule, account, address) in (
    select rule, account, address from ${rateLimits}
    where last_at < clock_timestamp() - ${milliseconds(LONGEST_MEMORY_MS)}
    limit 100 for update skip locked)`);
}

/** The attempt counted by `countAttempt` succeeded: each rule resets or refunds its subject as it says. */
export async function attemptSucceeded(db: Db, checks: readonly RateCheck[]) {
  for (const check of checks) {
    if (check.rule.onSuccess === 'reset') await db.delete(rateLimits).where(subjectOf(check));
    else if (check.rule.onSuccess === 'refund') {
      await db.update(rateLimits).set({ attempts: sql`greatest(${rateLimits.attempts} - 1, 0)` }).where(subjectOf(check));
    }
  }
}

/** Forgets the account's attempts under the rules (its owner proved who they are), from every address. */
export async function forgetAccountAttempts(db: Db, account: string, rules: readonly RateRule[]) {
  await db.delete(rateLimits).where(and(eq(rateLimits.account, account), inArray(rateLimits.rule, rules.map((rule) => rule.name))));
}

/** "5 seconds", "2 minutes": a wait as the messages say it. */
function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** -100429 (HTTP 429) with `data.retry_after_s`: `what` says what there were too many of. */
export function tooManyAttempts(what: string, retryAfterS: number): ApiError {
  return new ApiError(RET.RATE_LIMITED, `Too many ${what}. Try again in ${describeWait(retryAfterS)}.`, { retry_after_s: retryAfterS }, 429);
}
