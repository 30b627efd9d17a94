import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, remark, timestamptz, updatedAt, warehouseRef, whsPrimaryKey } from './columns';
import { salesOrders } from './outbound';
import { users } from './system';
import { warehouses } from './warehouse';

// Move transfer (MT) outbound (spec §2 /mtoutbound, docs/outbound.md "Order types and MT orders"):
// an MT order is a row of the outbound order table (sales_orders, order_type 2: its lines,
// allocation, waves and picking are the sales ones) plus the fields of its own here.

/**
 * What an outbound order of type MT carries beyond the outbound order: where it goes, its document
 * status (OUTBOUND_DOC_LIFECYCLE over RTS_STATUS codes: pending, approved, rejected, allocated,
 * outbounding, shipping, in transit, done, cancel) and who approved or rejected it. The floor's
 * progress stays in sales_orders.status.
 */
export const mtOrders = pgTable('mt_orders', {
  whsId: warehouseRef(),
  orderNo: text('order_no').notNull(),
  /** Another warehouse of the deployment (never the source). */
  destWhsId: text('dest_whs_id').notNull().references(() => warehouses.whsId),
  /** RTS_STATUS numbers (OUTBOUND_DOC_LIFECYCLE). */
  docStatus: smallint('doc_status').notNull().default(10),
  remark: remark(),
  approvedBy: integer('approved_by').references(() => users.userId),
  approvedAt: timestamptz('approved_at'),
  rejectReason: text('reject_reason'),
  createdBy: integer('created_by').notNull().references(() => users.userId),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.orderNo),
  foreignKey({ name: 'mt_orders_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [salesOrders.whsId, salesOrders.orderNo] }).onDelete('cascade'),
  index('mt_orders_doc_status_idx').on(t.whsId, t.docStatus, t.createdAt),
  index('mt_orders_dest_idx').on(t.whsId, t.destWhsId, t.createdAt),
  index('mt_orders_created_at_idx').on(t.whsId, t.createdAt),
  check('mt_orders_doc_status_ck', sql`${t.docStatus} in (10, 20, 30, 40, 100, 120, 130, 140, 150, 160)`),
  check('mt_orders_not_self_ck', sql`${t.destWhsId} <> ${t.whsId}`),
]);

/**
 * MT destination priority (Rule Center): per source warehouse, the destinations in order (1 first).
 * MT orders competing for stock at allocation are served by it; the MT order list sorts by it.
 * A destination without a row comes after every listed one.
 */
export const mtDestinationPriorities = pgTable('mt_destination_priorities', {
  whsId: warehouseRef(),
  destWhsId: text('dest_whs_id').notNull().references(() => warehouses.whsId),
  priority: integer('priority').notNull(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.destWhsId),
  uniqueIndex('mt_destination_priorities_priority_uq').on(t.whsId, t.priority),
  check('mt_destination_priorities_priority_ck', sql`${t.priority} between 1 and 9999`),
  check('mt_destination_priorities_not_self_ck', sql`${t.destWhsId} <> ${t.whsId}`),
]);
