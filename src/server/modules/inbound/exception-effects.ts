import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  ARRIVAL_TIMELINESS, INBOUND_EXCEPTION_STATUS, INBOUND_HANDLING_DECISION, INBOUND_STATUS, INBOUND_TASK_KIND,
  INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, TASK_STATUS, type CodeOf,
} from '../../../shared/codes';
import {
  DECISION_EFFECTS, HOLDING_TYPES, STOCK_EFFECTS, heldQualityOf, type ExceptionType, type HandlingDecision,
} from '../../../shared/inbound-exception';
import { INBOUND_EXCEPTION_LIFECYCLE } from '../../../shared/lifecycles';
import { INBOUND_STAGING_TYPE } from '../../../shared/resources/location-codes';
import type { Db } from '../../db/client';
import { asnLines, asnOrders, inboundExceptions, inboundTasks, skus } from '../../db/schema';
import { badInput, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { lockStock, moveStock, postStock, unlockStock, type Quality, type StockQty } from '../inventory/ledger';
import { moveAsn, refreshGroupStatus, type AsnRow } from './asn-status';
import { writeAsn } from '../../common/asn-write';
import { OPEN_TASK_STATUSES, assertAsnIn, moveTask, stagingLocationsOf } from './inbound-task';
import { createPutawayTask, type StagedAt } from './receiving-putaway-task';
import { createVasTask } from './vas';
import { warehouseTimeZone } from '../../common/time';

/**
 * What an inbound exception does with its units (docs/decisions.md "Exception holds, handling
 * decisions and the ASN's end states"). Units
 * of an exception that holds them (abnormal, rejected and surplus items) are held — blocked at
 * their staging location under the exception (ref INBOUND_EXCEPTION) and kept off putaway — from
 * the moment they are in stock: when receiving completes, or when a putaway report takes them off
 * its task line. Carrying out the handling decision (the exception's done step) then puts them
 * away, reworks them in a VAS task, returns, writes off, or makes the ASN that brings them; a
 * cancelled exception lets them go on to putaway. Everything runs in the caller's transaction,
 * after its ASN is locked.
 */

type ExceptionRow = typeof inboundExceptions.$inferSelect;
const S = INBOUND_EXCEPTION_STATUS.values;
const A = INBOUND_STATUS.values;
const D = INBOUND_HANDLING_DECISION.values;
const OPEN_EXCEPTION = [S.PENDING, S.CHECKED, S.BD_CONFIRMED] as const;
/** A decision's English name, for messages and notes. */
export const decisionName = (d: number) => INBOUND_HANDLING_DECISION.label(d)?.message ?? String(d);
const ref = (e: ExceptionRow, operatorId: number | null) => ({ refType: INVENTORY_REF_TYPE.values.INBOUND_EXCEPTION, refNo: e.exceptionNo, operatorId });
const exceptionWhere = (e: Pick<ExceptionRow, 'whsId' | 'exceptionNo'>) => and(eq(inboundExceptions.whsId, e.whsId), eq(inboundExceptions.exceptionNo, e.exceptionNo));

// ---- holding ----

/** Blocks units under the exception and records them as what it holds. */
export async function holdUnits(tx: Db, e: ExceptionRow, units: StockQty, operatorId: number | null, reason = `Held for inbound exception ${e.exceptionNo}`): Promise<void> {
  await lockStock(tx, e.whsId, [units], { ...ref(e, operatorId), reason });
  await tx.update(inboundExceptions).set({ holdLocation: units.location, holdBatchId: units.batchId, holdQuality: units.quality, heldQty: units.qty })
    .where(exceptionWhere(e));
}

/**
 * When receiving completes: each open exception of the ASN that holds units takes its units (of
 * its SKU and quality) out of what was staged, oldest exception first, at most what is there.
 * Answers the staged units left for VAS and putaway.
 */
export async function holdAtReceipt(tx: Db, asn: AsnRow, staged: readonly StagedAt[], operatorId: number): Promise<StagedAt[]> {
  const rest = staged.map((s) => ({ ...s }));
  const open = await tx.select().from(inboundExceptions)
    .where(and(
      eq(inboundExceptions.whsId, asn.whsId), eq(inboundExceptions.asnNo, asn.asnNo), inArray(inboundExceptions.status, [...OPEN_EXCEPTION]),
      inArray(inboundExceptions.exceptionType, [...HOLDING_TYPES]), eq(inboundExceptions.heldQty, 0), isNull(inboundExceptions.taskLineNo),
    ))
    .orderBy(asc(inboundExceptions.exceptionNo));
  for (const e of open) {
    const quality = heldQualityOf(e);
    const from = rest.find((s) => s.skuId === e.skuId && s.quality === quality && s.qty > 0);
    if (!from) continue;
    const qty = Math.min(e.qty, from.qty);
    from.qty -= qty;
    await holdUnits(tx, e, { location: from.location, skuId: from.skuId, batchId: from.batchId, quality, qty }, operatorId);
  }
  return rest.filter((s) => s.qty > 0);
}

/** Unblocks what the exception holds; answers those units (null when it holds none). */
async function releaseHeld(tx: Db, e: ExceptionRow, operatorId: number, reason: string): Promise<StockQty | null> {
  if (e.heldQty === 0) return null;
  const units: StockQty = { location: e.holdLocation!, skuId: e.skuId!, batchId: e.holdBatchId!, quality: e.holdQuality as Quality, qty: e.heldQty };
  await unlockStock(tx, e.whsId, [units], { ...ref(e, operatorId), reason });
  await tx.update(inboundExceptions).set({ holdLocation: null, holdBatchId: null, holdQuality: null, heldQty: 0 }).where(exceptionWhere(e));
  return units;
}

/** Units of another quality, in place (Batch Transfer, ref the exception). */
async function regrade(tx: Db, e: ExceptionRow, units: StockQty, quality: Quality, operatorId: number): Promise<StockQty> {
  if (units.quality === quality) return units;
  await moveStock(tx, e.whsId, [{
    txnType: INVENTORY_TRANSACTION_TYPE.values.BATCH_TRANSFER, from: units, to: { location: units.location, batchId: units.batchId, quality }, qty: units.qty,
  }], ref(e, operatorId));
  return { ...units, quality };
}

async function toPutaway(tx: Db, asn: AsnRow, units: StockQty, operatorId: number): Promise<string | null> {
  const task = await createPutawayTask(tx, {
    whsId: asn.whsId, asnNo: asn.asnNo, groupNo: asn.groupNo, stagingLocation: units.location,
    lines: [{ skuId: units.skuId, batchId: units.batchId, quality: units.quality, qty: units.qty }], createdBy: operatorId,
  });
  return task?.taskNo ?? null;
}

/** The first normal inbound staging location of type Dispute, where units wait to be returned. */
async function disputeLocation(tx: Db, whsId: string): Promise<string> {
  const [code] = await stagingLocationsOf(tx, whsId, INBOUND_STAGING_TYPE.values.DISPUTE);
  if (!code) throw notFound('A normal inbound staging location of type Dispute (add one in Storage Area Setting to return units)');
  return code;
}

// ---- closing an ASN ----

/**
 * Closes an ASN before anything is received (REJECTED or FAILED, ASN_LIFECYCLE): its open QC and
 * receiving tasks are cancelled, and its other open exceptions cancelled with the reason, as
 * nothing of it will be received any more.
 */
export async function closeAsn(tx: Db, asn: AsnRow, to: typeof A.REJECTED | typeof A.FAILED, reason: string, userId: number, keep?: string): Promise<AsnRow> {
  const closed = await moveAsn(tx, asn, to, { closeReason: reason });
  const tasks = await tx.select().from(inboundTasks)
    .where(and(eq(inboundTasks.whsId, asn.whsId), eq(inboundTasks.asnNo, asn.asnNo), inArray(inboundTasks.status, [...OPEN_TASK_STATUSES])))
    .orderBy(asc(inboundTasks.taskNo)).for('update');
  for (const task of tasks) await moveTask(tx, task, TASK_STATUS.values.CANCEL);
  const exceptions = await tx.select().from(inboundExceptions)
    .where(and(
      eq(inboundExceptions.whsId, asn.whsId), eq(inboundExceptions.asnNo, asn.asnNo), inArray(inboundExceptions.status, [...OPEN_EXCEPTION]),
      ...(keep ? [ne(inboundExceptions.exceptionNo, keep)] : []),
    ))
    .orderBy(asc(inboundExceptions.exceptionNo)).for('update');
  const note = `ASN ${asn.asnNo} is ${to === A.REJECTED ? 'rejected' : 'failed'}: ${reason}`;
  for (const e of exceptions) {
    assertTransition(INBOUND_EXCEPTION_LIFECYCLE, `Inbound exception ${e.exceptionNo}`, e.status as CodeOf<typeof INBOUND_EXCEPTION_STATUS>, S.CANCELLED);
    await tx.update(inboundExceptions).set({
      status: S.CANCELLED, remark: e.remark ? `${e.remark}\n${note}` : note, handledBy: userId, handledAt: sql`now()`,
    }).where(exceptionWhere(e));
  }
  return closed;
}

// ---- follow-up ASNs ----

/**
 * A new ASN of one line for the exception's SKU and quantity, in a group of its own, from the same
 * supplier and order: ARRIVED when its units are at the dock (a wrong SKU to inbound), PENDING
 * when the supplier is to send them (a re-supply). Answers its number.
 */
async function followUpAsn(tx: Db, asn: AsnRow, e: ExceptionRow, arrived: boolean, userId: number): Promise<string> {
  const skuId = e.skuId;
  const [sku] = skuId ? await tx.select({ skuId: skus.skuId }).from(skus).where(and(eq(skus.whsId, asn.whsId), eq(skus.skuId, skuId))) : [];
  if (!sku) {
    throw badInput('handling_decision', `there is no SKU ${skuId ?? ''} in this warehouse to inbound: add it under SKU Items first, or return or dispose of the units`);
  }
  const created = await writeAsn(tx, {
    whsId: asn.whsId, timeZone: await warehouseTimeZone(tx, asn.whsId), createdBy: userId,
    header: {
      inboundType: asn.inboundType, purchaseType: asn.purchaseType, supplierId: asn.supplierId, poNo: asn.poNo,
      remark: `${decisionName(e.handlingDecision ?? 0)} of inbound exception ${e.exceptionNo} (ASN ${asn.asnNo})`,
    },
    lines: [{ skuId: sku.skuId, expectedQty: e.qty }],
  });
  const asnNo = created.asnNo;
  if (arrived) await moveAsn(tx, created, A.ARRIVED, { arrivalTimeliness: ARRIVAL_TIMELINESS.values.ON_TIME });
  else await refreshGroupStatus(tx, asn.whsId, asnNo);
  return asnNo;
}

// ---- carrying out ----

/** The ASN statuses in which an exception's units are in stock (received, being put away, done). */
const IN_STOCK = [A.RECEIVED, A.PUTTING, A.DONE] as const;

/**
 * Carries out the decision an exception is done with (DECISION_EFFECTS); answers the document it
 * made (a putaway or VAS task, a new ASN), if any.
 */
export async function carryOutDecision(tx: Db, asn: AsnRow, e: ExceptionRow, decision: HandlingDecision, userId: number): Promise<string | null> {
  const { effect, quality } = DECISION_EFFECTS[decision];
  if (HOLDING_TYPES.includes(e.exceptionType as ExceptionType) && STOCK_EFFECTS.includes(effect)) {
    assertAsnIn(asn, IN_STOCK, `carrying out ${decisionName(decision)} (it acts on received units)`);
  }
  const release = () => releaseHeld(tx, e, userId, `${decisionName(decision)}: exception ${e.exceptionNo} is done`);
  switch (effect) {
    case 'putaway': {
      if (decision === D.INBOUND_TO_CURRENT_ASN && e.skuId) {
        // The order takes the surplus in: the line (and the ASN) expect it from now on.
        await tx.update(asnLines).set({ expectedQty: sql`${asnLines.expectedQty} + ${e.qty}` })
          .where(and(eq(asnLines.whsId, asn.whsId), eq(asnLines.asnNo, asn.asnNo), eq(asnLines.skuId, e.skuId)));
        await tx.update(asnOrders).set({ totalExpectedQty: sql`${asnOrders.totalExpectedQty} + ${e.qty}`, updatedAt: sql`now()` })
          .where(and(eq(asnOrders.whsId, asn.whsId), eq(asnOrders.asnNo, asn.asnNo)));
      }
      const units = await release();
      return units ? toPutaway(tx, asn, quality ? await regrade(tx, e, units, quality, userId) : units, userId) : null;
    }
    case 'labelling':
    case 'repackaging': {
      const units = await release();
      if (!units) return null;
      const kind = effect === 'labelling' ? INBOUND_TASK_KIND.values.LABELLING : INBOUND_TASK_KIND.values.REPACKAGING;
      const task = await createVasTask(tx, {
        whsId: asn.whsId, kind, asn, exceptionNo: e.exceptionNo, location: units.location,
        lines: [{ skuId: units.skuId, batchId: units.batchId, quality: units.quality, qty: units.qty }], createdBy: userId,
      });
      return task?.taskNo ?? null;
    }
    case 'return': {
      const units = await release();
      if (!units) return null;
      const dispute = await disputeLocation(tx, asn.whsId);
      if (dispute !== units.location) {
        await moveStock(tx, asn.whsId, [{
          txnType: INVENTORY_TRANSACTION_TYPE.values.RACK_TRANSFER, from: units, to: { location: dispute, batchId: units.batchId, quality: units.quality }, qty: units.qty,
        }], ref(e, userId));
      }
      // Held for the return order that ships them (a later module's document): it finds them by this exception.
      await holdUnits(tx, e, { ...units, location: dispute }, userId, `${decisionName(decision)}: waits for its return order (exception ${e.exceptionNo})`);
      return null;
    }
    case 'dispose': {
      const units = await release();
      if (units) {
        await postStock(tx, asn.whsId, [{
          ...units, txnType: INVENTORY_TRANSACTION_TYPE.values.ADJUST_DECREASE, direction: INVENTORY_TRANSACTION_DIRECTION.values.CREDIT,
        }], ref(e, userId));
      }
      return null;
    }
    case 'new_asn':
      return followUpAsn(tx, asn, { ...e, handlingDecision: decision }, true, userId);
    case 'resupply':
      return followUpAsn(tx, asn, { ...e, handlingDecision: decision }, false, userId);
    case 'reject_asn':
      await closeAsn(tx, asn, A.REJECTED, `${decisionName(decision)} (inbound exception ${e.exceptionNo})`, userId, e.exceptionNo);
      return null;
    case 'none':
    case 'hold':
      return null;
  }
}

/** A cancelled exception (raised in error) lets the units it holds go on to putaway as they are. */
export async function releaseCancelled(tx: Db, asn: AsnRow, e: ExceptionRow, userId: number): Promise<string | null> {
  const units = await releaseHeld(tx, e, userId, `Inbound exception ${e.exceptionNo} is cancelled`);
  return units ? toPutaway(tx, asn, units, userId) : null;
}

