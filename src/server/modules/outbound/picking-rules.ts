import { and, eq } from 'drizzle-orm';
import { ACTIVE_STATUS, PICKING_TYPE, type CodeOf } from '../../../shared/codes';
import { CART_SLOTS_DEFAULT, TASK_UNITS_DEFAULT } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { pickingRules, pickingSkills } from '../../db/schema';
import { storedIds } from './id-lists';

/**
 * The picking rules of a warehouse (Rule Center › Picking Rule) as waving and the PDA read them:
 * a zone's active rule, else the warehouse's (the rule without a zone), else the defaults —
 * TASK_UNITS_DEFAULT units a task, pick to order, every unit scanned, CART_SLOTS_DEFAULT slots a cart.
 */
export interface PickingRules {
  capacity(zoneId: string | null): number;
  /** Sorting while picking: the slots of a zone's pick cart, so the most orders one task holds. */
  cartSlots(zoneId: string | null): number;
  allowTypedQty(zoneId: string | null): boolean;
  /** The picking type of a wave that names none: the warehouse's rule. */
  pickingType: CodeOf<typeof PICKING_TYPE>;
}

type RuleRow = typeof pickingRules.$inferSelect;

export async function pickingRulesOf(db: Db, whsId: string): Promise<PickingRules> {
  const rows = await db.select().from(pickingRules)
    .where(and(eq(pickingRules.whsId, whsId), eq(pickingRules.status, ACTIVE_STATUS.values.ACTIVE)));
  const whole = rows.find((r) => r.zoneId === null) ?? null;
  const ruleOf = (zoneId: string | null): RuleRow | null => rows.find((r) => zoneId !== null && r.zoneId === zoneId) ?? whole;
  return {
    capacity: (zoneId) => ruleOf(zoneId)?.maxUnitsPerTask ?? TASK_UNITS_DEFAULT,
    cartSlots: (zoneId) => ruleOf(zoneId)?.cartSlots ?? CART_SLOTS_DEFAULT,
    allowTypedQty: (zoneId) => ruleOf(zoneId)?.allowTypedQty ?? false,
    pickingType: (whole?.pickingType ?? PICKING_TYPE.values.PICK_TO_ORDER) as CodeOf<typeof PICKING_TYPE>,
  };
}

/**
 * The zones an operator may pick in (Rule Center › Picking Skills), or null when they have no
 * skill row: then every zone.
 */
export async function skillZonesOf(db: Db, whsId: string, userId: number): Promise<string[] | null> {
  const [row] = await db.select({ zoneIds: pickingSkills.zoneIds }).from(pickingSkills)
    .where(and(eq(pickingSkills.whsId, whsId), eq(pickingSkills.userId, userId)));
  return row ? storedIds(row.zoneIds) : null;
}
