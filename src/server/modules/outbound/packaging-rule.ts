import { and, asc, eq, inArray } from 'drizzle-orm';
import { ACTIVE_STATUS, CONSUMABLE_TYPE, ORDER_ITEM_KIND } from '../../../shared/codes';
import type { consumablesContract, PackagingSuggestion } from '../../../shared/contract/consumables.contract';
import { PACKAGING_CONSUMABLES_MAX } from '../../../shared/resources/consumable.resource';
import type { Db } from '../../db/client';
import { consumableBalances, consumables, packagingRules, salesOrderLines, salesOrders, shops, skus } from '../../db/schema';
import { badInput, notFound } from '../../http/errors';
import type { Handlers } from '../../http/register';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';
import { idSet } from './id-lists';

/**
 * The packaging rule (Rule Center › Packaging Rule, docs/consumables.md): which box or pouch an
 * order is packed in. `planPackaging` is the pure part — the smallest allowed box by volume that
 * holds the items, else the items split into parcels, each in its smallest box — and
 * `suggestPackaging` reads the order's rule, SKUs and boxes for it. The packing station asks
 * through suggest_packaging; it takes the boxes with takeConsumables when the parcel is closed.
 */

/** One SKU line to pack, with its unit's size (mm) and weight (g). */
export interface PackItem {
  skuId: string;
  qty: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  weightG: number;
}

/** A box or pouch: its inner size (mm), the most it carries (g, null: no limit) and its own weight. */
export interface BoxSpec {
  consumableId: string;
  name: string;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  maxLoadG: number | null;
  tareG: number;
}

export interface PlannedParcel {
  box: BoxSpec;
  items: { skuId: string; qty: number }[];
  itemsWeightG: number;
  /** The items' volume as a share of the box's, in percent (rounded). */
  fillPct: number;
}

export type PackagingPlan =
  | { kind: 'fits' | 'split'; parcels: PlannedParcel[] }
  | { kind: 'none'; reason: 'no_box' | 'item_too_large'; skuIds: string[] };

/** Most units a split spreads over parcels: an order beyond it is packed by hand. */
export const SPLIT_UNITS_MAX = 2000;

const volumeOf = (d: { lengthMm: number; widthMm: number; heightMm: number }) => d.lengthMm * d.widthMm * d.heightMm;
const sides = (d: { lengthMm: number; widthMm: number; heightMm: number }) => [d.lengthMm, d.widthMm, d.heightMm].sort((a, b) => b - a);

/** Whether one unit fits through the box at all: its sides, longest first, each within the box's. */
export function unitFits(item: Omit<PackItem, 'qty' | 'skuId'>, box: BoxSpec): boolean {
  const [a, b] = [sides(item), sides(box)];
  return a.every((side, i) => side <= b[i]!);
}

/** Whether these units go into the box: each fits, their volume within the fill factor, their weight within its load. */
function holds(box: BoxSpec, units: readonly PackItem[], fillFactorPct: number): boolean {
  let volume = 0;
  let weight = 0;
  for (const unit of units) {
    if (!unitFits(unit, box)) return false;
    volume += volumeOf(unit) * unit.qty;
    weight += unit.weightG * unit.qty;
  }
  return volume * 100 <= volumeOf(box) * fillFactorPct && (box.maxLoadG === null || weight <= box.maxLoadG);
}

function parcelOf(box: BoxSpec, units: readonly PackItem[]): PlannedParcel {
  const qtyBySku = new Map<string, number>();
  for (const unit of units) qtyBySku.set(unit.skuId, (qtyBySku.get(unit.skuId) ?? 0) + unit.qty);
  const volume = units.reduce((sum, u) => sum + volumeOf(u) * u.qty, 0);
  return {
    box,
    items: [...qtyBySku].map(([skuId, qty]) => ({ skuId, qty })),
    itemsWeightG: units.reduce((sum, u) => sum + u.weightG * u.qty, 0),
    fillPct: Math.round((volume * 100) / volumeOf(box)),
  };
}

/**
 * The boxes for `items` among `boxes` at `fillFactorPct`: the smallest box (by volume, then id) that
 * holds everything; else a split — units taken largest first into parcels (first fit, each parcel
 * opened in the largest box), then each parcel moved into the smallest box that still holds it.
 * None: no boxes, or a unit no box holds on its own (its SKU named).
 */
