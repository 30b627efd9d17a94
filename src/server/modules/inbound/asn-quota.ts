import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  quotaTypeOf, quotaTypesOf, shiftShare, wallClockIn, type InboundOrderType, type QuotaMode,
} from '../../../shared/asn';
import { ACTIVE_STATUS, INBOUND_STATUS, QUOTA_MODE } from '../../../shared/codes';
import { addDays, todayIn } from '../../../shared/expiry';
import { RET } from '../../../shared/retcodes';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import type { Db } from '../../db/client';
import { asnOrders, asnQuotaConfigs, asnQuotaPlans, inboundShifts, warehouses } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';

/**
 * Delivery slots and their ASN quota (spec §7 ASN quota calls, §3/§4 quota_mode): a slot is a day
 * of the warehouse × one of its receiving shifts. A slot's plan (asn_quota_plans) says what it
 * takes per inbound type — the ASN's own in separated mode, 0 for all in integrated mode — and
 * what booked ASNs use. A slot nobody planned takes its shift's share of the daily default
 * (asn_quota_configs); the plan row is made from it when first booked or changed ("materialised",
 * updated_by null until a person sets it). A plan that is not enabled counts but never refuses.
 */

/** A warehouse as the slot rules need it. */
export interface SlotWarehouse {
  whsId: string;
  timeZone: string;
  quotaMode: QuotaMode;
  isRms: boolean;
  /** The warehouse's date and wall clock now (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS`). */
  today: string;
  now: string;
}

/**
 * The warehouse, its row locked for the caller's transaction: FOR SHARE by bookings and plan
 * changes (they run side by side), FOR UPDATE by the mode switch (it waits for them, and they for it).
 */
export async function slotWarehouse(tx: Db, whsId: string, lock: 'share' | 'update' | null = null): Promise<SlotWarehouse> {
  const query = tx.select({ timeRegion: warehouses.timeRegion, quotaMode: warehouses.quotaMode, isRms: warehouses.isRms })
    .from(warehouses).where(eq(warehouses.whsId, whsId)).limit(1);
  const [row] = lock === 'share' ? await query.for('share') : lock === 'update' ? await query.for('update') : await query;
  if (!row) throw notFound(`Warehouse ${whsId}`);
  const timeZone = timeRegionOrDefault(row.timeRegion);
  const at = new Date();
  return { whsId, timeZone, quotaMode: row.quotaMode as QuotaMode, isRms: row.isRms === true, today: todayIn(timeZone, at), now: wallClockIn(timeZone, at) };
}

export type Shift = typeof inboundShifts.$inferSelect;

/** The warehouse's active receiving shifts in the order of the day (each day's delivery slots). */
export async function activeShifts(db: Db, whsId: string): Promise<Shift[]> {
  return db.select().from(inboundShifts)
    .where(and(eq(inboundShifts.whsId, whsId), eq(inboundShifts.status, ACTIVE_STATUS.values.ACTIVE)))
    .orderBy(asc(inboundShifts.startTime), asc(inboundShifts.shiftId));
}

/** One active shift of the warehouse, or -100400 naming `field`. */
export async function activeShift(db: Db, whsId: string, shiftId: number, field = 'shift_id'): Promise<{ shift: Shift; index: number; count: number }> {
  const shifts = await activeShifts(db, whsId);
  const index = shifts.findIndex((s) => s.shiftId === shiftId);
  if (index < 0) throw badInput(field, `There is no active receiving shift ${shiftId} in this warehouse.`);
  return { shift: shifts[index]!, index, count: shifts.length };
}

/** The daily default of each inbound type of `types` that has one. */
export async function dailyDefaults(db: Db, whsId: string, types: readonly number[]): Promise<Map<number, typeof asnQuotaConfigs.$inferSelect>> {
  if (types.length === 0) return new Map();
  const rows = await db.select().from(asnQuotaConfigs).where(and(eq(asnQuotaConfigs.whsId, whsId), inArray(asnQuotaConfigs.inboundType, [...types])));
  return new Map(rows.map((r) => [r.inboundType, r]));
}

