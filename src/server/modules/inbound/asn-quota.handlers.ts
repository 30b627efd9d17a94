import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { quotaTypesOf, MAX_QUOTA_RANGE_DAYS, type QuotaMode } from '../../../shared/asn';
import type { asnQuotaContract, QuotaPlanRow } from '../../../shared/contract/asn-quota.contract';
import { INBOUND_STATUS } from '../../../shared/codes';
import { addDays, dayNumber } from '../../../shared/expiry';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { asnOrders, asnQuotaConfigs, asnQuotaPlans } from '../../db/schema';
import { ApiError, badInput } from '../../http/errors';
import type { Handlers } from '../../http/register';
import {
  activeShifts, assertModeType, assertPlannable, bookingsFrom, daysOf, followDefaults, materialisePlans, slotPlans, slotWarehouse, switchQuotaMode,
  type SlotKey, type SlotPlan, type SlotWarehouse,
} from './asn-quota';
import { unixSeconds } from '../../common/time';

const flag = (on: boolean) => (on ? 1 : 0) as 0 | 1;

/** A date range of the request, defaulting to today and the `defaultDays` after it; at most `maxDays` long, from ≤ to. */
function rangeOf(whs: SlotWarehouse, input: { date_from?: string | undefined; date_to?: string | undefined }, defaultDays: number, maxDays: number) {
  const from = input.date_from ?? whs.today;
  const to = input.date_to ?? addDays(from, defaultDays);
  if (to < from) throw badInput('date_to', 'is before date_from');
  const span = dayNumber(to)! - dayNumber(from)! + 1;
  if (span > maxDays) throw badInput('date_to', `a range covers at most ${maxDays} days`);
  return { from, to };
}

export const planRowOf = (p: SlotPlan): QuotaPlanRow => ({
  plan_date: p.planDate, shift_id: p.shift.shiftId, shift_name: p.shift.shiftName, start_time: p.shift.startTime, end_time: p.shift.endTime,
  inbound_type: p.inboundType, quota_qty: p.quotaQty, quota_cartons: p.quotaCartons, used_qty: p.usedQty, used_cartons: p.usedCartons,
  enabled: flag(p.enabled), is_default: flag(p.isDefault), updated_at: unixSeconds(p.updatedAt),
});

/**
 * Sets the quota of slots (materialised first), set by the user; all or nothing: -287002 naming
 * the first slot already booked beyond the new quota.
 */
async function setQuota(tx: Db, whs: SlotWarehouse, keys: readonly SlotKey[], quotaQty: number, quotaCartons: number, userId: number): Promise<number> {
  await materialisePlans(tx, whs.whsId, keys);
  let updated = 0;
  for (const key of keys) {
    const [row] = await tx.update(asnQuotaPlans)
      .set({ quotaQty, quotaCartons, updatedBy: userId, updatedAt: sql`now()` })
      .where(and(
        eq(asnQuotaPlans.whsId, whs.whsId), eq(asnQuotaPlans.planDate, key.date), eq(asnQuotaPlans.shiftId, key.shiftId), eq(asnQuotaPlans.inboundType, key.type),
      ))
      .returning();
    if (row && (row.usedQty > quotaQty || row.usedCartons > quotaCartons)) {
      throw new ApiError(
        RET.ASN_QUOTA_BELOW_BOOKED,
        `The slot ${key.date} (shift ${key.shiftId}) has ${row.usedQty} units in ${row.usedCartons} cartons booked already: its quota cannot be lower.`,
        { slot_date: key.date, shift_id: key.shiftId, inbound_type: key.type, used_qty: row.usedQty, used_cartons: row.usedCartons },
      );
    }
    if (row) updated++;
  }
  return updated;
}

/** Checks slot keys of a plan change (today or later, an active shift, a type of the mode) and turns them into SlotKeys. */
async function plannableKeys(tx: Db, whs: SlotWarehouse, list: readonly { plan_date: string; shift_id: number; inbound_type: number }[], path = 'list'): Promise<SlotKey[]> {
  const shifts = new Set((await activeShifts(tx, whs.whsId)).map((s) => s.shiftId));
  return list.map((item, i) => {
    const at = (field: string) => (path ? `${path}.${i}.${field}` : field);
    assertPlannable(whs, item.plan_date, at('plan_date'));
    if (!shifts.has(item.shift_id)) throw badInput(at('shift_id'), `There is no active receiving shift ${item.shift_id} in this warehouse.`);
    assertModeType(whs, item.inbound_type, at('inbound_type'));
    return { date: item.plan_date, shiftId: item.shift_id, type: item.inbound_type };
  });
}

