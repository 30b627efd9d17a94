import { and, eq, sql } from 'drizzle-orm';
import {
  CYCLE_COUNT_SOURCE, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, OB_EXCEPTION_DECISION, OB_EXCEPTION_DECISIONS, OB_EXCEPTION_STATUS,
  OB_EXCEPTION_TYPE, QUALITY, TASK_STATUS,
} from '../../../shared/codes';
import type { ObTroubleshootDetail, ObTroubleshootTask } from '../../../shared/contract/outbound-exception.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { locationInventory, outboundDamageReports, outboundExceptionDecisions, pickingTasks, salesOrders } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds } from '../../common/time';
import { cancelRaisedCount } from '../inventory/raised-counts';
import { lockStock, moveStock, postStock, unlockStock, type Quality, type StockQty } from '../inventory/ledger';
import type { Actor } from './sales-order';
import { troubleshootTasks } from './outbound-exception.reads';

/**
 * Handling outbound exceptions (docs/outbound.md "Outbound exceptions"). Each troubleshoot task
 * takes one decision of its type, recorded with who, when and a note; the decision row is written
 * first, so a second decision on the same task (even at the same moment) is refused (-290202) and
 * its effects roll back with it. Stock moves through the ledger in the caller's transaction.
 */

const X = OB_EXCEPTION_TYPE.values;
const D = OB_EXCEPTION_DECISION.values;
const GOOD = QUALITY.values.GOOD as Quality;
const DAMAGED = QUALITY.values.DAMAGED as Quality;
const label = (taskId: string) => `Outbound troubleshoot task ${taskId}`;

type Row = Awaited<ReturnType<typeof readTask>>;

async function readTask(db: Db, whsId: string, taskId: string) {
  const [row] = await troubleshootTasks(db, whsId).where(sql`x.task_id = ${taskId}`);
  if (!row) throw notFound(label(taskId));
  return row;
}

async function returnTaskOf(db: Db, whsId: string, row: Row): Promise<ObTroubleshootDetail['return_task']> {
  if (row.type !== X.INTERCEPT) return null;
  const [task] = await db.select({
    taskNo: pickingTasks.taskNo, status: pickingTasks.status, totalQty: pickingTasks.totalQty, pickedQty: pickingTasks.pickedQty,
    onOrder: sql<number>`(select coalesce(sum(li.onhand_qty), 0)::int from location_inventory li where li.whs_id = ${pickingTasks.whsId} and li.location_id = ${pickingTasks.sourceLocation})`,
  }).from(pickingTasks).where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, row.task_id)));
  return task ? { task_no: task.taskNo, status: task.status, total_qty: task.totalQty, returned_qty: task.pickedQty, on_order_qty: Number(task.onOrder) } : null;
}

export async function troubleshootDetail(db: Db, whsId: string, taskId: string): Promise<ObTroubleshootDetail> {
  const row = await readTask(db, whsId, taskId);
  return {
    // The row as the list carries it (its codes are the type's and status's, read from the same query).
    task: { ...row, created_at: unixSeconds(row.created_at)!, decided_at: unixSeconds(row.decided_at) } as ObTroubleshootTask,
    decisions: row.status === OB_EXCEPTION_STATUS.values.PENDING ? [...(OB_EXCEPTION_DECISIONS[row.type] ?? [])] : [],
    return_task: await returnTaskOf(db, whsId, row),
  };
}

/** The units an exception holds blocked at its location (a short pick's, a damaged report's). */
const blockedUnits = (row: Row): StockQty => ({ location: row.location_id!, skuId: row.sku_id!, batchId: row.batch_id!, quality: GOOD, qty: row.qty });

/**
 * A short pick decided by hand: its units unblocked under the reference that blocked them (its cycle
 * count's when one settles it, so the count's end finds nothing left to release), and the count
 * raised for it alone (source OB troubleshoot, this exception) cancelled as no longer needed.
 */
