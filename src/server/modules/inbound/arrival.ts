import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { arrivalTimelinessOf, wallClockIn } from '../../../shared/asn';
import { ARRIVAL_SHEET_TYPE, type ArrivalBox, type ArrivalSheet, type arrivalContract } from '../../../shared/contract/arrival.contract';
import type { ParsedInputOf } from '../../../shared/contract/define';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_EXCEPTION_STATUS, INBOUND_EXCEPTION_TYPE, INBOUND_STATUS, TRACKING_ID_STATUS,
} from '../../../shared/codes';
import { INBOUND_EXCEPTION_LIFECYCLE } from '../../../shared/lifecycles';
import { FEATURE_FLAGS, flagIsOn } from '../../../shared/permissions';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { asnOrders, inboundExceptions, inboundShifts, inboundTrackingIds } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { readConfValue } from '../../common/conf';
import { slotWarehouse, type SlotWarehouse } from './asn-quota';
import { moveAsn, type AsnRow } from './asn-status';
import { nextDocNo } from '../../common/doc-no';
import { unixSeconds } from '../../common/time';

/**
 * Arrival of inbound ASNs through the spec §7 move-transfer arrival calls (docs/decisions.md
 * "Arrival"): the sheet is an ASN or an ASN group; a box (MTB) is a tracking id of its ASNs.
 * A box is expected until checked (arrived), damaged when Pre-QC found its carton broken
 * (exception status, with its arrival time), missing when the arrival was completed without it
 * (exception status, never arrived).
 */

const S = INBOUND_STATUS.values;
const B = TRACKING_ID_STATUS.values;
/** ASNs whose goods may start arriving. */
const CAN_START = [S.PENDING, S.IN_TRANSIT] as const;

interface Sheet {
  sheetId: string;
  type: 1 | 2;
  groupNo: string;
  /** Its ASNs (a group's cancelled ones left out), locked for the transaction when asked. */
  asns: AsnRow[];
}

/**
 * The arrival sheet: an ASN group by its number (the whole group arrives together), else one ASN
 * (a group of one is numbered as its ASN: it is that ASN's sheet); -100404 when neither is in the
 * warehouse. `lock` takes the ASNs FOR UPDATE, in number order.
 */
async function resolveSheet(tx: Db, whsId: string, sheetId: string, lock: boolean): Promise<Sheet> {
  const select = (where: SQL | undefined) => {
    const query = tx.select().from(asnOrders).where(where).orderBy(asc(asnOrders.asnNo));
    return lock ? query.for('update') : query;
  };
  const members = await select(and(eq(asnOrders.whsId, whsId), eq(asnOrders.groupNo, sheetId), ne(asnOrders.status, S.CANCELLED)));
  const isGroup = members.length > 1 || (members.length === 1 && members[0]!.asnNo !== sheetId);
  if (isGroup) return { sheetId, type: ARRIVAL_SHEET_TYPE.GROUP, groupNo: sheetId, asns: members };
  const asns = await select(and(eq(asnOrders.whsId, whsId), eq(asnOrders.asnNo, sheetId)));
  if (asns.length === 0) throw notFound(`Arrival sheet ${sheetId} (an ASN or ASN group)`);
  return { sheetId, type: ARRIVAL_SHEET_TYPE.ASN, groupNo: asns[0]!.groupNo, asns };
}

/** Where a box stands at arrival. */
const BOX_STATE: Record<'expected' | 'checked' | 'missing', SQL> = {
  expected: eq(inboundTrackingIds.status, B.EXPECTED),
  checked: or(inArray(inboundTrackingIds.status, [B.ARRIVED, B.COUNTED]), and(eq(inboundTrackingIds.status, B.EXCEPTION), isNotNull(inboundTrackingIds.arrivedAt)))!,
  missing: and(eq(inboundTrackingIds.status, B.EXCEPTION), isNull(inboundTrackingIds.arrivedAt))!,
};


function boxOf(row: typeof inboundTrackingIds.$inferSelect): ArrivalBox {
  return {
    tracking_id: row.trackingId, asn_no: row.asnNo, status: row.status, carton_qty: row.cartonQty, arrived_at: unixSeconds(row.arrivedAt),
    is_damaged: row.status === B.EXCEPTION && row.arrivedAt !== null ? 1 : 0,
  };
}

const ofSheet = (whsId: string, sheet: Sheet) => and(
  eq(inboundTrackingIds.whsId, whsId),
  inArray(inboundTrackingIds.asnNo, sheet.asns.length > 0 ? sheet.asns.map((a) => a.asnNo) : ['']),
);

async function boxes(db: Db, whsId: string, sheet: Sheet, state: keyof typeof BOX_STATE): Promise<ArrivalBox[]> {
  const rows = await db.select().from(inboundTrackingIds).where(and(ofSheet(whsId, sheet), BOX_STATE[state]))
    .orderBy(asc(inboundTrackingIds.asnNo), asc(inboundTrackingIds.trackingId));
  return rows.map(boxOf);
}

