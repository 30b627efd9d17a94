import { eq, sql } from 'drizzle-orm';
import {
  CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_SCOPE, CYCLE_COUNT_SOURCE, CYCLE_COUNT_STATUS, STOCK_LOCATION_TYPE,
} from '../../../shared/codes';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { warehouses } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { readConfValue } from '../../common/conf';
import { warehouseTimeZone } from '../../common/time';
import { createOrder, execRows, readCcSettings } from './cycle-count';
import { dueSkus, readFrequencyRules } from './cycle-count-frequency';

/**
 * Daily cycle count (docs/inventory-accuracy.md): each warehouse day, the SKUs the frequency rule says
 * are due (by ABC class and high-value flag, since their last count) are counted at their locations in
 * one order of source daily; the Daily Cycle Count and Full Stock Count dashboards read the orders.
 */

const S = CYCLE_COUNT_SOURCE.values;
const n = (code: number) => sql.raw(String(code));

export const FREQUENCY_MISSING = 'Please go to Rule Center>Cycle Count Frequency to configure parameters.';

/** Today's date (YYYY-MM-DD) on the warehouse's calendar. */
async function today(db: Db, whsId: string): Promise<{ day: string; timeZone: string }> {
  const timeZone = await warehouseTimeZone(db, whsId);
  const [row] = (await execRows(db, sql`select to_char(now() at time zone ${timeZone}, 'YYYY-MM-DD') as day`)).rows as { day: string }[];
  return { day: row!.day, timeZone };
}

/**
 * Makes today's daily order (once a day per warehouse: the warehouse row is locked while it checks);
 * answers it, or null when nothing is due or today's exists. -285001 when no frequency rule is enabled.
 */
export async function runDailyCount(db: Db, whsId: string, userId: number | null): Promise<{ order_no: string | null; sku_count: number }> {
  const rules = (await readFrequencyRules(db, whsId)).filter((r) => r.enabled === 1);
  if (!rules.length) throw new ApiError(RET.CC_CRITERIA_INVALID, FREQUENCY_MISSING, { field: 'frequency' });
  return db.transaction(async (tx) => {
    await tx.select({ whsId: warehouses.whsId }).from(warehouses).where(eq(warehouses.whsId, whsId)).for('update');
    const { day, timeZone } = await today(tx, whsId);
    const [made] = (await execRows(tx, sql`select order_no from cc_orders where whs_id = ${whsId} and source = ${n(S.DAILY)}
      and (created_at at time zone ${timeZone})::date = ${day}::date limit 1`)).rows as { order_no: string }[];
    if (made) return { order_no: null, sku_count: 0 };
    const stocked = (await execRows(tx, sql`select s.sku_id, s.abc_class, s.is_high_value,
        (select to_char(max(c.counted_at) at time zone ${timeZone}, 'YYYY-MM-DD') from cc_counts c where c.whs_id = s.whs_id and c.sku_id = s.sku_id) as last_counted_on
      from skus s where s.whs_id = ${whsId} and exists (select 1 from location_inventory li where li.whs_id = s.whs_id and li.sku_id = s.sku_id
        and li.location_type = ${n(STOCK_LOCATION_TYPE.values.CELL)} and li.onhand_qty > 0)
      order by s.sku_id`)).rows as { sku_id: string; abc_class: number | null; is_high_value: number; last_counted_on: string | null }[];
    const settings = await readCcSettings(tx, whsId);
    const due = dueSkus(rules, stocked, day).slice(0, settings.maxSkus);
    if (!due.length) return { order_no: null, sku_count: 0 };
    const order = await createOrder(tx, whsId, {
      orderType: CYCLE_COUNT_ORDER_TYPE.values.EXPRESS, kind: CYCLE_COUNT_KIND.values.SKU, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED,
      criteria: { park_ids: [], zone_ids: [], pathway_ids: [], location_from: '', location_to: '', sku_ids: due, supplier_id: '', moved_since: null, lines: [] },
      source: S.DAILY, remark: `Daily cycle count ${day}`, createdBy: userId, inline: true, skipOpen: true,
    });
    return { order_no: order.orderNo, sku_count: due.length };
  });
}

