import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  CYCLE_COUNT_CREATION_STATUS, CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_SCOPE, CYCLE_COUNT_SOURCE, CYCLE_COUNT_STATUS, INVENTORY_REF_TYPE,
  LOCATION_STATUS, STOCK_LOCATION_TYPE, type CodeOf,
} from '../../../shared/codes';
import { CC_BUILD_INLINE_MAX, type CcCriteria, type CcConfig } from '../../../shared/contract/cycle-count.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { ccBuildTasks, ccOrderLogs, ccOrders, ccTaskLocations, ccTasks, inventoryLockLogs } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { readConf } from '../../common/conf';
import { nextDocNo, nextDocNos } from '../../common/doc-no';
import { warehouseTimeZone } from '../../common/time';
import { assertNoFullStockCount } from './full-stock-count';
import { releaseHeld } from './stock-block';

/**
 * Cycle count orders (contract/cycle-count.contract.ts; docs/inventory-accuracy.md): what an order
 * counts is one SQL query over the warehouse's cells, balances and ledger (`candidates`), so the
 * preview, the candidate pages and the build read the same lines; the build inserts them set-based
 * and splits their locations into tasks by the cycle count task rule.
 */

const K = CYCLE_COUNT_KIND.values;
const SCOPE = CYCLE_COUNT_SCOPE.values;
const STATUS = CYCLE_COUNT_STATUS.values;
const CREATION = CYCLE_COUNT_CREATION_STATUS.values;
const n = (code: number) => sql.raw(String(code));

