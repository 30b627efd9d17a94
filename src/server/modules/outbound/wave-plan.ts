import { ORDER_ITEM_KIND, ORDER_PRIORITY, SALES_ORDER_STATUS, WAVE_HELD_REASON, WAVE_ORDER_SORT, type CodeOf } from '../../../shared/codes';
import type { PickingType } from './wave';

/**
 * The wave planner (docs/outbound.md "Wave rules and the wave plan"): what an auto wave run
 * releases, computed from the orders it may take and its steps (the wave rules of its wave group,
 * or the rule's own limits). Pure: the Wave Plan's preview and the real run (auto-wave.ts) both
 * call it, so what the plan shows is what a run does with the same orders.
 */

const HELD = WAVE_HELD_REASON.values;
const SORT = WAVE_ORDER_SORT.values;
export type HeldReason = CodeOf<typeof WAVE_HELD_REASON>;

/** An order an auto wave rule's scope takes (created or pending pick, not in a wave; on hold ones too, to say why they wait). */
export interface WaveCandidate {
  orderNo: string;
  status: number;
  priority: number;
  shopId: string | null;
  shopGroupId: string | null;
  /** Unix milliseconds; null: no cut-off. */
  cutoffAt: number | null;
  createdAt: number;
  lineCount: number;
  units: number;
  skuIds: readonly string[];
  /** Zones of its allocated stock not yet on a task, sorted; empty when not allocated. */
  zoneIds: readonly string[];
}

export interface GroupingRule {
  byShop: boolean;
  byStoreTemplate: boolean;
  byItemKind: boolean;
  byZones: boolean;
  cutoffWindowMinutes: number | null;
  orderSort: number;
}

/** One step of a run: a wave rule of the wave group, or the auto wave rule's own limits (waveRuleId null). */
export interface WaveStep {
  waveRuleId: number | null;
  ruleName: string | null;
  orderPriority: number | null;
  itemKind: number;
  pickingType: PickingType;
  maxOrders: number;
  maxUnits: number;
  maxSkus: number | null;
  minOrders: number;
  minWaivedWithinMinutes: number | null;
  maxUnitsPerTask: number | null;
  grouping: GroupingRule | null;
}

/** A store group template as grouping reads it: the shops it names and the shop groups whose shops it takes. */
export interface TemplateScope {
  templateId: number;
  shopIds: ReadonlySet<string>;
  shopGroupIds: ReadonlySet<string>;
}

/** What keeps a group's orders apart from other groups (only the keys its grouping rule uses). */
export interface WaveGroupKey {
  shop_id?: string | null;
  store_group_template_id?: number | null;
  item_kind?: number;
  zone_ids?: string[];
  /** Unix seconds: the start of the cut-off window (null: orders without a cut-off). */
  cutoff_from?: number | null;
}

export interface PlannedWave {
  /** Its step's place in the run (0-based). */
  step: number;
  waveRuleId: number | null;
  pickingType: PickingType;
  maxUnitsPerTask: number | null;
  group: WaveGroupKey;
  orderNos: string[];
  units: number;
  skus: number;
  /** Its orders that wait for stock: releasing tries to allocate them again, and skips those still short. */
  pendingPick: number;
}

export interface WavePlan {
  waves: PlannedWave[];
  held: { orderNo: string; reason: HeldReason }[];
}

/** The template a shop's orders belong to: the first (lowest id) naming the shop or its group. */
export function templateOf(templates: readonly TemplateScope[], shopId: string | null, shopGroupId: string | null): number | null {
  for (const t of templates) {
    if ((shopId !== null && t.shopIds.has(shopId)) || (shopGroupId !== null && t.shopGroupIds.has(shopGroupId))) return t.templateId;
  }
  return null;
}

function groupKeyOf(c: WaveCandidate, grouping: GroupingRule | null, templates: readonly TemplateScope[]): WaveGroupKey {
  if (!grouping) return {};
  const key: WaveGroupKey = {};
  if (grouping.byShop) key.shop_id = c.shopId;
  if (grouping.byStoreTemplate) key.store_group_template_id = templateOf(templates, c.shopId, c.shopGroupId);
  if (grouping.byItemKind) key.item_kind = c.lineCount === 1 ? ORDER_ITEM_KIND.values.SINGLE_ITEM : ORDER_ITEM_KIND.values.MULTI_ITEM;
  if (grouping.byZones) key.zone_ids = [...c.zoneIds];
  if (grouping.cutoffWindowMinutes !== null) {
    const windowMs = grouping.cutoffWindowMinutes * 60_000;
    key.cutoff_from = c.cutoffAt === null ? null : (Math.floor(c.cutoffAt / windowMs) * windowMs) / 1000;
  }
  return key;
}

const byCutoff = (a: WaveCandidate, b: WaveCandidate) => (a.cutoffAt ?? Infinity) - (b.cutoffAt ?? Infinity);
const byPriority = (a: WaveCandidate, b: WaveCandidate) => b.priority - a.priority;
const byAge = (a: WaveCandidate, b: WaveCandidate) => a.createdAt - b.createdAt || (a.orderNo < b.orderNo ? -1 : a.orderNo > b.orderNo ? 1 : 0);