/** What a slot takes when nobody planned it: the shift's share of the daily default; without a default, anything (not enforced). */
export function defaultQuota(config: { dailyQuotaQty: number; dailyQuotaCartons: number } | undefined, shiftCount: number, shiftIndex: number) {
  if (!config) return { quotaQty: 0, quotaCartons: 0, enabled: false };
  return {
    quotaQty: shiftShare(config.dailyQuotaQty, shiftCount, shiftIndex),
    quotaCartons: shiftShare(config.dailyQuotaCartons, shiftCount, shiftIndex),
    enabled: true,
  };
}

export interface SlotKey {
  date: string;
  shiftId: number;
  /** The plan's inbound type (quotaTypeOf: 0 in integrated mode). */
  type: number;
}

/**
 * Makes the plan rows of slots nobody planned yet, from the daily defaults (ON CONFLICT DO
 * NOTHING: a row made meanwhile by another transaction is kept). Shifts must be active.
 */
export async function materialisePlans(tx: Db, whsId: string, keys: readonly SlotKey[]): Promise<void> {
  if (keys.length === 0) return;
  const shifts = await activeShifts(tx, whsId);
  const defaults = await dailyDefaults(tx, whsId, [...new Set(keys.map((k) => k.type))]);
  const rows = keys.map((key) => {
    const index = shifts.findIndex((s) => s.shiftId === key.shiftId);
    return { whsId, planDate: key.date, shiftId: key.shiftId, inboundType: key.type, ...defaultQuota(defaults.get(key.type), shifts.length, Math.max(index, 0)) };
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(asnQuotaPlans).values(rows.slice(i, i + 500)).onConflictDoNothing();
}

const planKey = (whsId: string, key: SlotKey) => and(
  eq(asnQuotaPlans.whsId, whsId), eq(asnQuotaPlans.planDate, key.date), eq(asnQuotaPlans.shiftId, key.shiftId), eq(asnQuotaPlans.inboundType, key.type),
);

export interface Booking {
  date: string;
  shiftId: number;
  inboundType: InboundOrderType;
  qty: number;
  cartons: number;
}

/**
 * Books units and cartons in a slot: one guarded UPDATE that adds them only while they fit an
 * enforced quota, so concurrent bookings never overbook (a waiting one re-checks the row it
 * waited for). -287001 with the slot's figures when they do not fit. Run in the caller's transaction.
 */
export async function bookSlot(tx: Db, whs: SlotWarehouse, booking: Booking): Promise<void> {
  const key = { date: booking.date, shiftId: booking.shiftId, type: quotaTypeOf(whs.quotaMode, booking.inboundType) };
  await materialisePlans(tx, whs.whsId, [key]);
  const [booked] = await tx.update(asnQuotaPlans)
    .set({ usedQty: sql`${asnQuotaPlans.usedQty} + ${booking.qty}`, usedCartons: sql`${asnQuotaPlans.usedCartons} + ${booking.cartons}` })
    .where(and(planKey(whs.whsId, key), or(
      eq(asnQuotaPlans.enabled, false),
      and(sql`${asnQuotaPlans.usedQty} + ${booking.qty} <= ${asnQuotaPlans.quotaQty}`, sql`${asnQuotaPlans.usedCartons} + ${booking.cartons} <= ${asnQuotaPlans.quotaCartons}`),
    )))
    .returning({ shiftId: asnQuotaPlans.shiftId });
  if (booked) return;
  const [plan] = await tx.select().from(asnQuotaPlans).where(planKey(whs.whsId, key)).limit(1);
  const left = (quota: number, used: number) => Math.max(0, quota - used);
  throw new ApiError(
    RET.ASN_QUOTA_FULL,
    `The delivery slot ${booking.date} (shift ${booking.shiftId}) is full: it can take ${left(plan!.quotaQty, plan!.usedQty)} more units and `
      + `${left(plan!.quotaCartons, plan!.usedCartons)} more cartons, the ASN brings ${booking.qty} units in ${booking.cartons} cartons. Choose another slot.`,
    {
      slot_date: booking.date, shift_id: booking.shiftId, inbound_type: key.type,
      quota_qty: plan!.quotaQty, used_qty: plan!.usedQty, wanted_qty: booking.qty,
      quota_cartons: plan!.quotaCartons, used_cartons: plan!.usedCartons, wanted_cartons: booking.cartons,
    },
  );
}

/** Gives a cancelled ASN's units and cartons back to its slot (under the warehouse's current mode: a switch re-counted the slots). */
export async function releaseSlot(tx: Db, whs: SlotWarehouse, asn: { slotDate: string | null; slotShiftId: number | null; inboundType: number; totalExpectedQty: number; expectedCartons: number }): Promise<void> {
  if (asn.slotDate === null || asn.slotShiftId === null) return;
  const key = { date: asn.slotDate, shiftId: asn.slotShiftId, type: quotaTypeOf(whs.quotaMode, asn.inboundType as InboundOrderType) };
  await tx.update(asnQuotaPlans).set({
    usedQty: sql`greatest(${asnQuotaPlans.usedQty} - ${asn.totalExpectedQty}, 0)`,
    usedCartons: sql`greatest(${asnQuotaPlans.usedCartons} - ${asn.expectedCartons}, 0)`,
  }).where(planKey(whs.whsId, key));
}

/** A slot's plan as the lists show it: saved, or the default a slot nobody planned has. */
export interface SlotPlan {
  planDate: string;
  shift: Shift;
  inboundType: number;
  quotaQty: number;
  quotaCartons: number;
  usedQty: number;
  usedCartons: number;
  enabled: boolean;
  /** Nobody set it: it follows the daily default. */
  isDefault: boolean;
  updatedAt: Date | null;
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The slots of a date range for some inbound types: each active shift's (optionally one), from
 * its plan or, without one, the default; plans kept for shifts since made inactive come too.
 * In date, shift and type order.
 */
export async function slotPlans(db: Db, whsId: string, opts: { from: string; to: string; types: readonly number[]; shiftId?: number | undefined }): Promise<SlotPlan[]> {
  const shifts = await activeShifts(db, whsId);
  const stored = await db.select({ plan: asnQuotaPlans, shift: inboundShifts }).from(asnQuotaPlans)
    .innerJoin(inboundShifts, and(eq(inboundShifts.whsId, asnQuotaPlans.whsId), eq(inboundShifts.shiftId, asnQuotaPlans.shiftId)))
    .where(and(
      eq(asnQuotaPlans.whsId, whsId), gte(asnQuotaPlans.planDate, opts.from), lte(asnQuotaPlans.planDate, opts.to),
      inArray(asnQuotaPlans.inboundType, [...opts.types]),
      ...(opts.shiftId !== undefined ? [eq(asnQuotaPlans.shiftId, opts.shiftId)] : []),
    ));
  const byKey = new Map(stored.map((r) => [`${r.plan.planDate}|${r.plan.shiftId}|${r.plan.inboundType}`, r]));
  const defaults = await dailyDefaults(db, whsId, opts.types);
  const shown = shifts.filter((s) => opts.shiftId === undefined || s.shiftId === opts.shiftId);
  const inactive = [...new Map(stored.filter((r) => !shifts.some((s) => s.shiftId === r.shift.shiftId)).map((r) => [r.shift.shiftId, r.shift])).values()];
  const out: SlotPlan[] = [];
  for (const date of daysOf(opts.from, opts.to)) {
    for (const shift of [...shown, ...inactive]) {
      for (const type of opts.types) {
        const saved = byKey.get(`${date}|${shift.shiftId}|${type}`)?.plan;
        if (saved) {
          out.push({
            planDate: date, shift, inboundType: type, quotaQty: saved.quotaQty, quotaCartons: saved.quotaCartons, usedQty: saved.usedQty,
            usedCartons: saved.usedCartons, enabled: saved.enabled, isDefault: saved.updatedBy === null, updatedAt: saved.updatedBy === null ? null : saved.updatedAt,
          });
        } else if (shifts.includes(shift)) {
          const quota = defaultQuota(defaults.get(type), shifts.length, shifts.indexOf(shift));
          out.push({ planDate: date, shift, inboundType: type, ...quota, usedQty: 0, usedCartons: 0, isDefault: true, updatedAt: null });
        }
      }
    }
  }
  return out;
}

/** Whether a slot can still be booked or planned: its day is not over, and today its shift has not ended. */
export const slotOpen = (whs: SlotWarehouse, date: string, shift: Pick<Shift, 'endTime'>): boolean =>
  date > whs.today || (date === whs.today && whs.now < `${date} ${shift.endTime}`);

/**
 * Refuses a plan change for a day gone by (-100400 on `field`): what was booked then is history.
 */
export function assertPlannable(whs: SlotWarehouse, date: string, field: string): void {
  if (date < whs.today) throw badInput(field, `${date} is over: only today's and later slots can be planned (today is ${whs.today}).`);
}

/** Refuses an inbound type the warehouse's quota mode does not keep plans for (-100400 on `field`). */
export function assertModeType(whs: SlotWarehouse, type: number, field: string): void {
  const types = quotaTypesOf(whs.quotaMode);
  if (!types.includes(type as 0)) {
    const mode = whs.quotaMode === QUOTA_MODE.values.INTEGRATED ? 'integrated' : 'separated';
    throw badInput(field, `In ${mode} quota mode the inbound type is one of ${types.join(', ')}.`);
  }
}

/** The booked units and cartons of each slot × quota type of `mode`, from `from` on (cancelled ASNs hold nothing). */
export async function bookingsFrom(tx: Db, whsId: string, mode: QuotaMode, from: string): Promise<(SlotKey & { qty: number; cartons: number })[]> {
  const rows = await tx.select({
    date: sql<string>`${asnOrders.slotDate}`,
    shiftId: sql<number>`${asnOrders.slotShiftId}`,
    inboundType: asnOrders.inboundType,
    qty: sql<number>`sum(${asnOrders.totalExpectedQty})::int`,
    cartons: sql<number>`sum(${asnOrders.expectedCartons})::int`,
  }).from(asnOrders)
    .where(and(eq(asnOrders.whsId, whsId), gte(asnOrders.slotDate, from), ne(asnOrders.status, INBOUND_STATUS.values.CANCELLED)))
    .groupBy(asnOrders.slotDate, asnOrders.slotShiftId, asnOrders.inboundType);
  const slots = new Map<string, SlotKey & { qty: number; cartons: number }>();
  for (const r of rows) {
    const type = quotaTypeOf(mode, r.inboundType as InboundOrderType);
    const key = `${r.date}|${r.shiftId}|${type}`;
    const slot = slots.get(key) ?? { date: r.date, shiftId: Number(r.shiftId), type, qty: 0, cartons: 0 };
    slot.qty += Number(r.qty);
    slot.cartons += Number(r.cartons);
    slots.set(key, slot);
  }
  return [...slots.values()];
}

/**
 * Switches the quota mode (spec §4) in the caller's transaction, the warehouse locked FOR UPDATE:
 * plans from today on are converted — to integrated, each slot's type plans become one with
 * their quotas added up; to separated, the slots start from the separated defaults — and every
 * such slot's use is counted again from the ASNs booked in it. A default missing in the new mode
 * is made from the other's (integrated = the sum of the separated ones). Then quota_mode flips.
 */
export async function switchQuotaMode(tx: Db, whs: SlotWarehouse, to: QuotaMode, userId: number): Promise<void> {
  const integrated = to === QUOTA_MODE.values.INTEGRATED;
  const oldTypes = quotaTypesOf(whs.quotaMode);
  const newTypes = quotaTypesOf(to);
  const future = and(eq(asnQuotaPlans.whsId, whs.whsId), gte(asnQuotaPlans.planDate, whs.today));
  const oldPlans = and(future, inArray(asnQuotaPlans.inboundType, [...oldTypes]));
  if (integrated) {
    // A slot's types nobody planned take their default share: merged, the slot keeps what its parts took.
    const slots = await tx.selectDistinct({ date: asnQuotaPlans.planDate, shiftId: asnQuotaPlans.shiftId }).from(asnQuotaPlans).where(oldPlans);
    await materialisePlans(tx, whs.whsId, slots.flatMap((slot) => oldTypes.map((type) => ({ ...slot, type }))));
  }
  const old = await tx.delete(asnQuotaPlans).where(oldPlans).returning();

  if (integrated) {
    const merged = new Map<string, typeof asnQuotaPlans.$inferInsert>();
    for (const p of old) {
      const key = `${p.planDate}|${p.shiftId}`;
      const m = merged.get(key) ?? { whsId: whs.whsId, planDate: p.planDate, shiftId: p.shiftId, inboundType: 0, quotaQty: 0, quotaCartons: 0, enabled: false, updatedBy: null };
      m.quotaQty! += p.quotaQty;
      m.quotaCartons! += p.quotaCartons;
      m.enabled = m.enabled || p.enabled;
      if (p.updatedBy !== null) m.updatedBy = userId;
      merged.set(key, m);
    }
    const rows = [...merged.values()].map((m) => ({ ...m, quotaQty: Math.min(m.quotaQty!, 99_999), quotaCartons: Math.min(m.quotaCartons!, 99_999) }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(asnQuotaPlans).values(rows.slice(i, i + 500)).onConflictDoNothing();
  }

  const defaults = await dailyDefaults(tx, whs.whsId, [0, 1, 2, 3]);
  if (integrated && !defaults.has(0)) {
    const separated = oldTypes.map((t) => defaults.get(t)).filter((c) => c !== undefined);
    if (separated.length > 0) {
      await tx.insert(asnQuotaConfigs).values({
        whsId: whs.whsId, inboundType: 0, updatedBy: userId,
        dailyQuotaQty: Math.min(99_999, separated.reduce((n, c) => n + c.dailyQuotaQty, 0)),
        dailyQuotaCartons: Math.min(99_999, separated.reduce((n, c) => n + c.dailyQuotaCartons, 0)),
      });
    }
  }

  await tx.update(warehouses).set({ quotaMode: to }).where(eq(warehouses.whsId, whs.whsId));
  const booked = await bookingsFrom(tx, whs.whsId, to, whs.today);
  // Every booked slot needs its plan, a shift made inactive since included (its share then is the first shift's).
  await materialisePlans(tx, whs.whsId, booked.map((b) => ({ date: b.date, shiftId: b.shiftId, type: b.type })));
  await tx.update(asnQuotaPlans).set({ usedQty: 0, usedCartons: 0 }).where(and(future, inArray(asnQuotaPlans.inboundType, [...newTypes])));
  for (const b of booked) {
    await tx.update(asnQuotaPlans).set({ usedQty: b.qty, usedCartons: b.cartons }).where(planKey(whs.whsId, { date: b.date, shiftId: b.shiftId, type: b.type }));
  }
}

/** Slots whose plan nobody set follow a changed daily default from today on (plans set by a person keep theirs). */
export async function followDefaults(tx: Db, whs: SlotWarehouse, types: readonly number[]): Promise<void> {
  const shifts = await activeShifts(tx, whs.whsId);
  const defaults = await dailyDefaults(tx, whs.whsId, types);
  for (const type of types) {
    for (const [index, shift] of shifts.entries()) {
      const quota = defaultQuota(defaults.get(type), shifts.length, index);
      await tx.update(asnQuotaPlans).set(quota).where(and(
        eq(asnQuotaPlans.whsId, whs.whsId), gte(asnQuotaPlans.planDate, whs.today), eq(asnQuotaPlans.shiftId, shift.shiftId),
        eq(asnQuotaPlans.inboundType, type), isNull(asnQuotaPlans.updatedBy),
      ));
    }
  }
}
