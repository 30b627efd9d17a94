import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, remark, status, timestamptz, warehouseRef, whsPrimaryKey } from './columns';
import { asnOrders } from './inbound';
import { users } from './system';

// Return inbound (spec §2 /returninbound, docs/returns.md): a buyer's return is an ASN of inbound
// type Return (its lines, tracking id, arrival, QC, receiving and putaway are the inbound ones) plus
// what the order system says about it here.

/**
 * What a return carries beyond its ASN: the order system's return number (the intake's
 * idempotency key), the sales order it returns, why (RETURN_INBOUND_REASON), the buyer and the
 * parcel's tracking number (also the ASN's tracking id, scanned at arrival). `content_hash` tells a
 * resend (same content) from a clash (same number, other content).
 */
export const returnOrders = pgTable('return_orders', {
  whsId: warehouseRef(),
  asnNo: text('asn_no').notNull(),
  returnOrderNo: text('return_order_no').notNull(),
  salesOrderNo: text('sales_order_no'),
  trackingNo: text('tracking_no').notNull(),
  /** RETURN_INBOUND_REASON. */
  returnReason: smallint('return_reason').notNull(),
  buyerName: text('buyer_name'),
  shopId: text('shop_id'),
  /** RETURN_ORDER_SOURCE: the order system's intake or a screen. */
  source: smallint('source').notNull(),
  contentHash: text('content_hash').notNull(),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.asnNo),
  foreignKey({ name: 'return_orders_asn_fk', columns: [t.whsId, t.asnNo], foreignColumns: [asnOrders.whsId, asnOrders.asnNo] }).onDelete('cascade'),
  uniqueIndex('return_orders_no_uq').on(t.whsId, t.returnOrderNo),
  uniqueIndex('return_orders_tracking_uq').on(t.whsId, t.trackingNo),
  index('return_orders_sales_order_idx').on(t.whsId, t.salesOrderNo),
  index('return_orders_created_at_idx').on(t.whsId, t.createdAt),
  check('return_orders_source_ck', sql`${t.source} in (1, 2)`),
]);

/**
 * Returned parcels in dispute (spec §2 /returninbound/Dispute): a parcel that arrived with no
 * return expecting it (its tracking number is on no return ASN), until someone settles it
 * (RETURN_DISPUTE_STATUS; disputeprocessing). One open dispute per tracking number.
 */
export const returnDisputes = pgTable('return_disputes', {
  whsId: warehouseRef(),
  disputeNo: text('dispute_no').notNull(),
  trackingNo: text('tracking_no').notNull(),
  /** RETURN_DISPUTE_KIND. */
  kind: smallint('kind').notNull(),
  /** RETURN_DISPUTE_STATUS. */
  status: status(1),
  /** The return it was matched to when settled that way. */
  asnNo: text('asn_no'),
  remark: remark(),
  reportedBy: integer('reported_by').notNull().references(() => users.userId),
  reportedAt: timestamptz('reported_at').notNull(),
  settledBy: integer('settled_by').references(() => users.userId),
  settledAt: timestamptz('settled_at'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.disputeNo),
  foreignKey({ name: 'return_disputes_asn_fk', columns: [t.whsId, t.asnNo], foreignColumns: [asnOrders.whsId, asnOrders.asnNo] }),
  uniqueIndex('return_disputes_open_tracking_uq').on(t.whsId, t.trackingNo).where(sql`${t.status} = 1`),
  index('return_disputes_reported_at_idx').on(t.whsId, t.reportedAt),
  index('return_disputes_tracking_idx').on(t.whsId, t.trackingNo),
  check('return_disputes_status_ck', sql`${t.status} between 1 and 3`),
  check('return_disputes_kind_ck', sql`${t.kind} between 1 and 2`),
]);
