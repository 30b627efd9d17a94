import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  COUNTING_RECORD_KIND, INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_EXCEPTION_STATUS, INBOUND_EXCEPTION_TYPE,
  INBOUND_STATUS, INBOUND_TASK_KIND, TRACKING_ID_STATUS,
} from '../../../shared/codes';
import {
  allocateCount, lineDifference, resolveScannedSku, skuProgress, surplusOf, type CountLine,
} from '../../../shared/counting';
import { ASN_LIFECYCLE } from '../../../shared/lifecycles';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import {
  asnGroups, asnLines, asnOrders, countingRecords, inboundExceptions, inboundTrackingIds, skuMappings, skus,
} from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { moveAsn, type AsnRow, type AsnStatus } from './asn-status';
import { recordInboundException } from './inbound-exception';
import { assertNotReturn, createInboundTask } from './inbound-task';
import { createReceivingTask, qcLinesOf } from './qc';
import { unixSeconds, warehouseTimeZone } from '../../common/time';

/**
 * Counting of ASN groups (spec §7 /apps/process/inbound/counting/ calls): one function per
 * operation, shared by the POST endpoints (online clients) and the offline op kinds of the
 * counting screen, so both apply a count the same way. Every change locks the group row first:
 * counts of one group, from any number of devices, apply one after another.
 */

const A = INBOUND_STATUS.values;
const K = COUNTING_RECORD_KIND.values;
const TR = TRACKING_ID_STATUS.values;
const X = INBOUND_EXCEPTION_STATUS.values;

/** ASNs that no longer take part in their group (cancelled, rejected, failed). */
const CLOSED: readonly AsnStatus[] = [A.CANCELLED, A.REJECTED, A.FAILED];
const open = (asn: Pick<AsnRow, 'status'>) => !CLOSED.includes(asn.status as AsnStatus);

/** Who applies a counting operation: the session's user, and the offline op when one carries it. */
export interface CountActor {
  whsId: string;
  userId: number;
  /** The op id (offline ops always; online clients may send one): recorded on the count, never applied twice. */
  opId: string | null;
}


// ---- reading a group ----

/** A group line with its SKU's names for the screen. */
export interface GroupLine extends CountLine {
  sku_name: string;
  mapping_codes: string[];
}

async function groupRow(db: Db, whsId: string, groupNo: string, lock: boolean) {
  const query = db.select().from(asnGroups).where(and(eq(asnGroups.whsId, whsId), eq(asnGroups.groupNo, groupNo))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`ASN group ${groupNo}`);
  return row;
}

async function groupAsns(db: Db, whsId: string, groupNo: string, lock: boolean): Promise<AsnRow[]> {
  const query = db.select().from(asnOrders).where(and(eq(asnOrders.whsId, whsId), eq(asnOrders.groupNo, groupNo))).orderBy(asc(asnOrders.asnNo));
  return lock ? query.for('update') : query;
}

/** The lines of the group's open ASNs, with each SKU's barcode and mapping codes (what a scan may name). */
async function groupLines(db: Db, whsId: string, asnNos: readonly string[]): Promise<GroupLine[]> {
  if (asnNos.length === 0) return [];
  const codes = db.select({ skuId: skuMappings.skuId, codes: sql<string[]>`array_agg(${skuMappings.mappingCode} order by ${skuMappings.mappingCode})`.as('codes') })
    .from(skuMappings).where(eq(skuMappings.whsId, whsId)).groupBy(skuMappings.skuId).as('codes');
  const rows = await db.select({
    asnNo: asnLines.asnNo, lineNo: asnLines.lineNo, skuId: asnLines.skuId, expectedQty: asnLines.expectedQty, countedQty: asnLines.countedQty,
    skuName: skus.skuName, barcode: skus.barcode, codes: codes.codes,
  }).from(asnLines)
    .innerJoin(skus, and(eq(skus.whsId, asnLines.whsId), eq(skus.skuId, asnLines.skuId)))
    .leftJoin(codes, eq(codes.skuId, asnLines.skuId))
    .where(and(eq(asnLines.whsId, whsId), inArray(asnLines.asnNo, [...asnNos])))
    .orderBy(asc(asnLines.asnNo), asc(asnLines.lineNo));
  return rows.map((r) => ({
    asn_no: r.asnNo, line_no: r.lineNo, sku_id: r.skuId, sku_name: r.skuName, barcode: r.barcode, mapping_codes: r.codes ?? [],
    expected_qty: r.expectedQty, counted_qty: r.countedQty,
  }));
}

/** What counting needs of a group: its row, its ASNs and the lines of the open ones. */
async function loadGroup(db: Db, whsId: string, groupNo: string, lock: boolean) {
  const group = await groupRow(db, whsId, groupNo, lock);
  const asns = await groupAsns(db, whsId, groupNo, lock);
  const lines = await groupLines(db, whsId, asns.filter(open).map((a) => a.asnNo));
  return { group, asns, lines };
}

