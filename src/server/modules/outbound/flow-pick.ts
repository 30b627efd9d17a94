import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_ITEM_KIND, OUTBOUND_ORDER_TYPE, PICKING_TYPE, TASK_STATUS } from '../../../shared/codes';
import { FLOW_PICK_DEFAULTS, type FlowPickSetting, type FlowZone } from '../../../shared/contract/flow-pick.contract';
import type { Wave } from '../../../shared/contract/wave.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { flowPickSettings, flowPickingSkills, pickingTasks, users, waves, zones } from '../../db/schema';
import { ApiError, badInput } from '../../http/errors';
import { unixSeconds, warehouseTimeZone } from '../../common/time';
import { storedIds } from './id-lists';
import { pickingRulesOf } from './picking-rules';
import { S } from './sales-order';
import { releaseWave, waveOut } from './wave';

/**
 * Flow pick (docs/outbound.md "Flow pick"): waveless picking. A picker with a flow picking skill
 * who asks for the next task when no pending task waits in their zones gets a flow task made at
 * once, in the claim's transaction: the eligible orders — created, allocated, not waved, not on
 * hold, matching the warehouse's setting (single-item only, lowest priority), every open
 * allocation in a zone of the picker's flow skill the setting allows — by priority, then cut-off,
 * then age, up to the setting's orders and units, released by the ordinary wave release as a flow
 * wave. Orders are taken FOR UPDATE SKIP LOCKED, so two pickers asking at once get different orders.
 */

