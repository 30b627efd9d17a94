import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  INVENTORY_ADJUSTMENT_DIRECTION, INVENTORY_ADJUSTMENT_STATUS, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE,
  STOCK_LOCATION_TYPE, type CodeOf,
} from '../../../shared/codes';
import type { adjustmentContract } from '../../../shared/contract/adjustment.contract';
import type { OutputOf } from '../../../shared/contract/define';
import { ADJUSTMENT_LIFECYCLE } from '../../../shared/lifecycles';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { cells, inventoryAdjustmentLines as adjustmentLines, inventoryAdjustments as adjustments, locationInventory as li, skuBatches, skus, users } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import type { AuthedCtx, Handlers } from '../../http/register';
import { nextDocNo } from '../../common/doc-no';
import { postStock, type Quality, type StockKey, type StockLine } from './ledger';
import { acceptsStock, checkBatchesExist, resolveLocations } from './stock-refs';
import { unixSeconds, warehouseTimeZone } from '../../common/time';

/**
 * Inventory adjustments (contract/adjustment.contract.ts): created with lines, sent for approval,
 * approved or rejected by someone other than their creator, then adjusted — posted through the
 * ledger in one transaction, or failed with the reason and nothing posted when the stock is no
 * longer there. Every status change follows ADJUSTMENT_LIFECYCLE and locks the adjustment first.
 */

type AdjustmentHandlers = Handlers<typeof adjustmentContract>;
type Detail = OutputOf<typeof adjustmentContract.getAdjustmentDetail>;
type Status = CodeOf<typeof INVENTORY_ADJUSTMENT_STATUS>;
type AdjustmentRow = typeof adjustments.$inferSelect;

const J = INVENTORY_ADJUSTMENT_STATUS.values;
const { DEDUCTION, ADDITION } = INVENTORY_ADJUSTMENT_DIRECTION.values;
const T = INVENTORY_TRANSACTION_TYPE.values;
const { DEBIT, CREDIT } = INVENTORY_TRANSACTION_DIRECTION.values;

const what = (adjustNo: string) => `Adjustment ${adjustNo}`;

const creator = alias(users, 'creator');
const approver = alias(users, 'approver');
const adjuster = alias(users, 'adjuster');

/** The balance a line changes, in the ledger's terms. */
const keyOfLine = (line: { locationId: string; skuId: string; batchId: string; quality: number }): StockKey =>
  ({ location: line.locationId, skuId: line.skuId, batchId: line.batchId, quality: line.quality as Quality });

