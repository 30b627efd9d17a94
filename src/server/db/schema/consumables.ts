import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { activeStatusCheck, createdAt, remark, status, trigramIndex, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { shopGroups, shops } from './basic';
import { users } from './system';

// Consumables (spec §2 /consumables, §3 consumable types) and the packing rules that use them
// (Rule Center › Packaging Rule, Weight Validation). See docs/consumables.md.

/**
 * The consumables master: boxes, pouches, fillers… a warehouse packs with. The id is also the
 * barcode printed on the shelf and scanned at packing. Inner dimensions and max load are the
 * box's or pouch's (what fits in it); tare is its own weight, added to the expected parcel weight.
 */
export const consumables = pgTable('consumables', {
  whsId: warehouseRef(),
  consumableId: text('consumable_id').notNull(),
  consumableName: text('consumable_name').notNull(),
  /** CONSUMABLE_TYPE. */
  consumableType: smallint('consumable_type').notNull(),
  innerLengthMm: integer('inner_length_mm'),
  innerWidthMm: integer('inner_width_mm'),
  innerHeightMm: integer('inner_height_mm'),
  maxLoadG: integer('max_load_g'),
  tareWeightG: integer('tare_weight_g').notNull().default(0),
  /** At or below it the list shows Low Stock. */
  lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
  /** ACTIVE_STATUS: an inactive consumable is neither suggested nor taken. */
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
  updatedAt: updatedAt().$onUpdate(() => sql`now()`),
}, (t) => [
  whsPrimaryKey(t, t.consumableId),
  trigramIndex(t.consumableName),
  check('consumables_type_ck', sql`${t.consumableType} between 1 and 6`),
  check('consumables_dims_ck', sql`coalesce(${t.innerLengthMm}, 1) > 0 and coalesce(${t.innerWidthMm}, 1) > 0 and coalesce(${t.innerHeightMm}, 1) > 0`),
  check('consumables_weights_ck', sql`coalesce(${t.maxLoadG}, 1) > 0 and ${t.tareWeightG} >= 0 and ${t.lowStockThreshold} >= 0`),
  activeStatusCheck(t.status),
]);

/** The stock of each consumable in its warehouse: one row a consumable, made with it, never below zero. */
export const consumableBalances = pgTable('consumable_balances', {
  whsId: whsId(),
  consumableId: text('consumable_id').notNull(),
  qty: integer('qty').notNull().default(0),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.consumableId),
  foreignKey({ name: 'consumable_balances_consumable_fk', columns: [t.whsId, t.consumableId], foreignColumns: [consumables.whsId, consumables.consumableId] }),
  check('consumable_balances_qty_ck', sql`${t.qty} >= 0`),
]);

/** Every change of a consumable balance: in or out, how many, the balance after, the document, who. */
export const consumableTxns = pgTable('consumable_txns', {
  whsId: whsId(),
  txnId: serial('txn_id').notNull(),
  consumableId: text('consumable_id').notNull(),
  /** CONSUMABLE_TXN_DIRECTION. */
  direction: smallint('direction').notNull(),
  qty: integer('qty').notNull(),
  balanceAfter: integer('balance_after').notNull(),
  /** CONSUMABLE_REF_TYPE and the document's number (a receipt, a parcel…). */
  refType: smallint('ref_type').notNull(),
  refNo: text('ref_no').notNull(),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.txnId),
  foreignKey({ name: 'consumable_txns_consumable_fk', columns: [t.whsId, t.consumableId], foreignColumns: [consumables.whsId, consumables.consumableId] }),
  index('consumable_txns_consumable_idx').on(t.whsId, t.consumableId, t.createdAt),
  index('consumable_txns_ref_idx').on(t.whsId, t.refType, t.refNo),
  check('consumable_txns_direction_ck', sql`${t.direction} in (1, 2)`),
  check('consumable_txns_ref_type_ck', sql`${t.refType} between 1 and 5`),
  check('consumable_txns_qty_ck', sql`${t.qty} > 0 and ${t.balanceAfter} >= 0`),
]);

