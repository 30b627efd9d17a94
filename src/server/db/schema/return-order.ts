import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, remark, status, timestamptz, trigramIndex, warehouseRef, whsPrimaryKey } from './columns';
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

/**
 * The return QC checklist (Rule Center, return-rules.resource.ts): what return QC checks on each
 * unit, in `sequence`; failing a check makes the unit `fail_condition` at least (Damage 2, Abnormal 3).
 */
export const returnQcChecks = pgTable('return_qc_checks', {
  whsId: warehouseRef(),
  checkId: serial('check_id').notNull(),
  sequence: integer('sequence').notNull(),
  checkName: text('check_name').notNull(),
  /** RETURN_INBOUND_CONDITION: Damage or Abnormal. */
  failCondition: smallint('fail_condition').notNull(),
  /** ACTIVE_STATUS. */
  status: status(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.checkId),
  index('return_qc_checks_sequence_idx').on(t.whsId, t.sequence),
  trigramIndex(t.checkName),
  check('return_qc_checks_condition_ck', sql`${t.failCondition} in (2, 3)`),
]);

/**
 * Return inbound rules (Rule Center, return-rules.resource.ts): by priority, the first active rule
 * whose condition and reason match a returned unit (null: any) gives its default judgement
 * (RETURN_JUDGEMENT).
 */
export const returnInboundRules = pgTable('return_inbound_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  priority: integer('priority').notNull(),
  /** RETURN_INBOUND_CONDITION; null matches any. */
  condition: smallint('condition'),
  /** RETURN_INBOUND_REASON; null matches any. */
  returnReason: smallint('return_reason'),
  /** RETURN_JUDGEMENT. */
  judgement: smallint('judgement').notNull(),
  /** ACTIVE_STATUS. */
  status: status(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  index('return_inbound_rules_priority_idx').on(t.whsId, t.priority),
  trigramIndex(t.ruleName),
  check('return_inbound_rules_judgement_ck', sql`${t.judgement} between 1 and 6`),
]);

/**
 * Returned units as judged at return QC (docs/returns.md), numbered within their return: the SKU
 * scanned, its condition (RETURN_INBOUND_CONDITION) and reason (RETURN_INBOUND_REASON), the checks
 * it failed, and its judgement (RETURN_JUDGEMENT) — the deciding rule's, or another with the
 * reason for overriding it. A unit whose SKU the return does not carry (or carries fewer of) goes
 * to a wrong-item dispute (`dispute_no`). `op_id` is the QC op that judged it.
 */
export const returnUnits = pgTable('return_units', {
  whsId: warehouseRef(),
  asnNo: text('asn_no').notNull(),
  unitNo: integer('unit_no').notNull(),
  skuId: text('sku_id').notNull(),
  condition: smallint('condition').notNull(),
  returnReason: smallint('return_reason').notNull(),
  failedChecks: integer('failed_checks').array().notNull(),
  judgement: smallint('judgement'),
  ruleId: integer('rule_id'),
  ruleJudgement: smallint('rule_judgement'),
  overrideReason: text('override_reason'),
  disputeNo: text('dispute_no'),
  judgedBy: integer('judged_by').notNull().references(() => users.userId),
  judgedAt: timestamptz('judged_at').notNull(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.asnNo, t.unitNo),
  foreignKey({ name: 'return_units_asn_fk', columns: [t.whsId, t.asnNo], foreignColumns: [asnOrders.whsId, asnOrders.asnNo] }).onDelete('cascade'),
  foreignKey({ name: 'return_units_dispute_fk', columns: [t.whsId, t.disputeNo], foreignColumns: [returnDisputes.whsId, returnDisputes.disputeNo] }),
  foreignKey({ name: 'return_units_rule_fk', columns: [t.whsId, t.ruleId], foreignColumns: [returnInboundRules.whsId, returnInboundRules.ruleId] }),
  index('return_units_dispute_idx').on(t.whsId, t.disputeNo),
  check('return_units_condition_ck', sql`${t.condition} between 1 and 3`),
  check('return_units_judged_ck', sql`(${t.judgement} is null) <> (${t.disputeNo} is null)`),
]);