export async function isScanMtb(db: Db, whsId: string): Promise<boolean> {
  return flagIsOn('scanMtb', await readConfValue(db, whsId, FEATURE_FLAGS.scanMtb.confKey));
}

async function summary(db: Db, whsId: string, sheet: Sheet): Promise<ArrivalSheet> {
  const count = async (state: keyof typeof BOX_STATE) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inboundTrackingIds).where(and(ofSheet(whsId, sheet), BOX_STATE[state]));
    return row?.n ?? 0;
  };
  const shiftIds = [...new Set(sheet.asns.map((a) => a.slotShiftId).filter((id): id is number => id !== null))];
  const shifts = shiftIds.length > 0
    ? await db.select().from(inboundShifts).where(and(eq(inboundShifts.whsId, whsId), inArray(inboundShifts.shiftId, shiftIds)))
    : [];
  return {
    sheet_id: sheet.sheetId,
    sheet_type: sheet.type,
    group_no: sheet.groupNo,
    is_scan_mtb: (await isScanMtb(db, whsId)) ? 1 : 0,
    asn_list: sheet.asns.map((a) => ({
      asn_no: a.asnNo, status: a.status, inbound_type: a.inboundType, supplier_id: a.supplierId, slot_date: a.slotDate,
      shift_name: shifts.find((s) => s.shiftId === a.slotShiftId)?.shiftName ?? null, expected_cartons: a.expectedCartons, arrival_timeliness: a.arrivalTimeliness,
    })),
    expected_count: await count('expected'),
    checked_count: await count('checked'),
    missing_count: await count('missing'),
  };
}

/** Refuses box work on an ASN that is not arriving (the sheet was not scanned, or its arrival is complete). */
function assertArriving(asn: AsnRow): void {
  if (asn.status !== S.ARRIVING) {
    const name = INBOUND_STATUS.options.find((o) => o.value === asn.status)?.name ?? String(asn.status);
    throw new ApiError(RET.ILLEGAL_TRANSITION, `ASN ${asn.asnNo} is ${name}: its boxes are checked while it is ARRIVING (scan its arrival sheet first).`,
      { from: asn.status, to: S.ARRIVING }, 409);
  }
}

/** The box of the sheet by tracking id, with its ASN; -287010 when the sheet has no such box. */
async function sheetBox(tx: Db, whsId: string, sheet: Sheet, trackingId: string) {
  const [row] = await tx.select().from(inboundTrackingIds)
    .where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.trackingId, trackingId))).limit(1).for('update');
  const asn = row ? sheet.asns.find((a) => a.asnNo === row.asnNo) : undefined;
  if (!row || !asn) {
    throw new ApiError(RET.ARRIVAL_BOX_NOT_ON_SHEET, row
      ? `Box ${trackingId} belongs to ASN ${row.asnNo}, not to arrival sheet ${sheet.sheetId}.`
      : `Box ${trackingId} is not expected on arrival sheet ${sheet.sheetId}.`, { asn_no: row?.asnNo ?? null });
  }
  return { box: row, asn };
}

/** An inbound exception found at arrival (H5's exception center settles it). */
async function raiseArrivalException(tx: Db, whs: SlotWarehouse, box: typeof inboundTrackingIds.$inferSelect, kind: 'damaged' | 'missing', userId: number) {
  const damaged = kind === 'damaged';
  await tx.insert(inboundExceptions).values({
    whsId: whs.whsId,
    exceptionNo: await nextDocNo(tx, 'exception', whs.timeZone),
    asnNo: box.asnNo,
    groupNo: box.groupNo,
    trackingId: box.trackingId,
    source: INBOUND_EXCEPTION_SOURCE.values.ARRIVAL,
    exceptionType: damaged ? INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM : INBOUND_EXCEPTION_TYPE.values.SHORTAGE,
    reason: damaged ? INBOUND_EXCEPTION_REASON.values.DAMAGED : INBOUND_EXCEPTION_REASON.values.OTHER_ISSUES,
    qty: box.cartonQty,
    remark: damaged ? `Box ${box.trackingId} arrived damaged (Pre-QC), ${box.cartonQty} carton(s).` : `Box ${box.trackingId} did not arrive, ${box.cartonQty} carton(s).`,
    reportedBy: userId,
  });
}

/** Who arrives the goods, and when: the call's moment, or the operator's scan for a queued op. */
export interface ArrivalActor {
  whsId: string;
  userId: number;
  at: Date;
}

