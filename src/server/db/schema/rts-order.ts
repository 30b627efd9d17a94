import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, remark, timestamptz, updatedAt, warehouseRef, whsPrimaryKey } from './columns';
import { suppliers } from './basic';
import { asnOrders } from './inbound';
import { salesOrders } from './outbound';
import { users } from './system';

// Return to supplier (RTS) outbound (spec §2 /rtsoutbound, docs/outbound.md "RTS orders"): an RTS
// order is a row of the outbound order table (sales_orders, order_type 3: its lines, allocation,
// waves and picking are the sales ones) plus the fields of its own here.

/**
 * What an outbound order of type RTS carries beyond the outbound order: the supplier it goes back
 * to, why (RTS_REASON), how (RTS_TYPE), what becomes of the units (RTS_REMOVAL_DISPOSAL), its
 * document status (RTS_DOC_LIFECYCLE over RTS_STATUS) and who approved or rejected it.
 */
export const rtsOrders = pgTable('rts_orders', {
  whsId: warehouseRef(),
  orderNo: text('order_no').notNull(),
  supplierId: text('supplier_id').notNull(),
  /** RTS_TYPE. */
  rtsType: smallint('rts_type').notNull(),
  /** RTS_REASON (string codes). */
  reasonCode: text('reason_code').notNull(),
  /** RTS_REMOVAL_DISPOSAL; none until it is known. */
  removalDisposal: smallint('removal_disposal'),
  /** RTS_STATUS numbers (RTS_DOC_LIFECYCLE). */
  docStatus: smallint('doc_status').notNull().default(10),
  remark: remark(),
  approvedBy: integer('approved_by').references(() => users.userId),
  approvedAt: timestamptz('approved_at'),
  rejectReason: text('reject_reason'),
  /** A virtual RTS with re-inbound: the supplier's ASN that brings its units back, made when it ships. */
  reinboundAsnNo: text('reinbound_asn_no'),
  createdBy: integer('created_by').notNull().references(() => users.userId),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.orderNo),
  foreignKey({ name: 'rts_orders_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [salesOrders.whsId, salesOrders.orderNo] }).onDelete('cascade'),
  foreignKey({ name: 'rts_orders_supplier_fk', columns: [t.whsId, t.supplierId], foreignColumns: [suppliers.whsId, suppliers.supplierId] }),
  foreignKey({ name: 'rts_orders_reinbound_asn_fk', columns: [t.whsId, t.reinboundAsnNo], foreignColumns: [asnOrders.whsId, asnOrders.asnNo] }),
  uniqueIndex('rts_orders_reinbound_asn_uq').on(t.whsId, t.reinboundAsnNo),
  index('rts_orders_doc_status_idx').on(t.whsId, t.docStatus, t.createdAt),
  index('rts_orders_supplier_idx').on(t.whsId, t.supplierId, t.createdAt),
  index('rts_orders_created_at_idx').on(t.whsId, t.createdAt),
  check('rts_orders_doc_status_ck', sql`${t.docStatus} in (10, 20, 30, 40, 100, 120, 130, 140, 150, 160)`),
  check('rts_orders_rts_type_ck', sql`${t.rtsType} in (20, 30, 50)`),
  check('rts_orders_removal_disposal_ck', sql`${t.removalDisposal} between 1 and 4`),
]);

/**
 * RTS shipments: one per finished RTS picking task, its units credited from the task's container
 * (return to supplier 4) under the shipment number, which is also the manifest's number.
 */
export const rtsShipments = pgTable('rts_shipments', {
  whsId: warehouseRef(),
  shipmentNo: text('shipment_no').notNull(),
  taskNo: text('task_no').notNull(),
  supplierId: text('supplier_id').notNull(),
  carrierName: text('carrier_name'),
  trackingNo: text('tracking_no'),
  qty: integer('qty').notNull(),
  /** The manifest's job in the print log. */
  printJobId: integer('print_job_id'),
  shippedBy: integer('shipped_by').notNull().references(() => users.userId),
  shippedAt: timestamptz('shipped_at').notNull().defaultNow(),
}, (t) => [
  whsPrimaryKey(t, t.shipmentNo),
  uniqueIndex('rts_shipments_task_uq').on(t.whsId, t.taskNo),
  index('rts_shipments_shipped_at_idx').on(t.whsId, t.shippedAt),
  check('rts_shipments_qty_ck', sql`${t.qty} > 0`),
]);

/**
 * RTS quota (Rule Center › Quota Config › RTS Quota): the most units a supplier's RTS orders may
 * return per day of the warehouse (orders not rejected or cancelled, by the day they were created).
 * supplier_id '*' is every supplier without a row of its own. No row: no limit.
 */
export const rtsQuotas = pgTable('rts_quotas', {
  whsId: warehouseRef(),
  supplierId: text('supplier_id').notNull(),
  dailyMaxQty: integer('daily_max_qty').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.supplierId),
  check('rts_quotas_daily_max_qty_ck', sql`${t.dailyMaxQty} between 0 and 100000000`),
]);

/** Per warehouse: whether an RTS shipment's manifest prints at once (spec §7 manifest auto-print config). No row: off. */
export const rtsShippingSettings = pgTable('rts_shipping_settings', {
  whsId: warehouseRef(),
  manifestAutoPrint: boolean('manifest_auto_print').notNull().default(false),
  updatedBy: integer('updated_by').references(() => users.userId),
  updatedAt: updatedAt(),
}, (t) => [whsPrimaryKey(t)]);