/** Each hour, today's daily order of every warehouse that has frequency rules (a no-op once made). */
export function startDailyCycleCountScheduler(db: Db, { pollMs = 60 * 60_000 }: { pollMs?: number } = {}) {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      const rows = (await execRows(db, sql`select distinct whs_id from cc_frequency_rules where enabled = 1`)).rows as { whs_id: string }[];
      for (const { whs_id: whsId } of rows) {
        if (stopped) return;
        try {
          const made = await runDailyCount(db, whsId, null);
          if (made.order_no) console.info(`[daily-cc] ${whsId}: ${made.order_no} counts ${made.sku_count} SKUs`);
        } catch (error) {
          // A full stock count counts everything: the day's order is not made while it runs.
          if (error instanceof ApiError && error.retcode === RET.FULL_STOCK_COUNT_STARTED) continue;
          console.error(`[daily-cc] ${whsId}: the daily order failed:`, error);
        }
      }
    })().catch((error: unknown) => console.error('[daily-cc] the schedule failed:', error))
      .finally(() => { if (!stopped) timer = setTimeout(tick, pollMs); });
  };
  timer = setTimeout(tick, 10_000);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** Daily cycle count over the days asked: planned vs counted locations, accuracy by zone and by day. */
export async function dailyDashboard(db: Db, whsId: string, from: string, to: string) {
  if (from > to) throw new ApiError(RET.BAD_INPUT, 'The period ends before it starts.', { issues: [{ path: 'date_to', message: 'before date_from' }] });
  const timeZone = await warehouseTimeZone(db, whsId);
  const rows = (await execRows(db, sql`select to_char(o.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, l.zone_id,
      count(distinct l.location_id)::int as planned,
      count(distinct l.location_id) filter (where l.round > 0)::int as counted,
      count(*) filter (where l.round > 0)::int as lines_counted,
      count(*) filter (where l.result = 0)::int as accurate
    from cc_orders o join cc_order_lines l on l.whs_id = o.whs_id and l.order_no = o.order_no
    where o.whs_id = ${whsId} and o.source = ${n(S.DAILY)} and o.status <> ${n(CYCLE_COUNT_STATUS.values.CANCEL)}
      and (o.created_at at time zone ${timeZone})::date between ${from}::date and ${to}::date
    group by 1, 2 order by 1, 2`)).rows as { day: string; zone_id: string; planned: number; counted: number; lines_counted: number; accurate: number }[];
  const sum = (list: typeof rows, key: 'planned' | 'counted' | 'lines_counted' | 'accurate') => list.reduce((s, r) => s + Number(r[key]), 0);
  const zones = [...new Set(rows.map((r) => r.zone_id))].sort();
  const days = [...new Set(rows.map((r) => r.day))].sort();
  const rules = await readFrequencyRules(db, whsId);
  return {
    planned: sum(rows, 'planned'), counted: sum(rows, 'counted'), accuracy: ratio(sum(rows, 'accurate'), sum(rows, 'lines_counted')),
    frequency_configured: rules.some((r) => r.enabled === 1),
    by_zone: zones.map((zone_id) => {
      const z = rows.filter((r) => r.zone_id === zone_id);
      return { zone_id, planned: sum(z, 'planned'), counted: sum(z, 'counted'), accurate: sum(z, 'accurate'), accuracy: ratio(sum(z, 'accurate'), sum(z, 'lines_counted')) };
    }),
    trend: days.map((day) => {
      const d = rows.filter((r) => r.day === day);
      return { day, planned: sum(d, 'planned'), counted: sum(d, 'counted'), accuracy: ratio(sum(d, 'accurate'), sum(d, 'lines_counted')) };
    }),
  };
}

/** The running (or last) full stock count: per zone, locations counted of all, differences and open tasks. */
export async function fscDashboard(db: Db, whsId: string) {
  const running = (await readConfValue(db, whsId, 'is_open_full_stock_count')) === '1';
  const [order] = (await execRows(db, sql`select order_no, round from cc_orders where whs_id = ${whsId} and source = ${n(S.FULL_STOCK_COUNT)}
    order by created_at desc limit 1`)).rows as { order_no: string; round: number }[];
  if (!order) return { running, order_no: null, round: 0, by_zone: [] };
  const zones = (await execRows(db, sql`select l.zone_id, count(distinct l.location_id)::int as locations,
      (select count(distinct tl.location_id)::int from cc_task_locations tl join cc_tasks t on t.whs_id = tl.whs_id and t.task_no = tl.task_no
        where t.whs_id = ${whsId} and t.order_no = ${order.order_no} and t.zone_id = l.zone_id and tl.status = 1) as counted,
      count(*) filter (where l.result in (1, 2))::int as differences,
      (select count(*)::int from cc_tasks t where t.whs_id = ${whsId} and t.order_no = ${order.order_no} and t.zone_id = l.zone_id and t.status in (1, 2)) as open_tasks
    from cc_order_lines l where l.whs_id = ${whsId} and l.order_no = ${order.order_no} group by l.zone_id order by l.zone_id`)).rows as
    { zone_id: string; locations: number; counted: number; differences: number; open_tasks: number }[];
  return { running, order_no: order.order_no, round: Number(order.round), by_zone: zones.map((z) => ({ ...z, counted: Math.min(Number(z.counted), Number(z.locations)) })) };
}

