import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, foreignKey, index, integer, pgSequence, pgTable, serial, smallint, text, time, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { activeStatusCheck, createdAt, remark, status, timestamptz, trigramIndex, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { logicAreas, skus, suppliers, zones } from './basic';
import { skuBatches } from './inventory';
import { users } from './system';

// Inbound: ASN quota and delivery slots, ASNs, counting, QC, tasks, putaway, exceptions (server/modules/inbound).

/** Document numbers (one sequence each for every warehouse): ASN, inbound task, inbound exception. */
export const asnNoSeq = pgSequence('asn_no_seq');
export const inboundTaskNoSeq = pgSequence('inbound_task_no_seq');
export const inboundExceptionNoSeq = pgSequence('inbound_exception_no_seq');

/** Receiving shifts of a warehouse (spec §7 search_inbound_shift): the delivery slots of a day. */
export const inboundShifts = pgTable('inbound_shifts', {
  whsId: warehouseRef(),
  shiftId: serial('shift_id').notNull(),
  shiftName: text('shift_name').notNull(),
  startTime: time('start_time').notNull(),
  endTime: time('end_time').notNull(),
  /** ACTIVE_STATUS. */
  status: status(),
}, (t) => [
  whsPrimaryKey(t, t.shiftId),
  uniqueIndex('inbound_shifts_name_uq').on(t.whsId, t.shiftName),
  check('inbound_shifts_time_ck', sql`${t.endTime} > ${t.startTime}`),
  activeStatusCheck(t.status),
]);

/**
 * The default daily quota of a warehouse (spec §7 search/update_asn_quota_config): per inbound order
 * type in separated mode, one row with inbound_type 0 in integrated mode (warehouses.quota_mode).
 */
export const asnQuotaConfigs = pgTable('asn_quota_configs', {
  whsId: warehouseRef(),
  /** INBOUND_ORDER_TYPE, or 0: every type (integrated mode). */
  inboundType: smallint('inbound_type').notNull(),
  dailyQuotaQty: integer('daily_quota_qty').notNull(),
  dailyQuotaCartons: integer('daily_quota_cartons').notNull(),
  updatedBy: integer('updated_by').references(() => users.userId),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.inboundType),
  check('asn_quota_configs_type_ck', sql`${t.inboundType} between 0 and 3`),
  check('asn_quota_configs_qty_ck', sql`${t.dailyQuotaQty} >= 0 and ${t.dailyQuotaCartons} >= 0`),
]);

/**
 * ASN quota plans: what a delivery slot (a day's receiving shift) can take, per inbound order type
 * (0: every type, integrated mode), and how much booked ASNs use. An ASN booking its slot adds to
 * `used_*` with a guarded update, so a slot is never overbooked by concurrent bookings.
 */
export const asnQuotaPlans = pgTable('asn_quota_plans', {
  whsId: whsId(),
  planDate: date('plan_date', { mode: 'string' }).notNull(),
  shiftId: integer('shift_id').notNull(),
  inboundType: smallint('inbound_type').notNull(),
  quotaQty: integer('quota_qty').notNull(),
  quotaCartons: integer('quota_cartons').notNull(),
  usedQty: integer('used_qty').notNull().default(0),
  usedCartons: integer('used_cartons').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedBy: integer('updated_by').references(() => users.userId),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.planDate, t.shiftId, t.inboundType),
  foreignKey({ name: 'asn_quota_plans_shift_fk', columns: [t.whsId, t.shiftId], foreignColumns: [inboundShifts.whsId, inboundShifts.shiftId] }),
  check('asn_quota_plans_type_ck', sql`${t.inboundType} between 0 and 3`),
  check('asn_quota_plans_qty_ck', sql`${t.quotaQty} >= 0 and ${t.quotaCartons} >= 0 and ${t.usedQty} >= 0 and ${t.usedCartons} >= 0`),
]);

/**
 * ASN groups: ASNs that arrive and are counted together (spec §7 counting groups). Every ASN is in
 * one; an ASN created alone gets a group of its own, numbered as the ASN.
 */
export const asnGroups = pgTable('asn_groups', {
  whsId: warehouseRef(),
  groupNo: text('group_no').notNull(),
  /** INBOUND_STATUS of the group as a whole (the least advanced of its ASNs). */
  status: status(0),
  /** Counting of the whole group confirmed complete (create_group_complete_record). */
  countingCompletedAt: timestamptz('counting_completed_at'),
  countingCompletedBy: integer('counting_completed_by').references(() => users.userId),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.groupNo),
  index('asn_groups_status_idx').on(t.whsId, t.status, t.createdAt),
  index('asn_groups_created_at_idx').on(t.whsId, t.createdAt),
]);

