import { and, asc, eq, gt, inArray, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_STATUS, PUTAWAY_STRATEGY, TEMPERATURE_ZONE } from '../../../shared/codes';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { cells, inboundTasks, locationInventory, pathways, putawayRules, putawayTaskLines, skuBatches, skus, zones } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { OPEN_TASK_STATUSES } from './inbound-task';
import {
  CELL_REFUSAL_TEXT, cellRefusal, cellRefusalForAll, chooseCell, matchRule,
  type CellCandidate, type CellContent, type PutawayRule, type PutawayStrategy, type PutUnits,
} from './putaway-suggest';

/**
 * The database side of putaway suggestions: the active rules, the candidate cells of a rule's
 * target read in one query (settings, what they hold, what open suggestions send there), the
 * check a put runs on its cell, and writing suggestions when a task is opened.
 */


/** The active putaway rules of the warehouse, by priority. */
export async function readActiveRules(tx: Db, whsId: string): Promise<PutawayRule[]> {
  const rows = await tx.select().from(putawayRules)
    .where(and(eq(putawayRules.whsId, whsId), eq(putawayRules.status, ACTIVE_STATUS.values.ACTIVE)))
    .orderBy(asc(putawayRules.priority), asc(putawayRules.ruleId));
  return rows.map((r) => ({
    ruleId: r.ruleId, priority: r.priority, temperatureZone: r.temperatureZone, abcClass: r.abcClass, highValueOnly: r.highValueOnly,
    quality: r.quality, targetZoneId: r.targetZoneId, targetLogicAreaId: r.targetLogicAreaId, strategy: r.strategy as PutawayStrategy,
  }));
}

/** Which cells to read: a rule's zone or logic area, a temperature zone (the fallback), or one cell. */
export type CellScope = { zoneId: string } | { logicAreaId: string } | { temperatureZone: number } | { location: string } | { locations: readonly string[] };

export interface CandidateOptions {
  /** Count what open task lines are suggested to bring (suggestions); false for a put's own check. */
  planned: boolean;
  /** The line being suggested for: its own earlier suggestion does not count against the cell. */
  exceptLine?: { taskNo: string; lineNo: number };
}

interface ContentJson {
  sku_id: string;
  batch_id: string;
  supplier_id: string | null;
}
const toContents = (json: ContentJson[] | null): CellContent[] =>
  (json ?? []).map((c) => ({ skuId: c.sku_id, batchId: c.batch_id, supplierId: c.supplier_id }));

function scopeCondition(scope: CellScope): SQL {
  if ('zoneId' in scope) return eq(cells.zoneId, scope.zoneId);
  if ('logicAreaId' in scope) return eq(zones.logicAreaId, scope.logicAreaId);
  if ('temperatureZone' in scope) return eq(cells.temperatureZone, scope.temperatureZone);
  if ('locations' in scope) return inArray(cells.locationCode, [...scope.locations]);
  return eq(cells.locationCode, scope.location);
}

/**
 * The cells of `scope` with what the choice needs, in one query: each cell's settings with its
 * zone's and pathway's status and pick sequence, the batches it holds (a lateral read of its
 * balances by key), and — with `planned` — the open task lines already suggested to it.
 */
