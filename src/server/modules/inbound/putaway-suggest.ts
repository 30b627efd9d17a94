import { LOCATION_STATUS, PUTAWAY_STRATEGY, type CodeOf } from '../../../shared/codes';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../../shared/resources/location-codes';

/**
 * Where putaway goes (docs/decisions.md "Putaway suggestion"): which rule applies to a task line,
 * whether a cell can take its units, and which cell to suggest. Pure functions over rows the
 * caller reads (putaway-cells.ts), so the choice is tested without a database.
 */

export type PutawayStrategy = CodeOf<typeof PUTAWAY_STRATEGY>;
const { CONSOLIDATE, EMPTY_CELL, PICK_SEQUENCE } = PUTAWAY_STRATEGY.values;

/** An active putaway rule: conditions (null matches any), where to look, how to choose. */
export interface PutawayRule {
  ruleId: number;
  priority: number;
  temperatureZone: number | null;
  abcClass: number | null;
  highValueOnly: boolean;
  quality: number | null;
  targetZoneId: string | null;
  targetLogicAreaId: string | null;
  strategy: PutawayStrategy;
}

/** What the rules' conditions look at: the SKU's attributes and the quality of the units. */
export interface PutawayTraits {
  temperatureZone: number | null;
  abcClass: number | null;
  isHighValue: boolean;
  quality: number;
}

const ruleMatches = (rule: PutawayRule, t: PutawayTraits) =>
  (rule.temperatureZone === null || rule.temperatureZone === t.temperatureZone)
  && (rule.abcClass === null || rule.abcClass === t.abcClass)
  && (!rule.highValueOnly || t.isHighValue)
  && (rule.quality === null || rule.quality === t.quality);

/** The first rule by priority (then rule id) whose conditions the units meet; null when none does. */
export function matchRule(rules: readonly PutawayRule[], traits: PutawayTraits): PutawayRule | null {
  const ordered = [...rules].sort((a, b) => a.priority - b.priority || a.ruleId - b.ruleId);
  return ordered.find((rule) => ruleMatches(rule, traits)) ?? null;
}

/** A batch a cell holds (or is planned to receive): what the mixing rules compare. */
export interface CellContent {
  skuId: string;
  batchId: string;
  supplierId: string | null;
}

/** A cell as the choice sees it: its settings, what it holds and what open suggestions already send there. */
export interface CellCandidate {
  location: string;
  /** LOCATION_STATUS of the cell, its zone and its pathway: all must be normal. */
  status: number;
  zoneStatus: number;
  pathwayStatus: number;
  temperatureZone: number;
  skuMixing: number;
  supplierMixing: number;
  maxQty: number | null;
  /** Zone, pathway and cell pick sequence: the order pickers walk (nulls last). */
  pickOrder: readonly (number | null)[];
  /** Units on hand in the cell, all SKUs. */
  onhand: number;
  /** Batches on hand in the cell, and those of open task lines already suggested there. */
  contents: readonly CellContent[];
  /** Units open task lines are suggested to bring (not yet put). */
  plannedQty: number;
}

/** Units to put: a batch of a SKU, its supplier and temperature zone, and how many. */
export interface PutUnits extends CellContent {
  temperatureZone: number | null;
  qty: number;
}

/** Why a cell cannot take units. */
export type CellRefusal = 'status' | 'temperature' | 'sku_mixing' | 'batch_mixing' | 'supplier_mixing' | 'capacity';

/** English wording of a refusal (the server's message; the reason code travels in `data.reason`). */
export const CELL_REFUSAL_TEXT: Record<CellRefusal | 'not_a_cell', string> = {
  not_a_cell: 'is not a cell of this warehouse',
  status: 'is not usable: the cell, its pathway or its zone is blocked, frozen or deleted',
  temperature: 'is in another temperature zone than the SKU',
  sku_mixing: 'holds another SKU and its zone does not mix SKUs',
  batch_mixing: 'holds another batch of the SKU and cannot mix attributes',
  supplier_mixing: 'holds goods of another supplier and cannot mix suppliers',
  capacity: 'has no room for that many units (max qty)',
};

const NORMAL = LOCATION_STATUS.values.NORMAL;

/** How many more units the cell takes; Infinity without a max qty. */
export function freeCapacity(cell: CellCandidate): number {
  return cell.maxQty === null ? Infinity : Math.max(0, cell.maxQty - cell.onhand - cell.plannedQty);
}