export function planPackaging(items: readonly PackItem[], boxes: readonly BoxSpec[], fillFactorPct: number): PackagingPlan {
  const bySize = [...boxes].sort((a, b) => volumeOf(a) - volumeOf(b) || (a.consumableId < b.consumableId ? -1 : 1));
  if (bySize.length === 0) return { kind: 'none', reason: 'no_box', skuIds: [] };
  const whole = bySize.find((box) => holds(box, items, fillFactorPct));
  if (whole) return { kind: 'fits', parcels: [parcelOf(whole, items)] };

  const units = items.flatMap((item) => Array.from({ length: item.qty }, () => ({ ...item, qty: 1 })))
    .sort((a, b) => volumeOf(b) - volumeOf(a) || b.weightG - a.weightG);
  const tooLarge = [...new Set(units.filter((u) => !bySize.some((box) => holds(box, [u], fillFactorPct))).map((u) => u.skuId))];
  if (tooLarge.length > 0) return { kind: 'none', reason: 'item_too_large', skuIds: tooLarge };

  const largest = bySize.at(-1)!;
  const open: PackItem[][] = [];
  for (const unit of units) {
    const parcel = open.find((content) => holds(largest, [...content, unit], fillFactorPct));
    if (parcel) parcel.push(unit);
    else open.push([unit]);
  }
  return { kind: 'split', parcels: open.map((content) => parcelOf(bySize.find((box) => holds(box, content, fillFactorPct))!, content)) };
}

// ---- the order's rule and what it offers ----

export interface PackagingOrder {
  shopId: string | null;
  items: readonly { skuId: string; qty: number }[];
}

/** A rule's conditions, as stored. */
interface RuleRow {
  ruleId: number;
  ruleName: string;
  shopId: string | null;
  shopGroupId: string | null;
  itemKind: number;
  maxOrderWeightG: number | null;
  maxOrderVolumeCm3: number | null;
  consumableIds: string;
  fillFactorPct: number;
  fillerConsumableId: string | null;
  fillerQty: number | null;
}

/** The first rule by priority whose conditions the order meets (empty conditions match any order). */
export function matchingRule<R extends Omit<RuleRow, 'ruleName' | 'consumableIds' | 'fillFactorPct' | 'fillerConsumableId' | 'fillerQty' | 'ruleId'>>(
  rules: readonly R[], order: { shopId: string | null; shopGroupId: string | null; skuLines: number; weightG: number; volumeCm3: number },
): R | undefined {
  const kind = order.skuLines === 1 ? ORDER_ITEM_KIND.values.SINGLE_ITEM : ORDER_ITEM_KIND.values.MULTI_ITEM;
  return rules.find((r) => (r.shopId === null || r.shopId === order.shopId)
    && (r.shopGroupId === null || r.shopGroupId === order.shopGroupId)
    && (r.itemKind === ORDER_ITEM_KIND.values.ANY || r.itemKind === kind)
    && (r.maxOrderWeightG === null || order.weightG <= r.maxOrderWeightG)
    && (r.maxOrderVolumeCm3 === null || order.volumeCm3 <= r.maxOrderVolumeCm3));
}

const SIZED_TYPES = [CONSUMABLE_TYPE.values.PACKING_BOX, CONSUMABLE_TYPE.values.POUCH];

/**
 * The packaging suggested for an order of the warehouse (run in the caller's transaction or on the
 * database): its rule, each parcel's box with its expected weight (items, box and filler), or why
 * none — a SKU without size or weight, no rule for the order, no allowed box in stock, a unit too
 * large for every box, too many units to split.
 */
