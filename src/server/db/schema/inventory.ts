import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, foreignKey, index, integer, pgSequence, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, remark, status, timestamptz, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { cells, skus, suppliers, zones } from './basic';
import { users } from './system';

// Inventory: batches, balances, the ledger, block logs (server/modules/inventory/ledger.ts) and adjustments.

/** Numbers of generated batch ids (`B` + 9 digits); one sequence for every warehouse. */
export const skuBatchNoSeq = pgSequence('sku_batch_no_seq');

/**
 * Batches of a SKU in a warehouse: the attributes its units share (dates, supplier). A batch id is
 * given (a supplier lot) or generated; it is unique per SKU. Every stock balance names its batch.
 */
export const skuBatches = pgTable('sku_batches', {
  whsId: whsId(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  productionDate: date('production_date', { mode: 'string' }),
  /** Last day of use; null for goods that do not expire (shared/expiry.ts derives the state). */
  expiryDate: date('expiry_date', { mode: 'string' }),
  supplierId: text('supplier_id'),
  /** The inbound document that first brought the batch in (an ASN number, or OPENING-BALANCE). */
  inboundRef: text('inbound_ref'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.skuId, t.batchId),
  foreignKey({ name: 'sku_batches_sku_fk', columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
  foreignKey({ name: 'sku_batches_supplier_fk', columns: [t.whsId, t.supplierId], foreignColumns: [suppliers.whsId, suppliers.supplierId] }),
  // The expiry map walks batches by date within a warehouse.
  index('sku_batches_expiry_idx').on(t.whsId, t.expiryDate),
  check('sku_batches_dates_ck', sql`${t.expiryDate} is null or ${t.productionDate} is null or ${t.expiryDate} >= ${t.productionDate}`),
]);

/**
 * Stock balances: one row per location, SKU, batch and quality. Changed only by the ledger module,
 * in the transaction that writes the matching `inventory_transactions` rows. `available_qty` is
 * derived; the CHECKs keep every figure non-negative whatever the code does.
 */
export const locationInventory = pgTable('location_inventory', {
  whsId: whsId(),
  /** A cell or staging location code of the warehouse; `location_type` says which table holds it. */
  locationId: text('location_id').notNull(),
  /** STOCK_LOCATION_TYPE: cell 1, inbound 2 / outbound 3 / RT 4 staging. */
  locationType: smallint('location_type').notNull(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  /** QUALITY: good 1, damaged 2. */
  quality: smallint('quality').notNull(),
  onhandQty: integer('onhand_qty').notNull().default(0),
  /** Blocked: on hand but not to be picked or moved until unblocked (inventory_lock_logs). */
  lockedQty: integer('locked_qty').notNull().default(0),
  /** Reserved for picking tasks not yet picked. */
  prepickQty: integer('prepick_qty').notNull().default(0),
  availableQty: integer('available_qty').generatedAlwaysAs(sql`onhand_qty - locked_qty - prepick_qty`),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.locationId, t.skuId, t.batchId, t.quality),
  foreignKey({ name: 'location_inventory_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  // SKU and batch maps: every location of a SKU (or of one batch).
  index('location_inventory_sku_idx').on(t.whsId, t.skuId, t.batchId),
  check('location_inventory_onhand_ck', sql`${t.onhandQty} >= 0`),
  check('location_inventory_locked_ck', sql`${t.lockedQty} >= 0`),
  check('location_inventory_prepick_ck', sql`${t.prepickQty} >= 0`),
  check('location_inventory_available_ck', sql`${t.availableQty} >= 0`),
  check('location_inventory_quality_ck', sql`${t.quality} in (1, 2)`),
  check('location_inventory_location_type_ck', sql`${t.locationType} between 1 and 6`),
]);

/**
 * Stock per zone, summed over the balances in its cells (the zone map, inventory-map.reads.ts):
 * kept by the ledger in the transaction of every balance change (modules/inventory/zone-stock.ts),
 * never written by anything else; `rebuild_stock_totals(whs_id)` recomputes a warehouse's rows from
 * the balances. Sums are bigint: a zone's total may outgrow one balance's int. No CHECKs: the
 * ledger adds deltas by upsert, whose proposed row (a negative delta) PostgreSQL checks before the
 * conflict; the balances' own CHECKs guard the figures these sum.
 */
export const zoneStock = pgTable('zone_stock', {
  whsId: whsId(),
  zoneId: text('zone_id').notNull(),
  /**
   * A zone's figures are the sum of its rows: each connection adds to its own slot
   * (ZONE_STOCK_SLOTS), so postings into one zone from many devices do not queue on one row.
   */
  slot: smallint('slot').notNull().default(0),
  onhandQty: bigint('onhand_qty', { mode: 'number' }).notNull().default(0),
  lockedQty: bigint('locked_qty', { mode: 'number' }).notNull().default(0),
  prepickQty: bigint('prepick_qty', { mode: 'number' }).notNull().default(0),
  /** Cells of the zone with on hand (their cell_stock row above 0). */
  stockedCellCount: integer('stocked_cell_count').notNull().default(0),
  /** SKUs with on hand in the zone (their zone_sku_stock row above 0). */
  skuCount: integer('sku_count').notNull().default(0),
}, (t) => [
  whsPrimaryKey(t, t.zoneId, t.slot),
  foreignKey({ name: 'zone_stock_zone_fk', columns: [t.whsId, t.zoneId], foreignColumns: [zones.whsId, zones.zoneId] }),
]);

/**
 * On hand per SKU over all its balances (cells and staging), kept by the ledger like zone_stock:
 * whether a SKU is in stock, for the SKU maps, without reading its balances.
 */
export const skuStock = pgTable('sku_stock', {
  whsId: whsId(),
  skuId: text('sku_id').notNull(),
  onhandQty: bigint('onhand_qty', { mode: 'number' }).notNull().default(0),
}, (t) => [
  whsPrimaryKey(t, t.skuId),
  foreignKey({ name: 'sku_stock_sku_fk', columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
]);

/** On hand per cell: a zone's stocked-cell count changes when one of its rows crosses zero (zone_stock). */
export const cellStock = pgTable('cell_stock', {
  whsId: whsId(),
  locationCode: text('location_code').notNull(),
  onhandQty: bigint('onhand_qty', { mode: 'number' }).notNull().default(0),
}, (t) => [
  whsPrimaryKey(t, t.locationCode),
  foreignKey({ name: 'cell_stock_cell_fk', columns: [t.whsId, t.locationCode], foreignColumns: [cells.whsId, cells.locationCode] }),
]);

/** On hand per SKU in a zone's cells: a zone's SKU count changes when one of its rows crosses zero (zone_stock). */
export const zoneSkuStock = pgTable('zone_sku_stock', {
  whsId: whsId(),
  zoneId: text('zone_id').notNull(),
  skuId: text('sku_id').notNull(),
  onhandQty: bigint('onhand_qty', { mode: 'number' }).notNull().default(0),
}, (t) => [
  whsPrimaryKey(t, t.zoneId, t.skuId),
  foreignKey({ name: 'zone_sku_stock_zone_fk', columns: [t.whsId, t.zoneId], foreignColumns: [zones.whsId, zones.zoneId] }),
  foreignKey({ name: 'zone_sku_stock_sku_fk', columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
]);

/**
 * The ledger: one row per change of a balance's on-hand quantity, never updated or deleted (a
 * trigger refuses both). Debit 1 puts units into the location, credit 2 takes them out, so a
 * balance's on hand is Σ debit − Σ credit of its rows. A move is a credit and a debit in one post.
 */
export const inventoryTransactions = pgTable('inventory_transactions', {
  whsId: whsId(),
  txnId: bigserial('txn_id', { mode: 'number' }).notNull(),
  /** INVENTORY_TRANSACTION_TYPE (spec §3). */
  txnType: smallint('txn_type').notNull(),
  /** INVENTORY_TRANSACTION_DIRECTION: debit 1 (in), credit 2 (out). */
  direction: smallint('direction').notNull(),
  locationId: text('location_id').notNull(),
  locationType: smallint('location_type').notNull(),
  /** The other end of a move (its source for a debit, its destination for a credit); null otherwise. */
  counterLocationId: text('counter_location_id'),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  quality: smallint('quality').notNull(),
  qty: integer('qty').notNull(),
  /** The balance's on hand right after this row. */
  onhandAfter: integer('onhand_after').notNull(),
  /** INVENTORY_REF_TYPE and the document number it answers to. */
  refType: text('ref_type').notNull(),
  refNo: text('ref_no').notNull(),
  /** The offline op that caused it, when one did. */
  opId: uuid('op_id'),
  /** Who did it; null for the system (opening balances, integrations). */
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.txnId),
  foreignKey({ name: 'inventory_transactions_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  index('inventory_transactions_sku_idx').on(t.whsId, t.skuId, t.createdAt),
  index('inventory_transactions_location_idx').on(t.whsId, t.locationId, t.createdAt),
  index('inventory_transactions_ref_idx').on(t.whsId, t.refType, t.refNo),
  index('inventory_transactions_time_idx').on(t.whsId, t.createdAt),
  check('inventory_transactions_qty_ck', sql`${t.qty} between 1 and 99999`),
  check('inventory_transactions_onhand_after_ck', sql`${t.onhandAfter} >= 0`),
  check('inventory_transactions_direction_ck', sql`${t.direction} in (1, 2)`),
  check('inventory_transactions_txn_type_ck', sql`${t.txnType} in (1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 15, 20, 21, 22)`),
  // Types that only take stock out are credits, types that only bring it in are debits (ledger.ts TXN_TYPE_DIRECTIONS).
  check('inventory_transactions_type_direction_ck', sql`(${t.txnType} not in (2, 4, 6, 12, 21) or ${t.direction} = 2) and (${t.txnType} not in (5, 7, 13, 20, 22) or ${t.direction} = 1)`),
  check('inventory_transactions_quality_ck', sql`${t.quality} in (1, 2)`),
  check('inventory_transactions_location_type_ck', sql`${t.locationType} between 1 and 6`),
]);

/** Block and unblock of stock (the block/unblock logs of the inventory map): who, how much, where, why, when. Append-only. */
export const inventoryLockLogs = pgTable('inventory_lock_logs', {
  whsId: whsId(),
  logId: bigserial('log_id', { mode: 'number' }).notNull(),
  /** INVENTORY_LOCK_ACTION: block 1, unblock 2. */
  action: smallint('action').notNull(),
  locationId: text('location_id').notNull(),
  locationType: smallint('location_type').notNull(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  quality: smallint('quality').notNull(),
  qty: integer('qty').notNull(),
  /** The balance's blocked quantity right after. */
  lockedAfter: integer('locked_after').notNull(),
  reason: text('reason').notNull(),
  refType: text('ref_type'),
  refNo: text('ref_no'),
  opId: uuid('op_id'),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.logId),
  foreignKey({ name: 'inventory_lock_logs_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  index('inventory_lock_logs_sku_idx').on(t.whsId, t.skuId, t.createdAt),
  index('inventory_lock_logs_location_idx').on(t.whsId, t.locationId, t.createdAt),
  // The block log and the unblock log are separate maps, each newest first.
  index('inventory_lock_logs_action_idx').on(t.whsId, t.action, t.createdAt),
  check('inventory_lock_logs_action_ck', sql`${t.action} in (1, 2)`),
  check('inventory_lock_logs_qty_ck', sql`${t.qty} between 1 and 99999`),
  check('inventory_lock_logs_locked_after_ck', sql`${t.lockedAfter} >= 0`),
  check('inventory_lock_logs_quality_ck', sql`${t.quality} in (1, 2)`),
]);

// ---- inventory adjustments (spec §3 statuses, directions, reasons; §4 lifecycle) ----

/** Numbers of adjustments; one sequence for every warehouse. */
export const adjustmentNoSeq = pgSequence('adjustment_no_seq');

export const inventoryAdjustments = pgTable('inventory_adjustments', {
  whsId: warehouseRef(),
  adjustNo: text('adjust_no').notNull(),
  /** INVENTORY_ADJUSTMENT_STATUS. */
  status: status(),
  /** INVENTORY_ADJUSTMENT_REASON. */
  reason: smallint('reason').notNull(),
  remark: remark(),
  /** Σ of its lines' quantities, each way. */
  additionQty: integer('addition_qty').notNull().default(0),
  deductionQty: integer('deduction_qty').notNull().default(0),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  submittedAt: timestamptz('submitted_at'),
  approvedBy: integer('approved_by').references(() => users.userId),
  approvedAt: timestamptz('approved_at'),
  adjustedBy: integer('adjusted_by').references(() => users.userId),
  adjustedAt: timestamptz('adjusted_at'),
  closedAt: timestamptz('closed_at'),
  /** Why it was rejected, cancelled or failed. */
  closeReason: text('close_reason'),
}, (t) => [
  whsPrimaryKey(t, t.adjustNo),
  index('inventory_adjustments_status_idx').on(t.whsId, t.status, t.createdAt),
  index('inventory_adjustments_created_at_idx').on(t.whsId, t.createdAt),
  check('inventory_adjustments_status_ck', sql`${t.status} in (1, 2, 3, 4, 5, 6, 8, 9, 10, 21)`),
  check('inventory_adjustments_reason_ck', sql`${t.reason} between 6 and 9`),
  check('inventory_adjustments_qty_ck', sql`${t.additionQty} >= 0 and ${t.deductionQty} >= 0`),
]);

export const inventoryAdjustmentLines = pgTable('inventory_adjustment_lines', {
  whsId: whsId(),
  adjustNo: text('adjust_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  locationId: text('location_id').notNull(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  quality: smallint('quality').notNull(),
  /** INVENTORY_ADJUSTMENT_DIRECTION: deduction 1, addition 2. */
  direction: smallint('direction').notNull(),
  qty: integer('qty').notNull(),
  /** The balance's on hand when the line was made, for the approver. */
  onhandAtCreate: integer('onhand_at_create').notNull().default(0),
  /** The ledger row the adjustment posted. */
  txnId: bigint('txn_id', { mode: 'number' }),
}, (t) => [
  whsPrimaryKey(t, t.adjustNo, t.lineNo),
  foreignKey({ name: 'inventory_adjustment_lines_adjustment_fk', columns: [t.whsId, t.adjustNo], foreignColumns: [inventoryAdjustments.whsId, inventoryAdjustments.adjustNo] }).onDelete('cascade'),
  foreignKey({ name: 'inventory_adjustment_lines_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  index('inventory_adjustment_lines_sku_idx').on(t.whsId, t.skuId),
  check('inventory_adjustment_lines_direction_ck', sql`${t.direction} in (1, 2)`),
  check('inventory_adjustment_lines_qty_ck', sql`${t.qty} between 1 and 99999`),
  check('inventory_adjustment_lines_quality_ck', sql`${t.quality} in (1, 2)`),
]);