/** An adjustment of the warehouse with its lines, each with its balance now; -100404 when there is none. */
async function detailOf(db: Db, whsId: string, adjustNo: string): Promise<Detail> {
  const [row] = await db.select({
    adjustment: adjustments, createdBy: creator.email, approvedBy: approver.email, adjustedBy: adjuster.email,
  }).from(adjustments)
    .leftJoin(creator, eq(creator.userId, adjustments.createdBy))
    .leftJoin(approver, eq(approver.userId, adjustments.approvedBy))
    .leftJoin(adjuster, eq(adjuster.userId, adjustments.adjustedBy))
    .where(and(eq(adjustments.whsId, whsId), eq(adjustments.adjustNo, adjustNo)));
  if (!row) throw notFound(what(adjustNo));
  const lines = await db.select({
    line: adjustmentLines, skuName: skus.skuName, zoneId: cells.zoneId, locationType: li.locationType,
    onhand: sql<number>`coalesce(${li.onhandQty}, 0)`, available: sql<number>`coalesce(${li.availableQty}, 0)`,
  }).from(adjustmentLines)
    .innerJoin(skus, and(eq(skus.whsId, adjustmentLines.whsId), eq(skus.skuId, adjustmentLines.skuId)))
    .leftJoin(li, and(
      eq(li.whsId, adjustmentLines.whsId), eq(li.locationId, adjustmentLines.locationId), eq(li.skuId, adjustmentLines.skuId),
      eq(li.batchId, adjustmentLines.batchId), eq(li.quality, adjustmentLines.quality),
    ))
    .leftJoin(cells, and(eq(cells.whsId, adjustmentLines.whsId), eq(cells.locationCode, adjustmentLines.locationId)))
    .where(and(eq(adjustmentLines.whsId, whsId), eq(adjustmentLines.adjustNo, adjustNo)))
    .orderBy(asc(adjustmentLines.lineNo));
  const a = row.adjustment;
  return {
    adjust_no: a.adjustNo, status: a.status as Detail['status'], reason: a.reason as Detail['reason'], remark: a.remark,
    addition_qty: a.additionQty, deduction_qty: a.deductionQty,
    created_by_id: a.createdBy, created_by: row.createdBy, created_at: unixSeconds(a.createdAt)!, submitted_at: unixSeconds(a.submittedAt),
    approved_by: row.approvedBy, approved_at: unixSeconds(a.approvedAt), adjusted_by: row.adjustedBy, adjusted_at: unixSeconds(a.adjustedAt),
    closed_at: unixSeconds(a.closedAt), close_reason: a.closeReason,
    lines: lines.map(({ line, skuName, zoneId, locationType, onhand, available }) => ({
      line_no: line.lineNo, location_id: line.locationId,
      location_type: (locationType ?? (zoneId !== null ? STOCK_LOCATION_TYPE.values.CELL : null)) as Detail['lines'][number]['location_type'],
      zone_id: zoneId, sku_id: line.skuId, sku_name: skuName, batch_id: line.batchId,
      quality: line.quality as Quality, direction: line.direction as Detail['lines'][number]['direction'], qty: line.qty,
      onhand_at_create: line.onhandAtCreate, onhand_qty: Number(onhand), available_qty: Number(available), txn_id: line.txnId,
    })),
  };
}

/** The adjustment, locked until the caller's transaction ends; -100404 when the warehouse has none of that number. */
async function lockAdjustment(tx: Db, whsId: string, adjustNo: string): Promise<AdjustmentRow> {
  const [row] = await tx.select().from(adjustments).where(and(eq(adjustments.whsId, whsId), eq(adjustments.adjustNo, adjustNo))).for('update');
  if (!row) throw notFound(what(adjustNo));
  return row;
}

/** Four eyes: whoever approves or rejects an adjustment did not create it. */
function assertNotCreator(row: AdjustmentRow, userId: number): void {
  if (row.createdBy === userId) {
    throw new ApiError(RET.APPROVER_IS_CREATOR, `${what(row.adjustNo)} was created by you: another approver must decide on it.`, { adjust_no: row.adjustNo }, 409);
  }
}

const now = sql`now()`;

/**
 * Moves an adjustment to `to` when the lifecycle allows it (else -100412 and nothing changes),
 * after the caller's own check, setting the values given; answers it as it is then.
 */
async function moveAdjustment(
  { db, session }: AuthedCtx, adjustNo: string, to: Status,
  change: PgUpdateSetSource<typeof adjustments>, check?: (row: AdjustmentRow) => void,
): Promise<Detail> {
  return db.transaction(async (tx) => {
    const row = await lockAdjustment(tx, session.whsId, adjustNo);
    assertTransition(ADJUSTMENT_LIFECYCLE, what(adjustNo), row.status as Status, to);
    check?.(row);
    await tx.update(adjustments).set({ status: to, ...change }).where(and(eq(adjustments.whsId, session.whsId), eq(adjustments.adjustNo, adjustNo)));
    return detailOf(tx, session.whsId, adjustNo);
  });
}

/** The ledger lines an adjustment posts: a deduction takes units out (Adjust Decrease), an addition puts them in (Adjust Increase). */
const ledgerLine = (line: typeof adjustmentLines.$inferSelect): StockLine => ({
  ...keyOfLine(line), qty: line.qty,
  ...(line.direction === DEDUCTION ? { txnType: T.ADJUST_DECREASE, direction: CREDIT } : { txnType: T.ADJUST_INCREASE, direction: DEBIT }),
});