/** The group detail the counting screen caches and validates scans against (offline too). */
export async function groupDetail(db: Db, whsId: string, groupNo: string) {
  const { group, asns, lines } = await loadGroup(db, whsId, groupNo, false);
  const [cartons, wrong, last] = await Promise.all([
    db.select({
      trackingId: inboundTrackingIds.trackingId, asnNo: inboundTrackingIds.asnNo, status: inboundTrackingIds.status, cartonQty: inboundTrackingIds.cartonQty,
      countedQty: sql<number>`coalesce((select sum(r.qty) from counting_records r where r.whs_id = inbound_tracking_ids.whs_id and r.tracking_id = inbound_tracking_ids.tracking_id), 0)::int`,
    }).from(inboundTrackingIds).where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.groupNo, groupNo))).orderBy(asc(inboundTrackingIds.trackingId)),
    db.select({ skuId: countingRecords.skuId, qty: sql<number>`sum(${countingRecords.qty})::int` }).from(countingRecords)
      .where(and(eq(countingRecords.whsId, whsId), eq(countingRecords.groupNo, groupNo), eq(countingRecords.kind, K.WRONG_SKU)))
      .groupBy(countingRecords.skuId).orderBy(asc(countingRecords.skuId)),
    db.select({ id: sql<number>`coalesce(max(${countingRecords.recordId}), 0)`.mapWith(Number) }).from(countingRecords)
      .where(and(eq(countingRecords.whsId, whsId), eq(countingRecords.groupNo, groupNo))),
  ]);
  return {
    group_no: group.groupNo,
    status: group.status,
    counting_completed_at: unixSeconds(group.countingCompletedAt),
    last_record_id: last[0]?.id ?? 0,
    asns: asns.map((a) => {
      const own = lines.filter((l) => l.asn_no === a.asnNo);
      return {
        asn_no: a.asnNo, status: a.status, supplier_id: a.supplierId,
        expected_qty: own.reduce((s, l) => s + l.expected_qty, 0), counted_qty: own.reduce((s, l) => s + l.counted_qty, 0),
      };
    }),
    lines,
    tracking_ids: cartons.map((c) => ({ tracking_id: c.trackingId, asn_no: c.asnNo, status: c.status, carton_qty: c.cartonQty, counted_qty: c.countedQty })),
    wrong_skus: wrong.map((w) => ({ sku_id: w.skuId, qty: w.qty })),
  };
}

// ---- checks before a count ----

/**
 * A count may go to the group while every open ASN of it is arrived or counting; the first count
 * moves the arrived ones to counting. Anything else is RET.ILLEGAL_TRANSITION naming the ASN.
 */
async function startCounting(tx: Db, asns: readonly AsnRow[]): Promise<void> {
  const live = asns.filter(open);
  if (live.length === 0) throw new ApiError(RET.ILLEGAL_TRANSITION, 'Every ASN of this group is closed: there is nothing to count.', null, 409);
  for (const asn of live) assertNotReturn(asn);
  for (const asn of live) {
    if (asn.status !== A.COUNTING) assertTransition(ASN_LIFECYCLE, `ASN ${asn.asnNo}`, asn.status as AsnStatus, A.COUNTING);
  }
  for (const asn of live) if (asn.status === A.ARRIVED) await moveAsn(tx, asn, A.COUNTING);
}

/** RET.TRACKING_ID_ELSEWHERE: the carton scanned in one group is registered to another. */
const cartonElsewhere = (carton: { trackingId: string; asnNo: string; groupNo: string }, groupNo: string) =>
  new ApiError(RET.TRACKING_ID_ELSEWHERE, `Tracking ID ${carton.trackingId} belongs to ASN ${carton.asnNo} of group ${carton.groupNo}, not to group ${groupNo}.`,
    { tracking_id: carton.trackingId, group_no: carton.groupNo, asn_no: carton.asnNo });

/** The carton a count names: registered in this group (RET.TRACKING_ID_ELSEWHERE when in another; -100404 when unknown). */
async function cartonOf(tx: Db, whsId: string, groupNo: string, trackingId: string, asns: readonly AsnRow[]) {
  const [carton] = await tx.select().from(inboundTrackingIds)
    .where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.trackingId, trackingId))).limit(1);
  if (!carton) throw notFound(`Tracking ID ${trackingId} (register it in group ${groupNo} first)`);
  if (carton.groupNo !== groupNo) throw cartonElsewhere(carton, groupNo);
  const asn = asns.find((a) => a.asnNo === carton.asnNo);
  if (asn && !open(asn)) throw new ApiError(RET.ILLEGAL_TRANSITION, `Tracking ID ${trackingId} belongs to ASN ${asn.asnNo}, which is closed.`, { from: asn.status }, 409);
  return carton;
}