/** Whether the cell is empty: nothing on hand and nothing suggested to it. */
const isEmpty = (cell: CellCandidate) => cell.onhand === 0 && cell.contents.length === 0;
const holdsSku = (cell: CellCandidate, skuId: string) => cell.contents.some((c) => c.skuId === skuId);
const holdsBatch = (cell: CellCandidate, units: CellContent) => cell.contents.some((c) => c.skuId === units.skuId && c.batchId === units.batchId);

/**
 * Why the cell cannot take `units` now, or null when it can: status, temperature zone (when the
 * SKU has one), SKU mixing (cannot mix: one SKU and batch; mix attributes: one SKU; mix SKU:
 * anything), supplier mixing, and free capacity for every unit (`partial`: for at least one).
 */
export function cellRefusal(units: PutUnits, cell: CellCandidate, opts: { partial?: boolean } = {}): CellRefusal | null {
  if (cell.status !== NORMAL || cell.zoneStatus !== NORMAL || cell.pathwayStatus !== NORMAL) return 'status';
  if (units.temperatureZone !== null && cell.temperatureZone !== units.temperatureZone) return 'temperature';
  if (cell.skuMixing !== SKU_MIXING.values.MIX_SKU && cell.contents.some((c) => c.skuId !== units.skuId)) return 'sku_mixing';
  if (cell.skuMixing === SKU_MIXING.values.CANNOT_MIX && cell.contents.some((c) => c.batchId !== units.batchId)) return 'batch_mixing';
  if (cell.supplierMixing === SUPPLIER_MIXING.values.CANNOT_MIX && cell.contents.some((c) => (c.supplierId ?? '') !== (units.supplierId ?? ''))) {
    return 'supplier_mixing';
  }
  const free = freeCapacity(cell);
  if (opts.partial ? free < 1 : free < units.qty) return 'capacity';
  return null;
}

/**
 * Why the cell cannot take all of `items` together (a mass putaway puts several batches into one
 * cell), or null: each is checked against the cell holding the ones before it.
 */
export function cellRefusalForAll(items: readonly PutUnits[], cell: CellCandidate): { refusal: CellRefusal; item: PutUnits } | null {
  let filled = cell;
  for (const item of items) {
    const refusal = cellRefusal(item, filled);
    if (refusal) return { refusal, item };
    filled = {
      ...filled,
      onhand: filled.onhand + item.qty,
      contents: [...filled.contents, { skuId: item.skuId, batchId: item.batchId, supplierId: item.supplierId }],
    };
  }
  return null;
}

/** Ascending pick order, nulls after numbers. */
function comparePickOrder(a: readonly (number | null)[], b: readonly (number | null)[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x - y;
  }
  return 0;
}

/** How much the strategy prefers a cell (lower first) before pick order decides. */
function strategyRank(strategy: PutawayStrategy, cell: CellCandidate, units: PutUnits): number {
  switch (strategy) {
    case CONSOLIDATE:
      return holdsBatch(cell, units) ? 0 : holdsSku(cell, units.skuId) ? 1 : isEmpty(cell) ? 2 : 3;
    case EMPTY_CELL:
      return isEmpty(cell) ? 0 : holdsSku(cell, units.skuId) ? 1 : 2;
    case PICK_SEQUENCE:
      return 0;
  }
}

/**
 * The cell to suggest for `units` among `candidates`, or null when none can take any of them.
 * Cells that take every unit come before cells with room for some (the rest is suggested again
 * once those are put); among them the strategy decides — consolidate: the same batch, then the
 * same SKU, then empty cells; empty cell: empty cells, then the same SKU; pick sequence: the
 * walk order alone — then pick order, then the location code.
 */
export function chooseCell(units: PutUnits, candidates: readonly CellCandidate[], strategy: PutawayStrategy): string | null {
  let best: { cell: CellCandidate; key: number[] } | null = null;
  for (const cell of candidates) {
    if (cellRefusal(units, cell, { partial: true })) continue;
    const free = freeCapacity(cell);
    const fits = free >= units.qty;
    // Partly fitting cells: the one with the most room first.
    const key = [fits ? 0 : 1, fits ? 0 : -free, strategyRank(strategy, cell, units)];
    if (!best || compareCandidates(key, cell, best.key, best.cell) < 0) best = { cell, key };
  }
  return best?.cell.location ?? null;
}

function compareCandidates(keyA: number[], a: CellCandidate, keyB: number[], b: CellCandidate): number {
  for (let i = 0; i < keyA.length; i++) if (keyA[i] !== keyB[i]) return keyA[i]! - keyB[i]!;
  return comparePickOrder(a.pickOrder, b.pickOrder) || (a.location < b.location ? -1 : a.location > b.location ? 1 : 0);
}
