import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgSequence, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { status, timestamptz, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { skus } from './basic';
import { warehouses } from './warehouse';
import { users } from './system';

// Move transfer in transit (docs/transfer.md): a transit shipment is written on the SOURCE warehouse's
// side (whs_id = the source) when a move transfer leaves it; its destination ASN lives in the
// destination warehouse (asn_orders, inbound type Transfer Inbound) and names the shipment back.

export const transitShipmentNoSeq = pgSequence('transit_shipment_no_seq');

export const transitShipments = pgTable('transit_shipments', {
  /** The source warehouse: the shipment is its document. */
  whsId: warehouseRef(),
  shipmentNo: text('shipment_no').notNull(),
  /** The MT order it ships (the outbound area's; text, no key across areas). */
  orderNo: text('order_no').notNull(),
  destWhsId: text('dest_whs_id').notNull().references(() => warehouses.whsId),
  /** The destination's ASN (asn_orders of dest_whs_id). */
  destAsnNo: text('dest_asn_no').notNull(),
  /** TRANSIT_SHIPMENT_STATUS. */
  status: status(),
  dispatchedBy: integer('dispatched_by').references(() => users.userId),
  dispatchedAt: timestamptz('dispatched_at').notNull().defaultNow(),
  arrivedAt: timestamptz('arrived_at'),
  receivedAt: timestamptz('received_at'),
  closedAt: timestamptz('closed_at'),
}, (t) => [
  whsPrimaryKey(t, t.shipmentNo),
  // The destination's reads (docs/transfer.md): its incoming shipments, and a shipment by its ASN (ASN numbers are global).
  index('transit_shipments_dest_asn_idx').on(t.destWhsId, t.destAsnNo),
  index('transit_shipments_dest_no_idx').on(t.destWhsId, t.shipmentNo),
  index('transit_shipments_dest_idx').on(t.destWhsId, t.status, t.dispatchedAt),
  index('transit_shipments_status_idx').on(t.whsId, t.status, t.dispatchedAt),
  index('transit_shipments_order_idx').on(t.whsId, t.orderNo),
  check('transit_shipments_status_ck', sql`${t.status} between 1 and 4`),
  check('transit_shipments_dest_ck', sql`${t.destWhsId} <> ${t.whsId}`),
]);

/**
 * What a shipment carries, per SKU, batch and quality, and how it was settled at the destination:
 * received (damaged among them), short (not received when the ASN's receiving ended) and over
 * (received beyond what was dispatched). In transit = dispatched + over − received − short.
 */
export const transitShipmentLines = pgTable('transit_shipment_lines', {
  whsId: whsId(),
  shipmentNo: text('shipment_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  /** QUALITY at dispatch. */
  quality: smallint('quality').notNull(),
  dispatchedQty: integer('dispatched_qty').notNull(),
  receivedQty: integer('received_qty').notNull().default(0),
  damagedQty: integer('damaged_qty').notNull().default(0),
  shortQty: integer('short_qty').notNull().default(0),
  overQty: integer('over_qty').notNull().default(0),
}, (t) => [
  whsPrimaryKey(t, t.shipmentNo, t.lineNo),
  uniqueIndex('transit_shipment_lines_key_uq').on(t.whsId, t.shipmentNo, t.skuId, t.batchId, t.quality),
  foreignKey({ name: 'transit_shipment_lines_shipment_fk', columns: [t.whsId, t.shipmentNo], foreignColumns: [transitShipments.whsId, transitShipments.shipmentNo] }).onDelete('cascade'),
  foreignKey({ name: 'transit_shipment_lines_sku_fk', columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
  check('transit_shipment_lines_qty_ck', sql`${t.dispatchedQty} >= 1 and ${t.receivedQty} >= 0 and ${t.damagedQty} between 0 and ${t.receivedQty}
    and ${t.shortQty} >= 0 and ${t.overQty} >= 0 and ${t.receivedQty} + ${t.shortQty} - ${t.overQty} <= ${t.dispatchedQty}`),
  check('transit_shipment_lines_quality_ck', sql`${t.quality} in (1, 2)`),
]);

/** The boxes and pallets of a shipment by their MTB id: the destination scans them at arrival (its ASN's tracking ids). */
export const transitShipmentBoxes = pgTable('transit_shipment_boxes', {
  whsId: whsId(),
  shipmentNo: text('shipment_no').notNull(),
  boxId: text('box_id').notNull(),
  /** Units packed in the box. */
  qty: integer('qty').notNull(),
}, (t) => [
  whsPrimaryKey(t, t.shipmentNo, t.boxId),
  foreignKey({ name: 'transit_shipment_boxes_shipment_fk', columns: [t.whsId, t.shipmentNo], foreignColumns: [transitShipments.whsId, transitShipments.shipmentNo] }).onDelete('cascade'),
  check('transit_shipment_boxes_qty_ck', sql`${t.qty} >= 1`),
]);