/** Refuses an op id used before: an online retry of a count that was recorded must not count it again. */
async function assertNewOp(tx: Db, whsId: string, opId: string | null): Promise<void> {
  if (opId === null) return;
  const [used] = await tx.select({ id: countingRecords.recordId }).from(countingRecords)
    .where(and(eq(countingRecords.whsId, whsId), eq(countingRecords.opId, opId))).limit(1);
  if (used) throw new ApiError(RET.DUPLICATE, `Count ${opId} was recorded already (record ${used.id}); it is not counted again.`, { record_id: used.id }, 409);
}

async function markCartonCounted(tx: Db, whsId: string, trackingId: string | null): Promise<void> {
  if (trackingId === null) return;
  await tx.update(inboundTrackingIds).set({ status: TR.COUNTED })
    .where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.trackingId, trackingId), inArray(inboundTrackingIds.status, [TR.EXPECTED, TR.ARRIVED])));
}

// ---- counting operations ----

export interface CountInput {
  group_no: string;
  sku_id: string;
  qty: number;
  tracking_id?: string | null | undefined;
  confirm_surplus?: boolean | undefined;
}

/**
 * Counts `qty` units of a SKU of the group (in a carton when a tracking id is given): split over the
 * group's lines of the SKU (the carton's ASN first), normal up to what each expects and surplus
 * beyond. A count going past what the group expects needs `confirm_surplus` (RET.COUNTING_SURPLUS_UNCONFIRMED);
 * a SKU the group does not expect is refused (RET.COUNTING_SKU_NOT_IN_GROUP: a wrong-SKU record).
 */
export async function saveCountingRecord(tx: Db, actor: CountActor, input: CountInput) {
  await assertNewOp(tx, actor.whsId, actor.opId);
  const { group, asns, lines } = await loadGroup(tx, actor.whsId, input.group_no, true);
  await startCounting(tx, asns);
  if (!lines.some((l) => l.sku_id === input.sku_id)) {
    throw new ApiError(RET.COUNTING_SKU_NOT_IN_GROUP, `SKU ${input.sku_id} is not expected by ASN group ${group.groupNo}: record it as a wrong SKU.`, { sku_id: input.sku_id });
  }
  const trackingId = input.tracking_id ?? null;
  const carton = trackingId === null ? null : await cartonOf(tx, actor.whsId, group.groupNo, trackingId, asns);
  const before = skuProgress(lines, input.sku_id);
  const surplus = surplusOf(before.expected_qty, before.counted_qty, input.qty);
  if (surplus > 0 && input.confirm_surplus !== true) {
    throw new ApiError(RET.COUNTING_SURPLUS_UNCONFIRMED,
      `SKU ${input.sku_id}: ${surplus} of these ${input.qty} units are more than group ${group.groupNo} expects (${before.expected_qty}, ${before.counted_qty} counted). Confirm the surplus to count them.`,
      { sku_id: input.sku_id, expected_qty: before.expected_qty, counted_qty: before.counted_qty, qty: input.qty, surplus_qty: surplus });
  }
  const allocations = allocateCount(lines, input.sku_id, input.qty, carton?.asnNo ?? null);
  const inserted = await tx.insert(countingRecords).values(allocations.map((a, i) => ({
    whsId: actor.whsId, groupNo: group.groupNo, asnNo: a.asn_no, lineNo: a.line_no, skuId: input.sku_id, trackingId,
    kind: a.kind, qty: a.qty, opId: i === 0 ? actor.opId : null, operatorId: actor.userId,
  }))).returning({ recordId: countingRecords.recordId });
  for (const a of allocations) {
    await tx.update(asnLines).set({ countedQty: sql`${asnLines.countedQty} + ${a.qty}` })
      .where(and(eq(asnLines.whsId, actor.whsId), eq(asnLines.asnNo, a.asn_no), eq(asnLines.lineNo, a.line_no)));
  }
  await markCartonCounted(tx, actor.whsId, trackingId);
  return {
    record_id: Math.max(...inserted.map((r) => r.recordId)),
    group_no: group.groupNo, sku_id: input.sku_id, qty: input.qty,
    surplus_qty: surplus, expected_qty: before.expected_qty, counted_qty: before.counted_qty + input.qty,
    allocations,
  };
}

export interface WrongSkuInput {
  group_no: string;
  /** What was scanned: a SKU id, barcode or mapping code of another SKU, or a code the warehouse does not know. */
  code: string;
  qty: number;
  tracking_id?: string | null | undefined;
}

/** The SKU of the warehouse a code names (SKU id, barcode, mapping code), or null for an unknown item. */
async function warehouseSkuOf(tx: Db, whsId: string, code: string): Promise<string | null> {
  const [sku] = await tx.select({ skuId: skus.skuId }).from(skus)
    .where(and(eq(skus.whsId, whsId), or(eq(skus.skuId, code), eq(skus.barcode, code)))).orderBy(sql`${skus.skuId} = ${code} desc`).limit(1);
  if (sku) return sku.skuId;
  const [mapped] = await tx.select({ skuId: skuMappings.skuId }).from(skuMappings)
    .where(and(eq(skuMappings.whsId, whsId), eq(skuMappings.mappingCode, code))).limit(1);
  return mapped?.skuId ?? null;
}

