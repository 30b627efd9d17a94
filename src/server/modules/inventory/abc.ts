import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { ABC_CLASS, EXPORT_TASK_STATUS, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, LOCATION_STATUS, STOCK_LOCATION_TYPE } from '../../../shared/codes';
import {
  ABC_RUN_RETENTION_DAYS, DEFAULT_ABC_CONFIG, abcConfigValues, type AbcConfigValues, type AbcRunRow,
} from '../../../shared/contract/abc.contract';
import { ABC_BASIS } from '../../../shared/resources/abc.resource';
import { RET } from '../../../shared/retcodes';
import type { Db, Tx } from '../../db/client';
import { abcConfigLogs, abcConfigs, abcRuns, categoryNodes, cells, skus, users, zones } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { TASK_MAX_ATTEMPTS, TaskFailure, defineTaskQueue } from '../../common/task-worker';
import { unixSeconds } from '../../common/time';

/**
 * ABC classification (docs/inventory-accuracy.md "ABC classification"): a warehouse's settings and
 * their change log, and the calculation run in the background (a task queue of task-worker.ts)
 * that ranks the warehouse's SKUs by their measure over the window and writes `skus.abc_class`
 * in one statement.
 */

const CLASS = ABC_CLASS.values;
const STATUS = EXPORT_TASK_STATUS.values;

/** Settings in the order the change log names them. */
const SETTING_NAMES = Object.keys(abcConfigValues.shape) as (keyof AbcConfigValues)[];

export interface AbcConfigState {
  values: AbcConfigValues;
  isDefault: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
}

const valuesOf = (row: typeof abcConfigs.$inferSelect): AbcConfigValues => ({
  basis: row.basis as AbcConfigValues['basis'],
  window_days: row.windowDays as AbcConfigValues['window_days'],
  a_max_pct: row.aMaxPct,
  b_max_pct: row.bMaxPct,
  sa_top_n: row.saTopN,
  excluded_categories: row.excludedCategories,
});

/** The warehouse's settings, or the defaults; `lock` holds its row until the transaction ends. */
export async function readAbcConfig(db: Db | Tx, whsId: string, lock = false): Promise<AbcConfigState> {
  const query = db.select({ config: abcConfigs, updatedBy: users.email }).from(abcConfigs)
    .leftJoin(users, eq(users.userId, abcConfigs.updatedBy))
    .where(eq(abcConfigs.whsId, whsId));
  const [row] = lock ? await query.for('update', { of: abcConfigs }) : await query;
  if (!row) return { values: DEFAULT_ABC_CONFIG, isDefault: true, updatedAt: null, updatedBy: null };
  return { values: valuesOf(row.config), isDefault: false, updatedAt: row.config.updatedAt, updatedBy: row.updatedBy };
}

/** The settings that differ between two versions, in declaration order. */
export const changedSettings = (before: AbcConfigValues, after: AbcConfigValues): string[] =>
  SETTING_NAMES.filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));

/**
 * Saves the warehouse's settings and logs the change, in one transaction: -285401 when the
 * thresholds are not ascending, -285403 naming exclusions that are no L1 category of the
 * warehouse. Saving the same settings again changes and logs nothing.
 */