type SettingRow = typeof flowPickSettings.$inferSelect;
const T = TASK_STATUS.values;
const n = (code: number) => sql.raw(String(code));
const jsonList = (values: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
/** Candidate orders read per order a flow task may still take: room for those over the units left. */
const CANDIDATES_PER_ORDER = 3;

/** The setting as answered: the stored row, else off with the defaults. */
export async function flowPickSetting(db: Db, whsId: string): Promise<FlowPickSetting> {
  const [found] = await db.select({ row: flowPickSettings, updatedByName: users.displayName }).from(flowPickSettings)
    .leftJoin(users, eq(users.userId, flowPickSettings.updatedBy))
    .where(eq(flowPickSettings.whsId, whsId));
  const rules = await pickingRulesOf(db, whsId);
  const defaultMaxUnits = rules.capacity(null);
  if (!found) return { ...FLOW_PICK_DEFAULTS, zone_ids: [], default_max_units: defaultMaxUnits, updated_at: null, updated_by_name: null };
  const { row } = found;
  return {
    enabled: row.enabled, zone_ids: storedIds(row.zoneIds), max_orders: row.maxOrders, max_units: row.maxUnits,
    item_kind: row.itemKind as FlowPickSetting['item_kind'], min_priority: row.minPriority as FlowPickSetting['min_priority'],
    default_max_units: defaultMaxUnits, updated_at: unixSeconds(row.updatedAt), updated_by_name: found.updatedByName,
  };
}

/** Saves the setting whole; every zone must be one of the warehouse's (-100400 naming those that are not). */
export async function saveFlowPickSetting(
  tx: Db, whsId: string, userId: number, input: Pick<FlowPickSetting, 'enabled' | 'zone_ids' | 'max_orders' | 'max_units' | 'item_kind' | 'min_priority'>,
): Promise<FlowPickSetting> {
  const zoneIds = [...new Set(input.zone_ids)].sort();
  if (zoneIds.length > 0) {
    const known = new Set((await tx.select({ id: zones.zoneId }).from(zones).where(and(eq(zones.whsId, whsId), inArray(zones.zoneId, zoneIds)))).map((r) => r.id));
    const unknown = zoneIds.filter((z) => !known.has(z));
    if (unknown.length > 0) throw badInput('zone_ids', `not a zone of warehouse ${whsId}: ${unknown.slice(0, 5).join(', ')}`);
  }
  const values = {
    enabled: input.enabled, zoneIds: zoneIds.join(','), maxOrders: input.max_orders, maxUnits: input.max_units, itemKind: input.item_kind,
    minPriority: input.min_priority, updatedBy: userId, updatedAt: sql`now()`,
  };
  await tx.insert(flowPickSettings).values({ whsId, ...values }).onConflictDoUpdate({ target: flowPickSettings.whsId, set: values });
  return flowPickSetting(tx, whsId);
}

/**
 * The orders flow pick may take under `setting`, every open allocation in `zoneIds` (null: any
 * zone), as a where clause over `sales_orders o`.
 */
function eligibleWhere(whsId: string, setting: Pick<SettingRow, 'itemKind' | 'minPriority'>, zoneIds: readonly string[] | null) {
  return sql`o.whs_id = ${whsId} and o.order_type = ${n(OUTBOUND_ORDER_TYPE.values.SALES)} and o.status = ${n(S.CREATED)} and o.wave_no is null and o.priority >= ${n(setting.minPriority)}
    and o.allocated_qty >= o.total_qty ${setting.itemKind === ORDER_ITEM_KIND.values.SINGLE_ITEM ? sql`and o.line_count = 1` : sql``}
    and exists (select 1 from outbound_allocations a where a.whs_id = o.whs_id and a.order_no = o.order_no and a.task_no is null
      and a.qty > a.picked_qty + a.short_qty + a.cancelled_qty)
    ${zoneIds === null ? sql`` : sql`and not exists (select 1 from outbound_allocations a
      join cells c on c.whs_id = a.whs_id and c.location_code = a.location_id
      where a.whs_id = o.whs_id and a.order_no = o.order_no and a.qty > a.picked_qty + a.short_qty + a.cancelled_qty
        and c.zone_id not in ${jsonList(zoneIds)})`}`;
}

/** Where a picker may get flow tasks: their flow skill's zones the setting allows and their picking skills cover; null: nowhere. */
async function flowZonesOf(db: Db, whsId: string, setting: SettingRow, userId: number, pickingZones: readonly string[] | null): Promise<string[] | null> {
  const [skill] = await db.select({ zoneIds: flowPickingSkills.zoneIds }).from(flowPickingSkills)
    .where(and(eq(flowPickingSkills.whsId, whsId), eq(flowPickingSkills.userId, userId)));
  if (!skill) return null;
  const allowed = storedIds(setting.zoneIds);
  const zoneIds = storedIds(skill.zoneIds)
    .filter((z) => allowed.length === 0 || allowed.includes(z))
    .filter((z) => pickingZones === null || pickingZones.includes(z));
  return zoneIds.length > 0 ? zoneIds : null;
}

/** Rounds of choosing and locking: each round passes over what another picker took meanwhile. */
const TAKE_ROUNDS = 4;

/**
 * The orders of a flow task, locked: candidates by priority, then cut-off, then age, chosen while
 * they fit the orders and units, then locked FOR UPDATE SKIP LOCKED and re-checked. Those another
 * picker is taking are passed over and the next round chooses again, so two pickers asking at
 * once get different orders and neither is left empty-handed while orders remain.
 */
async function takeOrders(tx: Db, whsId: string, setting: SettingRow, zoneIds: readonly string[], maxUnits: number): Promise<string[]> {
  const taken: string[] = [];
  const passed: string[] = [];
  let units = 0;
  for (let round = 0; round < TAKE_ROUNDS && taken.length < setting.maxOrders; round++) {
    const { rows } = (await tx.execute(sql`select o.order_no, o.total_qty from sales_orders o
      where ${eligibleWhere(whsId, setting, zoneIds)} and o.total_qty <= ${maxUnits - units}
        ${passed.length === 0 ? sql`` : sql`and o.order_no not in ${jsonList(passed)}`}
      order by o.priority desc, o.cutoff_at asc nulls last, o.created_at asc, o.order_no asc
      limit ${(setting.maxOrders - taken.length) * CANDIDATES_PER_ORDER}`)) as unknown as { rows: { order_no: string; total_qty: number }[] };
    const wanted: { orderNo: string; units: number }[] = [];
    let planned = units;
    for (const row of rows) {
      if (taken.length + wanted.length >= setting.maxOrders) break;
      if (planned + Number(row.total_qty) > maxUnits) continue;
      wanted.push({ orderNo: row.order_no, units: Number(row.total_qty) });
      planned += Number(row.total_qty);
    }
    if (wanted.length === 0) break;
    const { rows: locked } = (await tx.execute(sql`select o.order_no from sales_orders o
      where o.whs_id = ${whsId} and o.order_no in ${jsonList(wanted.map((w) => w.orderNo))} and o.wave_no is null and o.status = ${n(S.CREATED)}
      order by o.order_no for update of o skip locked`)) as unknown as { rows: { order_no: string }[] };
    const free = new Set(locked.map((r) => r.order_no));
    for (const w of wanted) {
      passed.push(w.orderNo);
      if (!free.has(w.orderNo)) continue;
      taken.push(w.orderNo);
      units += w.units;
    }
  }
  return taken;
}

/**
 * Makes a flow task for the picker (claimTask's "Next task" when none waits), in the caller's
 * transaction: answers its task number (the first of the flow wave's tasks; an order over two
 * zones leaves the other zone's task pending for the next picker), or null when flow pick is off,
 * the picker has no flow skill, or no order is eligible.
 */
export async function releaseFlowTask(tx: Db, whsId: string, userId: number, pickingZones: readonly string[] | null): Promise<string | null> {
  const [setting] = await tx.select().from(flowPickSettings).where(eq(flowPickSettings.whsId, whsId));
  if (!setting?.enabled) return null;
  const zoneIds = await flowZonesOf(tx, whsId, setting, userId, pickingZones);
  if (zoneIds === null) return null;
  const maxUnits = setting.maxUnits ?? (await pickingRulesOf(tx, whsId)).capacity(null);
  const orderNos = await takeOrders(tx, whsId, setting, zoneIds, maxUnits);
  if (orderNos.length === 0) return null;
  try {
    const { taskNos } = await releaseWave(tx, whsId, { userId, timeZone: await warehouseTimeZone(tx, whsId) }, {
      orderNos, pickingType: orderNos.length === 1 ? PICKING_TYPE.values.PICK_TO_ORDER : PICKING_TYPE.values.PICK_TO_WAVE,
      maxUnitsPerTask: maxUnits, isManual: false, isFlow: true,
    });
    return taskNos[0] ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.retcode === RET.WAVE_ORDER_UNAVAILABLE) return null;
    throw error;
  }
}

