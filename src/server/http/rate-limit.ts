import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateEvents } from '../db/schema';
import { RET } from '../../shared/retcodes';
import { ApiError } from './errors';

/** A limit: at most `max` events of `kind` per subject within `windowMs`. */
export interface RateRule {
  kind: string;
  max: number;
  windowMs: number;
}

export const RATE_RULES = {
  loginFailByEmail: { kind: 'login_fail_email', max: 5, windowMs: 15 * 60_000 },
  loginFailByIp: { kind: 'login_fail_ip', max: 30, windowMs: 15 * 60_000 },
  /** One reset email a minute per address, recorded for unknown addresses too (no account enumeration). */
  resetByEmail: { kind: 'reset_email', max: 1, windowMs: 60_000 },
  resetByIp: { kind: 'reset_ip', max: 10, windowMs: 15 * 60_000 },
  wrongCurrentPassword: { kind: 'wrong_pwd_user', max: 5, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateRule>;

/** Seconds until the subject may try again, or 0 when under the limit. */
export async function retryAfterSeconds(db: Db, rule: RateRule, subject: string): Promise<number> {
  const since = new Date(Date.now() - rule.windowMs);
  const [row] = await db.select({ n: count(), first: min(rateEvents.at) }).from(rateEvents)
    .where(and(eq(rateEvents.kind, rule.kind), eq(rateEvents.subject, subject), gt(rateEvents.at, since)));
  if (!row || row.n < rule.max) return 0;
  const first = row.first ? new Date(row.first).getTime() : Date.now();
  return Math.max(1, Math.ceil((first + rule.windowMs - Date.now()) / 1000));
}

/** Refuses with -100429 (and `data.retry_after_s`) when any of the checks is over its limit. */
export async function enforceRateLimits(db: Db, checks: ReadonlyArray<readonly [RateRule, string]>, message: (minutes: number) => string) {
  const waits = await Promise.all(checks.map(([rule, subject]) => retryAfterSeconds(db, rule, subject)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw new ApiError(RET.RATE_LIMITED, message(Math.ceil(wait / 60)), { retry_after_s: wait }, 429);
}

export async function recordRateEvents(db: Db, events: ReadonlyArray<readonly [RateRule, string]>) {
  if (events.length === 0) return;
  await db.insert(rateEvents).values(events.map(([rule, subject]) => ({ kind: rule.kind, subject })));
  // Keep the table small: events older than the longest window no longer count.
  await db.delete(rateEvents).where(lt(rateEvents.at, new Date(Date.now() - 24 * 3600_000)));
}

export async function clearRateEvents(db: Db, rule: RateRule, subjects: readonly string[]) {
  if (subjects.length === 0) return;
  await db.delete(rateEvents).where(and(eq(rateEvents.kind, rule.kind), inArray(rateEvents.subject, [...subjects])));
}