export async function readCellCandidates(tx: Db, whsId: string, scope: CellScope, opts: CandidateOptions): Promise<CellCandidate[]> {
  const stock = tx.select({
    onhand: sql<number>`coalesce(sum(${locationInventory.onhandQty}), 0)::int`.as('onhand'),
    contents: sql<ContentJson[] | null>`json_agg(json_build_object('sku_id', ${locationInventory.skuId}, 'batch_id', ${locationInventory.batchId}, 'supplier_id', ${skuBatches.supplierId}))`.as('contents'),
  }).from(locationInventory)
    .innerJoin(skuBatches, and(eq(skuBatches.whsId, locationInventory.whsId), eq(skuBatches.skuId, locationInventory.skuId), eq(skuBatches.batchId, locationInventory.batchId)))
    .where(and(eq(locationInventory.whsId, whsId), eq(locationInventory.locationId, cells.locationCode), gt(locationInventory.onhandQty, 0)))
    .as('stock');
  const except = opts.exceptLine
    ? [not(and(eq(putawayTaskLines.taskNo, opts.exceptLine.taskNo), eq(putawayTaskLines.lineNo, opts.exceptLine.lineNo))!)]
    : [];
  // Open lines are few next to cells: grouped once by the cell they are suggested to.
  const planned = tx.select({
    location: sql<string>`${putawayTaskLines.suggestedLocation}`.as('planned_location'),
    qty: sql<number>`sum(${putawayTaskLines.qty} - ${putawayTaskLines.putQty})::int`.as('planned_qty'),
    contents: sql<ContentJson[] | null>`json_agg(json_build_object('sku_id', ${putawayTaskLines.skuId}, 'batch_id', ${putawayTaskLines.batchId}, 'supplier_id', ${skuBatches.supplierId}))`.as('planned_contents'),
  }).from(putawayTaskLines)
    .innerJoin(inboundTasks, and(eq(inboundTasks.whsId, putawayTaskLines.whsId), eq(inboundTasks.taskNo, putawayTaskLines.taskNo)))
    .innerJoin(skuBatches, and(eq(skuBatches.whsId, putawayTaskLines.whsId), eq(skuBatches.skuId, putawayTaskLines.skuId), eq(skuBatches.batchId, putawayTaskLines.batchId)))
    .where(and(
      eq(putawayTaskLines.whsId, whsId), isNotNull(putawayTaskLines.suggestedLocation), gt(putawayTaskLines.qty, putawayTaskLines.putQty),
      inArray(inboundTasks.status, [...OPEN_TASK_STATUSES]), ...except,
      // A put checks the cell as it is: without `planned` this part is empty.
      sql`${opts.planned}`,
    ))
    .groupBy(putawayTaskLines.suggestedLocation)
    .as('planned');
  const rows = await tx.select({
    location: cells.locationCode, status: cells.status, zoneStatus: zones.status, pathwayStatus: pathways.status,
    temperatureZone: cells.temperatureZone, skuMixing: cells.skuMixing, supplierMixing: cells.supplierMixing, maxQty: cells.maxQty,
    zonePick: zones.pickSequence, pathwayPick: pathways.pickSequence, cellPick: cells.pickSequence,
    onhand: stock.onhand, contents: stock.contents, plannedQty: planned.qty, plannedContents: planned.contents,
  }).from(cells)
    .innerJoin(zones, and(eq(zones.whsId, cells.whsId), eq(zones.zoneId, cells.zoneId)))
    .innerJoin(pathways, and(eq(pathways.whsId, cells.whsId), eq(pathways.pathwayId, cells.pathwayId)))
    .leftJoinLateral(stock, sql`true`)
    .leftJoin(planned, eq(planned.location, cells.locationCode))
    .where(and(eq(cells.whsId, whsId), scopeCondition(scope)));
  return rows.map((r) => ({
    location: r.location, status: r.status, zoneStatus: r.zoneStatus, pathwayStatus: r.pathwayStatus, temperatureZone: r.temperatureZone,
    skuMixing: r.skuMixing, supplierMixing: r.supplierMixing, maxQty: r.maxQty, pickOrder: [r.zonePick, r.pathwayPick, r.cellPick],
    onhand: r.onhand ?? 0, contents: [...toContents(r.contents), ...toContents(r.plannedContents)], plannedQty: r.plannedQty ?? 0,
  }));
}

/** -287201: the location cannot take the units; `reason` says why (putaway-suggest.ts CELL_REFUSAL_TEXT). */
export function cellUnusable(location: string, reason: keyof typeof CELL_REFUSAL_TEXT, skuId?: string): ApiError {
  const what = skuId ? ` for SKU ${skuId}` : '';
  return new ApiError(RET.PUTAWAY_CELL_UNUSABLE, `Location ${location} ${CELL_REFUSAL_TEXT[reason]}${what}: put the units into another cell.`, { location, reason, sku_id: skuId ?? null });
}

/**
 * Refuses (-287201) puts unless each location is a cell of the warehouse that can take its units
 * now, in the order given (each unit after those before it). Locks the cell rows (FOR SHARE, in
 * code order) so that none can be blocked while the puts commit.
 */
export async function assertCellsTake(tx: Db, whsId: string, puts: ReadonlyMap<string, readonly PutUnits[]>): Promise<void> {
  const codes = [...puts.keys()];
  if (codes.length === 0) return;
  const locked = await tx.select({ code: cells.locationCode }).from(cells)
    .where(and(eq(cells.whsId, whsId), inArray(cells.locationCode, codes))).orderBy(asc(cells.locationCode)).for('share');
  const known = new Set(locked.map((c) => c.code));
  const unknown = codes.find((code) => !known.has(code));
  if (unknown !== undefined) throw cellUnusable(unknown, 'not_a_cell');
  const candidates = new Map((await readCellCandidates(tx, whsId, { locations: codes }, { planned: false })).map((c) => [c.location, c]));
  for (const [location, items] of puts) {
    const refused = cellRefusalForAll(items, candidates.get(location)!);
    if (refused) throw cellUnusable(location, refused.refusal, refused.item.skuId);
  }
}