/** Today's flow waves shown at most. */
const FLOW_WAVES_SHOWN = 200;

/** The Flow Pick screen: the setting, the flow per zone, today's flow waves. */
export async function flowPickOverview(db: Db, whsId: string): Promise<{ setting: FlowPickSetting; zones: FlowZone[]; waves: Wave[] }> {
  const setting = await flowPickSetting(db, whsId);
  const settingZones = setting.zone_ids;
  const where = eligibleWhere(whsId, { itemKind: setting.item_kind, minPriority: setting.min_priority }, settingZones.length > 0 ? settingZones : null);
  const timeZone = await warehouseTimeZone(db, whsId);
  const [waiting, tasks, skills, zoneRows, todays] = await Promise.all([
    db.execute(sql`select c.zone_id, count(distinct o.order_no)::int as orders, sum(a.qty - a.picked_qty - a.short_qty - a.cancelled_qty)::int as units
      from sales_orders o
      join outbound_allocations a on a.whs_id = o.whs_id and a.order_no = o.order_no and a.task_no is null and a.qty > a.picked_qty + a.short_qty + a.cancelled_qty
      join cells c on c.whs_id = a.whs_id and c.location_code = a.location_id
      where ${where} group by c.zone_id`) as unknown as Promise<{ rows: { zone_id: string; orders: number; units: number | string }[] }>,
    db.execute(sql`select t.zone_id, count(*) filter (where t.status = ${n(T.PENDING)})::int as pending,
        count(*) filter (where t.status in (${n(T.ASSIGNED)}, ${n(T.ONGOING)}))::int as ongoing
      from picking_tasks t join waves w on w.whs_id = t.whs_id and w.wave_no = t.wave_no and w.is_flow
      where t.whs_id = ${whsId} and t.status in (${n(T.PENDING)}, ${n(T.ASSIGNED)}, ${n(T.ONGOING)}) group by t.zone_id`) as unknown as Promise<{ rows: { zone_id: string | null; pending: number; ongoing: number }[] }>,
    db.select({ userId: flowPickingSkills.userId, zoneIds: flowPickingSkills.zoneIds, name: users.displayName }).from(flowPickingSkills)
      .innerJoin(users, eq(users.userId, flowPickingSkills.userId)).where(eq(flowPickingSkills.whsId, whsId)).orderBy(flowPickingSkills.userId),
    db.select({ zoneId: zones.zoneId }).from(zones).where(eq(zones.whsId, whsId)).orderBy(zones.zoneId),
    db.select().from(waves)
      .where(and(eq(waves.whsId, whsId), eq(waves.isFlow, true), sql`${waves.createdAt} >= date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone}`))
      .orderBy(desc(waves.createdAt), desc(waves.waveNo)).limit(FLOW_WAVES_SHOWN),
  ]);
  const byZone = new Map<string, FlowZone>();
  const zoneOf = (zoneId: string): FlowZone => {
    let z = byZone.get(zoneId);
    if (!z) {
      z = { zone_id: zoneId, in_setting: settingZones.length === 0 || settingZones.includes(zoneId), waiting_orders: 0, waiting_units: 0, pending_tasks: 0, ongoing_tasks: 0, pickers: [] };
      byZone.set(zoneId, z);
    }
    return z;
  };
  for (const { zoneId } of zoneRows) if (settingZones.length === 0 || settingZones.includes(zoneId)) zoneOf(zoneId);
  for (const r of waiting.rows) Object.assign(zoneOf(r.zone_id), { waiting_orders: Number(r.orders), waiting_units: Number(r.units) });
  for (const r of tasks.rows) if (r.zone_id !== null) Object.assign(zoneOf(r.zone_id), { pending_tasks: Number(r.pending), ongoing_tasks: Number(r.ongoing) });
  for (const s of skills) for (const zoneId of storedIds(s.zoneIds)) zoneOf(zoneId).pickers.push({ user_id: s.userId, name: s.name });
  const taskCounts = todays.length === 0 ? [] : await db.select({ waveNo: pickingTasks.waveNo, count: sql<number>`count(*)::int` }).from(pickingTasks)
    .where(and(eq(pickingTasks.whsId, whsId), inArray(pickingTasks.waveNo, todays.map((w) => w.waveNo)))).groupBy(pickingTasks.waveNo);
  const countOf = new Map(taskCounts.map((c) => [c.waveNo, Number(c.count)]));
  return {
    setting,
    zones: [...byZone.values()].sort((a, b) => (a.zone_id < b.zone_id ? -1 : a.zone_id > b.zone_id ? 1 : 0)),
    waves: todays.map((w) => waveOut(w, countOf.get(w.waveNo) ?? 0)),
  };
}
