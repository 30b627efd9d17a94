import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  INBOUND_STATUS, INBOUND_TASK_KIND, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, LOCATION_STATUS,
  QUALITY, TASK_STATUS,
} from '../../../shared/codes';
import { RET } from '../../../shared/retcodes';
import { INBOUND_STAGING_TYPE } from '../../../shared/resources/location-codes';
import type { Db } from '../../db/client';
import { asnLines, asnOrders, inboundStagingLocations, inboundTasks, inventoryTransactions, skus } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { ensureBatch } from '../inventory/batches';
import { isTransferAsn, settleTransitReceipt } from '../inventory/in-transit';
import { postStock, type StockLine } from '../inventory/ledger';
import { lockAsn, moveAsn, type AsnRow, type AsnStatus } from './asn-status';
import { holdAtReceipt } from './exception-effects';
import { reportedDamagedQty } from './inbound-exception';
import { assertAsnIn, isReturnAsn, moveTask, openTaskOf, settleAsn, stagingLocationsOf, startTask, type TaskRow } from './inbound-task';
import { byLocation, createPutawayTask, type StagedAt } from './receiving-putaway-task';
import { createLineVasTasks } from './vas';
import { warehouseTimeZone } from '../../common/time';

/**
 * Receiving (spec §2 /inbound/receiving, receiving tasks): an ASN that is checked (or counted
 * without QC) is received line by line into an inbound staging location of type Putaway —
 * SCANNING while it goes on, RECEIVED at the end. Each line posts what was counted through the
 * ledger (RECEIVED 7, ref ASN; MOVE_INBOUND 20 for a move transfer, in-transit.ts; RE_RECEIVED 22 for a
 * buyer's return, whose counted units are those judged re-inbound, return-judging.ts): the good units as good, the QC failures and the units reported
 * damaged or expired at receiving as damaged. Completion hands the staged stock on: exceptions hold
 * theirs, VAS tasks take what lines ask to rework, putaway the rest.
 */

const A = INBOUND_STATUS.values;
const T = TASK_STATUS.values;
const RECEIVABLE = [A.COUNTED, A.CHECKED, A.SCANNING] as const;
const TXN = INVENTORY_TRANSACTION_TYPE.values;

export interface ReceivingActor {
  whsId: string;
  userId: number;
}

/** A line as receiving sees it: what was counted, how it splits into good and damaged, what is received. */
export interface ReceivingLine {
  line_no: number;
  sku_id: string;
  sku_name: string;
  barcode: string | null;
  batch_no: string | null;
  counted_qty: number;
  qc_failed_qty: number;
  /** Units reported damaged or expired at receiving (taken in as damaged). */
  reported_damaged_qty: number;
  good_qty: number;
  damaged_qty: number;
  received_qty: number;
  /** Units still to receive (the line is received in one go). */
  to_receive_qty: number;
}

async function receivingLines(db: Db, whsId: string, asnNo: string): Promise<ReceivingLine[]> {
  // One after another: `db` is often a transaction, one connection that takes one query at a time.
  const rows = await db.select({
    lineNo: asnLines.lineNo, skuId: asnLines.skuId, batchNo: asnLines.batchNo, counted: asnLines.countedQty, failed: asnLines.qcFailedQty,
    received: asnLines.receivedQty, skuName: skus.skuName, barcode: skus.barcode,
  }).from(asnLines)
    .innerJoin(skus, and(eq(skus.whsId, asnLines.whsId), eq(skus.skuId, asnLines.skuId)))
    .where(and(eq(asnLines.whsId, whsId), eq(asnLines.asnNo, asnNo)))
    .orderBy(asc(asnLines.lineNo));
  const reported = await reportedDamagedQty(db, whsId, asnNo);
  return rows.map((r) => {
    const damaged = Math.min(r.counted, r.failed + (reported.get(r.skuId) ?? 0));
    return {
      line_no: r.lineNo, sku_id: r.skuId, sku_name: r.skuName, barcode: r.barcode, batch_no: r.batchNo,
      counted_qty: r.counted, qc_failed_qty: r.failed, reported_damaged_qty: reported.get(r.skuId) ?? 0,
      good_qty: r.counted - damaged, damaged_qty: damaged, received_qty: r.received, to_receive_qty: Math.max(0, r.counted - r.received),
    };
  });
}