/** Runs a raw query and answers its rows (typed by the caller). */
export const execRows = async (db: Db, query: SQL): Promise<{ rows: unknown[] }> => (await db.execute(query)) as unknown as { rows: unknown[] };
const textList = (values: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

export type CcKind = CodeOf<typeof CYCLE_COUNT_KIND>;
export type CcScope = CodeOf<typeof CYCLE_COUNT_SCOPE>;
export type CcOrderType = CodeOf<typeof CYCLE_COUNT_ORDER_TYPE>;
export type CcSourceCode = CodeOf<typeof CYCLE_COUNT_SOURCE>;

export interface OrderAsk {
  orderType: CcOrderType;
  kind: CcKind;
  scope: CcScope;
  criteria: CcCriteria;
}

/** Tasks split by pathway of at most this many locations when no task rule names the zone. */
export const DEFAULT_TASK_MAX_LOCATIONS = 200;

export interface CcSettings extends CcConfig { maxLocations: number; maxSkus: number }

/** The warehouse's cycle count config and limit config (conf keys, defaults in common/conf.ts). */
export async function readCcSettings(db: Db, whsId: string): Promise<CcSettings> {
  const conf = await readConf(db, whsId, ['cc_show_system_qty', 'cc_max_rounds', 'cc_max_locations', 'cc_max_skus', 'daily_cc_compliance_mode']);
  const int = (key: string, fallback: number) => {
    const value = Number(conf.get(key));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    show_system_qty: conf.get('cc_show_system_qty') === '1',
    max_rounds: Math.min(10, int('cc_max_rounds', 3)),
    compliance_mode: conf.get('daily_cc_compliance_mode') === '1',
    maxLocations: int('cc_max_locations', 200_000),
    maxSkus: int('cc_max_skus', 50_000),
  };
}

const invalid = (field: string, message: string) => new ApiError(RET.CC_CRITERIA_INVALID, message, { field });

/** Refuses criteria that cannot make sense for the kind and scope (before any query runs). */
export function checkAsk(ask: OrderAsk, settings: Pick<CcSettings, 'compliance_mode'>, source: CcSourceCode): void {
  const c = ask.criteria;
  if (settings.compliance_mode && source === CYCLE_COUNT_SOURCE.values.MANUAL) {
    const parkRangeOnly = c.sku_ids.length === 0 && !c.supplier_id && c.lines.length === 0 && c.moved_since === null;
    if (ask.kind !== K.LOCATION || ask.scope !== SCOPE.CUSTOMIZED || !parkRangeOnly) {
      throw invalid('kind', 'Daily Cycle Count is in compliance mode, only Park Range and Location CC is allowed.');
    }
  }
  if ((c.location_from === '') !== (c.location_to === '')) throw invalid('location_to', 'A location range needs both its first and its last location.');
  if (c.location_from && c.location_to && c.location_from > c.location_to) throw invalid('location_to', `The range ends (${c.location_to}) before it starts (${c.location_from}).`);
  if (ask.kind === K.MOVEMENT && c.moved_since === null && c.lines.length === 0) throw invalid('moved_since', 'A movement count needs the day since which stock moved.');
  if (ask.kind === K.SKU && ask.scope === SCOPE.CUSTOMIZED && c.sku_ids.length === 0 && !c.supplier_id && c.lines.length === 0) {
    throw invalid('sku_ids', 'A SKU count of customized scope needs SKUs, a supplier or an imported list.');
  }
  if (ask.scope === SCOPE.CUSTOMIZED && ask.kind === K.LOCATION && c.lines.length === 0 && c.park_ids.length === 0 && c.zone_ids.length === 0
    && c.pathway_ids.length === 0 && !c.location_from) {
    throw invalid('zone_ids', 'A location count of customized scope needs parks, zones, pathways, a location range or an imported list.');
  }
}

/** The warehouse's active cells the ask narrows to (columns location_id, zone_id, pathway_id). */
function cellsSql(whsId: string, ask: OrderAsk): SQL {
  const c = ask.criteria;
  const custom = ask.scope === SCOPE.CUSTOMIZED;
  const filters: SQL[] = [sql`c.whs_id = ${whsId}`, sql`c.status = ${n(LOCATION_STATUS.values.NORMAL)}`];
  if (custom && c.zone_ids.length) filters.push(sql`c.zone_id in ${textList(c.zone_ids)}`);
  if (custom && c.pathway_ids.length) filters.push(sql`c.pathway_id in ${textList(c.pathway_ids)}`);
  if (custom && c.location_from) filters.push(sql`c.location_code between ${c.location_from} and ${c.location_to}`);
  if (custom && c.park_ids.length) {
    filters.push(sql`exists (select 1 from zones z join zone_clusters zc on zc.whs_id = z.whs_id and zc.zone_cluster_id = z.zone_cluster_id
      where z.whs_id = c.whs_id and z.zone_id = c.zone_id and zc.park_id in ${textList(c.park_ids)})`);
  }
  return sql`select c.location_code as location_id, c.zone_id, c.pathway_id from cells c where ${sql.join(filters, sql` and `)}`;
}

/** The SKUs the ask narrows to, or null when it does not narrow by SKU. */
function skuFilterSql(whsId: string, ask: OrderAsk): SQL | null {
  const c = ask.criteria;
  if (ask.scope === SCOPE.HIGH_VALUE_ONLY) return sql`(select s.sku_id from skus s where s.whs_id = ${whsId} and s.is_high_value = 1)`;
  if (ask.scope !== SCOPE.CUSTOMIZED) return null;
  const parts: SQL[] = [];
  if (c.sku_ids.length) parts.push(sql`select s.sku_id from skus s where s.whs_id = ${whsId} and s.sku_id in ${textList(c.sku_ids)}`);
  if (c.supplier_id) parts.push(sql`select distinct b.sku_id from sku_batches b where b.whs_id = ${whsId} and b.supplier_id = ${c.supplier_id}`);
  if (!parts.length) return null;
  return sql`(${sql.join(parts, sql` intersect `)})`;
}

/**
 * Every line the ask counts: location_id, sku_id ('' for a location counted empty), zone_id,
 * pathway_id, system_qty (the book of the SKU there, over batches and qualities). Imported lists
 * are taken as they are, within the active cells.
 */
export function candidatesSql(whsId: string, ask: OrderAsk): SQL {
  const c = ask.criteria;
  const cellRows = cellsSql(whsId, ask);
  const skuFilter = skuFilterSql(whsId, ask);
  const stock = sql`select li.location_id, li.sku_id, sum(li.onhand_qty)::int as qty from location_inventory li
    where li.whs_id = ${whsId} and li.location_type = ${n(STOCK_LOCATION_TYPE.values.CELL)} and li.onhand_qty > 0
    ${skuFilter ? sql`and li.sku_id in ${skuFilter}` : sql``}
    group by li.location_id, li.sku_id`;
  if (c.lines.length) {
    const listed = sql`select x.location_id, x.sku_id from jsonb_to_recordset(${JSON.stringify(c.lines)}::jsonb) as x(location_id text, sku_id text)`;
    return sql`with cl as (${cellRows}), st as (${stock}), ls as (${listed})
      select distinct on (cl.location_id, coalesce(st.sku_id, ''))
        cl.location_id, coalesce(st.sku_id, '') as sku_id, cl.zone_id, cl.pathway_id, coalesce(st.qty, 0) as system_qty
      from ls join cl on cl.location_id = ls.location_id
      left join st on st.location_id = ls.location_id and (ls.sku_id = '' or st.sku_id = ls.sku_id)
      where ls.sku_id = '' or st.sku_id is not null or exists (select 1 from skus s where s.whs_id = ${whsId} and s.sku_id = ls.sku_id)`;
  }
  if (ask.kind === K.MOVEMENT) {
    const moved = sql`select distinct t.location_id, t.sku_id from inventory_transactions t
      where t.whs_id = ${whsId} and t.location_type = ${n(STOCK_LOCATION_TYPE.values.CELL)}
        and t.created_at >= (${c.moved_since}::date::timestamp at time zone (select coalesce(w.time_region, 'Asia/Shanghai') from warehouses w where w.whs_id = ${whsId}))
        ${skuFilter ? sql`and t.sku_id in ${skuFilter}` : sql``}`;
    return sql`with cl as (${cellRows}), st as (${stock}), mv as (${moved})
      select cl.location_id, mv.sku_id, cl.zone_id, cl.pathway_id, coalesce(st.qty, 0) as system_qty
      from mv join cl on cl.location_id = mv.location_id left join st on st.location_id = mv.location_id and st.sku_id = mv.sku_id`;
  }
  // A full location count also visits the locations the book holds nothing at (stock where none is booked).
  const withEmpty = ask.kind === K.LOCATION && ask.orderType === CYCLE_COUNT_ORDER_TYPE.values.FULL && !skuFilter;
  return sql`with cl as (${cellRows}), st as (${stock})
    select cl.location_id, st.sku_id, cl.zone_id, cl.pathway_id, st.qty as system_qty from cl join st on st.location_id = cl.location_id
    ${withEmpty ? sql`union all select cl.location_id, '' as sku_id, cl.zone_id, cl.pathway_id, 0 from cl where not exists (select 1 from st where st.location_id = cl.location_id)` : sql``}`;
}

export interface Preview { location_count: number; sku_count: number; line_count: number }
/** Lines of an ask at locations another open order counts, and (the first 20 of) those orders. */
interface Overlap { skipped: number; other_orders: string[] }

/** What the ask would count; with `overlap`, in the same statement, what of it other open counts hold. */
async function measure(db: Db, whsId: string, ask: OrderAsk, overlap: boolean): Promise<Preview & Overlap> {
  const overlapSql = overlap
    ? sql`(select count(*) from x where ${openElsewhere(whsId, '')})::int as skipped,
        array(select distinct o.order_no from cc_order_lines ol join cc_orders o on o.whs_id = ol.whs_id and o.order_no = ol.order_no
          where ol.whs_id = ${whsId} and ol.location_id in (select location_id from x)
            and o.status in (${n(STATUS.PENDING)}, ${n(STATUS.ONGOING)}) and o.creation_status <> ${n(CREATION.FAIL)} order by o.order_no limit 20) as other_orders`
    : sql`0 as skipped, '{}'::text[] as other_orders`;
  const [row] = (await execRows(db, sql`with x as materialized (${candidatesSql(whsId, ask)})
    select count(distinct x.location_id)::int as location_count, count(distinct nullif(x.sku_id, ''))::int as sku_count, count(*)::int as line_count,
      ${overlapSql}
    from x`)).rows as unknown as (Preview & Overlap)[];
  return row!;
}

export async function previewOf(db: Db, whsId: string, ask: OrderAsk): Promise<Preview> {
  const { skipped: _, other_orders: __, ...preview } = await measure(db, whsId, ask, false);
  return preview;
}

export async function candidatePage(db: Db, whsId: string, ask: OrderAsk, pageNo: number, pageSize: number) {
  const rows = (await execRows(db, sql`select x.location_id, x.sku_id, coalesce(s.sku_name, '') as sku_name, x.zone_id, x.pathway_id,
      x.system_qty as onhand_qty, count(*) over ()::int as total
    from (${candidatesSql(whsId, ask)}) x left join skus s on s.whs_id = ${whsId} and s.sku_id = x.sku_id
    order by x.location_id, x.sku_id limit ${pageSize} offset ${(pageNo - 1) * pageSize}`)).rows as unknown as
    { location_id: string; sku_id: string; sku_name: string; zone_id: string; pathway_id: string; onhand_qty: number; total: number }[];
  return { total: rows[0]?.total ?? (pageNo === 1 ? 0 : (await previewOf(db, whsId, ask)).line_count), list: rows.map(({ total: _, ...r }) => r) };
}

/** -285005 when nothing matches, -285012 over the limit config (none: exempt from it). */
export function checkPreview(preview: Preview, settings: Pick<CcSettings, 'maxLocations' | 'maxSkus'> | null): void {
  if (preview.line_count === 0) throw new ApiError(RET.CC_NOTHING_TO_COUNT, 'Nothing to count: no active location or SKU matches these criteria.');
  if (settings && (preview.location_count > settings.maxLocations || preview.sku_count > settings.maxSkus)) {
    throw new ApiError(RET.CC_OVER_LIMIT,
      `This order would count ${preview.location_count} locations and ${preview.sku_count} SKUs; one order may count at most ${settings.maxLocations} locations and ${settings.maxSkus} SKUs. Narrow the criteria or split the order.`,
      { max_locations: settings.maxLocations, max_skus: settings.maxSkus, location_count: preview.location_count, sku_count: preview.sku_count });
  }
}

export async function logOrder(tx: Db, whsId: string, orderNo: string, action: string, detail: string, operatorId: number | null): Promise<void> {
  await tx.insert(ccOrderLogs).values({ whsId, orderNo, action, detail, operatorId });
}

export interface NewOrder extends OrderAsk {
  source: CcSourceCode;
  /** Leave out the lines whose location another open order counts (otherwise -285029 and nothing made). */
  skipOpen?: boolean;
  remark?: string;
  sourceRef?: string | null;
  fscRunId?: number | null;
  createdBy: number | null;
  /** Build in this transaction whatever the size (system orders: daily, OB troubleshoot). */
  inline?: boolean;
  /** Exempt from the limit config (a full stock count counts every cell). */
  unlimited?: boolean;
}

/**
 * Makes an order: checks the criteria and the limit config, then builds it in this transaction when
 * small (or asked to), else queues its build. Answers its number, creation status and the lines left
 * out because another open count has their location. No order but the full stock count's own is made
 * while one runs (-285021).
 */
export async function createOrder(tx: Db, whsId: string, order: NewOrder): Promise<{ orderNo: string; creationStatus: number; skipped: number }> {
  if (order.source !== CYCLE_COUNT_SOURCE.values.FULL_STOCK_COUNT) await assertNoFullStockCount(tx, whsId);
  const settings = await readCcSettings(tx, whsId);
  checkAsk(order, settings, order.source);
  const measured = await measure(tx, whsId, order, !order.skipOpen);
  checkPreview(measured, order.unlimited ? null : settings);
  if (measured.skipped > 0) {
    throw new ApiError(RET.CC_LINES_SKIPPED,
      `${measured.skipped} of the ${measured.line_count} lines are at locations already in another open cycle count (${measured.other_orders.join(', ')}): make the order without them, or wait for those counts.`,
      { skipped: measured.skipped, line_count: measured.line_count, other_orders: measured.other_orders });
  }
  const orderNo = await nextDocNo(tx, 'ccOrder', await warehouseTimeZone(tx, whsId));
  await tx.insert(ccOrders).values({
    whsId, orderNo, orderType: order.orderType, scope: order.scope, source: order.source, kind: order.kind, status: STATUS.PENDING,
    creationStatus: CREATION.INITIAL, criteria: order.criteria, showSystemQty: settings.show_system_qty, remark: order.remark || null,
    sourceRef: order.sourceRef ?? null, fscRunId: order.fscRunId ?? null, createdBy: order.createdBy,
  });
  await logOrder(tx, whsId, orderNo, 'created', `${measured.line_count} lines, ${measured.location_count} locations, ${measured.sku_count} SKUs`, order.createdBy);
  if (order.inline || measured.line_count <= CC_BUILD_INLINE_MAX) {
    const skipped = await buildOrder(tx, whsId, orderNo, () => Promise.resolve());
    return { orderNo, creationStatus: CREATION.SUCCESS, skipped };
  }
  await tx.insert(ccBuildTasks).values({ whsId, orderNo, userId: order.createdBy! });
  return { orderNo, creationStatus: CREATION.INITIAL, skipped: 0 };
}

/** Open orders' locations are not counted by a second order at the same time (their adjustments would meet). */
const openElsewhere = (whsId: string, orderNo: string) => sql`exists (select 1 from cc_order_lines ol join cc_orders o on o.whs_id = ol.whs_id and o.order_no = ol.order_no
  where ol.whs_id = ${whsId} and ol.location_id = x.location_id and ol.order_no <> ${orderNo}
    and o.status in (${n(STATUS.PENDING)}, ${n(STATUS.ONGOING)}) and o.creation_status <> ${n(CREATION.FAIL)})`;

/**
 * Builds an order's lines and round-1 tasks (in the caller's transaction), reporting progress; answers
 * the lines left out because another open order counts their location. -285005 when none is left.
 */
export async function buildOrder(tx: Db, whsId: string, orderNo: string, progress: (percent: number) => Promise<void>): Promise<number> {
  const [order] = await tx.select().from(ccOrders).where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, orderNo))).for('update');
  if (!order) throw new ApiError(RET.NOT_FOUND, `Cycle count order ${orderNo} does not exist.`);
  if (order.status === STATUS.CANCEL) {
    // Cancelled while its build waited (a full stock count started): nothing to build.
    await failBuild(tx, whsId, orderNo, 'The order was cancelled before it was built.');
    return 0;
  }
  const ask: OrderAsk = { orderType: order.orderType as CcOrderType, kind: order.kind as CcKind, scope: order.scope as CcScope, criteria: order.criteria as CcCriteria };
  await tx.update(ccOrders).set({ creationStatus: CREATION.COMPLETING, updatedAt: sql`now()` }).where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, orderNo)));
  const inserted = (await execRows(tx, sql`with x as (${candidatesSql(whsId, ask)}),
      kept as (insert into cc_order_lines (whs_id, order_no, location_id, sku_id, zone_id, pathway_id, system_qty)
        select ${whsId}, ${orderNo}, x.location_id, x.sku_id, x.zone_id, x.pathway_id, x.system_qty from x where not ${openElsewhere(whsId, orderNo)}
        on conflict do nothing returning location_id, sku_id)
    select (select count(*) from x)::int as asked, (select count(*) from kept)::int as kept,
      (select count(distinct location_id) from kept)::int as locations, (select count(distinct nullif(sku_id, '')) from kept)::int as skus`)).rows[0] as
    { asked: number; kept: number; locations: number; skus: number };
  await progress(60);
  if (inserted.kept === 0) {
    throw new ApiError(RET.CC_NOTHING_TO_COUNT, 'Nothing to count: every location these criteria match is already in another open cycle count.');
  }
  await makeTasks(tx, whsId, orderNo, order.source as CcSourceCode, 1, null, []);
  await progress(95);
  await tx.update(ccOrders).set({
    creationStatus: CREATION.SUCCESS, progress: 100, locationCount: inserted.locations, skuCount: inserted.skus, updatedAt: sql`now()`,
  }).where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, orderNo)));
  const skipped = inserted.asked - inserted.kept;
  if (skipped > 0) await logOrder(tx, whsId, orderNo, 'lines_skipped', `${skipped} lines already in another open count`, null);
  await logOrder(tx, whsId, orderNo, 'built', `${inserted.kept} lines`, null);
  return skipped;
}