/**
 * Records units of a SKU the group does not expect (or of an item the warehouse does not know).
 * They are not received; group completion turns them into Wrong SKU exceptions. A code naming a
 * SKU the group expects is refused: count it instead.
 */
export async function createWrongSkuRecord(tx: Db, actor: CountActor, input: WrongSkuInput) {
  await assertNewOp(tx, actor.whsId, actor.opId);
  const { group, asns, lines } = await loadGroup(tx, actor.whsId, input.group_no, true);
  await startCounting(tx, asns);
  const inGroup = resolveScannedSku(input.code, lines);
  if (inGroup) throw badInput('code', `${input.code} is SKU ${inGroup}, which group ${group.groupNo} expects: count it instead`);
  const trackingId = input.tracking_id ?? null;
  const carton = trackingId === null ? null : await cartonOf(tx, actor.whsId, group.groupNo, trackingId, asns);
  const known = await warehouseSkuOf(tx, actor.whsId, input.code);
  const skuId = known ?? input.code;
  const [record] = await tx.insert(countingRecords).values({
    whsId: actor.whsId, groupNo: group.groupNo, asnNo: carton?.asnNo ?? null, lineNo: null, skuId, trackingId,
    kind: K.WRONG_SKU, qty: input.qty, opId: actor.opId, operatorId: actor.userId,
  }).returning({ recordId: countingRecords.recordId });
  await markCartonCounted(tx, actor.whsId, trackingId);
  return { record_id: record!.recordId, group_no: group.groupNo, code: input.code, sku_id: skuId, known_sku: known !== null, qty: input.qty };
}

// ---- cartons ----

export interface NewCarton {
  group_no: string;
  tracking_id: string;
  /** Required when the group has several open ASNs. */
  asn_no?: string | null | undefined;
  carton_qty?: number | undefined;
}

/** The open ASN of the group a carton goes to: the one named, or the group's only one. */
function cartonAsn(asns: readonly AsnRow[], groupNo: string, asnNo: string | null | undefined): AsnRow {
  const live = asns.filter(open);
  if (asnNo != null) {
    const asn = live.find((a) => a.asnNo === asnNo);
    if (!asn) throw badInput('asn_no', `ASN ${asnNo} is not an open ASN of group ${groupNo}`);
    return asn;
  }
  if (live.length === 1) return live[0]!;
  throw badInput('asn_no', `group ${groupNo} has ${live.length} open ASNs: say which one the carton belongs to`);
}

/**
 * Registers a carton found at counting that the ASN did not announce (status arrived). A tracking
 * id is unique in the warehouse: one already registered here answers itself, elsewhere RET.TRACKING_ID_ELSEWHERE.
 */
export async function createTrackingId(tx: Db, actor: CountActor, input: NewCarton) {
  const { group, asns } = await loadGroup(tx, actor.whsId, input.group_no, true);
  if (group.countingCompletedAt) throw new ApiError(RET.ILLEGAL_TRANSITION, `Counting of group ${group.groupNo} is complete: no more cartons can be added.`, { from: group.status }, 409);
  const asn = cartonAsn(asns, group.groupNo, input.asn_no);
  const [existing] = await tx.select().from(inboundTrackingIds)
    .where(and(eq(inboundTrackingIds.whsId, actor.whsId), eq(inboundTrackingIds.trackingId, input.tracking_id))).limit(1);
  if (existing) {
    if (existing.groupNo === group.groupNo && existing.asnNo === asn.asnNo) return cartonRow(existing);
    throw new ApiError(RET.TRACKING_ID_ELSEWHERE, `Tracking ID ${input.tracking_id} is registered to ASN ${existing.asnNo} of group ${existing.groupNo}.`,
      { tracking_id: input.tracking_id, group_no: existing.groupNo, asn_no: existing.asnNo });
  }
  const [row] = await tx.insert(inboundTrackingIds).values({
    whsId: actor.whsId, trackingId: input.tracking_id, asnNo: asn.asnNo, groupNo: group.groupNo, status: TR.ARRIVED,
    cartonQty: input.carton_qty ?? 1, createdBy: actor.userId, arrivedAt: sql`now()`,
  }).returning();
  return cartonRow(row!);
}

type CartonRow = typeof inboundTrackingIds.$inferSelect;
const cartonRow = (c: CartonRow) => ({
  tracking_id: c.trackingId, asn_no: c.asnNo, group_no: c.groupNo, status: c.status, carton_qty: c.cartonQty,
  created_at: unixSeconds(c.createdAt), arrived_at: unixSeconds(c.arrivedAt),
});

