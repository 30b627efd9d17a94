import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { MAX_BOOKING_DAYS_AHEAD, needsSupplier, purchaseTypesFor, quotaTypeOf, type InboundOrderType } from '../../../shared/asn';
import type { AsnDetail, asnContract } from '../../../shared/contract/asn.contract';
import { ACTIVE_STATUS, INBOUND_ORDER_TYPE, INBOUND_STATUS } from '../../../shared/codes';
import { addDays } from '../../../shared/expiry';
import { OPEN_EXCEPTION_STATUSES } from '../../../shared/resources/asn.resource';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import {
  asnGroups, asnLines, asnOrders, inboundExceptions, inboundShifts, inboundTrackingIds, skus, suppliers, users,
} from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { escapeLike } from '../../http/list-query';
import { duplicate } from '../../http/resource-handlers';
import { activeShift, bookSlot, releaseSlot, slotOpen, slotPlans, slotWarehouse, type SlotWarehouse } from './asn-quota';
import { lockAsn, moveAsn, refreshGroupStatus, type AsnRow } from './asn-status';
import { writeAsn } from '../../common/asn-write';
import { closeAsn } from './exception-effects';
import { unixSeconds } from '../../common/time';

const S = INBOUND_STATUS.values;
/** Groups new ASNs may still join: none of their goods has begun arriving. */
const JOINABLE_GROUP_STATUSES = [S.PENDING, S.IN_TRANSIT] as const;


/** The instant a wall-clock time of a day has in the warehouse's time zone (10-digit seconds). */
async function instantOf(db: Db, date: string, time: string, timeZone: string): Promise<number> {
  const [row] = await db.select({ at: sql<string>`extract(epoch from ((${date}::date + ${time}::time) at time zone ${timeZone}))::bigint` })
    .from(sql`(select 1) as one`);
  return Number(row!.at);
}

/** Checks a create_asn's supplier, SKUs, slot, cartons and group against the warehouse; nothing is written. */
async function checkNewAsn(tx: Db, whs: SlotWarehouse, input: Parameters<(typeof asnHandlers)['createAsn']>[0]) {
  const inboundType = input.inbound_type as InboundOrderType;
  if (!purchaseTypesFor(inboundType, whs.isRms).includes(input.purchase_type as never)) {
    const allowed = purchaseTypesFor(inboundType, whs.isRms).join(', ');
    throw badInput('purchase_type', `A ${INBOUND_ORDER_TYPE.options.find((o) => o.value === inboundType)?.name.toLowerCase()} ASN takes purchase type ${allowed} here.`);
  }
  if (needsSupplier(inboundType) && !input.supplier_id) throw badInput('supplier_id', 'A purchase ASN names its supplier.');
  if (input.supplier_id) {
    const [supplier] = await tx.select({ status: suppliers.status }).from(suppliers)
      .where(and(eq(suppliers.whsId, whs.whsId), eq(suppliers.supplierId, input.supplier_id))).limit(1);
    if (!supplier) throw badInput('supplier_id', `There is no supplier ${input.supplier_id} in this warehouse.`);
    if (supplier.status !== ACTIVE_STATUS.values.ACTIVE) throw badInput('supplier_id', `Supplier ${input.supplier_id} is inactive.`);
  }
  const skuIds = input.lines.map((l) => l.sku_id);
  const known = new Set((await tx.select({ id: skus.skuId }).from(skus).where(and(eq(skus.whsId, whs.whsId), inArray(skus.skuId, skuIds)))).map((r) => r.id));
  input.lines.forEach((line, i) => {
    if (!known.has(line.sku_id)) throw badInput(`lines.${i}.sku_id`, `There is no SKU ${line.sku_id} in this warehouse.`);
  });

  const { shift } = await activeShift(tx, whs.whsId, input.shift_id);
  if (input.slot_date < whs.today || input.slot_date > addDays(whs.today, MAX_BOOKING_DAYS_AHEAD)) {
    throw badInput('slot_date', `A delivery slot is booked from today (${whs.today}) up to ${MAX_BOOKING_DAYS_AHEAD} days ahead.`);
  }
  if (!slotOpen(whs, input.slot_date, shift)) throw badInput('shift_id', `Shift ${shift.shiftName} of today has ended: choose a later slot.`);
  const slotStart = await instantOf(tx, input.slot_date, shift.startTime, whs.timeZone);
  const slotEnd = await instantOf(tx, input.slot_date, shift.endTime, whs.timeZone);
  const expectedAt = input.expected_arrival_at ?? slotStart;
  if (expectedAt < slotStart || expectedAt > slotEnd) {
    throw badInput('expected_arrival_at', `must fall within the booked slot, ${input.slot_date} ${shift.startTime}–${shift.endTime}.`);
  }

  const cartonsListed = input.tracking_ids.reduce((n, t) => n + t.carton_qty, 0);
  if (cartonsListed > input.expected_cartons) {
    throw badInput('tracking_ids', `The tracking ids hold ${cartonsListed} cartons, more than the ${input.expected_cartons} expected.`);
  }
  if (input.tracking_ids.length > 0) {
    const [taken] = await tx.select({ id: inboundTrackingIds.trackingId, asnNo: inboundTrackingIds.asnNo }).from(inboundTrackingIds)
      .where(and(eq(inboundTrackingIds.whsId, whs.whsId), inArray(inboundTrackingIds.trackingId, input.tracking_ids.map((t) => t.tracking_id)))).limit(1);
    if (taken) throw duplicate(`Tracking ID ${taken.id} (of ASN ${taken.asnNo})`);
  }

  if (input.group_no) {
    const [group] = await tx.select().from(asnGroups)
      .where(and(eq(asnGroups.whsId, whs.whsId), eq(asnGroups.groupNo, input.group_no))).limit(1).for('update');
    if (!group) throw badInput('group_no', `There is no ASN group ${input.group_no} in this warehouse.`);
    if (!(JOINABLE_GROUP_STATUSES as readonly number[]).includes(group.status)) {
      throw new ApiError(RET.ASN_GROUP_CLOSED, `ASN group ${group.groupNo} has begun arriving: a new ASN cannot join it.`, { status: group.status });
    }
  }
  return { shift, expectedAt };
}

