import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ARRIVAL_TIMELINESS, ASN_SOURCE, INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_EXCEPTION_TYPE, INBOUND_ORDER_TYPE, INBOUND_STATUS,
  PURCHASE_TYPE, QUOTA_MODE, TRACKING_ID_STATUS,
} from '../../../shared/codes';
import type { InboundOrderType } from '../../../shared/asn';
import { addDays } from '../../../shared/expiry';
import type { Tx } from '../../db/client';
import {
  asnGroups, asnLines, asnOrders, asnQuotaConfigs, confValues, inboundExceptions, inboundShifts, inboundTrackingIds, suppliers, warehouses,
} from '../../db/schema';
import { FEATURE_FLAGS } from '../../../shared/permissions';
import { demoSkuId } from '../basic/sku.seed';
import { bookSlot, slotWarehouse } from './asn-quota';
import { refreshGroupStatus } from './asn-status';

const S = INBOUND_STATUS.values;
const T = INBOUND_ORDER_TYPE.values;
const P = PURCHASE_TYPE.values;
const B = TRACKING_ID_STATUS.values;

/** Receiving shifts of every demo warehouse: the delivery slots of each day. */
export const DEMO_SHIFTS = [
  { shiftName: 'Morning', startTime: '08:00', endTime: '12:00' },
  { shiftName: 'Afternoon', startTime: '13:00', endTime: '17:00' },
  { shiftName: 'Evening', startTime: '18:00', endTime: '22:00' },
] as const;

/** Daily defaults: per inbound order type (separated mode) and for all together (integrated mode, kept for a switch). */
const DEMO_DAILY_QUOTAS = [
  { inboundType: T.PURCHASE, dailyQuotaQty: 20_000, dailyQuotaCartons: 600 },
  { inboundType: T.RETURN, dailyQuotaQty: 3_000, dailyQuotaCartons: 150 },
  { inboundType: T.TRANSFER_INBOUND, dailyQuotaQty: 8_000, dailyQuotaCartons: 300 },
  { inboundType: 0, dailyQuotaQty: 31_000, dailyQuotaCartons: 1_050 },
] as const;

/** A demo warehouse keeps its quotas integrated (spec §3 quota_mode 1); the others separated. */
const INTEGRATED_DEMO_WAREHOUSE = 'THBKK1';
/** A demo warehouse whose arrival scans every box (is_scan_mtb): its MT arriving menu says Arriving & Pre-QC. */
const SCAN_MTB_DEMO_WAREHOUSE = 'SGSIN1';

/** A demo ASN's number: fixed, so the demo and the tests can name them (`ASNSGDEMO01`). */
export const demoAsnNo = (whsId: string, n: number) => `ASN${whsId.slice(0, 2)}DEMO${String(n).padStart(2, '0')}`;

interface DemoAsn {
  n: number;
  status: number;
  inboundType: InboundOrderType;
  purchaseType: number;
  /** Days after the warehouse's today of the booked slot, and which shift. */
  day: number;
  shift: number;
  /** Demo SKU numbers and expected quantities of its lines. */
  lines: readonly (readonly [number, number])[];
  boxes: number;
  jit?: boolean;
  /** The ASN (by n) whose group it joins. */
  joins?: number;
  /** Boxes checked at arrival so far (an arriving ASN); an arrived one has all but `missing`. */
  checked?: number;
  missing?: number;
  /** Minutes after its slot began that it arrived (negative: early). */
  arrivedAfter?: number;
}

const DEMO_ASNS: readonly DemoAsn[] = [
  { n: 1, status: S.PENDING, inboundType: T.PURCHASE, purchaseType: P.OUTRIGHT, day: 1, shift: 0, lines: [[1, 120], [2, 60], [3, 240]], boxes: 3 },
  { n: 2, status: S.PENDING, inboundType: T.PURCHASE, purchaseType: P.CONSIGNMENT, day: 1, shift: 1, lines: [[4, 48], [5, 96]], boxes: 2, jit: true },
  { n: 3, status: S.PENDING, inboundType: T.RETURN, purchaseType: P.RETURN_INBOUND, day: 2, shift: 2, lines: [[6, 5], [7, 3]], boxes: 1 },
  { n: 4, status: S.PENDING, inboundType: T.PURCHASE, purchaseType: P.OUTRIGHT, day: 2, shift: 0, lines: [[8, 200], [9, 150]], boxes: 2 },
  { n: 5, status: S.PENDING, inboundType: T.PURCHASE, purchaseType: P.OUTRIGHT, day: 2, shift: 0, lines: [[10, 80]], boxes: 2, joins: 4 },
  { n: 6, status: S.IN_TRANSIT, inboundType: T.PURCHASE, purchaseType: P.CONSIGNMENT, day: 0, shift: 2, lines: [[11, 36], [12, 72]], boxes: 2, jit: true },
  { n: 7, status: S.IN_TRANSIT, inboundType: T.TRANSFER_INBOUND, purchaseType: P.TRANSFER_INBOUND, day: 1, shift: 2, lines: [[13, 300], [14, 300]], boxes: 4 },
  { n: 8, status: S.ARRIVING, inboundType: T.PURCHASE, purchaseType: P.OUTRIGHT, day: 0, shift: 0, lines: [[15, 90], [16, 45], [17, 30]], boxes: 3, checked: 1 },
  { n: 9, status: S.ARRIVED, inboundType: T.PURCHASE, purchaseType: P.OUTRIGHT, day: -1, shift: 1, lines: [[18, 100], [19, 50]], boxes: 2, arrivedAfter: 25 },
  { n: 10, status: S.ARRIVED, inboundType: T.PURCHASE, purchaseType: P.CONSIGNMENT, day: -1, shift: 0, lines: [[20, 64], [21, 32]], boxes: 3, missing: 1, arrivedAfter: 290 },
];

