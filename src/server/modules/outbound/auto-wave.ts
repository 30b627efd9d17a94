import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_STATUS, ORDER_ITEM_KIND, ORDER_PRIORITY, OUTBOUND_ORDER_TYPE } from '../../../shared/codes';
import type { AutoWaveRun, RulePlan } from '../../../shared/contract/wave.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { autoWaveRules, storeGroupTemplates, waveGroupingRules, waveGroups, waveRules } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { unixSeconds, warehouseTimeZone } from '../../common/time';
import { S } from './sales-order';
import { releaseWave, type PickingType, type Skipped, type WaveActor } from './wave';
import { storedIds } from './id-lists';
import { planWaves, type TemplateScope, type WaveCandidate, type WavePlan, type WaveStep } from './wave-plan';

const ACTIVE = ACTIVE_STATUS.values.ACTIVE;

/**
 * Auto waves (Rule Center › Wave Rules): a run of an auto wave rule takes the orders in its scope —
 * created or pending pick, not on hold, not in a wave, matching its cut-off window, priority, shop,
 * shop group, store group template and single/multi-item filter — plans its waves (wave-plan.ts:
 * the wave group's wave rules step by step, or the rule's own limits) and releases them. Each wave
 * is its own transaction; its orders are taken with FOR UPDATE SKIP LOCKED and re-checked, so runs
 * racing (two processes, the schedule and a person) take different orders, and releasing re-checks
 * each order under its lock: no order is waved twice. Orders short of stock wait in pending pick
 * and are not tried again in the same run. The Wave Plan previews a run with the same planner
 * over the same orders. The schedule (startAutoWaveScheduler) runs each active rule once per
 * interval across every server process: a guarded update of `last_run_at` claims the run.
 */

type RuleRow = typeof autoWaveRules.$inferSelect;

/** Most waves one run of a rule releases: a backlog is worked off over the next runs. */
export const AUTO_WAVES_PER_RUN = 50;

/** Most orders one run plans over (by priority, then cut-off, then age): the rest wait for the next run. */
export const AUTO_WAVE_CANDIDATES_MAX = 20_000;