/** Which ASNs a detail call may show: every one, the JIT ones, those with an inbound exception still open (reprocess orders), or returns. */
type DetailScope = 'all' | 'jit' | 'reprocess' | 'return';
const scopeCondition: Record<DetailScope, SQL | undefined> = {
  all: undefined,
  jit: eq(asnOrders.isJit, true),
  return: eq(asnOrders.inboundType, INBOUND_ORDER_TYPE.values.RETURN),
  reprocess: sql`exists (select 1 from ${inboundExceptions} where ${inboundExceptions.whsId} = ${asnOrders.whsId}
    and ${inboundExceptions.asnNo} = ${asnOrders.asnNo} and ${inArray(inboundExceptions.status, [...OPEN_EXCEPTION_STATUSES])})`,
};

/** The steps an ASN has reached, from its stamps, and its present status when that has no stamp of its own. */
function historyOf(asn: AsnRow): AsnDetail['history'] {
  const steps: AsnDetail['history'] = [{ status: S.PENDING, at: unixSeconds(asn.createdAt)!, note: null }];
  const stamped: [number, Date | null][] = [[S.ARRIVED, asn.arrivedAt], [S.COUNTED, asn.countedAt], [S.CHECKED, asn.checkedAt], [S.RECEIVED, asn.receivedAt], [S.DONE, asn.doneAt]];
  for (const [status, at] of stamped) if (at) steps.push({ status, at: unixSeconds(at)!, note: null });
  if (asn.closedAt) steps.push({ status: asn.status, at: unixSeconds(asn.closedAt)!, note: asn.closeReason });
  if (!steps.some((s) => s.status === asn.status)) steps.push({ status: asn.status, at: unixSeconds(asn.updatedAt)!, note: null });
  return steps.sort((a, b) => a.at - b.at);
}