export async function saveAbcConfig(db: Db, whsId: string, userId: number, input: AbcConfigValues): Promise<void> {
  if (input.a_max_pct >= input.b_max_pct) {
    throw new ApiError(
      RET.ABC_THRESHOLDS_NOT_ASCENDING,
      `The class thresholds must ascend: A covers up to ${input.a_max_pct}% of the measure, so B must go beyond it (it is ${input.b_max_pct}%).`,
      { a_max_pct: input.a_max_pct, b_max_pct: input.b_max_pct },
    );
  }
  const excluded = [...new Set(input.excluded_categories)];
  const next: AbcConfigValues = { ...input, excluded_categories: excluded };
  await db.transaction(async (tx) => {
    if (excluded.length > 0) {
      const known = new Set((await tx.select({ name: categoryNodes.categoryName }).from(categoryNodes)
        .where(and(eq(categoryNodes.whsId, whsId), eq(categoryNodes.level, 1), inArray(categoryNodes.categoryName, excluded)))).map((r) => r.name));
      const unknown = excluded.filter((name) => !known.has(name));
      if (unknown.length > 0) {
        throw new ApiError(RET.ABC_CATEGORY_UNKNOWN, `Not an L1 category of this warehouse: ${unknown.slice(0, 5).join(', ')}.`, { unknown });
      }
    }
    const current = await readAbcConfig(tx, whsId, true);
    if (!current.isDefault && changedSettings(current.values, next).length === 0) return;
    const row = {
      basis: next.basis, windowDays: next.window_days, aMaxPct: next.a_max_pct, bMaxPct: next.b_max_pct, saTopN: next.sa_top_n,
      excludedCategories: excluded, updatedBy: userId, updatedAt: sql`now()`,
    };
    await tx.insert(abcConfigs).values({ whsId, ...row }).onConflictDoUpdate({ target: abcConfigs.whsId, set: row });
    await tx.insert(abcConfigLogs).values({ whsId, userId, oldValue: current.values, newValue: next });
  });
}

/** A page of the warehouse's settings changes, newest first. */
export async function abcConfigLogPage(db: Db, whsId: string, pageNo: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db.select({ log: abcConfigLogs, operator: users.email }).from(abcConfigLogs)
      .innerJoin(users, eq(users.userId, abcConfigLogs.userId))
      .where(eq(abcConfigLogs.whsId, whsId))
      .orderBy(desc(abcConfigLogs.createdAt), desc(abcConfigLogs.logId))
      .limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(abcConfigLogs).where(eq(abcConfigLogs.whsId, whsId)),
  ]);
  return {
    list: rows.map(({ log, operator }) => {
      const before = abcConfigValues.parse(log.oldValue);
      const after = abcConfigValues.parse(log.newValue);
      return { log_id: log.logId, operator, created_at: unixSeconds(log.createdAt), old_value: before, new_value: after, changed: changedSettings(before, after) };
    }),
    total: total?.n ?? 0, page_no: pageNo, page_size: pageSize,
  };
}

// ---- runs ----

type RunRecord = typeof abcRuns.$inferSelect;

const runRowOf = (run: RunRecord, operator: string): AbcRunRow => ({
  task_id: run.taskId, status: run.status, progress: run.progress, config: abcConfigValues.parse(run.config), operator,
  created_at: unixSeconds(run.createdAt), started_at: unixSeconds(run.startedAt), finished_at: unixSeconds(run.finishedAt),
  sku_count: run.skuCount, sa_count: run.saCount, a_count: run.aCount, b_count: run.bCount, c_count: run.cCount, excluded_count: run.excludedCount,
  error_message: run.errorMessage,
});

const runSelection = { run: abcRuns, operator: users.email };
const openRun = (whsId: string) => and(eq(abcRuns.whsId, whsId), inArray(abcRuns.status, [STATUS.PENDING, STATUS.ONGOING]));

/** A page of the warehouse's runs, newest first, and the run waiting or going on (if any). */
export async function abcRunPage(db: Db, whsId: string, pageNo: number, pageSize: number) {
  const [rows, [total], [running]] = await Promise.all([
    db.select(runSelection).from(abcRuns).innerJoin(users, eq(users.userId, abcRuns.userId))
      .where(eq(abcRuns.whsId, whsId))
      .orderBy(desc(abcRuns.createdAt), desc(abcRuns.taskId))
      .limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(abcRuns).where(eq(abcRuns.whsId, whsId)),
    db.select(runSelection).from(abcRuns).innerJoin(users, eq(users.userId, abcRuns.userId)).where(openRun(whsId)).limit(1),
  ]);
  return {
    list: rows.map((r) => runRowOf(r.run, r.operator)),
    total: total?.n ?? 0, page_no: pageNo, page_size: pageSize,
    running: running ? runRowOf(running.run, running.operator) : null,
  };
}