/** The scanned staging location: an inbound staging location of type Putaway in normal status (RET.STAGING_LOCATION_UNUSABLE otherwise). */
async function assertPutawayStaging(tx: Db, whsId: string, code: string): Promise<string> {
  const [row] = await tx.select().from(inboundStagingLocations)
    .where(and(eq(inboundStagingLocations.whsId, whsId), eq(inboundStagingLocations.locationCode, code))).limit(1);
  if (!row) throw notFound(`Inbound staging location ${code}`);
  const type = INBOUND_STAGING_TYPE.options.find((o) => o.value === row.stagingType)?.name ?? String(row.stagingType);
  const status = LOCATION_STATUS.options.find((o) => o.value === row.status)?.name ?? String(row.status);
  if (row.stagingType !== INBOUND_STAGING_TYPE.values.PUTAWAY || row.status !== LOCATION_STATUS.values.NORMAL) {
    throw new ApiError(RET.STAGING_LOCATION_UNUSABLE,
      `Location ${code} is a ${type} staging location in status ${status}: receive into a normal Putaway staging location.`,
      { location_code: code, staging_type: row.stagingType, status: row.status });
  }
  return row.locationCode;
}

/** The receiving view of an ASN (the receiving screen, a receiving task's detail). */
export async function receivingView(db: Db, whsId: string, asnNo: string) {
  const [asn] = await db.select().from(asnOrders).where(and(eq(asnOrders.whsId, whsId), eq(asnOrders.asnNo, asnNo))).limit(1);
  if (!asn) throw notFound(`ASN ${asnNo}`);
  const [lines, locations, tasks] = await Promise.all([
    receivingLines(db, whsId, asnNo),
    stagingLocationsOf(db, whsId, INBOUND_STAGING_TYPE.values.PUTAWAY),
    db.select({ taskNo: inboundTasks.taskNo, kind: inboundTasks.kind, status: inboundTasks.status }).from(inboundTasks)
      .where(and(eq(inboundTasks.whsId, whsId), eq(inboundTasks.asnNo, asnNo)))
      .orderBy(sql`${inboundTasks.createdAt} desc`),
  ]);
  const receiveTask = tasks.find((t) => t.kind === INBOUND_TASK_KIND.values.RECEIVING);
  const openQc = tasks.find((t) => t.kind === INBOUND_TASK_KIND.values.QC && [T.PENDING, T.ASSIGNED, T.ONGOING].includes(t.status as 0 | 10 | 1));
  return {
    asn_no: asn.asnNo, group_no: asn.groupNo, status: asn.status, supplier_id: asn.supplierId, receivable: receivableIn(asn).includes(asn.status as AsnStatus),
    task_no: receiveTask?.taskNo ?? null, task_status: receiveTask?.status ?? null, qc_task_no: openQc?.taskNo ?? null,
    putaway_task_nos: tasks.filter((t) => t.kind === INBOUND_TASK_KIND.values.PUTAWAY).map((t) => t.taskNo),
    lines,
    staging_locations: locations,
    default_staging_location: locations[0] ?? null,
  };
}

/** The statuses an ASN is received in; a return being judged may be received too (what is judged re-inbound comes in, and judging ends). */
const receivableIn = (asn: Pick<AsnRow, 'inboundType'>): readonly AsnStatus[] => (isReturnAsn(asn) ? [...RECEIVABLE, A.CHECKING] : RECEIVABLE);

/** Checks an ASN can be received now; refuses counted ASNs whose QC is not done (RET.QC_REQUIRED). */
async function receivableAsn(tx: Db, whsId: string, asnNo: string): Promise<{ asn: AsnRow; task: TaskRow | null }> {
  const asn = await lockAsn(tx, whsId, asnNo);
  assertAsnIn(asn, receivableIn(asn), 'receiving');
  if (asn.status === A.COUNTED) {
    const qc = await openTaskOf(tx, whsId, asnNo, INBOUND_TASK_KIND.values.QC);
    if (qc) throw new ApiError(RET.QC_REQUIRED, `ASN ${asnNo} needs QC first: finish QC task ${qc.taskNo}, then receive it.`, { task_no: qc.taskNo });
  }
  return { asn, task: await openTaskOf(tx, whsId, asnNo, INBOUND_TASK_KIND.values.RECEIVING) };
}