export const adjustmentHandlers: AdjustmentHandlers = {
  getAdjustmentDetail: (input, { db, session }) => detailOf(db, session.whsId, input.adjust_no),

  async getAdjustmentStock(input, { db, session }) {
    const whsId = session.whsId;
    const location = (await resolveLocations(db, whsId, [input.location_id])).get(input.location_id)!;
    const [sku] = await db.select({ skuName: skus.skuName }).from(skus).where(and(eq(skus.whsId, whsId), eq(skus.skuId, input.sku_id)));
    if (!sku) throw notFound(`SKU ${input.sku_id}`);
    const [balances, batches] = await Promise.all([
      db.select({ batch_id: li.batchId, quality: li.quality, onhand_qty: li.onhandQty, locked_qty: li.lockedQty, available_qty: li.availableQty })
        .from(li).where(and(eq(li.whsId, whsId), eq(li.locationId, input.location_id), eq(li.skuId, input.sku_id)))
        .orderBy(asc(li.batchId), asc(li.quality)),
      db.select({ batch_id: skuBatches.batchId, production_date: skuBatches.productionDate, expiry_date: skuBatches.expiryDate })
        .from(skuBatches).where(and(eq(skuBatches.whsId, whsId), eq(skuBatches.skuId, input.sku_id)))
        .orderBy(asc(skuBatches.batchId)),
    ]);
    return {
      location_id: input.location_id, location_type: location.type, sku_id: input.sku_id, sku_name: sku.skuName,
      balances: balances.map((b) => ({ ...b, quality: b.quality as Quality, available_qty: b.available_qty ?? 0 })),
      batches,
    };
  },

  async createAdjustment(input, { db, session }) {
    const whsId = session.whsId;
    const lines = input.lines.map((line) => ({ ...line, key: keyOfLine({ locationId: line.location_id, skuId: line.sku_id, batchId: line.batch_id, quality: line.quality }) }));
    const seen = new Map<string, number>();
    lines.forEach(({ key }, i) => {
      const id = [key.location, key.skuId, key.batchId, key.quality].join('\u0000');
      const first = seen.get(id);
      if (first !== undefined) throw badInput(`lines.${i}`, `repeats line ${first + 1} (${key.location}, ${key.skuId}, ${key.batchId}): one line per location, SKU, batch and quality`);
      seen.set(id, i);
    });
    return db.transaction(async (tx) => {
      const locations = await resolveLocations(tx, whsId, lines.map((l) => l.location_id));
      lines.forEach((line, i) => {
        if (line.direction === ADDITION && !acceptsStock(locations.get(line.location_id)!)) {
          throw badInput(`lines.${i}.location_id`, `location ${line.location_id} is deleted: no stock can be added there`);
        }
      });
      await checkBatchesExist(tx, whsId, lines.map((l) => ({ skuId: l.sku_id, batchId: l.batch_id })));
      const current = await tx.select({
        location: li.locationId, skuId: li.skuId, batchId: li.batchId, quality: li.quality, onhand: li.onhandQty, available: li.availableQty,
      }).from(li).where(and(eq(li.whsId, whsId), or(...lines.map(({ key }) => and(
        eq(li.locationId, key.location), eq(li.skuId, key.skuId), eq(li.batchId, key.batchId), eq(li.quality, key.quality),
      )))));
      const balanceOf = (key: StockKey) => current.find((b) => b.location === key.location && b.skuId === key.skuId && b.batchId === key.batchId && b.quality === key.quality);
      lines.forEach((line, i) => {
        const available = balanceOf(line.key)?.available ?? 0;
        if (line.direction === DEDUCTION && line.qty > available) {
          throw badInput(`lines.${i}.qty`, `cannot deduct ${line.qty} of SKU ${line.sku_id} batch ${line.batch_id} at ${line.location_id}: ${available} available`);
        }
      });
      const adjustNo = await nextDocNo(tx, 'adjustment', await warehouseTimeZone(tx, whsId));
      const status = input.submit === 1 ? J.PENDING : J.CREATED;
      if (status !== J.CREATED) assertTransition(ADJUSTMENT_LIFECYCLE, what(adjustNo), J.CREATED, status);
      const total = (direction: number) => lines.filter((l) => l.direction === direction).reduce((sum, l) => sum + l.qty, 0);
      await tx.insert(adjustments).values({
        whsId, adjustNo, status, reason: input.reason, remark: input.remark || null,
        additionQty: total(ADDITION), deductionQty: total(DEDUCTION), createdBy: session.userId,
        submittedAt: status === J.PENDING ? now : null,
      });
      await tx.insert(adjustmentLines).values(lines.map((line, i) => ({
        whsId, adjustNo, lineNo: i + 1, locationId: line.location_id, skuId: line.sku_id, batchId: line.batch_id, quality: line.quality,
        direction: line.direction, qty: line.qty, onhandAtCreate: balanceOf(line.key)?.onhand ?? 0,
      })));
      return detailOf(tx, whsId, adjustNo);
    });
  },

  submitAdjustment: (input, ctx) => moveAdjustment(ctx, input.adjust_no, J.PENDING, { submittedAt: now }),

  approveAdjustment: (input, ctx) => moveAdjustment(ctx, input.adjust_no, J.APPROVED,
    { approvedBy: ctx.session.userId, approvedAt: now }, (row) => assertNotCreator(row, ctx.session.userId)),

  rejectAdjustment: (input, ctx) => moveAdjustment(ctx, input.adjust_no, J.REJECTED, {
    approvedBy: ctx.session.userId, approvedAt: now, closedAt: now, closeReason: input.reason,
  }, (row) => assertNotCreator(row, ctx.session.userId)),

  cancelAdjustment: (input, ctx) => moveAdjustment(ctx, input.adjust_no, J.CANCEL,
    { closedAt: now, closeReason: input.reason || null }),

  async adjustInventory(input, { db, session }) {
    const { whsId, userId } = session;
    const adjustNo = input.adjust_no;
    // The failure is recorded (the adjustment becomes Fail) before the refusal is answered.
    const outcome = await db.transaction(async (tx) => {
      const row = await lockAdjustment(tx, whsId, adjustNo);
      assertTransition(ADJUSTMENT_LIFECYCLE, what(adjustNo), row.status as Status, J.ADJUSTING);
      const lines = await tx.select().from(adjustmentLines)
        .where(and(eq(adjustmentLines.whsId, whsId), eq(adjustmentLines.adjustNo, adjustNo))).orderBy(asc(adjustmentLines.lineNo));
      let failure: ApiError | null = null;
      try {
        // A savepoint: a refused posting rolls back to here and leaves the failure to record.
        await tx.transaction(async (savepoint) => {
          const posted = await postStock(savepoint, whsId, lines.map(ledgerLine), {
            refType: INVENTORY_REF_TYPE.values.ADJUSTMENT, refNo: adjustNo, operatorId: userId,
          });
          for (const [i, line] of lines.entries()) {
            await savepoint.update(adjustmentLines).set({ txnId: posted[i]!.txnId })
              .where(and(eq(adjustmentLines.whsId, whsId), eq(adjustmentLines.adjustNo, adjustNo), eq(adjustmentLines.lineNo, line.lineNo)));
          }
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        failure = error;
      }
      const to = failure ? J.FAIL : J.DONE;
      assertTransition(ADJUSTMENT_LIFECYCLE, what(adjustNo), J.ADJUSTING, to);
      await tx.update(adjustments).set({
        status: to, adjustedBy: userId, adjustedAt: now,
        ...(failure ? { closedAt: now, closeReason: failure.message.slice(0, 1000) } : {}),
      }).where(and(eq(adjustments.whsId, whsId), eq(adjustments.adjustNo, adjustNo)));
      return { failure, detail: await detailOf(tx, whsId, adjustNo) };
    });
    if (outcome.failure) {
      const { retcode, message, data } = outcome.failure;
      throw new ApiError(RET.ADJUSTMENT_FAILED, `${what(adjustNo)} failed and nothing was posted: ${message}`, {
        adjust_no: adjustNo, status: J.FAIL, retcode, detail: data,
      }, 409);
    }
    return outcome.detail;
  },
};