async function countsInCarton(tx: Db, whsId: string, trackingId: string): Promise<number> {
  const [row] = await tx.select({ qty: sql<number>`coalesce(sum(${countingRecords.qty}), 0)::int` }).from(countingRecords)
    .where(and(eq(countingRecords.whsId, whsId), eq(countingRecords.trackingId, trackingId)));
  return row?.qty ?? 0;
}

/**
 * A carton of the group being counted, locked, with its group: -100404 when the warehouse has no
 * such tracking id, RET.TRACKING_ID_ELSEWHERE when it is another group's (a correction names the
 * group the operator counts, so it never reaches a carton they do not see).
 */
async function lockCarton(tx: Db, whsId: string, groupNo: string, trackingId: string) {
  const [carton] = await tx.select().from(inboundTrackingIds)
    .where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.trackingId, trackingId))).limit(1);
  if (!carton) throw notFound(`Tracking ID ${trackingId}`);
  if (carton.groupNo !== groupNo) throw cartonElsewhere(carton, groupNo);
  const { group, asns } = await loadGroup(tx, whsId, carton.groupNo, true);
  const [locked] = await tx.select().from(inboundTrackingIds)
    .where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.trackingId, trackingId))).limit(1).for('update');
  if (group.countingCompletedAt) throw new ApiError(RET.ILLEGAL_TRANSITION, `Counting of group ${group.groupNo} is complete: its cartons are final.`, { from: group.status }, 409);
  return { carton: locked!, group, asns };
}

export interface CartonChange {
  group_no: string;
  tracking_id: string;
  carton_qty?: number | undefined;
  asn_no?: string | undefined;
}

/** Changes a carton's number of pieces or, while it holds no counts, the ASN of the group it belongs to. */
export async function updateTrackingId(tx: Db, actor: CountActor, input: CartonChange) {
  const { carton, group, asns } = await lockCarton(tx, actor.whsId, input.group_no, input.tracking_id);
  const set: Partial<CartonRow> = {};
  if (input.carton_qty !== undefined) set.cartonQty = input.carton_qty;
  if (input.asn_no !== undefined && input.asn_no !== carton.asnNo) {
    const counted = await countsInCarton(tx, actor.whsId, carton.trackingId);
    if (counted > 0) throw new ApiError(RET.TRACKING_ID_HAS_COUNTS, `Tracking ID ${carton.trackingId} holds ${counted} counted units: it stays with ASN ${carton.asnNo}.`, { counted_qty: counted });
    set.asnNo = cartonAsn(asns, group.groupNo, input.asn_no).asnNo;
  }
  if (Object.keys(set).length === 0) return cartonRow(carton);
  const [row] = await tx.update(inboundTrackingIds).set(set)
    .where(and(eq(inboundTrackingIds.whsId, actor.whsId), eq(inboundTrackingIds.trackingId, carton.trackingId))).returning();
  return cartonRow(row!);
}

/** Removes a carton registered by mistake: only one that holds no counts and has no exceptions against it. */
export async function deleteTrackingId(tx: Db, actor: CountActor, input: { group_no: string; tracking_id: string }) {
  const { carton } = await lockCarton(tx, actor.whsId, input.group_no, input.tracking_id);
  const counted = await countsInCarton(tx, actor.whsId, carton.trackingId);
  if (counted > 0) throw new ApiError(RET.TRACKING_ID_HAS_COUNTS, `Tracking ID ${carton.trackingId} holds ${counted} counted units: it cannot be deleted.`, { counted_qty: counted });
  const [exception] = await tx.select({ no: inboundExceptions.exceptionNo }).from(inboundExceptions)
    .where(and(eq(inboundExceptions.whsId, actor.whsId), eq(inboundExceptions.trackingId, carton.trackingId))).limit(1);
  if (exception) throw new ApiError(RET.TRACKING_ID_HAS_COUNTS, `Tracking ID ${carton.trackingId} has exception ${exception.no}: it cannot be deleted.`, { exception_no: exception.no });
  await tx.delete(inboundTrackingIds).where(and(eq(inboundTrackingIds.whsId, actor.whsId), eq(inboundTrackingIds.trackingId, carton.trackingId)));
  return { tracking_id: carton.trackingId };
}

// ---- completing a group ----

/** Wrong-SKU records of a group by ASN (the carton's, else the group's first open one) and SKU. */
async function wrongSkuTotals(tx: Db, whsId: string, groupNo: string) {
  return tx.select({ asnNo: countingRecords.asnNo, skuId: countingRecords.skuId, qty: sql<number>`sum(${countingRecords.qty})::int` })
    .from(countingRecords)
    .where(and(eq(countingRecords.whsId, whsId), eq(countingRecords.groupNo, groupNo), eq(countingRecords.kind, K.WRONG_SKU)))
    .groupBy(countingRecords.asnNo, countingRecords.skuId)
    .orderBy(countingRecords.skuId);
}