async function unblockShortPick(tx: Db, whsId: string, actor: Actor, row: Row, reason: string): Promise<void> {
  const blockedBy = row.cc_order_no
    ? { refType: INVENTORY_REF_TYPE.values.CYCLE_COUNT, refNo: row.cc_order_no }
    : { refType: INVENTORY_REF_TYPE.values.OUTBOUND_EXCEPTION, refNo: row.task_id };
  await unlockStock(tx, whsId, [blockedUnits(row)], { ...blockedBy, reason, operatorId: actor.userId });
  if (row.cc_order_no) {
    await cancelRaisedCount(tx, whsId, actor.userId, { orderNo: row.cc_order_no, source: CYCLE_COUNT_SOURCE.values.OB_TROUBLESHOOT, sourceRef: row.task_id },
      `Short pick ${row.task_id} decided by hand: no count needed.`);
  }
}

/** Carries a decision out; answers what it did, for the record. */
async function carryOut(tx: Db, whsId: string, actor: Actor, row: Row, decision: number): Promise<string> {
  const ref = { operatorId: actor.userId, refType: INVENTORY_REF_TYPE.values.OUTBOUND_EXCEPTION, refNo: row.task_id };
  const units = () => blockedUnits(row);
  const what = () => `${row.qty} of SKU ${row.sku_id} at ${row.location_id}`;
  switch (decision) {
    case D.STOCK_FOUND:
      await unblockShortPick(tx, whsId, actor, row, `Short pick ${row.task_id} counted: the units are there.`);
      return `Counted: ${what()} found and unblocked.`;
    case D.NO_STOCK:
      await unblockShortPick(tx, whsId, actor, row, `Short pick ${row.task_id} counted: the units are missing.`);
      await postStock(tx, whsId, [{
        ...units(), txnType: INVENTORY_TRANSACTION_TYPE.values.SHORTAGE, direction: INVENTORY_TRANSACTION_DIRECTION.values.CREDIT,
      }], ref);
      return `Counted: ${what()} missing, written off (shortage).`;
    case D.RETURNED_TO_CELL:
      // A refused scan moved nothing in the ledger: the unit is still its cell's there.
      return `The unit scanned (${row.detail ?? '-'}) was put back into its cell.`;
    case D.RECORDED_AS_FOUND:
      return `The unit scanned (${row.detail ?? '-'}) was recorded as found.`;
    case D.MOVED_TO_DAMAGED:
      await unlockStock(tx, whsId, [units()], { ...ref, reason: `Damaged unit report ${row.task_id}: moved to damaged.` });
      await moveStock(tx, whsId, [{
        txnType: INVENTORY_TRANSACTION_TYPE.values.BATCH_TRANSFER, from: units(), to: { location: row.location_id!, batchId: row.batch_id!, quality: DAMAGED }, qty: row.qty,
      }], ref);
      return `${what()} moved to damaged quality.`;
    case D.NOT_DAMAGED:
      await unlockStock(tx, whsId, [units()], { ...ref, reason: `Damaged unit report ${row.task_id}: not damaged.` });
      return `${what()} not damaged: unblocked.`;
    case D.UNITS_RETURNED: {
      const task = await returnTaskOf(tx, whsId, row);
      if (!task || task.status !== TASK_STATUS.values.DONE || task.on_order_qty > 0) {
        throw new ApiError(RET.OB_UNITS_NOT_RETURNED, `Order ${row.order_no}'s units are not all back yet: finish its return task ${row.task_id} first.`, {
          task_no: row.task_id, task_status: task?.status ?? null, on_order_qty: task?.on_order_qty ?? null,
        }, 409);
      }
      return `Order ${row.order_no}: ${task.returned_qty} units returned by task ${task.task_no}.`;
    }
    default:
      throw new Error(`decision ${decision} has no effect defined`);
  }
}