async function asnDetail(db: Db, whsId: string, asnNo: string, scope: DetailScope): Promise<AsnDetail> {
  const [row] = await db.select({ asn: asnOrders, supplierName: suppliers.supplierName, shift: inboundShifts, createdBy: users.email })
    .from(asnOrders)
    .leftJoin(suppliers, and(eq(suppliers.whsId, asnOrders.whsId), eq(suppliers.supplierId, asnOrders.supplierId)))
    .leftJoin(inboundShifts, and(eq(inboundShifts.whsId, asnOrders.whsId), eq(inboundShifts.shiftId, asnOrders.slotShiftId)))
    .leftJoin(users, eq(users.userId, asnOrders.createdBy))
    .where(and(eq(asnOrders.whsId, whsId), eq(asnOrders.asnNo, asnNo), scopeCondition[scope]))
    .limit(1);
  if (!row) throw notFound(`ASN ${asnNo}`);
  const { asn } = row;
  const [lines, tracking, exceptions] = await Promise.all([
    db.select({ line: asnLines, skuName: skus.skuName }).from(asnLines)
      .leftJoin(skus, and(eq(skus.whsId, asnLines.whsId), eq(skus.skuId, asnLines.skuId)))
      .where(and(eq(asnLines.whsId, whsId), eq(asnLines.asnNo, asnNo))).orderBy(asc(asnLines.lineNo)),
    db.select().from(inboundTrackingIds).where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.asnNo, asnNo)))
      .orderBy(asc(inboundTrackingIds.trackingId)),
    db.select().from(inboundExceptions).where(and(eq(inboundExceptions.whsId, whsId), eq(inboundExceptions.asnNo, asnNo)))
      .orderBy(desc(inboundExceptions.reportedAt), desc(inboundExceptions.exceptionNo)),
  ]);
  return {
    asn: {
      asn_no: asn.asnNo, group_no: asn.groupNo, status: asn.status, inbound_type: asn.inboundType, purchase_type: asn.purchaseType, source: asn.source,
      supplier_id: asn.supplierId, supplier_name: row.supplierName, po_no: asn.poNo, is_jit: asn.isJit ? 1 : 0,
      slot_date: asn.slotDate, shift_id: asn.slotShiftId, shift_name: row.shift?.shiftName ?? null,
      shift_start_time: row.shift?.startTime ?? null, shift_end_time: row.shift?.endTime ?? null,
      expected_arrival_at: unixSeconds(asn.expectedArrivalAt), arrival_timeliness: asn.arrivalTimeliness,
      expected_cartons: asn.expectedCartons, total_expected_qty: asn.totalExpectedQty, remark: asn.remark, close_reason: asn.closeReason,
      created_by: row.createdBy, created_at: unixSeconds(asn.createdAt)!, updated_at: unixSeconds(asn.updatedAt)!,
    },
    lines: lines.map(({ line, skuName }) => ({
      line_no: line.lineNo, sku_id: line.skuId, sku_name: skuName, expected_qty: line.expectedQty, batch_no: line.batchNo,
      production_date: line.productionDate, expiry_date: line.expiryDate, counted_qty: line.countedQty, qc_passed_qty: line.qcPassedQty,
      qc_failed_qty: line.qcFailedQty, received_qty: line.receivedQty, putaway_qty: line.putawayQty, vas_kind: line.vasKind,
    })),
    tracking_ids: tracking.map((t) => ({ tracking_id: t.trackingId, status: t.status, carton_qty: t.cartonQty, arrived_at: unixSeconds(t.arrivedAt) })),
    history: historyOf(asn),
    exceptions: exceptions.map((e) => ({
      exception_no: e.exceptionNo, exception_type: e.exceptionType, reason: e.reason, sku_id: e.skuId, tracking_id: e.trackingId, qty: e.qty,
      status: e.status, handling_decision: e.handlingDecision, reported_at: unixSeconds(e.reportedAt)!,
    })),
  };
}