/** ASNs (advance shipping notices, spec §2 /inbound/order, §3 inbound statuses): one inbound order each. */
export const asnOrders = pgTable('asn_orders', {
  whsId: warehouseRef(),
  asnNo: text('asn_no').notNull(),
  groupNo: text('group_no').notNull(),
  /** INBOUND_ORDER_TYPE. */
  inboundType: smallint('inbound_type').notNull(),
  /** PURCHASE_TYPE. */
  purchaseType: smallint('purchase_type').notNull(),
  /** ASN_SOURCE. */
  source: smallint('source').notNull().default(2),
  supplierId: text('supplier_id'),
  poNo: text('po_no'),
  /** INBOUND_STATUS (spec §4 lifecycle; shared/inbound/asn-lifecycle.ts). */
  status: status(0),
  /** Just-in-time ASN (the JIT ASN list). */
  isJit: boolean('is_jit').notNull().default(false),
  /** The booked delivery slot: a day and a receiving shift (asn_quota_plans). */
  slotDate: date('slot_date', { mode: 'string' }),
  slotShiftId: integer('slot_shift_id'),
  expectedArrivalAt: timestamptz('expected_arrival_at'),
  /** ARRIVAL_TIMELINESS, set at arrival. */
  arrivalTimeliness: smallint('arrival_timeliness').notNull().default(0),
  dockCode: text('dock_code'),
  expectedCartons: integer('expected_cartons').notNull().default(0),
  /** Σ expected_qty of its lines, kept with them. */
  totalExpectedQty: integer('total_expected_qty').notNull().default(0),
  remark: remark(),
  arrivedAt: timestamptz('arrived_at'),
  countedAt: timestamptz('counted_at'),
  checkedAt: timestamptz('checked_at'),
  receivedAt: timestamptz('received_at'),
  doneAt: timestamptz('done_at'),
  closedAt: timestamptz('closed_at'),
  /** Why it was cancelled, rejected or failed. */
  closeReason: text('close_reason'),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.asnNo),
  foreignKey({ name: 'asn_orders_group_fk', columns: [t.whsId, t.groupNo], foreignColumns: [asnGroups.whsId, asnGroups.groupNo] }),
  foreignKey({ name: 'asn_orders_supplier_fk', columns: [t.whsId, t.supplierId], foreignColumns: [suppliers.whsId, suppliers.supplierId] }),
  foreignKey({ name: 'asn_orders_slot_fk', columns: [t.whsId, t.slotShiftId], foreignColumns: [inboundShifts.whsId, inboundShifts.shiftId] }),
  index('asn_orders_status_idx').on(t.whsId, t.status, t.createdAt),
  index('asn_orders_group_idx').on(t.whsId, t.groupNo),
  index('asn_orders_supplier_idx').on(t.whsId, t.supplierId, t.createdAt),
  index('asn_orders_created_at_idx').on(t.whsId, t.createdAt),
  index('asn_orders_expected_arrival_idx').on(t.whsId, t.expectedArrivalAt),
  index('asn_orders_slot_idx').on(t.whsId, t.slotDate, t.slotShiftId),
  index('asn_orders_jit_idx').on(t.whsId, t.isJit, t.createdAt),
  trigramIndex(t.poNo),
  check('asn_orders_inbound_type_ck', sql`${t.inboundType} between 1 and 3`),
  check('asn_orders_purchase_type_ck', sql`${t.purchaseType} between 0 and 4`),
  check('asn_orders_source_ck', sql`${t.source} between 1 and 5`),
  check('asn_orders_status_ck', sql`${t.status} between 0 and 15 and ${t.status} <> 14`),
  check('asn_orders_timeliness_ck', sql`${t.arrivalTimeliness} between 0 and 3`),
  check('asn_orders_qty_ck', sql`${t.expectedCartons} >= 0 and ${t.totalExpectedQty} >= 0`),
  check('asn_orders_slot_ck', sql`(${t.slotDate} is null) = (${t.slotShiftId} is null)`),
]);

/**
 * The SKUs an ASN expects and how far each has come: counted, passed and failed QC, received into
 * staging and put away. The figures only grow through their steps' own records.
 */