export async function suggestPackaging(tx: Db, whsId: string, order: PackagingOrder): Promise<PackagingSuggestion> {
  const empty = { rule_id: null, rule_name: null, fill_factor_pct: null, order_weight_g: null, order_volume_cm3: null, parcels: [] };
  const qtyBySku = new Map<string, number>();
  for (const { skuId, qty } of order.items) qtyBySku.set(skuId, (qtyBySku.get(skuId) ?? 0) + qty);
  if (qtyBySku.size === 0) return { ...empty, status: 'none', reason: { code: 'no_items', message: 'The order has no items to pack.', sku_ids: [] } };
  const skuRows = await tx.select({ skuId: skus.skuId, l: skus.lengthMm, w: skus.widthMm, h: skus.heightMm, g: skus.weightG }).from(skus)
    .where(and(eq(skus.whsId, whsId), inArray(skus.skuId, [...qtyBySku.keys()])));
  const bySku = new Map(skuRows.map((r) => [r.skuId, r]));
  const unsized = [...qtyBySku.keys()].filter((id) => {
    const s = bySku.get(id);
    return !s || !s.l || !s.w || !s.h || s.g === null;
  }).sort();
  if (unsized.length > 0) {
    return {
      ...empty, status: 'none',
      reason: { code: 'sku_without_dimensions', message: `No size or weight for SKU ${unsized.slice(0, 5).join(', ')}: measure it in the SKU list, or choose a box by hand.`, sku_ids: unsized },
    };
  }
  const items: PackItem[] = [...qtyBySku].map(([skuId, qty]) => {
    const s = bySku.get(skuId)!;
    return { skuId, qty, lengthMm: s.l!, widthMm: s.w!, heightMm: s.h!, weightG: s.g! };
  });
  const weightG = items.reduce((sum, i) => sum + i.weightG * i.qty, 0);
  const volumeCm3 = Math.ceil(items.reduce((sum, i) => sum + volumeOf(i) * i.qty, 0) / 1000);
  const measured = { ...empty, order_weight_g: weightG, order_volume_cm3: volumeCm3 };

  const [shop] = order.shopId === null ? [] : await tx.select({ groupId: shops.groupId }).from(shops).where(and(eq(shops.whsId, whsId), eq(shops.shopId, order.shopId)));
  const rules: RuleRow[] = await tx.select({
    ruleId: packagingRules.ruleId, ruleName: packagingRules.ruleName, shopId: packagingRules.shopId, shopGroupId: packagingRules.shopGroupId,
    itemKind: packagingRules.itemKind, maxOrderWeightG: packagingRules.maxOrderWeightG, maxOrderVolumeCm3: packagingRules.maxOrderVolumeCm3,
    consumableIds: packagingRules.consumableIds, fillFactorPct: packagingRules.fillFactorPct, fillerConsumableId: packagingRules.fillerConsumableId,
    fillerQty: packagingRules.fillerQty,
  }).from(packagingRules).where(and(eq(packagingRules.whsId, whsId), eq(packagingRules.status, ACTIVE_STATUS.values.ACTIVE)))
    .orderBy(asc(packagingRules.priority), asc(packagingRules.ruleId));
  const rule = matchingRule(rules, { shopId: order.shopId, shopGroupId: shop?.groupId ?? null, skuLines: items.length, weightG, volumeCm3 });
  if (!rule) {
    return { ...measured, status: 'none', reason: { code: 'no_rule', message: 'No active packaging rule covers this order: choose a box by hand.', sku_ids: [] } };
  }
  const withRule = { ...measured, rule_id: rule.ruleId, rule_name: rule.ruleName, fill_factor_pct: rule.fillFactorPct };
  const offered = await tx.select({
    consumableId: consumables.consumableId, name: consumables.consumableName, type: consumables.consumableType, l: consumables.innerLengthMm,
    w: consumables.innerWidthMm, h: consumables.innerHeightMm, maxLoadG: consumables.maxLoadG, tareG: consumables.tareWeightG, stock: consumableBalances.qty,
  }).from(consumables)
    .innerJoin(consumableBalances, and(eq(consumableBalances.whsId, consumables.whsId), eq(consumableBalances.consumableId, consumables.consumableId)))
    .where(and(
      eq(consumables.whsId, whsId), inArray(consumables.consumableId, [...idSet(rule.consumableIds), ...(rule.fillerConsumableId ? [rule.fillerConsumableId] : [])]),
      eq(consumables.status, ACTIVE_STATUS.values.ACTIVE),
    ));
  const boxes: BoxSpec[] = offered.filter((c) => SIZED_TYPES.includes(c.type as never) && c.l && c.w && c.h && c.stock > 0 && c.consumableId !== rule.fillerConsumableId)
    .map((c) => ({ consumableId: c.consumableId, name: c.name, lengthMm: c.l!, widthMm: c.w!, heightMm: c.h!, maxLoadG: c.maxLoadG, tareG: c.tareG }));
  const units = items.reduce((sum, i) => sum + i.qty, 0);
  const plan = units > SPLIT_UNITS_MAX && !boxes.some((box) => holds(box, items, rule.fillFactorPct))
    ? { kind: 'none' as const, reason: 'too_many_units' as const, skuIds: [] }
    : planPackaging(items, boxes, rule.fillFactorPct);
  if (plan.kind === 'none') {
    const message = {
      no_box: 'None of the rule\'s boxes and pouches is active and in stock: receive some, or choose a box by hand.',
      item_too_large: `SKU ${plan.skuIds.slice(0, 5).join(', ')} fits in none of the rule's boxes and pouches: choose a box by hand.`,
      too_many_units: `More than ${SPLIT_UNITS_MAX} units to split into parcels: split them by hand.`,
    }[plan.reason];
    return { ...withRule, status: 'none', reason: { code: plan.reason, message, sku_ids: plan.skuIds } };
  }
  const filler = rule.fillerConsumableId ? offered.find((c) => c.consumableId === rule.fillerConsumableId) : undefined;
  const fillerQty = filler ? rule.fillerQty ?? 1 : 0;
  return {
    ...withRule,
    status: plan.kind,
    reason: null,
    parcels: plan.parcels.map((p, i) => ({
      parcel_no: i + 1,
      consumable_id: p.box.consumableId,
      consumable_name: p.box.name,
      inner_size_mm: [p.box.lengthMm, p.box.widthMm, p.box.heightMm],
      items: p.items.map((it) => ({ sku_id: it.skuId, qty: it.qty })),
      fill_pct: p.fillPct,
      items_weight_g: p.itemsWeightG,
      expected_weight_g: p.itemsWeightG + p.box.tareG + (filler ? filler.tareG * fillerQty : 0),
      filler: filler ? { consumable_id: filler.consumableId, consumable_name: filler.name, qty: fillerQty } : null,
    })),
  };
}