export const asnHandlers: Handlers<typeof asnContract> = {
  async createAsn(input, { db, session }) {
    return db.transaction(async (tx) => {
      const whs = await slotWarehouse(tx, session.whsId, 'share');
      const { expectedAt } = await checkNewAsn(tx, whs, input);
      const totalQty = input.lines.reduce((n, l) => n + l.expected_qty, 0);
      await bookSlot(tx, whs, { date: input.slot_date, shiftId: input.shift_id, inboundType: input.inbound_type as InboundOrderType, qty: totalQty, cartons: input.expected_cartons });

      const { asnNo, groupNo } = await writeAsn(tx, {
        whsId: session.whsId, timeZone: whs.timeZone, groupNo: input.group_no, createdBy: session.userId,
        header: {
          inboundType: input.inbound_type, purchaseType: input.purchase_type, supplierId: input.supplier_id, poNo: input.po_no, isJit: input.is_jit === 1,
          slotDate: input.slot_date, slotShiftId: input.shift_id, expectedArrivalAt: new Date(expectedAt * 1000), expectedCartons: input.expected_cartons,
          remark: input.remark,
        },
        lines: input.lines.map((line) => ({
          skuId: line.sku_id, expectedQty: line.expected_qty, batchNo: line.batch_no ?? null, productionDate: line.production_date ?? null,
          expiryDate: line.expiry_date ?? null, vasKind: line.vas_kind ?? null,
        })),
        trackingIds: input.tracking_ids.map((t) => ({ trackingId: t.tracking_id, cartonQty: t.carton_qty })),
      });
      await refreshGroupStatus(tx, session.whsId, groupNo);
      return { asn_no: asnNo, group_no: groupNo, status: S.PENDING, slot_date: input.slot_date, shift_id: input.shift_id, expected_arrival_at: expectedAt };
    });
  },

  async getAsnFormOptions(_input, { db, session }) {
    const whs = await slotWarehouse(db, session.whsId);
    const [supplierRows, groups] = await Promise.all([
      db.select({ supplier_id: suppliers.supplierId, supplier_name: suppliers.supplierName }).from(suppliers)
        .where(and(eq(suppliers.whsId, session.whsId), eq(suppliers.status, ACTIVE_STATUS.values.ACTIVE))).orderBy(asc(suppliers.supplierId)),
      db.select({
        group_no: asnGroups.groupNo, status: asnGroups.status,
        asn_count: sql<number>`count(${asnOrders.asnNo})::int`, slot_date: sql<string | null>`min(${asnOrders.slotDate})::text`,
      }).from(asnGroups)
        .leftJoin(asnOrders, and(eq(asnOrders.whsId, asnGroups.whsId), eq(asnOrders.groupNo, asnGroups.groupNo), sql`${asnOrders.status} <> ${S.CANCELLED}`))
        .where(and(eq(asnGroups.whsId, session.whsId), inArray(asnGroups.status, [...JOINABLE_GROUP_STATUSES])))
        .groupBy(asnGroups.groupNo, asnGroups.status, asnGroups.createdAt)
        .orderBy(desc(asnGroups.createdAt)).limit(200),
    ]);
    return {
      suppliers: supplierRows,
      purchase_types: INBOUND_ORDER_TYPE.options.map((o) => ({ inbound_type: o.value, purchase_types: purchaseTypesFor(o.value, whs.isRms) })),
      groups,
      today: whs.today,
      last_booking_date: addDays(whs.today, MAX_BOOKING_DAYS_AHEAD),
    };
  },

  async searchAsnSku(input, { db, session }) {
    const keyword = input.keyword;
    const like = `%${escapeLike(keyword)}%`;
    const exact = sql<number>`case when ${skus.skuId} = ${keyword} or ${skus.barcode} = ${keyword} then 0 else 1 end`;
    const rows = await db.select({ sku_id: skus.skuId, sku_name: skus.skuName, barcode: skus.barcode, shelf_life_days: skus.shelfLifeDays }).from(skus)
      .where(and(eq(skus.whsId, session.whsId), or(eq(skus.skuId, keyword), eq(skus.barcode, keyword), ilike(skus.skuId, like), ilike(skus.skuName, like))))
      .orderBy(exact, asc(skus.skuId)).limit(20);
    return { list: rows };
  },

  async searchAsnDeliverySlot(input, { db, session }) {
    const whs = await slotWarehouse(db, session.whsId);
    const type = quotaTypeOf(whs.quotaMode, input.inbound_type as InboundOrderType);
    const plans = await slotPlans(db, session.whsId, { from: input.slot_date, to: input.slot_date, types: [type] });
    const inRange = input.slot_date >= whs.today && input.slot_date <= addDays(whs.today, MAX_BOOKING_DAYS_AHEAD);
    return {
      slot_date: input.slot_date,
      inbound_type: input.inbound_type,
      quota_mode: whs.quotaMode,
      list: plans.filter((p) => p.shift.status === ACTIVE_STATUS.values.ACTIVE).map((p) => ({
        shift_id: p.shift.shiftId, shift_name: p.shift.shiftName, start_time: p.shift.startTime, end_time: p.shift.endTime,
        quota_qty: p.quotaQty, used_qty: p.usedQty, quota_cartons: p.quotaCartons, used_cartons: p.usedCartons,
        enabled: p.enabled ? 1 : 0, is_default: p.isDefault ? 1 : 0, bookable: inRange && slotOpen(whs, p.planDate, p.shift) ? 1 : 0,
      })),
    };
  },

  getAsnDetail: (input, { db, session }) => asnDetail(db, session.whsId, input.asn_no, 'all'),
  getJitAsnDetail: (input, { db, session }) => asnDetail(db, session.whsId, input.asn_no, 'jit'),
  getReprocessOrderDetail: (input, { db, session }) => asnDetail(db, session.whsId, input.asn_no, 'reprocess'),
  getReturnAsnDetail: (input, { db, session }) => asnDetail(db, session.whsId, input.asn_no, 'return'),

  async cancelAsn(input, { db, session }) {
    return db.transaction(async (tx) => {
      const whs = await slotWarehouse(tx, session.whsId, 'share');
      const asn = await lockAsn(tx, session.whsId, input.asn_no);
      const moved = await moveAsn(tx, asn, S.CANCELLED, { closeReason: input.reason });
      await releaseSlot(tx, whs, asn);
      return { asn_no: moved.asnNo, status: moved.status };
    });
  },

  failAsn({ asn_no, reason }, { db, session }) {
    return db.transaction(async (tx) => {
      const failed = await closeAsn(tx, await lockAsn(tx, session.whsId, asn_no), S.FAILED, reason, session.userId);
      return { asn_no: failed.asnNo, status: failed.status };
    });
  },

  async markAsnInTransit(input, { db, session }) {
    return db.transaction(async (tx) => {
      const moved = await moveAsn(tx, await lockAsn(tx, session.whsId, input.asn_no), S.IN_TRANSIT);
      return { asn_no: moved.asnNo, status: moved.status };
    });
  },
};