/** An open task line to suggest for, with the SKU traits and supplier the rules and mixing need. */
interface LineToSuggest {
  taskNo: string;
  lineNo: number;
  units: PutUnits;
  traits: { temperatureZone: number | null; abcClass: number | null; isHighValue: boolean; quality: number };
  suggested: string | null;
}

/** The scope and strategy of the first matching rule, else the fallback: the SKU's temperature zone (normal when it has none), consolidating. */
function targetOf(rules: readonly PutawayRule[], line: LineToSuggest): { scope: CellScope; strategy: PutawayStrategy } {
  const rule = matchRule(rules, line.traits);
  if (rule?.targetZoneId) return { scope: { zoneId: rule.targetZoneId }, strategy: rule.strategy };
  if (rule?.targetLogicAreaId) return { scope: { logicAreaId: rule.targetLogicAreaId }, strategy: rule.strategy };
  return {
    scope: { temperatureZone: line.traits.temperatureZone ?? TEMPERATURE_ZONE.values.NORMAL },
    strategy: PUTAWAY_STRATEGY.values.CONSOLIDATE,
  };
}

/**
 * Suggests cells for the open lines of `taskNos` (a task being opened): a line without a
 * suggestion gets one, and a line whose suggested cell can no longer take its remaining units
 * (blocked, filled, mixed by another put) gets a new one. Lines are taken in task and line order,
 * so each sees the suggestions made before it. Returns how many lines changed.
 */
export async function suggestOpenLines(tx: Db, whsId: string, taskNos: readonly string[]): Promise<number> {
  if (taskNos.length === 0) return 0;
  const rows = await tx.select({
    taskNo: putawayTaskLines.taskNo, lineNo: putawayTaskLines.lineNo, skuId: putawayTaskLines.skuId, batchId: putawayTaskLines.batchId,
    quality: putawayTaskLines.quality, qty: putawayTaskLines.qty, putQty: putawayTaskLines.putQty, suggested: putawayTaskLines.suggestedLocation,
    supplierId: skuBatches.supplierId, temperatureZone: skus.temperatureZone, abcClass: skus.abcClass, isHighValue: skus.isHighValue,
  }).from(putawayTaskLines)
    .innerJoin(inboundTasks, and(eq(inboundTasks.whsId, putawayTaskLines.whsId), eq(inboundTasks.taskNo, putawayTaskLines.taskNo)))
    .innerJoin(skus, and(eq(skus.whsId, putawayTaskLines.whsId), eq(skus.skuId, putawayTaskLines.skuId)))
    .innerJoin(skuBatches, and(eq(skuBatches.whsId, putawayTaskLines.whsId), eq(skuBatches.skuId, putawayTaskLines.skuId), eq(skuBatches.batchId, putawayTaskLines.batchId)))
    .where(and(
      eq(putawayTaskLines.whsId, whsId), inArray(putawayTaskLines.taskNo, [...taskNos]), gt(putawayTaskLines.qty, putawayTaskLines.putQty),
      inArray(inboundTasks.status, [...OPEN_TASK_STATUSES]),
    ))
    .orderBy(asc(putawayTaskLines.taskNo), asc(putawayTaskLines.lineNo));
  const lines: LineToSuggest[] = rows.map((r) => ({
    taskNo: r.taskNo, lineNo: r.lineNo, suggested: r.suggested,
    units: { skuId: r.skuId, batchId: r.batchId, supplierId: r.supplierId, temperatureZone: r.temperatureZone, qty: r.qty - r.putQty },
    traits: { temperatureZone: r.temperatureZone, abcClass: r.abcClass, isHighValue: r.isHighValue === 1, quality: r.quality },
  }));
  let rules: PutawayRule[] | null = null;
  let changed = 0;
  for (const line of lines) {
    const exceptLine = { taskNo: line.taskNo, lineNo: line.lineNo };
    if (line.suggested !== null) {
      const [current] = await readCellCandidates(tx, whsId, { location: line.suggested }, { planned: true, exceptLine });
      // A cell with room for some of the units stays: the rest is suggested again once those are put.
      if (current && !cellRefusal(line.units, current, { partial: true })) continue;
    }
    rules ??= await readActiveRules(tx, whsId);
    const { scope, strategy } = targetOf(rules, line);
    const candidates = await readCellCandidates(tx, whsId, scope, { planned: true, exceptLine });
    const choice = chooseCell(line.units, candidates, strategy);
    if (choice === line.suggested) continue;
    await tx.update(putawayTaskLines).set({ suggestedLocation: choice })
      .where(and(eq(putawayTaskLines.whsId, whsId), eq(putawayTaskLines.taskNo, line.taskNo), eq(putawayTaskLines.lineNo, line.lineNo)));
    changed += 1;
  }
  return changed;
}