/** Posts one line's counted units into the staging location: good and damaged, in the line's batch. */
async function postLine(tx: Db, actor: ReceivingActor, asn: AsnRow, line: ReceivingLine, location: string): Promise<void> {
  const [dates] = await tx.select({ productionDate: asnLines.productionDate, expiryDate: asnLines.expiryDate }).from(asnLines)
    .where(and(eq(asnLines.whsId, actor.whsId), eq(asnLines.asnNo, asn.asnNo), eq(asnLines.lineNo, line.line_no)));
  const batchId = await ensureBatch(tx, actor.whsId, {
    skuId: line.sku_id, batchId: line.batch_no, productionDate: dates?.productionDate ?? null, expiryDate: dates?.expiryDate ?? null,
    supplierId: asn.supplierId, inboundRef: asn.asnNo,
  });
  const posting = (quality: 1 | 2, qty: number): StockLine[] => (qty > 0 ? [{
    location, skuId: line.sku_id, batchId, quality, qty,
    txnType: receiptTxnType(asn), direction: INVENTORY_TRANSACTION_DIRECTION.values.DEBIT,
  }] : []);
  await postStock(tx, actor.whsId, [...posting(QUALITY.values.GOOD, line.good_qty), ...posting(QUALITY.values.DAMAGED, line.damaged_qty)], {
    refType: INVENTORY_REF_TYPE.values.ASN, refNo: asn.asnNo, operatorId: actor.userId,
  });
  await tx.update(asnLines).set({ receivedQty: line.counted_qty })
    .where(and(eq(asnLines.whsId, actor.whsId), eq(asnLines.asnNo, asn.asnNo), eq(asnLines.lineNo, line.line_no)));
  if (isTransferAsn(asn)) await settleTransitReceipt(tx, actor.whsId, asn.asnNo, line.sku_id, line.counted_qty, line.damaged_qty);
}

/**
 * A move transfer's units come in as move inbound 20 (they left their source as move outbound 21), a
 * buyer's return's re-inbound units as re-received 22 (they left as sales); any other ASN's as received 7.
 */
const receiptTxnType = (asn: Pick<AsnRow, 'inboundType'>) =>
  (isTransferAsn(asn) ? TXN.MOVE_INBOUND : isReturnAsn(asn) ? TXN.RE_RECEIVED : TXN.RECEIVED);

/** The transaction types receiving posts (receiptTxnType). */
const RECEIPT_TXN_TYPES = [TXN.RECEIVED, TXN.MOVE_INBOUND, TXN.RE_RECEIVED];

/** The first receipt of an ASN: SCANNING, and its receiving task ongoing (with the staging location used). */
async function startReceiving(tx: Db, actor: ReceivingActor, asn: AsnRow, task: TaskRow | null, location: string) {
  const scanning = asn.status === A.SCANNING ? asn : await moveAsn(tx, asn, A.SCANNING);
  const started = task ? await startTask(tx, task, actor.userId) : null;
  if (started && started.stagingLocation === null) {
    await tx.update(inboundTasks).set({ stagingLocation: location }).where(and(eq(inboundTasks.whsId, actor.whsId), eq(inboundTasks.taskNo, started.taskNo)));
  }
  return { asn: scanning, task: started };
}

async function syncTaskProgress(tx: Db, whsId: string, task: TaskRow | null, lines: readonly ReceivingLine[]) {
  if (!task) return;
  const received = lines.reduce((sum, l) => sum + Math.min(l.received_qty, l.counted_qty), 0);
  await tx.update(inboundTasks).set({ doneQty: Math.min(task.totalQty, received) }).where(and(eq(inboundTasks.whsId, whsId), eq(inboundTasks.taskNo, task.taskNo)));
}

export interface ReceiveLineInput {
  asn_no: string;
  sku_id: string;
  staging_location: string;
}