export const asnLines = pgTable('asn_lines', {
  whsId: whsId(),
  asnNo: text('asn_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  skuId: text('sku_id').notNull(),
  expectedQty: integer('expected_qty').notNull(),
  /** The supplier's lot and dates when the ASN names them (received batches take them). */
  batchNo: text('batch_no'),
  productionDate: date('production_date', { mode: 'string' }),
  expiryDate: date('expiry_date', { mode: 'string' }),
  countedQty: integer('counted_qty').notNull().default(0),
  qcPassedQty: integer('qc_passed_qty').notNull().default(0),
  qcFailedQty: integer('qc_failed_qty').notNull().default(0),
  receivedQty: integer('received_qty').notNull().default(0),
  putawayQty: integer('putaway_qty').notNull().default(0),
  /** The value-added service the ASN asks for on the line after receiving (INBOUND_TASK_KIND labelling, bundling, repackaging; migration 0012). */
  vasKind: smallint('vas_kind'),
}, (t) => [
  whsPrimaryKey(t, t.asnNo, t.lineNo),
  uniqueIndex('asn_lines_sku_uq').on(t.whsId, t.asnNo, t.skuId),
  index('asn_lines_by_sku_idx').on(t.whsId, t.skuId),
  foreignKey({ name: 'asn_lines_asn_fk', columns: [t.whsId, t.asnNo], foreignColumns: [asnOrders.whsId, asnOrders.asnNo] }).onDelete('cascade'),
  foreignKey({ name: 'asn_lines_sku_fk', columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
  check('asn_lines_expected_ck', sql`${t.expectedQty} between 1 and 99999`),
  check('asn_lines_progress_ck', sql`${t.countedQty} >= 0 and ${t.qcPassedQty} >= 0 and ${t.qcFailedQty} >= 0 and ${t.receivedQty} >= 0 and ${t.putawayQty} >= 0`),
  check('asn_lines_putaway_ck', sql`${t.putawayQty} <= ${t.receivedQty}`),
  check('asn_lines_vas_kind_ck', sql`${t.vasKind} is null or ${t.vasKind} between 5 and 7`),
]);

/** Cartons and parcels of an inbound shipment by tracking id (spec §2 /inbound/trackingid, §7 counting calls). */
export const inboundTrackingIds = pgTable('inbound_tracking_ids', {
  whsId: warehouseRef(),
  trackingId: text('tracking_id').notNull(),
  asnNo: text('asn_no').notNull(),
  groupNo: text('group_no').notNull(),
  /** TRACKING_ID_STATUS. */
  status: status(),
  cartonQty: integer('carton_qty').notNull().default(1),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  arrivedAt: timestamptz('arrived_at'),
}, (t) => [
  whsPrimaryKey(t, t.trackingId),
  foreignKey({ name: 'inbound_tracking_ids_asn_fk', columns: [t.whsId, t.asnNo], foreignColumns: [asnOrders.whsId, asnOrders.asnNo] }),
  index('inbound_tracking_ids_asn_idx').on(t.whsId, t.asnNo),
  index('inbound_tracking_ids_group_idx').on(t.whsId, t.groupNo, t.status),
  index('inbound_tracking_ids_created_at_idx').on(t.whsId, t.createdAt),
  check('inbound_tracking_ids_status_ck', sql`${t.status} between 1 and 4`),
  check('inbound_tracking_ids_cartons_ck', sql`${t.cartonQty} between 1 and 99999`),
]);

/** What counting found, scan by scan (save_counting_record, create_wrong_sku_record); the ASN line's counted qty sums them. */
export const countingRecords = pgTable('counting_records', {
  whsId: whsId(),
  recordId: bigserial('record_id', { mode: 'number' }).notNull(),
  groupNo: text('group_no').notNull(),
  /** The ASN and line counted against; the line is null for a SKU the group does not expect. */
  asnNo: text('asn_no'),
  lineNo: smallint('line_no'),
  skuId: text('sku_id').notNull(),
  trackingId: text('tracking_id'),
  /** COUNTING_RECORD_KIND. */
  kind: smallint('kind').notNull(),
  qty: integer('qty').notNull(),
  /** The offline op that made it (exactly once). */
  opId: uuid('op_id'),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.recordId),
  foreignKey({ name: 'counting_records_group_fk', columns: [t.whsId, t.groupNo], foreignColumns: [asnGroups.whsId, asnGroups.groupNo] }),
  index('counting_records_group_idx').on(t.whsId, t.groupNo, t.createdAt),
  index('counting_records_asn_idx').on(t.whsId, t.asnNo, t.lineNo),
  uniqueIndex('counting_records_op_uq').on(t.whsId, t.opId),
  check('counting_records_kind_ck', sql`${t.kind} between 1 and 3`),
  check('counting_records_qty_ck', sql`${t.qty} between 1 and 99999`),
  check('counting_records_line_ck', sql`(${t.kind} = 3) = (${t.lineNo} is null)`),
]);

/** QC rules (spec §3 rule kinds; Rule Center › QC Rule): which SKUs are inspected and how many. */
export const qcRules = pgTable('qc_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  /** QC_RULE_KIND: SKU attributes 1, percentage 2, AQL 3. */
  ruleKind: smallint('rule_kind').notNull(),
  /** Lower runs first; the first rule matching the SKU decides. */
  priority: integer('priority').notNull(),
  /** Matches when set: the ASN's supplier, the SKU's category (prefix), high-value SKUs only. */
  supplierId: text('supplier_id'),
  categoryPrefix: text('category_prefix'),
  highValueOnly: boolean('high_value_only').notNull().default(false),
  /** Percentage rules: the share of the line to inspect (1–100). */
  samplePercent: smallint('sample_percent'),
  /** AQL rules: the acceptance quality limit (ISO 2859-1 general level II), e.g. 1.0, 2.5, 4.0. */
  aqlLevel: text('aql_level'),
  /** ACTIVE_STATUS. */
  status: status(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  index('qc_rules_priority_idx').on(t.whsId, t.priority),
  trigramIndex(t.ruleName),
  check('qc_rules_kind_ck', sql`${t.ruleKind} between 1 and 3`),
  check('qc_rules_percent_ck', sql`${t.samplePercent} is null or ${t.samplePercent} between 1 and 100`),
  activeStatusCheck(t.status),
]);

/** QC results per ASN line (spec §2 /inbound/qc): inspected, passed, failed and why. */
export const qcRecords = pgTable('qc_records', {
  whsId: whsId(),
  recordId: bigserial('record_id', { mode: 'number' }).notNull(),
  asnNo: text('asn_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  skuId: text('sku_id').notNull(),
  /** The rule that set the sample; null when inspected without one. */
  ruleId: integer('rule_id'),
  ruleKind: smallint('rule_kind'),
  inspectedQty: integer('inspected_qty').notNull(),
  passedQty: integer('passed_qty').notNull(),
  failedQty: integer('failed_qty').notNull(),
  /** INBOUND_EXCEPTION_REASON of the failed units. */
  failReason: smallint('fail_reason'),
  opId: uuid('op_id'),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.recordId),
  foreignKey({ name: 'qc_records_line_fk', columns: [t.whsId, t.asnNo, t.lineNo], foreignColumns: [asnLines.whsId, asnLines.asnNo, asnLines.lineNo] }),
  index('qc_records_asn_idx').on(t.whsId, t.asnNo, t.lineNo),
  uniqueIndex('qc_records_op_uq').on(t.whsId, t.opId),
  check('qc_records_qty_ck', sql`${t.inspectedQty} between 1 and 99999 and ${t.passedQty} >= 0 and ${t.failedQty} >= 0 and ${t.passedQty} + ${t.failedQty} = ${t.inspectedQty}`),
]);

/**
 * Inbound tasks of every kind (spec §3: counting, QC, receiving, putaway, labelling, bundling,
 * repackaging; §2 task lists and details): one row each, its lines in the kind's own table.
 */
export const inboundTasks = pgTable('inbound_tasks', {
  whsId: warehouseRef(),
  taskNo: text('task_no').notNull(),
  /** INBOUND_TASK_KIND. */
  kind: smallint('kind').notNull(),
  asnNo: text('asn_no'),
  groupNo: text('group_no'),
  /** TASK_STATUS: pending 0, ongoing 1, done 2, cancel 9 (assigned 10). */
  status: status(0),
  /** PUTAWAY_MODE, putaway tasks only. */
  putawayMode: smallint('putaway_mode'),
  assigneeId: integer('assignee_id').references(() => users.userId),
  /** Where the task's goods wait (a staging location). */
  stagingLocation: text('staging_location'),
  totalQty: integer('total_qty').notNull().default(0),
  doneQty: integer('done_qty').notNull().default(0),
  /** VAS tasks made by a handling decision: the inbound exception whose units they rework (migration 0012). */
  exceptionNo: text('exception_no'),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  startedAt: timestamptz('started_at'),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskNo),
  index('inbound_tasks_kind_idx').on(t.whsId, t.kind, t.status, t.createdAt),
  index('inbound_tasks_asn_idx').on(t.whsId, t.asnNo),
  index('inbound_tasks_assignee_idx').on(t.whsId, t.assigneeId, t.status),
  index('inbound_tasks_created_at_idx').on(t.whsId, t.createdAt),
  check('inbound_tasks_kind_ck', sql`${t.kind} between 1 and 7`),
  check('inbound_tasks_status_ck', sql`${t.status} in (0, 1, 2, 3, 9, 10)`),
  check('inbound_tasks_putaway_mode_ck', sql`(${t.kind} = 4) = (${t.putawayMode} is not null) and coalesce(${t.putawayMode}, 1) in (1, 2)`),
  check('inbound_tasks_qty_ck', sql`${t.totalQty} >= 0 and ${t.doneQty} >= 0 and ${t.doneQty} <= ${t.totalQty}`),
]);

/** What a putaway task moves: a staged batch of one quality, where the rule suggests and how much is put. */
export const putawayTaskLines = pgTable('putaway_task_lines', {
  whsId: whsId(),
  taskNo: text('task_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  asnNo: text('asn_no'),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  quality: smallint('quality').notNull(),
  fromLocation: text('from_location').notNull(),
  /** The cell the putaway rule suggested (putaway_rules); the operator may put elsewhere. */
  suggestedLocation: text('suggested_location'),
  qty: integer('qty').notNull(),
  putQty: integer('put_qty').notNull().default(0),
}, (t) => [
  whsPrimaryKey(t, t.taskNo, t.lineNo),
  foreignKey({ name: 'putaway_task_lines_task_fk', columns: [t.whsId, t.taskNo], foreignColumns: [inboundTasks.whsId, inboundTasks.taskNo] }).onDelete('cascade'),
  foreignKey({ name: 'putaway_task_lines_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  index('putaway_task_lines_sku_idx').on(t.whsId, t.skuId),
  check('putaway_task_lines_qty_ck', sql`${t.qty} between 1 and 99999 and ${t.putQty} between 0 and ${t.qty}`),
  check('putaway_task_lines_quality_ck', sql`${t.quality} in (1, 2)`),
]);

/**
 * What a value-added-service task (labelling, bundling, repackaging; migration 0012) reworks: a
 * staged batch of one quality, blocked at its staging location under the task until it is done.
 */
export const vasTaskLines = pgTable('vas_task_lines', {
  whsId: whsId(),
  taskNo: text('task_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  asnNo: text('asn_no'),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  quality: smallint('quality').notNull(),
  location: text('location').notNull(),
  qty: integer('qty').notNull(),
  doneQty: integer('done_qty').notNull().default(0),
}, (t) => [
  whsPrimaryKey(t, t.taskNo, t.lineNo),
  foreignKey({ name: 'vas_task_lines_task_fk', columns: [t.whsId, t.taskNo], foreignColumns: [inboundTasks.whsId, inboundTasks.taskNo] }).onDelete('cascade'),
  foreignKey({ name: 'vas_task_lines_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  index('vas_task_lines_sku_idx').on(t.whsId, t.skuId),
  check('vas_task_lines_qty_ck', sql`${t.qty} between 1 and 99999 and ${t.doneQty} between 0 and ${t.qty}`),
  check('vas_task_lines_quality_ck', sql`${t.quality} in (1, 2)`),
]);

/**
 * Putaway rules (Rule Center › Putaway Rule › Inbound): by priority, the first whose conditions
 * the SKU meets names where to look (a zone or a logic area) and how to choose the cell.
 */
export const putawayRules = pgTable('putaway_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  priority: integer('priority').notNull(),
  /** Conditions, each matching any when null: the SKU's temperature zone, ABC class, high value, and the unit quality. */
  temperatureZone: smallint('temperature_zone'),
  abcClass: smallint('abc_class'),
  highValueOnly: boolean('high_value_only').notNull().default(false),
  quality: smallint('quality'),
  /** Where: one zone, or the zones of one logic area (at least one is set). */
  targetZoneId: text('target_zone_id'),
  targetLogicAreaId: text('target_logic_area_id'),
  /** PUTAWAY_STRATEGY. */
  strategy: smallint('strategy').notNull().default(1),
  /** ACTIVE_STATUS. */
  status: status(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  foreignKey({ name: 'putaway_rules_zone_fk', columns: [t.whsId, t.targetZoneId], foreignColumns: [zones.whsId, zones.zoneId] }),
  foreignKey({ name: 'putaway_rules_logic_area_fk', columns: [t.whsId, t.targetLogicAreaId], foreignColumns: [logicAreas.whsId, logicAreas.logicAreaId] }),
  index('putaway_rules_priority_idx').on(t.whsId, t.priority),
  trigramIndex(t.ruleName),
  check('putaway_rules_target_ck', sql`${t.targetZoneId} is not null or ${t.targetLogicAreaId} is not null`),
  check('putaway_rules_strategy_ck', sql`${t.strategy} between 1 and 3`),
  activeStatusCheck(t.status),
]);

/**
 * Inbound exceptions (spec §3: statuses, types, reasons, handling decisions 1–16; Exception Center
 * › troubleshoot tasks): what went wrong with an ASN's goods, and what was decided.
 */
export const inboundExceptions = pgTable('inbound_exceptions', {
  whsId: warehouseRef(),
  exceptionNo: text('exception_no').notNull(),
  asnNo: text('asn_no').notNull(),
  groupNo: text('group_no'),
  skuId: text('sku_id'),
  trackingId: text('tracking_id'),
  /** The task it was reported from, if any. */
  taskNo: text('task_no'),
  /** INBOUND_EXCEPTION_SOURCE, TYPE and REASON. */
  source: smallint('source').notNull(),
  exceptionType: smallint('exception_type').notNull(),
  reason: smallint('reason').notNull(),
  qty: integer('qty').notNull(),
  /** INBOUND_EXCEPTION_STATUS (spec §4: pending → checked → BD confirmed → done / cancelled). */
  status: status(10),
  /** INBOUND_HANDLING_DECISION, once decided. */
  handlingDecision: smallint('handling_decision'),
  remark: remark(),
  reportedBy: integer('reported_by').references(() => users.userId),
  reportedAt: timestamptz('reported_at').notNull().defaultNow(),
  handledBy: integer('handled_by').references(() => users.userId),
  handledAt: timestamptz('handled_at'),
  opId: uuid('op_id'),
  /** The putaway task line a putaway report names (migration 0012). */
  taskLineNo: smallint('task_line_no'),
  /** The units the exception holds, blocked under it: where, which batch and quality, how many (0: none held). */
  holdLocation: text('hold_location'),
  holdBatchId: text('hold_batch_id'),
  holdQuality: smallint('hold_quality'),
  heldQty: integer('held_qty').notNull().default(0),
  /** The document its handling decision made: a putaway or VAS task, or a new ASN. */
  resultNo: text('result_no'),
}, (t) => [
  whsPrimaryKey(t, t.exceptionNo),
  foreignKey({ name: 'inbound_exceptions_asn_fk', columns: [t.whsId, t.asnNo], foreignColumns: [asnOrders.whsId, asnOrders.asnNo] }),
  index('inbound_exceptions_status_idx').on(t.whsId, t.status, t.reportedAt),
  index('inbound_exceptions_asn_idx').on(t.whsId, t.asnNo),
  index('inbound_exceptions_reported_at_idx').on(t.whsId, t.reportedAt),
  uniqueIndex('inbound_exceptions_op_uq').on(t.whsId, t.opId),
  check('inbound_exceptions_status_ck', sql`${t.status} in (10, 20, 40, 50, 60)`),
  check('inbound_exceptions_type_ck', sql`${t.exceptionType} between 1 and 5`),
  check('inbound_exceptions_reason_ck', sql`${t.reason} between 1 and 9`),
  check('inbound_exceptions_source_ck', sql`${t.source} between 1 and 5`),
  check('inbound_exceptions_decision_ck', sql`${t.handlingDecision} is null or ${t.handlingDecision} between 1 and 16`),
  check('inbound_exceptions_qty_ck', sql`${t.qty} between 1 and 99999`),
  check('inbound_exceptions_hold_ck', sql`${t.heldQty} between 0 and 99999 and (${t.heldQty} = 0 or (${t.holdLocation} is not null and ${t.holdBatchId} is not null and ${t.holdQuality} in (1, 2)))`),
]);