/** The sheet as it stands, every box of it: the screen's copy, kept for offline use. */
export async function arrivalSheetRead(db: Db, whsId: string, sheetId: string): Promise<{ sheet: ArrivalSheet; boxes: ArrivalBox[] }> {
  const sheet = await resolveSheet(db, whsId, sheetId, false);
  const rows = await db.select().from(inboundTrackingIds).where(ofSheet(whsId, sheet))
    .orderBy(asc(inboundTrackingIds.asnNo), asc(inboundTrackingIds.trackingId));
  return { sheet: await summary(db, whsId, sheet), boxes: rows.map(boxOf) };
}

/** The boxes of a sheet in one state (the §7 search calls). */
export async function arrivalBoxes(db: Db, whsId: string, sheetId: string, state: keyof typeof BOX_STATE): Promise<{ list: ArrivalBox[]; total: number }> {
  const list = await boxes(db, whsId, await resolveSheet(db, whsId, sheetId, false), state);
  return { list, total: list.length };
}

/** Starts (or resumes) the arrival of the sheet's ASNs: pending and in-transit ones become Arriving. */
export async function startArrival(tx: Db, whsId: string, sheetId: string): Promise<ArrivalSheet> {
  const sheet = await resolveSheet(tx, whsId, sheetId, true);
  const starting = sheet.asns.filter((a) => (CAN_START as readonly number[]).includes(a.status));
  if (starting.length === 0 && !sheet.asns.some((a) => a.status === S.ARRIVING)) {
    // One ASN: the lifecycle's own refusal names where it is; a group lists its ASNs.
    if (sheet.type === ARRIVAL_SHEET_TYPE.ASN) await moveAsn(tx, sheet.asns[0]!, S.ARRIVING);
    const states = sheet.asns.map((a) => `${a.asnNo} ${INBOUND_STATUS.options.find((o) => o.value === a.status)?.name ?? a.status}`).join(', ');
    throw new ApiError(RET.ILLEGAL_TRANSITION, `No ASN of group ${sheet.groupNo} can arrive${states ? ` (${states})` : ''}.`, { from: sheet.asns[0]?.status ?? null, to: S.ARRIVING }, 409);
  }
  const asns = [];
  for (const asn of sheet.asns) asns.push(starting.includes(asn) ? await moveAsn(tx, asn, S.ARRIVING) : asn);
  return summary(tx, whsId, { ...sheet, asns });
}

type BoxInput = ParsedInputOf<typeof arrivalContract.saveArrivalMtb>;
type PreQcInput = ParsedInputOf<typeof arrivalContract.updateArrivalMtb>;

/** Checks a box of the sheet as arrived (at the actor's moment). */
export async function checkArrivalBox(tx: Db, actor: ArrivalActor, input: BoxInput): Promise<{ box: ArrivalBox; sheet: ArrivalSheet }> {
  const sheet = await resolveSheet(tx, actor.whsId, input.sheet_id, true);
  const { box, asn } = await sheetBox(tx, actor.whsId, sheet, input.tracking_id);
  assertArriving(asn);
  if (box.status !== B.EXPECTED) {
    throw new ApiError(RET.ARRIVAL_BOX_ALREADY_CHECKED, `Box ${box.trackingId} was checked already.`, { arrived_at: unixSeconds(box.arrivedAt) });
  }
  const [checked] = await tx.update(inboundTrackingIds).set({ status: B.ARRIVED, arrivedAt: actor.at })
    .where(and(eq(inboundTrackingIds.whsId, actor.whsId), eq(inboundTrackingIds.trackingId, box.trackingId))).returning();
  return { box: boxOf(checked!), sheet: await summary(tx, actor.whsId, sheet) };
}

