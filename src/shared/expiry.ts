import { EXPIRY_STATE, type CodeOf } from './codes';

export type ExpiryState = CodeOf<typeof EXPIRY_STATE>;

/**
 * A batch is expiring when a third of its shelf life or less remains (the retail "1/3 rule":
 * stores refuse goods past it), or when at most this many days remain if its shelf life is unknown.
 */
export const EXPIRING_SHARE_OF_SHELF_LIFE = 1 / 3;
export const EXPIRING_DAYS_WITHOUT_SHELF_LIFE = 30;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` calendar date; null when it is not a real date. */
export function dayNumber(isoDate: string): number | null {
  const m = ISO_DATE.exec(isoDate);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / 86_400_000;
}

/** Whether the text is a real `YYYY-MM-DD` calendar date. */
export const isIsoDate = (text: string): boolean => dayNumber(text) !== null;

/** The calendar date `days` after (or before, when negative) a `YYYY-MM-DD` date. */
export function addDays(isoDate: string, days: number): string {
  const start = dayNumber(isoDate);
  if (start === null) throw new RangeError(`not a date: ${isoDate}`);
  return new Date((start + days) * 86_400_000).toISOString().slice(0, 10);
}

/** Today's calendar date (`YYYY-MM-DD`) in an IANA time zone: "today" for a warehouse is its own. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export interface BatchDates {
  /** Last day of use, `YYYY-MM-DD`; null for goods that do not expire. */
  expiryDate: string | null;
  productionDate?: string | null;
  /** The SKU's shelf life in days, when it has one. */
  shelfLifeDays?: number | null;
}

/** The shelf life that sets the expiring threshold: the SKU's, else the batch's own production-to-expiry span. */
function shelfLifeOf(batch: BatchDates, expiry: number): number | null {
  if (batch.shelfLifeDays && batch.shelfLifeDays > 0) return batch.shelfLifeDays;
  const production = batch.productionDate ? dayNumber(batch.productionDate) : null;
  return production !== null && expiry > production ? expiry - production : null;
}

/**
 * Expiry state of a batch on `today` (the warehouse's date, see `todayIn`): expired from its
 * expiry date on (goods shipped that day reach the buyer expired), expiring when the days left
 * are within the threshold above, normal otherwise and for goods without an expiry date.
 */
export function expiryState(batch: BatchDates, today: string): ExpiryState {
  if (!batch.expiryDate) return EXPIRY_STATE.values.NORMAL;
  const expiry = dayNumber(batch.expiryDate);
  const now = dayNumber(today);
  if (expiry === null) throw new RangeError(`not a date: ${batch.expiryDate}`);
  if (now === null) throw new RangeError(`not a date: ${today}`);
  const daysLeft = expiry - now;
  if (daysLeft <= 0) return EXPIRY_STATE.values.EXPIRED;
  const shelfLife = shelfLifeOf(batch, expiry);
  const threshold = shelfLife === null ? EXPIRING_DAYS_WITHOUT_SHELF_LIFE : Math.ceil(shelfLife * EXPIRING_SHARE_OF_SHELF_LIFE);
  return daysLeft <= threshold ? EXPIRY_STATE.values.EXPIRING : EXPIRY_STATE.values.NORMAL;
}