/**
 * CTEs ending in `chunked`: the order's locations (those `only` keeps) with their zone, task group
 * (`grp`: the pathway when the zone's task rule splits by pathway, else null), walking order within it
 * (`seq`) and task number within the group (`chunk`, per the rule's most locations a task).
 */
const chunkedLocationsSql = (whsId: string, orderNo: string, only: SQL) => sql`locs as (select distinct l.location_id, l.zone_id, l.pathway_id from cc_order_lines l
        where l.whs_id = ${whsId} and l.order_no = ${orderNo} ${only}),
      ruled as (select locs.*, coalesce(r.split_by, 2) as split_by, coalesce(r.max_locations, ${DEFAULT_TASK_MAX_LOCATIONS}) as max_locations
        from locs left join cycle_count_task_rules r on r.whs_id = ${whsId} and r.zone_id = locs.zone_id),
      grouped as (select ruled.*, case when split_by = 2 then pathway_id else null end as grp from ruled),
      chunked as (select grouped.*, row_number() over (partition by zone_id, grp order by location_id) as seq,
        ((row_number() over (partition by zone_id, grp order by location_id)) - 1) / max_locations as chunk from grouped)`;

/**
 * Makes a round's tasks over the order's locations (all, or those named): by zone or pathway per the
 * task rule, at most so many locations each, in location order; `excluded` are the users who may not
 * count them (earlier rounds' counters). Answers the task numbers.
 */