/** What completing a group would settle: each line's shortage or surplus, the wrong SKUs, cartons not counted. */
export async function groupCompletionCheck(db: Db, whsId: string, groupNo: string) {
  const { group, asns, lines } = await loadGroup(db, whsId, groupNo, false);
  const live = asns.filter(open);
  const [wrong, cartons] = await Promise.all([
    wrongSkuTotals(db, whsId, groupNo),
    db.select({ trackingId: inboundTrackingIds.trackingId, asnNo: inboundTrackingIds.asnNo, status: inboundTrackingIds.status })
      .from(inboundTrackingIds)
      .where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.groupNo, groupNo), inArray(inboundTrackingIds.status, [TR.EXPECTED, TR.ARRIVED])))
      .orderBy(inboundTrackingIds.trackingId),
  ]);
  const blocking = live.find((a) => a.status !== A.COUNTING);
  const reason = group.countingCompletedAt ? `Counting of group ${groupNo} is complete.`
    : live.length === 0 ? 'Every ASN of this group is closed.'
      : blocking ? `ASN ${blocking.asnNo} is ${INBOUND_STATUS.options.find((o) => o.value === blocking.status)?.name ?? blocking.status}: only a group being counted can be completed.`
        : null;
  return {
    group_no: groupNo,
    status: group.status,
    can_complete: reason === null,
    reason,
    counting_completed_at: unixSeconds(group.countingCompletedAt),
    lines: lines.map((l) => ({ asn_no: l.asn_no, line_no: l.line_no, sku_id: l.sku_id, sku_name: l.sku_name, expected_qty: l.expected_qty, counted_qty: l.counted_qty, ...lineDifference(l) })),
    wrong_skus: wrong.map((w) => ({ asn_no: w.asnNo, sku_id: w.skuId, qty: w.qty })),
    uncounted_tracking_ids: cartons.map((c) => ({ tracking_id: c.trackingId, asn_no: c.asnNo, status: c.status })),
  };
}

/**
 * Ends counting of a group: its ASNs COUNTING → COUNTED; each line short of what it expects becomes
 * a Shortage exception, each line over it a Surplus exception, the wrong SKUs Wrong SKU exceptions;
 * then each ASN gets its next task — QC when a rule asks to inspect any of its lines, else receiving.
 */
export async function completeGroupCounting(tx: Db, actor: CountActor, groupNo: string) {
  const { group, asns, lines } = await loadGroup(tx, actor.whsId, groupNo, true);
  if (group.countingCompletedAt) throw new ApiError(RET.ILLEGAL_TRANSITION, `Counting of group ${groupNo} is complete already.`, { from: group.status }, 409);
  const live = asns.filter(open);
  if (live.length === 0) throw new ApiError(RET.ILLEGAL_TRANSITION, 'Every ASN of this group is closed: there is nothing to complete.', null, 409);
  for (const asn of live) assertTransition(ASN_LIFECYCLE, `ASN ${asn.asnNo}`, asn.status as AsnStatus, A.COUNTED);
  const timeZone = await warehouseTimeZone(tx, actor.whsId);
  const counted: AsnRow[] = [];
  for (const asn of live) counted.push(await moveAsn(tx, asn, A.COUNTED));
  await tx.update(asnGroups).set({ countingCompletedAt: sql`now()`, countingCompletedBy: actor.userId })
    .where(and(eq(asnGroups.whsId, actor.whsId), eq(asnGroups.groupNo, groupNo)));

  const source = INBOUND_EXCEPTION_SOURCE.values.COUNTING;
  const base = { whsId: actor.whsId, groupNo, source, reportedBy: actor.userId };
  const exceptions: string[] = [];
  for (const line of lines) {
    const { shortage_qty: shortage, surplus_qty: surplus } = lineDifference(line);
    if (shortage > 0) {
      exceptions.push((await recordInboundException(tx, {
        ...base, asnNo: line.asn_no, skuId: line.sku_id, exceptionType: INBOUND_EXCEPTION_TYPE.values.SHORTAGE,
        reason: INBOUND_EXCEPTION_REASON.values.OTHER_ISSUES, qty: shortage, remark: `Expected ${line.expected_qty}, counted ${line.counted_qty}.`,
      }, timeZone)).exceptionNo);
    }
    if (surplus > 0) {
      exceptions.push((await recordInboundException(tx, {
        ...base, asnNo: line.asn_no, skuId: line.sku_id, exceptionType: INBOUND_EXCEPTION_TYPE.values.SURPLUS,
        reason: INBOUND_EXCEPTION_REASON.values.SURPLUS, qty: surplus, remark: `Expected ${line.expected_qty}, counted ${line.counted_qty}.`,
      }, timeZone)).exceptionNo);
    }
  }
  const wrong = await wrongSkuTotals(tx, actor.whsId, groupNo);
  const known = new Set(wrong.length === 0 ? [] : (await tx.select({ skuId: skus.skuId }).from(skus)
    .where(and(eq(skus.whsId, actor.whsId), inArray(skus.skuId, wrong.map((w) => w.skuId))))).map((s) => s.skuId));
  for (const w of wrong) {
    exceptions.push((await recordInboundException(tx, {
      ...base, asnNo: w.asnNo ?? live[0]!.asnNo, skuId: w.skuId, exceptionType: INBOUND_EXCEPTION_TYPE.values.WRONG_SKU,
      reason: known.has(w.skuId) ? INBOUND_EXCEPTION_REASON.values.SKU_NOT_IN_ASN_GROUP : INBOUND_EXCEPTION_REASON.values.UNKNOWN_ITEM, qty: w.qty,
    }, timeZone)).exceptionNo);
  }

  const qcLines = await qcLinesOf(tx, actor.whsId, counted);
  const next: { asn_no: string; status: number; qc_required: boolean; task_no: string }[] = [];
  for (const asn of counted) {
    const sample = qcLines.get(asn.asnNo)!.reduce((sum, l) => sum + l.sample_qty, 0);
    const task = sample > 0
      ? await createInboundTask(tx, {
        whsId: actor.whsId, kind: INBOUND_TASK_KIND.values.QC, asnNo: asn.asnNo, groupNo, totalQty: sample, createdBy: actor.userId,
      }, timeZone)
      : await createReceivingTask(tx, asn, actor.userId, timeZone);
    next.push({ asn_no: asn.asnNo, status: asn.status, qc_required: sample > 0, task_no: task.taskNo });
  }
  return { group_no: groupNo, asns: next, exception_nos: exceptions };
}