/** Consumables inbound: a quantity of one consumable received into stock (its transaction refers to the receipt). */
export const consumableReceipts = pgTable('consumable_receipts', {
  whsId: whsId(),
  receiptId: serial('receipt_id').notNull(),
  consumableId: text('consumable_id').notNull(),
  qty: integer('qty').notNull(),
  supplierName: text('supplier_name'),
  remark: remark(),
  /** Who received it, as shown then (the user's name and email). */
  receivedBy: text('received_by'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.receiptId),
  foreignKey({ name: 'consumable_receipts_consumable_fk', columns: [t.whsId, t.consumableId], foreignColumns: [consumables.whsId, consumables.consumableId] }),
  index('consumable_receipts_consumable_idx').on(t.whsId, t.consumableId),
  index('consumable_receipts_created_idx').on(t.whsId, t.createdAt),
  trigramIndex(t.supplierName),
  check('consumable_receipts_qty_ck', sql`${t.qty} between 1 and 99999`),
]);

/**
 * Packaging rules (Rule Center › Packaging Rule): by priority, the first active rule whose
 * conditions an order meets (shop or shop group, single or multi-item, at most this weight and
 * volume; empty matches any) offers its boxes and pouches, filled to the fill factor, and a filler.
 * Allowed consumables are a sorted comma-separated list of ids (as picking skills keep zones).
 */
export const packagingRules = pgTable('packaging_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  priority: integer('priority').notNull(),
  shopId: text('shop_id'),
  shopGroupId: text('shop_group_id'),
  /** ORDER_ITEM_KIND: any 0, single-item 1, multi-item 2. */
  itemKind: smallint('item_kind').notNull().default(0),
  maxOrderWeightG: integer('max_order_weight_g'),
  maxOrderVolumeCm3: integer('max_order_volume_cm3'),
  consumableIds: text('consumable_ids').notNull(),
  fillFactorPct: smallint('fill_factor_pct').notNull().default(80),
  fillerConsumableId: text('filler_consumable_id'),
  fillerQty: smallint('filler_qty'),
  /** ACTIVE_STATUS. */
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  foreignKey({ name: 'packaging_rules_shop_fk', columns: [t.whsId, t.shopId], foreignColumns: [shops.whsId, shops.shopId] }),
  foreignKey({ name: 'packaging_rules_shop_group_fk', columns: [t.whsId, t.shopGroupId], foreignColumns: [shopGroups.whsId, shopGroups.groupId] }),
  foreignKey({ name: 'packaging_rules_filler_fk', columns: [t.whsId, t.fillerConsumableId], foreignColumns: [consumables.whsId, consumables.consumableId] }),
  index('packaging_rules_priority_idx').on(t.whsId, t.priority),
  trigramIndex(t.ruleName),
  trigramIndex(t.consumableIds),
  check('packaging_rules_item_kind_ck', sql`${t.itemKind} between 0 and 2`),
  check('packaging_rules_fill_ck', sql`${t.fillFactorPct} between 10 and 100`),
  check('packaging_rules_limits_ck', sql`coalesce(${t.maxOrderWeightG}, 1) > 0 and coalesce(${t.maxOrderVolumeCm3}, 1) > 0`),
  check('packaging_rules_filler_qty_ck', sql`coalesce(${t.fillerQty}, 1) between 1 and 99`),
  activeStatusCheck(t.status),
]);

/**
 * Weight validation (Rule Center › Weight Validation): the tolerance of a parcel's weighed weight
 * against its expected weight, by band of expected weight (from ≤ expected < to), in grams or
 * percent. Active bands of a warehouse never overlap (checked on write).
 */
export const weightBands = pgTable('weight_bands', {
  whsId: warehouseRef(),
  bandId: serial('band_id').notNull(),
  fromG: integer('from_g').notNull(),
  toG: integer('to_g').notNull(),
  /** WEIGHT_TOLERANCE_UNIT: grams 1, percent 2. */
  toleranceUnit: smallint('tolerance_unit').notNull(),
  tolerance: integer('tolerance').notNull(),
  /** ACTIVE_STATUS. */
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.bandId),
  index('weight_bands_from_idx').on(t.whsId, t.fromG),
  check('weight_bands_range_ck', sql`${t.fromG} >= 0 and ${t.toG} > ${t.fromG}`),
  check('weight_bands_unit_ck', sql`${t.toleranceUnit} in (1, 2)`),
  check('weight_bands_tolerance_ck', sql`${t.tolerance} >= 0 and (${t.toleranceUnit} = 1 or ${t.tolerance} <= 100)`),
  activeStatusCheck(t.status),
]);