const n = (code: number) => sql.raw(String(code));
const jsonList = (values: readonly (string | number)[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values.map(String))}::jsonb))`;

/** The steps a rule's run takes: its wave group's active wave rules in order, or its own limits as one step. */
async function stepsOf(db: Db, whsId: string, rule: RuleRow): Promise<{ steps: WaveStep[]; groupName: string | null }> {
  if (rule.waveGroupId === null) {
    return {
      groupName: null,
      steps: [{
        waveRuleId: null, ruleName: null, orderPriority: null, itemKind: ORDER_ITEM_KIND.values.ANY, pickingType: rule.pickingType as PickingType,
        maxOrders: rule.maxOrders, maxUnits: rule.maxUnits, maxSkus: null, minOrders: 1, minWaivedWithinMinutes: null, maxUnitsPerTask: null, grouping: null,
      }],
    };
  }
  const [group] = await db.select().from(waveGroups).where(and(eq(waveGroups.whsId, whsId), eq(waveGroups.groupId, rule.waveGroupId)));
  if (!group || group.status !== ACTIVE) return { groupName: group?.groupName ?? null, steps: [] };
  const ids = storedIds(group.waveRuleIds).map(Number);
  const rules = ids.length === 0 ? [] : await db.select().from(waveRules)
    .where(and(eq(waveRules.whsId, whsId), inArray(waveRules.ruleId, ids), eq(waveRules.status, ACTIVE)));
  const groupingIds = [...new Set(rules.map((r) => r.groupingRuleId).filter((id): id is number => id !== null))];
  const groupings = groupingIds.length === 0 ? [] : await db.select().from(waveGroupingRules)
    .where(and(eq(waveGroupingRules.whsId, whsId), inArray(waveGroupingRules.ruleId, groupingIds), eq(waveGroupingRules.status, ACTIVE)));
  const steps = ids.flatMap((id) => {
    const r = rules.find((w) => w.ruleId === id);
    if (!r) return [];
    const g = groupings.find((x) => x.ruleId === r.groupingRuleId);
    return [{
      waveRuleId: r.ruleId, ruleName: r.ruleName, orderPriority: r.orderPriority, itemKind: r.itemKind, pickingType: r.pickingType as PickingType,
      maxOrders: r.maxOrders, maxUnits: r.maxUnits, maxSkus: r.maxSkus, minOrders: r.minOrders, minWaivedWithinMinutes: r.minWaivedWithinMinutes,
      maxUnitsPerTask: r.maxUnitsPerTask,
      grouping: g ? { byShop: g.byShop, byStoreTemplate: g.byStoreTemplate, byItemKind: g.byItemKind, byZones: g.byZones, cutoffWindowMinutes: g.cutoffWindowMinutes, orderSort: g.orderSort } : null,
    } satisfies WaveStep];
  });
  return { groupName: group.groupName, steps };
}

/** The warehouse's active store group templates, by id (grouping by template takes the first naming a shop). */
async function templatesOf(db: Db, whsId: string): Promise<TemplateScope[]> {
  const rows = await db.select().from(storeGroupTemplates)
    .where(and(eq(storeGroupTemplates.whsId, whsId), eq(storeGroupTemplates.status, ACTIVE))).orderBy(asc(storeGroupTemplates.templateId));
  return rows.map((t) => ({ templateId: t.templateId, shopIds: new Set(storedIds(t.shopIds)), shopGroupIds: new Set(storedIds(t.shopGroupIds)) }));
}

/** The orders in a rule's scope (on hold ones too: the plan says they wait), with their SKUs and the zones of their stock. */
async function candidatesOf(db: Db, whsId: string, rule: RuleRow): Promise<WaveCandidate[]> {
  let template = sql``;
  if (rule.storeGroupTemplateId !== null) {
    const [t] = await db.select().from(storeGroupTemplates)
      .where(and(eq(storeGroupTemplates.whsId, whsId), eq(storeGroupTemplates.templateId, rule.storeGroupTemplateId)));
    template = sql`and (o.shop_id in ${jsonList(storedIds(t?.shopIds ?? ''))} or s.group_id in ${jsonList(storedIds(t?.shopGroupIds ?? ''))})`;
  }
  const filters = [
    rule.cutoffWithinMinutes === null ? sql`` : sql`and o.cutoff_at is not null and o.cutoff_at <= now() + make_interval(mins => ${rule.cutoffWithinMinutes})`,
    rule.orderPriority === null ? sql`` : sql`and o.priority = ${rule.orderPriority}`,
    rule.shopId === null ? sql`` : sql`and o.shop_id = ${rule.shopId}`,
    rule.shopGroupId === null ? sql`` : sql`and s.group_id = ${rule.shopGroupId}`,
    rule.itemKind === ORDER_ITEM_KIND.values.SINGLE_ITEM ? sql`and o.line_count = 1` : rule.itemKind === ORDER_ITEM_KIND.values.MULTI_ITEM ? sql`and o.line_count > 1` : sql``,
    template,
  ];
  const { rows } = (await db.execute(sql`select o.order_no, o.status, o.priority, o.shop_id, s.group_id, o.line_count, o.total_qty,
      (extract(epoch from o.cutoff_at) * 1000)::float8 as cutoff_ms, (extract(epoch from o.created_at) * 1000)::float8 as created_ms,
      (select coalesce(jsonb_agg(distinct l.sku_id), '[]'::jsonb) from sales_order_lines l where l.whs_id = o.whs_id and l.order_no = o.order_no) as sku_ids,
      (select coalesce(jsonb_agg(distinct c.zone_id order by c.zone_id), '[]'::jsonb) from outbound_allocations a
        join cells c on c.whs_id = a.whs_id and c.location_code = a.location_id
        where a.whs_id = o.whs_id and a.order_no = o.order_no and a.task_no is null and a.qty > a.picked_qty + a.short_qty + a.cancelled_qty) as zone_ids
    from sales_orders o left join shops s on s.whs_id = o.whs_id and s.shop_id = o.shop_id
    where o.whs_id = ${whsId} and o.order_type = ${n(OUTBOUND_ORDER_TYPE.values.SALES)} and o.status in (${n(S.CREATED)}, ${n(S.PENDING_PICK)}) and o.wave_no is null ${sql.join(filters, sql` `)}
    order by o.priority desc, o.cutoff_at asc nulls last, o.created_at asc, o.order_no asc
    limit ${AUTO_WAVE_CANDIDATES_MAX}`)) as unknown as {
    rows: { order_no: string; status: number; priority: number; shop_id: string | null; group_id: string | null; line_count: number; total_qty: number;
      cutoff_ms: number | string | null; created_ms: number | string; sku_ids: string[] | string; zone_ids: string[] | string }[];
  };
  const list = (v: string[] | string): string[] => (typeof v === 'string' ? JSON.parse(v) as string[] : v);
  return rows.map((r) => ({
    orderNo: r.order_no, status: Number(r.status), priority: Number(r.priority), shopId: r.shop_id, shopGroupId: r.group_id,
    cutoffAt: r.cutoff_ms === null ? null : Number(r.cutoff_ms), createdAt: Number(r.created_ms), lineCount: Number(r.line_count), units: Number(r.total_qty),
    skuIds: list(r.sku_ids), zoneIds: list(r.zone_ids),
  }));
}

/** What a run of the rule would release now, and what would wait and why: the plan and the run share it. */
export async function planRule(db: Db, whsId: string, rule: RuleRow): Promise<{ plan: WavePlan; steps: WaveStep[]; groupName: string | null; candidates: number }> {
  const [{ steps, groupName }, templates, candidates] = await Promise.all([stepsOf(db, whsId, rule), templatesOf(db, whsId), candidatesOf(db, whsId, rule)]);
  return { plan: planWaves(candidates, steps, templates, Date.now(), AUTO_WAVES_PER_RUN), steps, groupName, candidates: candidates.length };
}

/** Runs one rule: plans, then releases the planned waves one transaction each. */
async function runRule(db: Db, whsId: string, rule: RuleRow, actor: WaveActor): Promise<AutoWaveRun> {
  const run: AutoWaveRun = { rule_id: rule.ruleId, rule_name: rule.ruleName, waves: [], skipped: [] };
  const { plan } = await planRule(db, whsId, rule);
  for (const planned of plan.waves) {
    await db.transaction(async (tx) => {
      // The planned orders still free: another run (or a person) may have taken some since the plan.
      const { rows } = (await tx.execute(sql`select o.order_no from sales_orders o
        where o.whs_id = ${whsId} and o.order_no in ${jsonList(planned.orderNos)} and o.wave_no is null
          and o.status in (${n(S.CREATED)}, ${n(S.PENDING_PICK)}) and o.priority <> ${n(ORDER_PRIORITY.values.ON_HOLD)}
        order by o.order_no for update of o skip locked`)) as unknown as { rows: { order_no: string }[] };
      const free = new Set(rows.map((r) => r.order_no));
      const orderNos = planned.orderNos.filter((o) => free.has(o));
      if (orderNos.length === 0) return;
      try {
        const { wave, skipped } = await releaseWave(tx, whsId, actor, {
          orderNos, pickingType: planned.pickingType, maxUnitsPerTask: planned.maxUnitsPerTask ?? undefined, isManual: false,
          autoWaveRule: { ruleId: rule.ruleId, ruleName: rule.ruleName },
        });
        run.waves.push(wave);
        run.skipped.push(...skipped);
      } catch (error) {
        // None could join (all short of stock): they wait in pending pick, which this transaction keeps.
        if (!(error instanceof ApiError && error.retcode === RET.WAVE_ORDER_UNAVAILABLE)) throw error;
        run.skipped.push(...((error.data as { skipped?: Skipped[] } | null)?.skipped ?? []));
      }
    });
  }
  return run;
}

/** The warehouse's auto wave rule `ruleId` (-100404 when it has none, -100400 when inactive), or every active one in rule order. */
async function rulesOf(db: Db, whsId: string, ruleId: number | null): Promise<RuleRow[]> {
  const rules = await db.select().from(autoWaveRules)
    .where(and(eq(autoWaveRules.whsId, whsId), ruleId === null ? eq(autoWaveRules.status, ACTIVE) : eq(autoWaveRules.ruleId, ruleId)))
    .orderBy(asc(autoWaveRules.ruleId));
  if (ruleId !== null) {
    if (rules.length === 0) throw notFound(`Auto wave rule ${ruleId}`);
    if (rules[0]!.status !== ACTIVE) throw badInput('rule_id', `auto wave rule ${ruleId} is inactive: activate it first`);
  }
  return rules;
}

/**
 * Runs the warehouse's auto wave rule `ruleId` now, or every active one (in rule order): what the
 * run endpoint and the schedule call. A rule run on demand counts as its scheduled run.
 */
export async function runAutoWaves(db: Db, whsId: string, ruleId: number | null = null, actor?: WaveActor): Promise<AutoWaveRun[]> {
  const rules = await rulesOf(db, whsId, ruleId);
  const who = actor ?? { userId: null, timeZone: await warehouseTimeZone(db, whsId) };
  const runs: AutoWaveRun[] = [];
  for (const rule of rules) {
    await db.update(autoWaveRules).set({ lastRunAt: sql`now()` }).where(and(eq(autoWaveRules.whsId, whsId), eq(autoWaveRules.ruleId, rule.ruleId)));
    runs.push(await runRule(db, whsId, rule, who));
  }
  return runs;
}

/** Order numbers a plan lists of a wave or a reason (the counts say how many there are). */
const SHOWN_ORDERS = 20;

/**
 * The Wave Plan (/salesoutbound/waveplan): for the warehouse's auto wave rule `ruleId`, or each
 * active one, its schedule and what a run would release now and what would wait, and why.
 */
export async function wavePlans(db: Db, whsId: string, ruleId: number | null): Promise<RulePlan[]> {
  const plans: RulePlan[] = [];
  let templateNames: Map<number, string> | null = null;
  for (const rule of await rulesOf(db, whsId, ruleId)) {
    const { plan, steps, groupName, candidates } = await planRule(db, whsId, rule);
    const named = (group: RulePlan['waves'][number]['group']) => {
      const id = group.store_group_template_id;
      return id === undefined || id === null ? group : { ...group, store_group_template_name: templateNames?.get(id) ?? null };
    };
    if (templateNames === null && plan.waves.some((w) => typeof w.group.store_group_template_id === 'number')) {
      const rows = await db.select({ id: storeGroupTemplates.templateId, name: storeGroupTemplates.templateName }).from(storeGroupTemplates)
        .where(eq(storeGroupTemplates.whsId, whsId));
      templateNames = new Map(rows.map((r) => [r.id, r.name]));
    }
    const held = new Map<number, string[]>();
    for (const h of plan.held) held.set(h.reason, [...(held.get(h.reason) ?? []), h.orderNo]);
    const lastRun = unixSeconds(rule.lastRunAt);
    plans.push({
      rule_id: rule.ruleId, rule_name: rule.ruleName, wave_group_id: rule.waveGroupId, wave_group_name: groupName,
      interval_minutes: rule.intervalMinutes, last_run_at: lastRun, next_run_at: lastRun === null ? null : lastRun + rule.intervalMinutes * 60,
      step_count: steps.length, candidate_count: candidates,
      waves: plan.waves.map((w) => ({
        step: w.step, wave_rule_id: w.waveRuleId, wave_rule_name: steps[w.step]?.ruleName ?? null, picking_type: w.pickingType, group: named(w.group), order_count: w.orderNos.length,
        unit_count: w.units, sku_count: w.skus, pending_pick_count: w.pendingPick, order_nos: w.orderNos.slice(0, SHOWN_ORDERS),
      })),
      held: [...held].sort(([a], [b]) => a - b).map(([reason, orderNos]) => ({ reason, order_count: orderNos.length, order_nos: orderNos.slice(0, SHOWN_ORDERS) })),
    });
  }
  return plans;
}

/**
 * Claims the active rules (of every warehouse) whose interval has passed since their last run: the
 * guarded update lets exactly one of several processes claim a rule's run.
 */
export async function claimDueRules(db: Db): Promise<RuleRow[]> {
  return db.update(autoWaveRules).set({ lastRunAt: sql`now()` })
    .where(and(
      eq(autoWaveRules.status, ACTIVE_STATUS.values.ACTIVE),
      sql`(${autoWaveRules.lastRunAt} is null or ${autoWaveRules.lastRunAt} <= now() - make_interval(mins => ${autoWaveRules.intervalMinutes}))`,
    ))
    .returning();
}

/** Runs the rules due now, each once; answers what they did. */
export async function runDueAutoWaves(db: Db): Promise<AutoWaveRun[]> {
  const runs: AutoWaveRun[] = [];
  for (const rule of await claimDueRules(db)) {
    try {
      runs.push(await runRule(db, rule.whsId, rule, { userId: null, timeZone: await warehouseTimeZone(db, rule.whsId) }));
    } catch (error) {
      console.error(`[auto-wave] rule ${rule.whsId}/${rule.ruleId} failed:`, error);
    }
  }
  return runs;
}

export interface AutoWaveScheduler {
  /** Stops the schedule; resolves once a run under way has finished. */
  stop(): Promise<void>;
}

/**
 * The schedule in a server process (main.ts; off with AUTO_WAVE=0, and in tests unless one starts
 * it): every `pollMs`, the due rules run. Several processes poll alike; each rule's run is claimed
 * by one of them.
 */
export function startAutoWaveScheduler(db: Db, { pollMs = 60_000 }: { pollMs?: number } = {}): AutoWaveScheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = runDueAutoWaves(db)
      .then((runs) => {
        const waves = runs.reduce((sum, r) => sum + r.waves.length, 0);
        if (waves > 0) console.info(`[auto-wave] ${waves} wave(s) released by ${runs.length} rule run(s)`);
      })
      .catch((error: unknown) => console.error('[auto-wave] the schedule failed:', error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, Math.min(pollMs, 5_000));
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