// ---- the rule's checks and the packing station's call ----

/** The value a field will have once written: the one sent, else the stored one. */
const after = (field: string, values: ApiRow, current: ApiRow | null): unknown => (values[field] !== undefined ? values[field] : current?.[field]);

/**
 * A packaging rule's boxes are boxes and pouches of the warehouse with their inner size, stored as a
 * sorted list; a filler quantity needs a filler (one is taken when none is given).
 */
export const packagingRuleHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    const out = { ...values };
    if (typeof values.consumable_ids === 'string') {
      const ids = idSet(values.consumable_ids);
      if (ids.length === 0) throw badInput('consumable_ids', 'name at least one box or pouch');
      if (ids.length > PACKAGING_CONSUMABLES_MAX) throw badInput('consumable_ids', `at most ${PACKAGING_CONSUMABLES_MAX} boxes and pouches`);
      const found = await ctx.db.select({ id: consumables.consumableId, type: consumables.consumableType, l: consumables.innerLengthMm }).from(consumables)
        .where(and(eq(consumables.whsId, ctx.session.whsId), inArray(consumables.consumableId, ids)));
      const known = new Map(found.map((c) => [c.id, c]));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) throw badInput('consumable_ids', `not a consumable of warehouse ${ctx.session.whsId}: ${unknown.slice(0, 5).join(', ')}`);
      const unsized = ids.filter((id) => !SIZED_TYPES.includes(known.get(id)!.type as never) || known.get(id)!.l === null);
      if (unsized.length > 0) throw badInput('consumable_ids', `not a box or pouch with an inner size: ${unsized.slice(0, 5).join(', ')}`);
      out.consumable_ids = ids.join(',');
    }
    if (after('filler_qty', values, current) != null && after('filler_consumable_id', values, current) == null) {
      throw badInput('filler_qty', 'choose the filler first');
    }
    return out;
  },
};

export const packagingHandlers: Pick<Handlers<typeof consumablesContract>, 'suggestPackaging'> = {
  async suggestPackaging({ order_no }, { db, session }) {
    const [order] = await db.select({ shopId: salesOrders.shopId }).from(salesOrders).where(and(eq(salesOrders.whsId, session.whsId), eq(salesOrders.orderNo, order_no)));
    if (!order) throw notFound(`Sales order ${order_no}`);
    const lines = await db.select({ skuId: salesOrderLines.skuId, qty: salesOrderLines.qty }).from(salesOrderLines)
      .where(and(eq(salesOrderLines.whsId, session.whsId), eq(salesOrderLines.orderNo, order_no)));
    return { order_no, ...(await suggestPackaging(db, session.whsId, { shopId: order.shopId, items: lines })) };
  },
};