async function setEnabled(db: Db, whsId: string, userId: number, list: readonly { plan_date: string; shift_id: number; inbound_type: number }[], enabled: boolean) {
  return db.transaction(async (tx) => {
    const whs = await slotWarehouse(tx, whsId, 'share');
    const keys = await plannableKeys(tx, whs, list);
    await materialisePlans(tx, whsId, keys);
    let updated = 0;
    for (const key of keys) {
      const rows = await tx.update(asnQuotaPlans).set({ enabled, updatedBy: userId, updatedAt: sql`now()` }).where(and(
        eq(asnQuotaPlans.whsId, whsId), eq(asnQuotaPlans.planDate, key.date), eq(asnQuotaPlans.shiftId, key.shiftId), eq(asnQuotaPlans.inboundType, key.type),
      )).returning({ shiftId: asnQuotaPlans.shiftId });
      updated += rows.length;
    }
    return { updated };
  });
}

async function configAnswer(db: Db, whs: SlotWarehouse) {
  const types = quotaTypesOf(whs.quotaMode);
  const rows = await db.select().from(asnQuotaConfigs).where(and(eq(asnQuotaConfigs.whsId, whs.whsId), inArray(asnQuotaConfigs.inboundType, [...types])));
  return {
    quota_mode: whs.quotaMode,
    list: types.map((type) => {
      const row = rows.find((r) => r.inboundType === type);
      return { inbound_type: type, daily_quota_qty: row?.dailyQuotaQty ?? null, daily_quota_cartons: row?.dailyQuotaCartons ?? null, updated_at: unixSeconds(row?.updatedAt ?? null) };
    }),
  };
}