// ---- reads of the counting screen ----

/** A scanned code against the group: the SKU it names and how far it is counted. */
export async function skuScanning(db: Db, whsId: string, groupNo: string, code: string) {
  const { lines } = await loadGroup(db, whsId, groupNo, false);
  const skuId = resolveScannedSku(code, lines);
  if (skuId === null) {
    const other = await warehouseSkuOf(db, whsId, code.trim());
    return { code, sku_id: other, in_group: false, sku_name: null, expected_qty: 0, counted_qty: 0, remaining_qty: 0 };
  }
  const progress = skuProgress(lines, skuId);
  return {
    code, sku_id: skuId, in_group: true, sku_name: lines.find((l) => l.sku_id === skuId)!.sku_name,
    ...progress, remaining_qty: Math.max(0, progress.expected_qty - progress.counted_qty),
  };
}

/** Whether counting `qty` more units of a SKU would be surplus, and how much. */
export async function checkSurplus(db: Db, whsId: string, groupNo: string, skuId: string, qty: number) {
  const { lines } = await loadGroup(db, whsId, groupNo, false);
  if (!lines.some((l) => l.sku_id === skuId)) {
    throw new ApiError(RET.COUNTING_SKU_NOT_IN_GROUP, `SKU ${skuId} is not expected by ASN group ${groupNo}: record it as a wrong SKU.`, { sku_id: skuId });
  }
  const progress = skuProgress(lines, skuId);
  const surplus = surplusOf(progress.expected_qty, progress.counted_qty, qty);
  return { sku_id: skuId, qty, ...progress, surplus_qty: surplus, is_surplus: surplus > 0 };
}

/** A scanned carton: registered in the group (with its counts), elsewhere (RET.TRACKING_ID_ELSEWHERE), or new. */
export async function checkTrackingId(db: Db, whsId: string, groupNo: string, trackingId: string) {
  await groupRow(db, whsId, groupNo, false);
  const [carton] = await db.select().from(inboundTrackingIds)
    .where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.trackingId, trackingId))).limit(1);
  if (!carton) return { tracking_id: trackingId, exists: false, asn_no: null, status: null, carton_qty: null, counted_qty: 0 };
  if (carton.groupNo !== groupNo) throw cartonElsewhere(carton, groupNo);
  return {
    tracking_id: trackingId, exists: true, asn_no: carton.asnNo, status: carton.status, carton_qty: carton.cartonQty,
    counted_qty: await countsInCarton(db, whsId, trackingId),
  };
}

/** A carton's open exceptions (pending, checked or BD confirmed), so the operator sees it needs care. */
export async function checkExceptionTrackingId(db: Db, whsId: string, trackingId: string) {
  const [carton] = await db.select().from(inboundTrackingIds)
    .where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.trackingId, trackingId))).limit(1);
  if (!carton) throw notFound(`Tracking ID ${trackingId}`);
  const rows = await db.select().from(inboundExceptions)
    .where(and(eq(inboundExceptions.whsId, whsId), eq(inboundExceptions.trackingId, trackingId), inArray(inboundExceptions.status, [X.PENDING, X.CHECKED, X.BD_CONFIRMED])))
    .orderBy(asc(inboundExceptions.reportedAt));
  return {
    tracking_id: trackingId, asn_no: carton.asnNo, group_no: carton.groupNo, status: carton.status,
    has_exception: carton.status === TR.EXCEPTION || rows.length > 0,
    exceptions: rows.map((e) => ({ exception_no: e.exceptionNo, exception_type: e.exceptionType, reason: e.reason, qty: e.qty, status: e.status, sku_id: e.skuId })),
  };
}