export async function handleTroubleshootTask(
  tx: Db, whsId: string, actor: Actor, input: { task_id: string; decision: number; note?: string | null },
): Promise<ObTroubleshootDetail> {
  const row = await readTask(tx, whsId, input.task_id);
  const handled = () => new ApiError(RET.OB_EXCEPTION_HANDLED, `${label(row.task_id)} is handled already.`, { task_id: row.task_id, decision: row.decision }, 409);
  // Handled by a decision, or a short pick whose cycle count ended (it released the units).
  if (row.status === OB_EXCEPTION_STATUS.values.HANDLED) throw handled();
  const allowed = OB_EXCEPTION_DECISIONS[row.type] ?? [];
  if (!allowed.includes(input.decision)) {
    const type = OB_EXCEPTION_TYPE.label(row.type)?.message ?? String(row.type);
    throw new ApiError(RET.OB_DECISION_INVALID, `${label(row.task_id)} is a ${type.toLowerCase()}: decide ${allowed.map((d) => OB_EXCEPTION_DECISION.label(d)?.message).join(' or ')}.`, {
      task_id: row.task_id, type: row.type, decision: input.decision, allowed,
    });
  }
  const [claimed] = await tx.insert(outboundExceptionDecisions).values({
    whsId, taskId: row.task_id, type: row.type, decision: input.decision, note: input.note || null, outcome: '', decidedBy: actor.userId,
  }).onConflictDoNothing().returning({ taskId: outboundExceptionDecisions.taskId });
  if (!claimed) throw handled();
  const outcome = await carryOut(tx, whsId, actor, row, input.decision);
  await tx.update(outboundExceptionDecisions).set({ outcome })
    .where(and(eq(outboundExceptionDecisions.whsId, whsId), eq(outboundExceptionDecisions.taskId, row.task_id)));
  return troubleshootDetail(tx, whsId, row.task_id);
}

/**
 * A damaged unit reported at a location: the good units are blocked there (nobody picks or ships
 * them meanwhile) and the report waits for a decision. Without a batch, the SKU's only batch with
 * enough good units there; a location holding none (or no location of the warehouse) is refused (-290205).
 */
export async function reportDamagedUnit(
  tx: Db, whsId: string, actor: Actor, input: { location: string; sku_id: string; batch_id?: string | null; qty: number; note?: string | null },
): Promise<ObTroubleshootDetail> {
  const li = locationInventory;
  const balances = await tx.select({ batchId: li.batchId, available: li.availableQty }).from(li).where(and(
    eq(li.whsId, whsId), eq(li.locationId, input.location), eq(li.skuId, input.sku_id), eq(li.quality, GOOD),
    input.batch_id ? eq(li.batchId, input.batch_id) : undefined, sql`${li.availableQty} > 0`,
  )).orderBy(li.batchId);
  const enough = balances.filter((b) => Number(b.available) >= input.qty);
  const available = balances.reduce((sum, b) => sum + Number(b.available), 0);
  if (enough.length !== 1) {
    const several = enough.length > 1;
    throw new ApiError(
      RET.OB_DAMAGED_QTY_EXCEEDS,
      several
        ? `SKU ${input.sku_id} has several batches at ${input.location}: name the batch of the damaged units.`
        : `${input.location} holds ${available} good, available units of SKU ${input.sku_id}${input.batch_id ? ` batch ${input.batch_id}` : ''}: fewer than ${input.qty}.`,
      { available, batch_ids: balances.map((b) => b.batchId) },
    );
  }
  const batchId = enough[0]!.batchId;
  const reportNo = await nextDocNo(tx, 'damageReport', actor.timeZone);
  // Reported on an order (found at checking or packing): the order's units (a checked order is their location).
  const [order] = await tx.select({ orderNo: salesOrders.orderNo }).from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, input.location)));
  const orderNo = order?.orderNo ?? null;
  await tx.insert(outboundDamageReports).values({
    whsId, reportNo, locationId: input.location, skuId: input.sku_id, batchId, qty: input.qty, orderNo,
    note: input.note || null, reportedBy: actor.userId,
  });
  await lockStock(tx, whsId, [{ location: input.location, skuId: input.sku_id, batchId, quality: GOOD, qty: input.qty }], {
    reason: `Damaged unit report ${reportNo}: held for a decision.`, refType: INVENTORY_REF_TYPE.values.OUTBOUND_EXCEPTION, refNo: reportNo, operatorId: actor.userId,
  });
  return troubleshootDetail(tx, whsId, reportNo);
}