/** Queues a run with the warehouse's settings as they are now; -285402 while one waits or runs. */
export async function askAbcRun(db: Db, whsId: string, userId: number): Promise<AbcRunRow> {
  return db.transaction(async (tx) => {
    const { values } = await readAbcConfig(tx, whsId);
    // The open-run unique index decides between two asks at once: the second inserts nothing.
    const [run] = await tx.insert(abcRuns).values({ whsId, userId, config: values }).onConflictDoNothing().returning();
    if (!run) {
      const [open] = await tx.select({ taskId: abcRuns.taskId }).from(abcRuns).where(openRun(whsId)).limit(1);
      throw new ApiError(
        RET.ABC_RUN_IN_PROGRESS,
        `An ABC calculation of this warehouse is ${open ? `waiting or running already (run ${open.taskId})` : 'running already'}: wait for it to finish.`,
        { task_id: open?.taskId ?? null },
      );
    }
    const [who] = await tx.select({ email: users.email }).from(users).where(eq(users.userId, userId));
    return runRowOf(run, who?.email ?? '');
  });
}

interface ClassCount { abc_class: number; n: number }

/**
 * Classifies every SKU of the warehouse in one statement (docs/inventory-accuracy.md): the
 * measure over the window from the ledger (picks: units picked out of cells; value: units shipped ×
 * unit value), SKUs of excluded L1 categories EXCLUDED, the rest without any measure C, the others
 * ranked by measure (ties by SKU id): the top N SA, then A while the share of the SKUs ranked
 * before is under A's threshold, B under B's, C after. Only this warehouse's SKUs are written.
 */
export async function classifySkus(tx: Db, whsId: string, config: AbcConfigValues): Promise<Map<number, number>> {
  const byValue = config.basis === ABC_BASIS.values.VALUE;
  const txnType = byValue ? INVENTORY_TRANSACTION_TYPE.values.SHIP_ORDER : INVENTORY_TRANSACTION_TYPE.values.PICKING;
  const cellsOnly = byValue ? sql`` : sql`and t.location_type = ${STOCK_LOCATION_TYPE.values.CELL}`;
  const excluded = JSON.stringify(config.excluded_categories);
  const { rows } = (await tx.execute(sql`with excluded as (
      select jsonb_array_elements_text(${excluded}::jsonb) as category
    ), moved as (
      select t.sku_id, sum(t.qty)::numeric as qty from inventory_transactions t
      where t.whs_id = ${whsId} and t.txn_type = ${txnType} and t.direction = ${INVENTORY_TRANSACTION_DIRECTION.values.CREDIT} ${cellsOnly}
        and t.created_at >= now() - make_interval(days => ${config.window_days})
      group by t.sku_id
    ), measured as (
      select s.sku_id, s.category in (select category from excluded) as is_excluded,
        coalesce(m.qty, 0) * ${byValue ? sql`coalesce(s.unit_value, 0)` : sql`1`} as measure
      from skus s left join moved m on m.sku_id = s.sku_id
      where s.whs_id = ${whsId}
    ), ranked as (
      select sku_id, row_number() over w as rn, sum(measure) over w - measure as before, sum(measure) over () as total
      from measured where not coalesce(is_excluded, false) and measure > 0
      window w as (order by measure desc, sku_id rows between unbounded preceding and current row)
    ), classed as (
      select m.sku_id, (case
        when coalesce(m.is_excluded, false) then ${CLASS.EXCLUDED}
        when r.sku_id is null then ${CLASS.C}
        when r.rn <= ${config.sa_top_n} then ${CLASS.SA}
        when r.before * 100 < ${config.a_max_pct} * r.total then ${CLASS.A}
        when r.before * 100 < ${config.b_max_pct} * r.total then ${CLASS.B}
        else ${CLASS.C} end)::smallint as abc_class
      from measured m left join ranked r on r.sku_id = m.sku_id
    ), written as (
      update skus s set abc_class = c.abc_class from classed c
      where s.whs_id = ${whsId} and s.sku_id = c.sku_id and s.abc_class is distinct from c.abc_class
      returning s.sku_id
    )
    select abc_class, count(*)::int as n from classed group by abc_class`)) as unknown as { rows: ClassCount[] };
  return new Map(rows.map((r) => [Number(r.abc_class), Number(r.n)]));
}

