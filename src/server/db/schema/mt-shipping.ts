import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, warehouseRef, whsPrimaryKey } from './columns';
import { salesOrders } from './outbound';
import { users } from './system';
import { warehouses } from './warehouse';

// MT packing and shipping (docs/outbound.md "MT checking, packing and shipping"): a checked MT
// order's units go into boxes (MTB ids), boxes onto pallets, and pallets (or loose boxes) onto an MT
// shipment whose close dispatches them in transit (inventory/in-transit.ts).

/** One per checked MT order: its units boxed (TASK_STATUS ongoing 1 until every unit is in a closed box, then done 2). */
export const mtPackingTasks = pgTable('mt_packing_tasks', {
  whsId: warehouseRef(),
  packingId: text('packing_id').notNull(),
  orderNo: text('order_no').notNull(),
  destWhsId: text('dest_whs_id').notNull().references(() => warehouses.whsId),
  status: smallint('status').notNull().default(1),
  totalQty: integer('total_qty').notNull(),
  packedQty: integer('packed_qty').notNull().default(0),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.packingId),
  uniqueIndex('mt_packing_tasks_order_uq').on(t.whsId, t.orderNo),
  foreignKey({ name: 'mt_packing_tasks_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [salesOrders.whsId, salesOrders.orderNo] }),
  index('mt_packing_tasks_created_at_idx').on(t.whsId, t.createdAt),
  check('mt_packing_tasks_status_ck', sql`${t.status} in (1, 2)`),
  check('mt_packing_tasks_qty_ck', sql`${t.packedQty} between 0 and ${t.totalQty}`),
]);

/** A shipment of MT pallets or loose boxes to one destination (HANDOVER_STATUS loading 1, shipped 2); named by the device that opens it. */
export const mtShipments = pgTable('mt_shipments', {
  whsId: warehouseRef(),
  shippingId: text('shipping_id').notNull(),
  destWhsId: text('dest_whs_id').notNull().references(() => warehouses.whsId),
  /** MT_SHIP_BY: pallets 1, boxes 2. */
  shipBy: smallint('ship_by').notNull(),
  status: smallint('status').notNull().default(1),
  loadedCount: integer('loaded_count').notNull().default(0),
  qty: integer('qty').notNull().default(0),
  openedBy: integer('opened_by').references(() => users.userId),
  closedBy: integer('closed_by').references(() => users.userId),
  createdAt: createdAt(),
  closedAt: timestamptz('closed_at'),
}, (t) => [
  whsPrimaryKey(t, t.shippingId),
  index('mt_shipments_created_at_idx').on(t.whsId, t.createdAt),
  check('mt_shipments_status_ck', sql`${t.status} in (1, 2)`),
  check('mt_shipments_ship_by_ck', sql`${t.shipBy} in (1, 2)`),
  check('mt_shipments_not_self_ck', sql`${t.destWhsId} <> ${t.whsId}`),
]);

/** A pallet of one MT order's closed boxes (MT_PACK_STATUS); its id is the MTB the destination scans when it ships by pallet. */
export const mtPallets = pgTable('mt_pallets', {
  whsId: warehouseRef(),
  palletId: text('pallet_id').notNull(),
  packingId: text('packing_id').notNull(),
  orderNo: text('order_no').notNull(),
  destWhsId: text('dest_whs_id').notNull().references(() => warehouses.whsId),
  status: smallint('status').notNull().default(1),
  boxCount: integer('box_count').notNull().default(0),
  qty: integer('qty').notNull().default(0),
  shippingId: text('shipping_id'),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  closedAt: timestamptz('closed_at'),
}, (t) => [
  whsPrimaryKey(t, t.palletId),
  foreignKey({ name: 'mt_pallets_task_fk', columns: [t.whsId, t.packingId], foreignColumns: [mtPackingTasks.whsId, mtPackingTasks.packingId] }),
  foreignKey({ name: 'mt_pallets_shipment_fk', columns: [t.whsId, t.shippingId], foreignColumns: [mtShipments.whsId, mtShipments.shippingId] }),
  index('mt_pallets_task_idx').on(t.whsId, t.packingId),
  index('mt_pallets_shipment_idx').on(t.whsId, t.shippingId),
  check('mt_pallets_status_ck', sql`${t.status} in (1, 2, 3)`),
]);

/** A box of one MT order's units (MT_PACK_STATUS); its id is the MTB the destination scans when it ships by box. */
export const mtBoxes = pgTable('mt_boxes', {
  whsId: warehouseRef(),
  boxId: text('box_id').notNull(),
  packingId: text('packing_id').notNull(),
  orderNo: text('order_no').notNull(),
  destWhsId: text('dest_whs_id').notNull().references(() => warehouses.whsId),
  status: smallint('status').notNull().default(1),
  qty: integer('qty').notNull().default(0),
  palletId: text('pallet_id'),
  shippingId: text('shipping_id'),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  closedAt: timestamptz('closed_at'),
}, (t) => [
  whsPrimaryKey(t, t.boxId),
  foreignKey({ name: 'mt_boxes_task_fk', columns: [t.whsId, t.packingId], foreignColumns: [mtPackingTasks.whsId, mtPackingTasks.packingId] }),
  foreignKey({ name: 'mt_boxes_pallet_fk', columns: [t.whsId, t.palletId], foreignColumns: [mtPallets.whsId, mtPallets.palletId] }),
  foreignKey({ name: 'mt_boxes_shipment_fk', columns: [t.whsId, t.shippingId], foreignColumns: [mtShipments.whsId, mtShipments.shippingId] }),
  index('mt_boxes_task_idx').on(t.whsId, t.packingId),
  index('mt_boxes_pallet_idx').on(t.whsId, t.palletId),
  index('mt_boxes_shipment_idx').on(t.whsId, t.shippingId),
  check('mt_boxes_status_ck', sql`${t.status} in (1, 2, 3)`),
  check('mt_boxes_qty_ck', sql`${t.qty} >= 0`),
]);

/** What a box holds, by SKU (batches are taken from the order's balances when it ships). */
export const mtBoxItems = pgTable('mt_box_items', {
  whsId: warehouseRef(),
  boxId: text('box_id').notNull(),
  skuId: text('sku_id').notNull(),
  qty: integer('qty').notNull(),
}, (t) => [
  whsPrimaryKey(t, t.boxId, t.skuId),
  foreignKey({ name: 'mt_box_items_box_fk', columns: [t.whsId, t.boxId], foreignColumns: [mtBoxes.whsId, mtBoxes.boxId] }).onDelete('cascade'),
  check('mt_box_items_qty_ck', sql`${t.qty} > 0`),
]);

/** The MT orders a closed shipment dispatched: each order's transit shipment and the destination's Transfer Inbound ASN. */
export const mtShipmentOrders = pgTable('mt_shipment_orders', {
  whsId: warehouseRef(),
  shippingId: text('shipping_id').notNull(),
  orderNo: text('order_no').notNull(),
  transitShipmentNo: text('transit_shipment_no').notNull(),
  destAsnNo: text('dest_asn_no').notNull(),
  qty: integer('qty').notNull(),
}, (t) => [
  whsPrimaryKey(t, t.shippingId, t.orderNo),
  foreignKey({ name: 'mt_shipment_orders_shipment_fk', columns: [t.whsId, t.shippingId], foreignColumns: [mtShipments.whsId, mtShipments.shippingId] }),
]);
