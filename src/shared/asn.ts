import { ARRIVAL_TIMELINESS, INBOUND_ORDER_TYPE, PURCHASE_TYPE, QUOTA_MODE, type CodeOf } from './codes';

/**
 * Rules of ASNs, their delivery slots and arrival (spec §2 /inbound/order, §3 inbound codes and
 * quota_mode, §4 quota mode), shared by the server and the ASN screens. DOM- and Node-free.
 */

export type InboundOrderType = CodeOf<typeof INBOUND_ORDER_TYPE>;
export type PurchaseType = CodeOf<typeof PURCHASE_TYPE>;
export type QuotaMode = CodeOf<typeof QUOTA_MODE>;
export type ArrivalTimeliness = CodeOf<typeof ARRIVAL_TIMELINESS>;

/**
 * Spec §3 "Inbound types selectable: {0,1,5} normally or {1,6,7,8,9} in the alternate case". The
 * alternate case is taken to be an RMS warehouse (spec §1 is_rms); codes the spec never names
 * (5–9) are left out, so a purchase ASN offers Outright and Consignment, or Consignment alone.
 */
export const SELECTABLE_PURCHASE_CODES = { normal: [0, 1, 5], alternate: [1, 6, 7, 8, 9] } as const;

const P = PURCHASE_TYPE.values;
const T = INBOUND_ORDER_TYPE.values;

/**
 * The purchase types a new ASN of an inbound order type may have: a purchase takes the selectable
 * codes above that are purchase types of a supplier's goods; a return is a return inbound, a
 * transfer a transfer inbound. FBS (2) ASNs come from the seller center only.
 */
export function purchaseTypesFor(inboundType: InboundOrderType, alternate: boolean): PurchaseType[] {
  if (inboundType === T.RETURN) return [P.RETURN_INBOUND];
  if (inboundType === T.TRANSFER_INBOUND) return [P.TRANSFER_INBOUND];
  const supplierGoods: readonly number[] = [P.OUTRIGHT, P.CONSIGNMENT];
  const selectable: readonly number[] = alternate ? SELECTABLE_PURCHASE_CODES.alternate : SELECTABLE_PURCHASE_CODES.normal;
  return selectable.filter((code): code is PurchaseType => supplierGoods.includes(code) && PURCHASE_TYPE.has(code));
}

/** Only purchase ASNs come from a supplier, who must then be named. */
export const needsSupplier = (inboundType: InboundOrderType): boolean => inboundType === T.PURCHASE;

/** The inbound type a quota plan or config row of an ASN is kept under: its own (separated mode) or 0 (integrated). */
export const quotaTypeOf = (mode: QuotaMode, inboundType: InboundOrderType): 0 | InboundOrderType =>
  (mode === QUOTA_MODE.values.INTEGRATED ? 0 : inboundType);

/** The inbound types a quota mode keeps plans and configs for. */
export const quotaTypesOf = (mode: QuotaMode): readonly (0 | InboundOrderType)[] =>
  (mode === QUOTA_MODE.values.INTEGRATED ? [0] : INBOUND_ORDER_TYPE.options.map((o) => o.value));

/**
 * A shift's part of a daily quota: the day's quota shared evenly by its active shifts (in start
 * order), the remainder going to the earliest ones, so the parts add up to the day's.
 */
export function shiftShare(dailyQuota: number, shiftCount: number, shiftIndex: number): number {
  if (shiftCount <= 0) return 0;
  const base = Math.floor(dailyQuota / shiftCount);
  return base + (shiftIndex < dailyQuota % shiftCount ? 1 : 0);
}

/** Lot numbers as printed on cartons: letters, digits and . _ / -, starting with a letter or digit. */
export const LOT_NO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;

/** Tracking ids of cartons and parcels: letters, digits and -, up to 64. */
export const TRACKING_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

/** `HH:MM` or `HH:MM:SS` of a day (00:00–23:59:59). */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A time of day as `HH:MM:SS` (the database's time columns answer so). */
export const fullTime = (time: string): string => (time.length === 5 ? `${time}:00` : time);

/** The wall-clock date and time of an instant in an IANA time zone, `YYYY-MM-DD HH:MM:SS`. */
export function wallClockIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** A booked delivery slot: a day of the warehouse and one of its receiving shifts. */
export interface DeliverySlot {
  date: string;
  startTime: string;
  endTime: string;
}

/**
 * Spec §3 arrival timeliness of goods arriving at `arrivedAt` (the warehouse's wall clock, see
 * wallClockIn) for `slot`: early before the shift starts, late after it ends, on time within it.
 */
export function arrivalTimelinessOf(arrivedAt: string, slot: DeliverySlot): ArrivalTimeliness {
  if (arrivedAt < `${slot.date} ${fullTime(slot.startTime)}`) return ARRIVAL_TIMELINESS.values.EARLY;
  if (arrivedAt > `${slot.date} ${fullTime(slot.endTime)}`) return ARRIVAL_TIMELINESS.values.LATE;
  return ARRIVAL_TIMELINESS.values.ON_TIME;
}

/** How many days ahead a delivery slot may be booked, and how long a range the quota lists cover at once. */
export const MAX_BOOKING_DAYS_AHEAD = 90;
export const MAX_QUOTA_RANGE_DAYS = 62;
/** Lines and cartons (tracking ids) an ASN may list. */
export const MAX_ASN_LINES = 200;
export const MAX_ASN_TRACKING_IDS = 500;