const abcQueue = defineTaskQueue({
  name: 'abc',
  table: abcRuns,
  retentionDays: ABC_RUN_RETENTION_DAYS,
  resumes: false,
  messages: {
    stoppedTooOften: `The ABC calculation stopped unexpectedly ${TASK_MAX_ATTEMPTS} times; please run it again.`,
    unexpected: 'The ABC calculation failed unexpectedly. Please run it again; if it persists, contact support.',
  },
  async run(db, run, signal) {
    if (signal?.aborted) return 'stopped';
    const parsed = abcConfigValues.safeParse(run.config);
    if (!parsed.success) throw new TaskFailure('The settings of this run are no longer valid: save the ABC settings and run it again.');
    if (!await abcQueue.heartbeat(db, run, { progress: 10, startedAt: sql`coalesce(${abcRuns.startedAt}, now())` })) return 'lost';
    // Classified in the transaction that marks the run done: a run claimed again meanwhile writes nothing.
    return {
      store: async (tx) => {
        const counts = await classifySkus(tx, run.whsId, parsed.data);
        const n = (c: number) => counts.get(c) ?? 0;
        await tx.update(abcRuns).set({
          skuCount: [...counts.values()].reduce((a, b) => a + b, 0),
          saCount: n(CLASS.SA), aCount: n(CLASS.A), bCount: n(CLASS.B), cCount: n(CLASS.C), excludedCount: n(CLASS.EXCLUDED),
        }).where(and(eq(abcRuns.whsId, run.whsId), eq(abcRuns.taskId, run.taskId)));
      },
    };
  },
});

/** Runs queued calculations until none is left; tests call it to finish theirs. */
export const runPendingAbcRuns = abcQueue.runPending;
/** Polls for queued calculations in this process (started by main.ts). */
export const startAbcWorker = abcQueue.start;

// ---- the location side ----

const classCountsSql = (column: SQL) => ({
  undefined_count: sql<number>`count(*) filter (where coalesce(${column}, 0) = ${CLASS.UNDEFINED})::int`,
  sa_count: sql<number>`count(*) filter (where ${column} = ${CLASS.SA})::int`,
  a_count: sql<number>`count(*) filter (where ${column} = ${CLASS.A})::int`,
  b_count: sql<number>`count(*) filter (where ${column} = ${CLASS.B})::int`,
  c_count: sql<number>`count(*) filter (where ${column} = ${CLASS.C})::int`,
  excluded_count: sql<number>`count(*) filter (where ${column} = ${CLASS.EXCLUDED})::int`,
  total: sql<number>`count(*)::int`,
});

/** Cells per ABC class in each zone and in all (deleted cells left out), and the warehouse's SKUs per class. */
export async function abcLocationSummary(db: Db, whsId: string) {
  const counts = classCountsSql(sql`${cells.abcClass}`);
  const liveCells = and(eq(cells.whsId, whsId), ne(cells.status, LOCATION_STATUS.values.DELETED));
  const [zoneRows, [allCells], [allSkus]] = await Promise.all([
    db.select({ zone_id: cells.zoneId, zone_name: zones.zoneName, ...counts }).from(cells)
      .innerJoin(zones, and(eq(zones.whsId, cells.whsId), eq(zones.zoneId, cells.zoneId)))
      .where(liveCells)
      .groupBy(cells.zoneId, zones.zoneName)
      .orderBy(cells.zoneId),
    db.select(counts).from(cells).where(liveCells),
    db.select(classCountsSql(sql`${skus.abcClass}`)).from(skus).where(eq(skus.whsId, whsId)),
  ]);
  return { zones: zoneRows, cells: allCells!, skus: allSkus! };
}
