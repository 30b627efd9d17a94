import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgSequence, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, remark, status, timestamptz, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { users } from './system';
import { warehouses } from './warehouse';

// Transfer requests (docs/transfer.md "Transfer requests and tasks"): a warehouse that needs stock
// asks another warehouse of the deployment for it. The row is the REQUESTING warehouse's (whs_id);
// the source reads its incoming requests by (source_whs_id, status) and, accepting one, makes the
// MT order in its own warehouse and writes its number back here.

export const transferRequestNoSeq = pgSequence('transfer_request_no_seq');

export const transferRequests = pgTable('transfer_requests', {
  /** The requesting warehouse: the request is its document. */
  whsId: warehouseRef(),
  requestNo: text('request_no').notNull(),
  /** The warehouse asked for the stock (never the requester). */
  sourceWhsId: text('source_whs_id').notNull().references(() => warehouses.whsId),
  /** TRANSFER_REQUEST_STATUS as stored: requested, accepted, rejected or cancelled (the later stages are derived from the MT order). */
  status: status(),
  neededBy: date('needed_by', { mode: 'string' }),
  remark: remark(),
  /** The source's MT order made on acceptance (mt_orders of source_whs_id; text, no key across warehouses). */
  mtOrderNo: text('mt_order_no'),
  rejectReason: text('reject_reason'),
  cancelReason: text('cancel_reason'),
  createdBy: integer('created_by').notNull().references(() => users.userId),
  /** Who accepted or rejected it (a user of the source). */
  decidedBy: integer('decided_by').references(() => users.userId),
  decidedAt: timestamptz('decided_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.requestNo),
  index('transfer_requests_status_idx').on(t.whsId, t.status, t.createdAt),
  // The source's incoming requests (a read across warehouses by key, docs/transfer.md).
  index('transfer_requests_source_idx').on(t.sourceWhsId, t.status, t.createdAt),
  index('transfer_requests_source_no_idx').on(t.sourceWhsId, t.requestNo),
  // A transfer task's request: the source's MT order by its number.
  index('transfer_requests_mt_order_idx').on(t.sourceWhsId, t.mtOrderNo),
  index('transfer_requests_created_at_idx').on(t.whsId, t.createdAt),
  check('transfer_requests_status_ck', sql`${t.status} in (1, 2, 6, 7)`),
  check('transfer_requests_not_self_ck', sql`${t.sourceWhsId} <> ${t.whsId}`),
  check('transfer_requests_accepted_ck', sql`(${t.status} = 2) = (${t.mtOrderNo} is not null)`),
]);

/** What a request asks for: the SKU by its code (SKU codes are shared by the deployment's warehouses) and the units. */
export const transferRequestLines = pgTable('transfer_request_lines', {
  whsId: whsId(),
  requestNo: text('request_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  /** A SKU of the source's master (the requester may never have held it). */
  skuId: text('sku_id').notNull(),
  qty: integer('qty').notNull(),
}, (t) => [
  whsPrimaryKey(t, t.requestNo, t.lineNo),
  foreignKey({ name: 'transfer_request_lines_request_fk', columns: [t.whsId, t.requestNo], foreignColumns: [transferRequests.whsId, transferRequests.requestNo] }).onDelete('cascade'),
  check('transfer_request_lines_qty_ck', sql`${t.qty} between 1 and 99999`),
]);