export async function makeTasks(
  tx: Db, whsId: string, orderNo: string, source: CcSourceCode, round: number, locationIds: readonly string[] | null, excluded: readonly number[],
): Promise<string[]> {
  const only = locationIds ? sql`and l.location_id in ${textList(locationIds)}` : sql``;
  const groups = (await execRows(tx, sql`with ${chunkedLocationsSql(whsId, orderNo, only)}
    select zone_id, grp, chunk::int, count(*)::int as locations from chunked group by zone_id, grp, chunk order by zone_id, grp nulls first, chunk`)).rows as unknown as
    { zone_id: string; grp: string | null; chunk: number; locations: number }[];
  if (!groups.length) return [];
  const taskNos = await nextDocNos(tx, 'ccTask', await warehouseTimeZone(tx, whsId), groups.length);
  const plan = groups.map((g, i) => ({ ...g, task_no: taskNos[i]! }));
  await tx.insert(ccTasks).values(plan.map((g) => ({
    whsId, taskNo: g.task_no, orderNo, source, round, zoneId: g.zone_id, pathwayId: g.grp, status: STATUS.PENDING,
    excludedUserIds: [...excluded], locationCount: g.locations,
  })));
  await tx.execute(sql`with ${chunkedLocationsSql(whsId, orderNo, only)},
      plan as (select * from jsonb_to_recordset(${JSON.stringify(plan)}::jsonb) as p(zone_id text, grp text, chunk int, task_no text))
    insert into ${ccTaskLocations} (whs_id, task_no, location_id, seq)
    select ${whsId}, plan.task_no, chunked.location_id, chunked.seq from chunked
      join plan on plan.zone_id = chunked.zone_id and plan.grp is not distinct from chunked.grp and plan.chunk = chunked.chunk`);
  await logOrder(tx, whsId, orderNo, 'tasks_made', `round ${round}: ${taskNos.length} tasks`, null);
  return taskNos;
}