/** The order inside a group (WAVE_ORDER_SORT); the default is priority, then cut-off, then age. */
export function compareFor(orderSort: number): (a: WaveCandidate, b: WaveCandidate) => number {
  if (orderSort === SORT.CUTOFF_FIRST) return (a, b) => byCutoff(a, b) || byPriority(a, b) || byAge(a, b);
  if (orderSort === SORT.OLDEST_FIRST) return byAge;
  return (a, b) => byPriority(a, b) || byCutoff(a, b) || byAge(a, b);
}

const takes = (step: WaveStep, c: WaveCandidate) =>
  (step.orderPriority === null || c.priority === step.orderPriority)
  && (step.itemKind === ORDER_ITEM_KIND.values.ANY
    || (step.itemKind === ORDER_ITEM_KIND.values.SINGLE_ITEM ? c.lineCount === 1 : c.lineCount > 1));

/**
 * Plans a run: orders on hold wait; each step in turn takes the orders left that it accepts, groups
 * them (its grouping rule), orders each group and cuts it into waves in that order — a wave closes
 * when the next order would pass its most orders, units or SKUs. An order bigger than a whole wave
 * waits for a later step; a group's last wave below the step's minimum waits too, unless one of its
 * orders' cut-off is within the step's waiver. Waves run step by step, each step's by its groups'
 * first order; past `maxWaves` the rest wait for the next run.
 */
export function planWaves(candidates: readonly WaveCandidate[], steps: readonly WaveStep[], templates: readonly TemplateScope[], now: number, maxWaves: number): WavePlan {
  const held: WavePlan['held'] = [];
  const left = new Map<string, WaveCandidate>();
  for (const c of candidates) {
    if (c.priority === ORDER_PRIORITY.values.ON_HOLD) held.push({ orderNo: c.orderNo, reason: HELD.ON_HOLD });
    else left.set(c.orderNo, c);
  }
  const waitReason = new Map<string, HeldReason>();
  const waves: PlannedWave[] = [];
  steps.forEach((step, index) => {
    const compare = compareFor(step.grouping?.orderSort ?? SORT.PRIORITY_FIRST);
    const groups = new Map<string, { key: WaveGroupKey; orders: WaveCandidate[] }>();
    for (const c of left.values()) {
      if (!takes(step, c)) continue;
      const key = groupKeyOf(c, step.grouping, templates);
      const id = JSON.stringify(key);
      const group = groups.get(id) ?? { key, orders: [] };
      group.orders.push(c);
      groups.set(id, group);
    }
    const stepWaves: { first: WaveCandidate; wave: PlannedWave; orders: WaveCandidate[] }[] = [];
    for (const { key, orders } of groups.values()) {
      orders.sort(compare);
      let current: WaveCandidate[] = [];
      let units = 0;
      let skus = new Set<string>();
      const close = () => {
        if (current.length === 0) return;
        const waived = step.minWaivedWithinMinutes !== null
          && current.some((c) => c.cutoffAt !== null && c.cutoffAt <= now + step.minWaivedWithinMinutes! * 60_000);
        if (current.length < step.minOrders && !waived) {
          for (const c of current) waitReason.set(c.orderNo, HELD.BELOW_MINIMUM);
        } else {
          stepWaves.push({
            first: current[0]!, orders: current,
            wave: {
              step: index, waveRuleId: step.waveRuleId, pickingType: step.pickingType, maxUnitsPerTask: step.maxUnitsPerTask, group: key,
              orderNos: current.map((c) => c.orderNo), units, skus: skus.size, pendingPick: current.filter((c) => c.status === SALES_ORDER_STATUS.values.PENDING_PICK).length,
            },
          });
        }
        current = [];
        units = 0;
        skus = new Set();
      };
      for (const c of orders) {
        if (c.units > step.maxUnits || (step.maxSkus !== null && c.skuIds.length > step.maxSkus)) {
          if (!waitReason.has(c.orderNo)) waitReason.set(c.orderNo, HELD.TOO_LARGE);
          continue;
        }
        const joined = new Set([...skus, ...c.skuIds]);
        if (current.length >= step.maxOrders || units + c.units > step.maxUnits || (step.maxSkus !== null && joined.size > step.maxSkus)) {
          close();
          current.push(c);
          units = c.units;
          skus = new Set(c.skuIds);
          continue;
        }
        current.push(c);
        units += c.units;
        skus = joined;
      }
      close();
    }
    stepWaves.sort((a, b) => compare(a.first, b.first));
    for (const { wave, orders } of stepWaves) {
      waves.push(wave);
      for (const c of orders) left.delete(c.orderNo);
    }
  });
  for (const c of left.values()) held.push({ orderNo: c.orderNo, reason: waitReason.get(c.orderNo) ?? HELD.NO_WAVE_RULE });
  for (const wave of waves.splice(maxWaves)) {
    for (const orderNo of wave.orderNos) held.push({ orderNo, reason: HELD.RUN_LIMIT });
  }
  return { waves, held };
}