export const asnQuotaHandlers: Handlers<typeof asnQuotaContract> = {
  async searchAsnQuotaPlan(input, { db, session }) {
    const whs = await slotWarehouse(db, session.whsId);
    const { from, to } = rangeOf(whs, input, 6, MAX_QUOTA_RANGE_DAYS);
    if (input.inbound_type !== undefined) assertModeType(whs, input.inbound_type, 'inbound_type');
    const types = input.inbound_type !== undefined ? [input.inbound_type] : quotaTypesOf(whs.quotaMode);
    const plans = await slotPlans(db, session.whsId, { from, to, types, shiftId: input.shift_id });
    return { quota_mode: whs.quotaMode, date_from: from, date_to: to, list: plans.map(planRowOf) };
  },

  async updateAsnQuotaPlan(input, { db, session }) {
    return db.transaction(async (tx) => {
      const whs = await slotWarehouse(tx, session.whsId, 'share');
      const [key] = await plannableKeys(tx, whs, [input], '');
      await setQuota(tx, whs, [key!], input.quota_qty, input.quota_cartons, session.userId);
      const [plan] = await slotPlans(tx, session.whsId, { from: key!.date, to: key!.date, types: [key!.type], shiftId: key!.shiftId });
      return planRowOf(plan!);
    });
  },

  async massUpdateAsnQuotaPlan(input, { db, session }) {
    return db.transaction(async (tx) => {
      const whs = await slotWarehouse(tx, session.whsId, 'share');
      if (input.date_to < input.date_from) throw badInput('date_to', 'is before date_from');
      assertPlannable(whs, input.date_from, 'date_from');
      const span = dayNumber(input.date_to)! - dayNumber(input.date_from)! + 1;
      if (span > MAX_QUOTA_RANGE_DAYS) throw badInput('date_to', `a range covers at most ${MAX_QUOTA_RANGE_DAYS} days`);
      const shifts = await activeShifts(tx, session.whsId);
      (input.shift_ids ?? []).forEach((id, i) => {
        if (!shifts.some((s) => s.shiftId === id)) throw badInput(`shift_ids.${i}`, `There is no active receiving shift ${id} in this warehouse.`);
      });
      (input.inbound_types ?? []).forEach((type, i) => assertModeType(whs, type, `inbound_types.${i}`));
      const shiftIds = input.shift_ids ?? shifts.map((s) => s.shiftId);
      const types = input.inbound_types ?? quotaTypesOf(whs.quotaMode);
      const weekdays = new Set(input.weekdays ?? [0, 1, 2, 3, 4, 5, 6]);
      // 1970-01-01 was a Thursday (4).
      const days = daysOf(input.date_from, input.date_to).filter((d) => weekdays.has((dayNumber(d)! + 4) % 7));
      const keys = days.flatMap((date) => shiftIds.flatMap((shiftId) => types.map((type) => ({ date, shiftId, type }))));
      return { updated: await setQuota(tx, whs, keys, input.quota_qty, input.quota_cartons, session.userId) };
    });
  },

  enableAsnQuotaPlan: (input, { db, session }) => setEnabled(db, session.whsId, session.userId, input.list, true),
  disableAsnQuotaPlan: (input, { db, session }) => setEnabled(db, session.whsId, session.userId, input.list, false),

  async searchAsnQuotaConfig(_input, { db, session }) {
    return configAnswer(db, await slotWarehouse(db, session.whsId));
  },

  async updateAsnQuotaConfig(input, { db, session }) {
    return db.transaction(async (tx) => {
      const whs = await slotWarehouse(tx, session.whsId, 'share');
      input.list.forEach((row, i) => assertModeType(whs, row.inbound_type, `list.${i}.inbound_type`));
      for (const row of input.list) {
        const values = { dailyQuotaQty: row.daily_quota_qty, dailyQuotaCartons: row.daily_quota_cartons, updatedBy: session.userId, updatedAt: sql`now()` };
        await tx.insert(asnQuotaConfigs).values({ whsId: session.whsId, inboundType: row.inbound_type, ...values })
          .onConflictDoUpdate({ target: [asnQuotaConfigs.whsId, asnQuotaConfigs.inboundType], set: values });
      }
      await followDefaults(tx, whs, input.list.map((r) => r.inbound_type));
      return configAnswer(tx, whs);
    });
  },

  async getAvgMaxUsedQty(input, { db, session }) {
    const whs = await slotWarehouse(db, session.whsId);
    const booked = (await bookingsFrom(db, session.whsId, whs.quotaMode, addDays(whs.today, -input.days))).filter((b) => b.date < whs.today);
    return {
      days: input.days,
      quota_mode: whs.quotaMode,
      list: quotaTypesOf(whs.quotaMode).map((type) => {
        const daily = new Map<string, { qty: number; cartons: number }>();
        for (const b of booked.filter((x) => x.type === type)) {
          const day = daily.get(b.date) ?? { qty: 0, cartons: 0 };
          day.qty += b.qty;
          day.cartons += b.cartons;
          daily.set(b.date, day);
        }
        const days = [...daily.values()];
        const sum = (pick: (d: { qty: number; cartons: number }) => number) => days.reduce((n, d) => n + pick(d), 0);
        const max = (pick: (d: { qty: number; cartons: number }) => number) => days.reduce((n, d) => Math.max(n, pick(d)), 0);
        return {
          inbound_type: type,
          avg_used_qty: Math.round(sum((d) => d.qty) / input.days),
          max_used_qty: max((d) => d.qty),
          avg_used_cartons: Math.round(sum((d) => d.cartons) / input.days),
          max_used_cartons: max((d) => d.cartons),
        };
      }),
    };
  },

  async getCartonUsedQty(input, { db, session }) {
    const whs = await slotWarehouse(db, session.whsId);
    const { from, to } = rangeOf(whs, input, 6, 31);
    const plans = await slotPlans(db, session.whsId, { from, to, types: quotaTypesOf(whs.quotaMode) });
    const counts = await db.select({
      date: sql<string>`${asnOrders.slotDate}`, shiftId: sql<number>`${asnOrders.slotShiftId}`, n: sql<number>`count(*)::int`,
    }).from(asnOrders).where(and(
      eq(asnOrders.whsId, session.whsId), gte(asnOrders.slotDate, from), sql`${asnOrders.slotDate} <= ${to}`, ne(asnOrders.status, INBOUND_STATUS.values.CANCELLED),
    )).groupBy(asnOrders.slotDate, asnOrders.slotShiftId);
    const slots = new Map<string, ReturnType<typeof emptySlot>>();
    function emptySlot(p: SlotPlan) {
      return {
        plan_date: p.planDate, shift_id: p.shift.shiftId, shift_name: p.shift.shiftName, start_time: p.shift.startTime, end_time: p.shift.endTime,
        quota_qty: 0, used_qty: 0, quota_cartons: 0, used_cartons: 0, enabled: 0 as 0 | 1,
        asn_count: counts.find((c) => c.date === p.planDate && c.shiftId === p.shift.shiftId)?.n ?? 0,
      };
    }
    for (const p of plans) {
      const key = `${p.planDate}|${p.shift.shiftId}`;
      const slot = slots.get(key) ?? emptySlot(p);
      slot.quota_qty += p.quotaQty;
      slot.used_qty += p.usedQty;
      slot.quota_cartons += p.quotaCartons;
      slot.used_cartons += p.usedCartons;
      if (p.enabled) slot.enabled = 1;
      slots.set(key, slot);
    }
    return { date_from: from, date_to: to, list: [...slots.values()] };
  },

  async switchAsnQuotaMode(input, { db, session }) {
    return db.transaction(async (tx) => {
      const whs = await slotWarehouse(tx, session.whsId, 'update');
      if (whs.quotaMode !== input.current_mode) {
        throw new ApiError(RET.ASN_QUOTA_MODE_CHANGED, 'The warehouse\'s ASN quota mode was changed meanwhile: reload the page.', { quota_mode: whs.quotaMode });
      }
      await switchQuotaMode(tx, whs, input.new_mode as QuotaMode, session.userId);
      return { quota_mode: input.new_mode };
    });
  },
};