/** Marks an order whose build failed (the worker's failure path); its lines and tasks are rolled back with the build. */
export async function failBuild(db: Db, whsId: string, orderNo: string, reason: string): Promise<void> {
  await db.update(ccOrders).set({ creationStatus: CREATION.FAIL, status: STATUS.CANCEL, failReason: reason.slice(0, 1000), updatedAt: sql`now()` })
    .where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, orderNo)));
}

/**
 * Ends the blocks an order holds (short picks' units blocked until counted, `countLine`): unblocked
 * when its differences are approved (before the adjustment, so a confirmed shortage writes off the
 * very units that were blocked) or rejected, when it is done without difference, or cancelled.
 * Read at the order's locations from its making on (the block log's location index).
 */
export async function releaseCountBlocks(tx: Db, whsId: string, orderNo: string, operatorId: number | null): Promise<number> {
  const within = sql`${inventoryLockLogs.createdAt} >= (select o.created_at from cc_orders o where o.whs_id = ${whsId} and o.order_no = ${orderNo})
    and ${inventoryLockLogs.locationId} in (select distinct l.location_id from cc_order_lines l where l.whs_id = ${whsId} and l.order_no = ${orderNo})`;
  return releaseHeld(tx, whsId, { refType: INVENTORY_REF_TYPE.values.CYCLE_COUNT, refNo: orderNo },
    { reason: `Cycle count ${orderNo} ended: the units it held until counted are released.`, operatorId }, within);
}