/** Receives one line (scanned SKU) into the scanned staging location; the first one starts receiving. */
export async function receiveAsnLine(tx: Db, actor: ReceivingActor, input: ReceiveLineInput) {
  const found = await receivableAsn(tx, actor.whsId, input.asn_no);
  const location = await assertPutawayStaging(tx, actor.whsId, input.staging_location);
  const lines = await receivingLines(tx, actor.whsId, found.asn.asnNo);
  const line = lines.find((l) => l.sku_id === input.sku_id);
  if (!line) throw badInput('sku_id', `ASN ${found.asn.asnNo} has no line of SKU ${input.sku_id}`);
  if (line.to_receive_qty === 0) {
    throw new ApiError(RET.INBOUND_QTY_EXCEEDS, line.counted_qty === 0
      ? `SKU ${line.sku_id}: nothing was counted, so there is nothing to receive.`
      : `SKU ${line.sku_id}: its ${line.counted_qty} counted units are received already.`, { available: 0 });
  }
  const { asn, task } = await startReceiving(tx, actor, found.asn, found.task, location);
  await postLine(tx, actor, asn, line, location);
  const after = await receivingLines(tx, actor.whsId, asn.asnNo);
  await syncTaskProgress(tx, actor.whsId, task, after);
  return { asn_no: asn.asnNo, status: asn.status, staging_location: location, line: after.find((l) => l.line_no === line.line_no)! };
}

/** What receiving staged for an ASN: the ledger's receipt rows (RECEIPT_TXN_TYPES) of the ASN, per staging location and balance. */
async function stagedStock(tx: Db, whsId: string, asnNo: string): Promise<StagedAt[]> {
  const rows = await tx.select({
    location: inventoryTransactions.locationId, skuId: inventoryTransactions.skuId, batchId: inventoryTransactions.batchId,
    quality: inventoryTransactions.quality, qty: sql<number>`sum(${inventoryTransactions.qty})::int`,
  }).from(inventoryTransactions)
    .where(and(
      eq(inventoryTransactions.whsId, whsId), eq(inventoryTransactions.refType, INVENTORY_REF_TYPE.values.ASN), eq(inventoryTransactions.refNo, asnNo),
      inArray(inventoryTransactions.txnType, RECEIPT_TXN_TYPES),
    ))
    .groupBy(inventoryTransactions.locationId, inventoryTransactions.skuId, inventoryTransactions.batchId, inventoryTransactions.quality)
    .orderBy(inventoryTransactions.locationId, inventoryTransactions.skuId, inventoryTransactions.batchId, inventoryTransactions.quality);
  return rows.map((r) => ({ location: r.location, skuId: r.skuId, batchId: r.batchId, quality: r.quality as 1 | 2, qty: r.qty }));
}

/**
 * Ends receiving of an ASN: lines not received yet go into the staging location given, the ASN
 * becomes RECEIVED and its receiving task done. What was staged is then handed on: the units of its
 * open exceptions are held under them, the good units of lines asking for a service go to VAS
 * tasks, and the rest to a putaway task per staging location. An ASN with nothing left waiting (it
 * brought nothing to receive) is done at once.
 */
export async function completeReceiving(tx: Db, actor: ReceivingActor, input: { asn_no: string; staging_location: string }) {
  const found = await receivableAsn(tx, actor.whsId, input.asn_no);
  const location = await assertPutawayStaging(tx, actor.whsId, input.staging_location);
  const { asn, task } = await startReceiving(tx, actor, found.asn, found.task, location);
  for (const line of await receivingLines(tx, actor.whsId, asn.asnNo)) {
    if (line.to_receive_qty > 0) await postLine(tx, actor, asn, line, location);
  }
  const lines = await receivingLines(tx, actor.whsId, asn.asnNo);
  await syncTaskProgress(tx, actor.whsId, task, lines);
  const received = await moveAsn(tx, asn, A.RECEIVED);
  if (task) {
    const [current] = await tx.select().from(inboundTasks).where(and(eq(inboundTasks.whsId, actor.whsId), eq(inboundTasks.taskNo, task.taskNo)));
    await moveTask(tx, current!, T.DONE);
  }
  const timeZone = await warehouseTimeZone(tx, actor.whsId);
  const unheld = await holdAtReceipt(tx, received, await stagedStock(tx, actor.whsId, asn.asnNo), actor.userId);
  const vas = await createLineVasTasks(tx, received, unheld, actor.userId, timeZone);
  const putaway: string[] = [];
  for (const [staging, staged] of byLocation(vas.rest)) {
    const created = await createPutawayTask(tx, {
      whsId: actor.whsId, asnNo: asn.asnNo, groupNo: asn.groupNo, stagingLocation: staging, lines: staged, createdBy: actor.userId, timeZone,
    });
    if (created) putaway.push(created.taskNo);
  }
  const settled = await settleAsn(tx, received);
  return { asn_no: asn.asnNo, status: settled.status, putaway_task_nos: putaway, vas_task_nos: vas.taskNos, lines };
}