/** Pre-QC of a checked box: its carton count, or damaged (an exception is raised) or not after all (the pending one is withdrawn). */
export async function preQcArrivalBox(tx: Db, actor: ArrivalActor, input: PreQcInput): Promise<{ box: ArrivalBox; sheet: ArrivalSheet }> {
  const { whsId } = actor;
  const whs = await slotWarehouse(tx, whsId);
  const sheet = await resolveSheet(tx, whsId, input.sheet_id, true);
  const { box, asn } = await sheetBox(tx, whsId, sheet, input.tracking_id);
  assertArriving(asn);
  const wasDamaged = box.status === B.EXCEPTION && box.arrivedAt !== null;
  if (box.status !== B.ARRIVED && !wasDamaged) throw badInput('tracking_id', `Box ${box.trackingId} has not been checked: scan it first.`);
  const cartonQty = input.carton_qty ?? box.cartonQty;
  if (input.is_damaged === 1 && !wasDamaged) {
    await raiseArrivalException(tx, whs, { ...box, cartonQty }, 'damaged', actor.userId);
  }
  if (input.is_damaged === 0 && wasDamaged) {
    // Not damaged after all: the exception raised for it is withdrawn while nobody has settled it.
    const raised = await tx.select().from(inboundExceptions).where(and(
      eq(inboundExceptions.whsId, whsId), eq(inboundExceptions.trackingId, box.trackingId),
      eq(inboundExceptions.source, INBOUND_EXCEPTION_SOURCE.values.ARRIVAL), eq(inboundExceptions.exceptionType, INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM),
      ne(inboundExceptions.status, INBOUND_EXCEPTION_STATUS.values.CANCELLED),
    )).for('update');
    const settling = raised.find((e) => e.status !== INBOUND_EXCEPTION_STATUS.values.PENDING);
    if (settling) throw badInput('is_damaged', `Inbound exception ${settling.exceptionNo} of box ${box.trackingId} is being settled already: settle it in the exception center.`);
    for (const e of raised) assertTransition(INBOUND_EXCEPTION_LIFECYCLE, `Inbound exception ${e.exceptionNo}`, INBOUND_EXCEPTION_STATUS.values.PENDING, INBOUND_EXCEPTION_STATUS.values.CANCELLED);
    if (raised.length > 0) {
      await tx.update(inboundExceptions).set({ status: INBOUND_EXCEPTION_STATUS.values.CANCELLED, handledBy: actor.userId, handledAt: sql`now()` })
        .where(and(eq(inboundExceptions.whsId, whsId), inArray(inboundExceptions.exceptionNo, raised.map((e) => e.exceptionNo))));
    }
  }
  const damaged = input.is_damaged === undefined ? wasDamaged : input.is_damaged === 1;
  const [updated] = await tx.update(inboundTrackingIds).set({ cartonQty, status: damaged ? B.EXCEPTION : B.ARRIVED })
    .where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.trackingId, box.trackingId))).returning();
  return { box: boxOf(updated!), sheet: await summary(tx, whsId, sheet) };
}

/**
 * Completes the arrival of the sheet's arriving ASNs: Arrived, their timeliness judged at the
 * actor's moment against each booked slot; boxes not checked are missing (when boxes are scanned)
 * or arrive with the sheet (when they are not).
 */
export async function completeArrival(tx: Db, actor: ArrivalActor, sheetId: string): Promise<{ sheet: ArrivalSheet; missing: string[] }> {
  const { whsId } = actor;
  const whs = await slotWarehouse(tx, whsId);
  const sheet = await resolveSheet(tx, whsId, sheetId, true);
  const arriving = sheet.asns.filter((a) => a.status === S.ARRIVING);
  if (arriving.length === 0) {
    if (sheet.type === ARRIVAL_SHEET_TYPE.ASN) await moveAsn(tx, sheet.asns[0]!, S.ARRIVED);
    throw new ApiError(RET.ILLEGAL_TRANSITION, `No ASN of group ${sheet.groupNo} is arriving: scan the arrival sheet first.`, { from: sheet.asns[0]?.status ?? null, to: S.ARRIVED }, 409);
  }
  const scanBoxes = await isScanMtb(tx, whsId);
  const arrivedAt = wallClockIn(whs.timeZone, actor.at);
  const missing: string[] = [];
  const asns: AsnRow[] = [];
  for (const asn of sheet.asns) {
    if (!arriving.includes(asn)) {
      asns.push(asn);
      continue;
    }
    const expected = await tx.select().from(inboundTrackingIds).where(and(
      eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.asnNo, asn.asnNo), eq(inboundTrackingIds.status, B.EXPECTED),
    )).orderBy(asc(inboundTrackingIds.trackingId)).for('update');
    if (expected.length > 0) {
      // Boxes scanned one by one: those not scanned did not come. Otherwise the sheet's arrival brings them all.
      await tx.update(inboundTrackingIds).set(scanBoxes ? { status: B.EXCEPTION } : { status: B.ARRIVED, arrivedAt: actor.at })
        .where(and(eq(inboundTrackingIds.whsId, whsId), inArray(inboundTrackingIds.trackingId, expected.map((b) => b.trackingId))));
      if (scanBoxes) {
        for (const box of expected) await raiseArrivalException(tx, whs, box, 'missing', actor.userId);
        missing.push(...expected.map((b) => b.trackingId));
      }
    }
    const [shift] = asn.slotShiftId === null ? [] : await tx.select().from(inboundShifts)
      .where(and(eq(inboundShifts.whsId, whsId), eq(inboundShifts.shiftId, asn.slotShiftId))).limit(1);
    const timeliness = asn.slotDate && shift
      ? arrivalTimelinessOf(arrivedAt, { date: asn.slotDate, startTime: shift.startTime, endTime: shift.endTime })
      : asn.arrivalTimeliness;
    asns.push(await moveAsn(tx, asn, S.ARRIVED, { arrivalTimeliness: timeliness, arrivedAt: actor.at }));
  }
  return { sheet: await summary(tx, whsId, { ...sheet, asns }), missing };
}