/**
 * ASN demo data of each demo warehouse: receiving shifts, daily quotas, the scan-MTB setting of
 * one warehouse, and ASNs pending, in transit, arriving and arrived (one group of two, JIT ones,
 * a return and a transfer, one arrived with a box missing and its shortage exception open — a
 * reprocess order), each with lines over the demo SKUs and boxes (tracking ids), their slots
 * booked through the same quota rules as new ones.
 */
export async function seedDemoInbound(tx: Tx, warehouseRows: readonly { whsId: string; timeRegion: string | null }[]): Promise<void> {
  await tx.insert(confValues).values({ whsId: SCAN_MTB_DEMO_WAREHOUSE, confKey: FEATURE_FLAGS.scanMtb.confKey, confValue: '1' });
  await tx.update(warehouses).set({ quotaMode: QUOTA_MODE.values.INTEGRATED }).where(eq(warehouses.whsId, INTEGRATED_DEMO_WAREHOUSE));
  for (const { whsId } of warehouseRows) {
    const shifts = await tx.insert(inboundShifts).values(DEMO_SHIFTS.map((s) => ({ whsId, ...s }))).returning();
    await tx.insert(asnQuotaConfigs).values(DEMO_DAILY_QUOTAS.map((q) => ({ whsId, ...q })));
    const whs = await slotWarehouse(tx, whsId);
    const supplierIds = (await tx.select({ id: suppliers.supplierId }).from(suppliers)
      .where(and(eq(suppliers.whsId, whsId), eq(suppliers.status, 1))).orderBy(asc(suppliers.supplierId))).map((r) => r.id);
    const atSlot = (date: string, time: string, minutes: number) =>
      sql`(((${date}::date + ${time}::time) at time zone ${whs.timeZone}) + make_interval(mins => ${minutes}))`;

    for (const [i, asn] of DEMO_ASNS.entries()) {
      const asnNo = demoAsnNo(whsId, asn.n);
      const groupNo = asn.joins ? demoAsnNo(whsId, asn.joins) : asnNo;
      const shift = shifts[asn.shift]!;
      const date = addDays(whs.today, asn.day);
      const boxes = Array.from({ length: asn.boxes }, (_, k) => `TRK${whsId.slice(0, 2)}${String(asn.n).padStart(2, '0')}${k + 1}`);
      const totalQty = asn.lines.reduce((n, [, qty]) => n + qty, 0);
      await bookSlot(tx, whs, { date, shiftId: shift.shiftId, inboundType: asn.inboundType, qty: totalQty, cartons: asn.boxes });
      if (!asn.joins) await tx.insert(asnGroups).values({ whsId, groupNo });
      const arrived = asn.status === S.ARRIVED;
      await tx.insert(asnOrders).values({
        whsId, asnNo, groupNo, inboundType: asn.inboundType, purchaseType: asn.purchaseType, source: ASN_SOURCE.values.WMS,
        supplierId: asn.inboundType === T.PURCHASE ? supplierIds[i % supplierIds.length]! : null,
        poNo: asn.inboundType === T.PURCHASE ? `PO${whsId.slice(0, 2)}${String(7000 + asn.n)}` : null,
        status: asn.status, isJit: asn.jit === true, slotDate: date, slotShiftId: shift.shiftId,
        expectedArrivalAt: atSlot(date, shift.startTime, 0) as unknown as Date,
        arrivalTimeliness: arrived ? ((asn.arrivedAfter ?? 0) > 240 ? ARRIVAL_TIMELINESS.values.LATE : ARRIVAL_TIMELINESS.values.ON_TIME) : ARRIVAL_TIMELINESS.values.UNARRIVED,
        expectedCartons: asn.boxes, totalExpectedQty: totalQty,
        arrivedAt: arrived ? atSlot(date, shift.startTime, asn.arrivedAfter ?? 0) as unknown as Date : null,
        createdAt: sql`now() - make_interval(days => ${3 - Math.min(asn.day, 2)})` as unknown as Date,
      });
      await tx.insert(asnLines).values(asn.lines.map(([sku, qty], l) => ({ whsId, asnNo, lineNo: l + 1, skuId: demoSkuId(whsId, sku), expectedQty: qty })));
      const checked = arrived ? asn.boxes - (asn.missing ?? 0) : (asn.checked ?? 0);
      await tx.insert(inboundTrackingIds).values(boxes.map((trackingId, k) => {
        const isChecked = k < checked;
        const isMissing = arrived && !isChecked;
        return {
          whsId, trackingId, asnNo, groupNo, cartonQty: 1,
          status: isChecked ? B.ARRIVED : isMissing ? B.EXCEPTION : B.EXPECTED,
          arrivedAt: isChecked ? (arrived ? atSlot(date, shift.startTime, asn.arrivedAfter ?? 0) : sql`now()`) as unknown as Date : null,
        };
      }));
      for (const trackingId of boxes.slice(checked)) {
        if (!arrived) break;
        await tx.insert(inboundExceptions).values({
          whsId, exceptionNo: `IEX${whsId.slice(0, 2)}DEMO${String(asn.n).padStart(2, '0')}`, asnNo, groupNo, trackingId,
          source: INBOUND_EXCEPTION_SOURCE.values.ARRIVAL, exceptionType: INBOUND_EXCEPTION_TYPE.values.SHORTAGE,
          reason: INBOUND_EXCEPTION_REASON.values.OTHER_ISSUES, qty: 1, remark: `Box ${trackingId} did not arrive, 1 carton(s).`,
        });
      }
    }
    for (const asn of DEMO_ASNS.filter((a) => !a.joins)) await refreshGroupStatus(tx, whsId, demoAsnNo(whsId, asn.n));
  }
}
