import { and, eq, isNull, sql } from 'drizzle-orm';
import { FEATURE_FLAGS, flagIsOn } from '../../../shared/permissions';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { confValues, fullStockCountRuns } from '../../db/schema';
import { GLOBAL_WHS } from '../../common/conf';
import { ApiError } from '../../http/errors';
import { assertInTransaction } from './stock-refs';

/**
 * The full stock count switch (spec §4: on or off per warehouse) and the freeze it puts on stock.
 *
 * The switch is the warehouse's own row of the setting `is_open_full_stock_count`; every ledger
 * post that moves stock reads it FOR SHARE (one primary-key read), so a start waits for the posts
 * in flight to commit and the posts after it see the count running: nothing moves between the
 * moment a count starts and its snapshot. A warehouse without its own row yet gets one (a copy of
 * the value it reads today: the global row, else off) the first time it is read here, so there is
 * always a row to lock; from then on the global row no longer applies to it.
 */

const SWITCH_KEY = FEATURE_FLAGS.fullStockCount.confKey;

/** A run of a full stock count: who started it and when, who ended it and when (null while it runs). */
export interface FullStockCountRun {
  whsId: string;
  runId: number;
  startedAt: Date;
  startedBy: number | null;
  endedAt: Date | null;
  endedBy: number | null;
}

const switchRow = (whsId: string) => and(eq(confValues.whsId, whsId), eq(confValues.confKey, SWITCH_KEY));

/** The warehouse's own switch row, made from the value it reads now when it has none. */
async function ensureSwitchRow(db: Db, whsId: string): Promise<void> {
  await db.execute(sql`insert into conf_values (whs_id, conf_key, conf_value)
    select ${whsId}, ${SWITCH_KEY}, coalesce((select conf_value from conf_values where whs_id = ${GLOBAL_WHS} and conf_key = ${SWITCH_KEY}), '0')
    on conflict do nothing`);
}

/**
 * Whether a full stock count runs in the warehouse, its switch row locked: FOR SHARE (posts, which
 * may run side by side and keep a start waiting until they commit) or FOR UPDATE (the switch).
 */
async function readSwitch(db: Db, whsId: string, lock: 'share' | 'update'): Promise<boolean> {
  const read = () => db.select({ value: confValues.confValue }).from(confValues).where(switchRow(whsId)).for(lock);
  let [row] = await read();
  if (!row) {
    await ensureSwitchRow(db, whsId);
    [row] = await read();
  }
  return flagIsOn('fullStockCount', row?.value);
}

/** The run of the warehouse's count that is running, if any. */
async function openRun(db: Db, whsId: string): Promise<FullStockCountRun | undefined> {
  const [run] = await db.select().from(fullStockCountRuns).where(and(eq(fullStockCountRuns.whsId, whsId), isNull(fullStockCountRuns.endedAt)));
  return run;
}

/**
 * Refuses (-285023) a stock movement while the warehouse's full stock count runs. Called by the
 * ledger for every post but the count's own differences; inside the caller's transaction the
 * switch stays locked FOR SHARE until it commits.
 */
export async function assertStockMayMove(tx: Db, whsId: string): Promise<void> {
  if (!(await readSwitch(tx, whsId, 'share'))) return;
  const run = await openRun(tx, whsId);
  throw new ApiError(
    RET.STOCK_FROZEN_BY_FULL_STOCK_COUNT,
    `A full stock count is running in warehouse ${whsId}: stock cannot move until it ends.`,
    { whs_id: whsId, run_id: run?.runId ?? null },
    409,
  );
}

/**
 * Refuses (-285021, "Full Stock Count already start") what may not happen while a full stock count
 * runs, such as creating a normal cycle count. In a transaction the switch stays locked FOR SHARE
 * until it commits, so a count cannot start in between.
 */
export async function assertNoFullStockCount(db: Db, whsId: string): Promise<void> {
  if (await readSwitch(db, whsId, 'share')) throw alreadyStarted(whsId);
}

const alreadyStarted = (whsId: string) =>
  new ApiError(RET.FULL_STOCK_COUNT_STARTED, 'Full Stock Count already start', { whs_id: whsId, is_open_full_stock_count: true });
const alreadyEnded = (whsId: string) =>
  new ApiError(RET.FULL_STOCK_COUNT_ENDED, 'Full Stock Count already end', { whs_id: whsId, is_open_full_stock_count: false });

/**
 * Starts (`open`) or ends the warehouse's full stock count in the caller's transaction: the switch
 * row (locked first, so posts in flight finish before a start and none begins until it commits)
 * and the run's row. Starting a running count is -285021, ending one that is not running -285022.
 * Returns the run started or ended; what else a start or an end does (the count's order, the
 * adjustment of what it found missing) follows in the same transaction, with this run.
 */
export async function setFullStockCount(tx: Db, whsId: string, open: boolean, actor: { userId: number | null }): Promise<FullStockCountRun> {
  assertInTransaction(tx);
  const running = await readSwitch(tx, whsId, 'update');
  if (open && running) throw alreadyStarted(whsId);
  if (!open && !running) throw alreadyEnded(whsId);
  await tx.update(confValues).set({ confValue: open ? '1' : '0' }).where(switchRow(whsId));
  if (open) {
    const [run] = await tx.insert(fullStockCountRuns).values({ whsId, startedBy: actor.userId }).returning();
    return run!;
  }
  const [ended] = await tx.update(fullStockCountRuns).set({ endedAt: sql`greatest(now(), ${fullStockCountRuns.startedAt})`, endedBy: actor.userId })
    .where(and(eq(fullStockCountRuns.whsId, whsId), isNull(fullStockCountRuns.endedAt)))
    .returning();
  if (ended) return ended;
  // Switched on outside the switch (the setting written by hand): its run is recorded as it ends.
  const [run] = await tx.insert(fullStockCountRuns).values({ whsId, startedBy: null, startedAt: sql`now()`, endedAt: sql`now()`, endedBy: actor.userId }).returning();
  return run!;
}