export interface GroupListFilter {
  group_no?: string | undefined;
  status?: number | undefined;
  page_no: number;
  page_size: number;
}

/** Statuses of groups the counting screen offers: waiting to be counted, and being counted. */
const TO_COUNT: readonly AsnStatus[] = [A.ARRIVED, A.COUNTING];

/**
 * Groups for counting with their progress (spec §7 search_group_list): arrived or being counted
 * unless a status is asked for, oldest first. `working`: only groups being counted, with who
 * counted last and when (search_group_working_list); `mine` narrows them to the caller's.
 */
export async function groupList(db: Db, whsId: string, filter: GroupListFilter & { working?: boolean; mine?: number | null }) {
  const statuses = filter.working ? [A.COUNTING] : filter.status !== undefined ? [filter.status as AsnStatus] : TO_COUNT;
  const conditions = [eq(asnGroups.whsId, whsId), inArray(asnGroups.status, [...statuses])];
  if (filter.group_no) conditions.push(eq(asnGroups.groupNo, filter.group_no));
  // Correlated subqueries name the outer row explicitly: drizzle leaves the table off columns of a one-table select.
  const outer = sql.raw('asn_groups.whs_id');
  const outerGroup = sql.raw('asn_groups.group_no');
  const records = sql`counting_records r where r.whs_id = ${outer} and r.group_no = ${outerGroup}`;
  if (filter.mine != null) conditions.push(sql`exists (select 1 from ${records} and r.operator_id = ${filter.mine})`);
  const where = and(...conditions);
  // Per group, correlated through the group indexes: the open ASNs' lines and the group's counts.
  const openLines = sql`asn_orders o join asn_lines l on l.whs_id = o.whs_id and l.asn_no = o.asn_no
    where o.whs_id = ${outer} and o.group_no = ${outerGroup} and o.status not in (${sql.join(CLOSED.map((c) => sql`${c}`), sql`, `)})`;
  const lastAt = sql<string | null>`(select max(r.created_at) from ${records})`;
  const [rows, [total]] = await Promise.all([
    db.select({
      groupNo: asnGroups.groupNo, status: asnGroups.status, createdAt: asnGroups.createdAt,
      lastAt: lastAt.mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
      operators: sql<number[]>`array(select distinct r.operator_id from ${records} and r.operator_id is not null order by 1)`,
      expected: sql<number>`(select coalesce(sum(l.expected_qty), 0) from ${openLines})`.mapWith(Number),
      counted: sql<number>`(select coalesce(sum(l.counted_qty), 0) from ${openLines})`.mapWith(Number),
      asns: sql<number>`(select count(*) from asn_orders o where o.whs_id = ${outer} and o.group_no = ${outerGroup})`.mapWith(Number),
    }).from(asnGroups)
      .where(where)
      .orderBy(filter.working ? sql`${lastAt} desc nulls last` : asc(asnGroups.createdAt), asc(asnGroups.groupNo))
      .limit(filter.page_size).offset((filter.page_no - 1) * filter.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(asnGroups).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    page_no: filter.page_no,
    page_size: filter.page_size,
    list: rows.map((r) => ({
      group_no: r.groupNo, status: r.status, asn_count: r.asns, expected_qty: r.expected, counted_qty: r.counted,
      created_at: unixSeconds(r.createdAt), last_counted_at: unixSeconds(r.lastAt), operator_ids: (r.operators ?? []).map(Number),
    })),
  };
}

/** What QC will inspect of each line of a group's or an ASN's ASNs once counted (spec §7 get_expected_qc_qty). */
export async function expectedQcQty(db: Db, whsId: string, target: { group_no?: string | undefined; asn_no?: string | undefined }) {
  const asns = target.asn_no !== undefined
    ? await db.select().from(asnOrders).where(and(eq(asnOrders.whsId, whsId), eq(asnOrders.asnNo, target.asn_no)))
    : (await groupRow(db, whsId, target.group_no!, false), await groupAsns(db, whsId, target.group_no!, false));
  if (asns.length === 0) throw notFound(`ASN ${target.asn_no}`);
  const live = asns.filter(open);
  const lines = await qcLinesOf(db, whsId, live);
  return {
    list: live.flatMap((asn) => lines.get(asn.asnNo)!.map((l) => ({
      asn_no: asn.asnNo, line_no: l.line_no, sku_id: l.sku_id, counted_qty: l.counted_qty, rule_id: l.rule_id, rule_name: l.rule_name,
      rule_kind: l.rule_kind, aql_level: l.aql_level, sample_qty: l.sample_qty, code_letter: l.code_letter, accept_qty: l.accept_qty, reject_qty: l.reject_qty,
    }))),
  };
}

