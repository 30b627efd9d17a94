import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, foreignKey, index, integer, jsonb, pgSequence, pgTable, serial, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { activeStatusCheck, createdAt, locationStatusCheck, remark, status, timestamptz, trigramIndex, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { shopGroups, shops, skus, stations, zones } from './basic';
import { skuBatches } from './inventory';
import { users } from './system';

// Sales outbound (spec §2 /salesoutbound, §3 sales order and task codes, §4 the sales order lifecycle).

export const salesOrderNoSeq = pgSequence('sales_order_no_seq');
export const waveNoSeq = pgSequence('wave_no_seq');
export const pickingTaskNoSeq = pgSequence('picking_task_no_seq');
export const outboundExceptionNoSeq = pgSequence('outbound_exception_no_seq');
export const subPickingGroupNoSeq = pgSequence('sub_picking_group_no_seq');
export const checkingTaskNoSeq = pgSequence('checking_task_no_seq');
export const packingTaskNoSeq = pgSequence('packing_task_no_seq');
/** Tracking numbers Tally issues itself (an order the order system sent without one, a new tracking id). */
export const trackingNoSeq = pgSequence('tracking_no_seq');

/**
 * Pick carts, baskets, boxes, pallets and put walls: labelled containers an operator picks into.
 * A container is a stock location (STOCK_LOCATION_TYPE container 5): picked units sit in it, on
 * the ledger, until the next step takes them out. It serves one picking task at a time.
 */
export const containers = pgTable('containers', {
  whsId: warehouseRef(),
  containerCode: text('container_code').notNull(),
  /** CONTAINER_TYPE. */
  containerType: smallint('container_type').notNull(),
  /** LOCATION_STATUS: normal 1, blocked 2, frozen 3, deleted 4 (a container is a location). */
  status: smallint('status').notNull().default(1),
  /** The picking task it is in use for; null when free. */
  taskNo: text('task_no'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.containerCode),
  index('containers_task_idx').on(t.whsId, t.taskNo),
  check('containers_type_ck', sql`${t.containerType} between 0 and 4`),
  locationStatusCheck(t.status),
]);

/**
 * Outbound orders: what an order system (or a person, or a spreadsheet) asks the warehouse to ship.
 * Named for the first kind; `order_type` tells sales orders from move-transfer (MT) and return to
 * supplier (RTS) orders, which go through the same allocation, waves, picking, checking, packing
 * and shipping, with their own fields in tables of their own. `external_no` is the order system's number, unique in the warehouse: the intake is idempotent on
 * it, and `lines_hash` tells a resend (the same lines) from a clash (other lines).
 */
export const salesOrders = pgTable('sales_orders', {
  whsId: warehouseRef(),
  orderNo: text('order_no').notNull(),
  externalNo: text('external_no').notNull(),
  /** OUTBOUND_ORDER_TYPE: sales 1, move transfer 2, return to supplier 3. */
  orderType: smallint('order_type').notNull().default(1),
  /** SALES_ORDER_STATUS. */
  status: smallint('status').notNull().default(0),
  /** ORDER_PRIORITY: on hold 1, normal 2, priority 3. */
  priority: smallint('priority').notNull().default(2),
  /** PARCEL_SPLIT: 0 not split … 3 (spec §3 parcel split states). */
  parcelSplit: smallint('parcel_split').notNull().default(0),
  /** SALES_ORDER_SOURCE: screen 1, import 2, order system 3. */
  source: smallint('source').notNull(),
  shopId: text('shop_id'),
  /** When the carrier collects: auto waves take orders by cut-off. */
  cutoffAt: timestamptz('cutoff_at'),
  /** The carrier (logistics channel) the order ships with, as the order system names it. */
  carrierName: text('carrier_name'),
  /** The order's tracking number (AWB) from the order system; issued by Tally at packing when it sent none. */
  trackingNo: text('tracking_no'),
  receiverName: text('receiver_name'),
  receiverPhone: text('receiver_phone'),
  receiverAddress: text('receiver_address'),
  lineCount: integer('line_count').notNull(),
  totalQty: integer('total_qty').notNull(),
  allocatedQty: integer('allocated_qty').notNull().default(0),
  pickedQty: integer('picked_qty').notNull().default(0),
  /** The wave it was released in; null before. */
  waveNo: text('wave_no'),
  /** Why it waits (pending pick) or failed (pick fail), in English for the log; null otherwise. */
  holdReason: text('hold_reason'),
  /** sha256 of its lines as received: a resend of the external number must carry the same. */
  linesHash: text('lines_hash').notNull(),
  remark: remark(),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.orderNo),
  uniqueIndex('sales_orders_external_no_uq').on(t.whsId, t.externalNo),
  index('sales_orders_status_idx').on(t.whsId, t.status, t.priority, t.createdAt),
  index('sales_orders_type_idx').on(t.whsId, t.orderType, t.status, t.createdAt),
  index('sales_orders_wave_idx').on(t.whsId, t.waveNo),
  index('sales_orders_created_at_idx').on(t.whsId, t.createdAt),
  uniqueIndex('sales_orders_tracking_no_uq').on(t.whsId, t.trackingNo).where(sql`tracking_no is not null`),
  check('sales_orders_status_ck', sql`${t.status} between 0 and 13`),
  check('sales_orders_order_type_ck', sql`${t.orderType} between 1 and 3`),
  check('sales_orders_priority_ck', sql`${t.priority} between 1 and 3`),
  check('sales_orders_parcel_split_ck', sql`${t.parcelSplit} between 0 and 3`),
  check('sales_orders_source_ck', sql`${t.source} between 1 and 3`),
  check('sales_orders_qty_ck', sql`${t.totalQty} >= 1 and ${t.allocatedQty} between 0 and ${t.totalQty} and ${t.pickedQty} between 0 and ${t.totalQty}`),
]);

export const salesOrderLines = pgTable('sales_order_lines', {
  whsId: whsId(),
  orderNo: text('order_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  skuId: text('sku_id').notNull(),
  qty: integer('qty').notNull(),
  allocatedQty: integer('allocated_qty').notNull().default(0),
  pickedQty: integer('picked_qty').notNull().default(0),
}, (t) => [
  whsPrimaryKey(t, t.orderNo, t.lineNo),
  foreignKey({ name: 'sales_order_lines_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [salesOrders.whsId, salesOrders.orderNo] }).onDelete('cascade'),
  foreignKey({ name: 'sales_order_lines_sku_fk', columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
  index('sales_order_lines_sku_idx').on(t.whsId, t.skuId),
  check('sales_order_lines_qty_ck', sql`${t.qty} between 1 and 99999 and ${t.allocatedQty} between 0 and ${t.qty} and ${t.pickedQty} between 0 and ${t.qty}`),
]);

/**
 * What allocation reserved for an order line: units of one balance (location, batch, quality),
 * pre-picked on the ledger. Waving puts it on a picking task (`task_no`, `seq` its place on the
 * task's route); picking moves `picked_qty` of it into a container, a short pick ends the rest.
 * These rows are the picking task's lines.
 */
export const outboundAllocations = pgTable('outbound_allocations', {
  whsId: whsId(),
  allocId: bigserial('alloc_id', { mode: 'number' }).notNull(),
  orderNo: text('order_no').notNull(),
  lineNo: smallint('line_no').notNull(),
  locationId: text('location_id').notNull(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  quality: smallint('quality').notNull(),
  qty: integer('qty').notNull(),
  pickedQty: integer('picked_qty').notNull().default(0),
  /** Units found missing or damaged at the location (a short pick); their reservation is released. */
  shortQty: integer('short_qty').notNull().default(0),
  /** Released without picking: the order failed or was cancelled first. */
  cancelledQty: integer('cancelled_qty').notNull().default(0),
  /** Units put back by reverse picking after the order was cancelled. */
  returnedQty: integer('returned_qty').notNull().default(0),
  taskNo: text('task_no'),
  seq: integer('seq'),
  /** Sorting while picking: the slot of the task's cart the order's units go into (1 = the first). */
  slotNo: smallint('slot_no'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.allocId),
  foreignKey({ name: 'outbound_allocations_line_fk', columns: [t.whsId, t.orderNo, t.lineNo], foreignColumns: [salesOrderLines.whsId, salesOrderLines.orderNo, salesOrderLines.lineNo] }),
  foreignKey({ name: 'outbound_allocations_batch_fk', columns: [t.whsId, t.skuId, t.batchId], foreignColumns: [skuBatches.whsId, skuBatches.skuId, skuBatches.batchId] }),
  index('outbound_allocations_order_idx').on(t.whsId, t.orderNo, t.lineNo),
  index('outbound_allocations_task_idx').on(t.whsId, t.taskNo, t.seq),
  index('outbound_allocations_location_idx').on(t.whsId, t.locationId, t.skuId),
  check('outbound_allocations_qty_ck', sql`${t.qty} between 1 and 99999 and ${t.pickedQty} >= 0 and ${t.shortQty} >= 0 and ${t.cancelledQty} >= 0 and ${t.pickedQty} + ${t.shortQty} + ${t.cancelledQty} <= ${t.qty} and ${t.returnedQty} between 0 and ${t.pickedQty}`),
  check('outbound_allocations_quality_ck', sql`${t.quality} in (1, 2)`),
  check('outbound_allocations_slot_ck', sql`${t.slotNo} between 1 and 99`),
]);

/** Every status change and notable step of an order, who and why: the detail page's log. */
export const salesOrderLogs = pgTable('sales_order_logs', {
  whsId: whsId(),
  logId: bigserial('log_id', { mode: 'number' }).notNull(),
  orderNo: text('order_no').notNull(),
  fromStatus: smallint('from_status'),
  toStatus: smallint('to_status').notNull(),
  /** What happened, in English (the server's words; codes in the columns). */
  note: text('note').notNull(),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.logId),
  foreignKey({ name: 'sales_order_logs_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [salesOrders.whsId, salesOrders.orderNo] }).onDelete('cascade'),
  index('sales_order_logs_order_idx').on(t.whsId, t.orderNo, t.logId),
]);

/** Waves: orders released to the floor together, manually or by the auto wave rule. */
export const waves = pgTable('waves', {
  whsId: warehouseRef(),
  waveNo: text('wave_no').notNull(),
  isManual: boolean('is_manual').notNull(),
  /** The auto wave rule whose run released it (on a schedule or on demand); null for a manual wave. */
  autoWaveRuleId: integer('auto_wave_rule_id'),
  /** WAVE_STATUS: pending 0, ongoing 1, done 2, cancel 9 (TASK_STATUS numbers). */
  status: smallint('status').notNull().default(0),
  /** PICKING_TYPE: pick to order 1, pick to wave 2, sorting while picking 3. */
  pickingType: smallint('picking_type').notNull(),
  orderCount: integer('order_count').notNull(),
  unitCount: integer('unit_count').notNull(),
  /** Orders detached from the wave by a short pick (their reason is on the order). */
  detachedCount: integer('detached_count').notNull().default(0),
  /** Released by flow pick for one picker's "Next task" (flow-pick.ts), not by a person or an auto wave rule. */
  isFlow: boolean('is_flow').notNull().default(false),
  /** OUTBOUND_ORDER_TYPE of every order it holds (a wave holds orders of one type). */
  orderType: smallint('order_type').notNull().default(1),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.waveNo),
  index('waves_status_idx').on(t.whsId, t.status, t.createdAt),
  index('waves_created_at_idx').on(t.whsId, t.createdAt),
  check('waves_status_ck', sql`${t.status} in (0, 1, 2, 9)`),
  check('waves_picking_type_ck', sql`${t.pickingType} between 1 and 3`),
  check('waves_order_type_ck', sql`${t.orderType} between 1 and 3`),
  check('waves_manual_rule_ck', sql`not (${t.isManual} and ${t.autoWaveRuleId} is not null)`),
  check('waves_flow_ck', sql`not (${t.isFlow} and (${t.isManual} or ${t.autoWaveRuleId} is not null))`),
  foreignKey({ name: 'waves_auto_wave_rule_fk', columns: [t.whsId, t.autoWaveRuleId], foreignColumns: [autoWaveRules.whsId, autoWaveRules.ruleId] }),
]);

/**
 * Picking tasks (the pickup an operator claims on the PDA, spec picking/{pickup_id}): a wave's
 * allocations in one zone, up to the picker's capacity. Reverse picking tasks put units of a
 * cancelled order back (kind reverse 2).
 */
export const pickingTasks = pgTable('picking_tasks', {
  whsId: warehouseRef(),
  taskNo: text('task_no').notNull(),
  /** PICKING_TASK_KIND: picking 1, reverse picking 2. */
  kind: smallint('kind').notNull().default(1),
  waveNo: text('wave_no'),
  /** The cancelled order a reverse picking task returns. */
  orderNo: text('order_no'),
  zoneId: text('zone_id'),
  /** TASK_STATUS: pending 0, ongoing 1, done 2, cancel 9, split 11 (its stops went to sub-picking tasks). */
  status: smallint('status').notNull().default(0),
  pickingType: smallint('picking_type').notNull(),
  /** OUTBOUND_ORDER_TYPE of its wave's orders (a reverse task: of its order), so each type's task list and PDA see their own. */
  orderType: smallint('order_type').notNull().default(1),
  containerCode: text('container_code'),
  /**
   * Where a reverse picking task takes its units from: null, the container each line was picked
   * into; the order's number when the order was cancelled after checking (its units are on the order).
   */
  sourceLocation: text('source_location'),
  /** A sub-picking task: the picking task it was split from, and the split (sub_picking_groups). */
  parentTaskNo: text('parent_task_no'),
  subPickingGroupId: text('sub_picking_group_id'),
  assigneeId: integer('assignee_id').references(() => users.userId),
  totalQty: integer('total_qty').notNull(),
  pickedQty: integer('picked_qty').notNull().default(0),
  shortQty: integer('short_qty').notNull().default(0),
  createdAt: createdAt(),
  startedAt: timestamptz('started_at'),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskNo),
  index('picking_tasks_status_idx').on(t.whsId, t.kind, t.status, t.createdAt),
  index('picking_tasks_type_idx').on(t.whsId, t.orderType, t.kind, t.taskNo),
  check('picking_tasks_order_type_ck', sql`${t.orderType} between 1 and 3`),
  index('picking_tasks_wave_idx').on(t.whsId, t.waveNo),
  index('picking_tasks_assignee_idx').on(t.whsId, t.assigneeId, t.status),
  check('picking_tasks_kind_ck', sql`${t.kind} in (1, 2)`),
  index('picking_tasks_sub_picking_group_idx').on(t.whsId, t.subPickingGroupId),
  index('picking_tasks_parent_idx').on(t.whsId, t.parentTaskNo),
  check('picking_tasks_status_ck', sql`${t.status} in (0, 1, 2, 9, 11)`),
  check('picking_tasks_sub_picking_ck', sql`(${t.parentTaskNo} is null) = (${t.subPickingGroupId} is null)`),
  check('picking_tasks_picking_type_ck', sql`${t.pickingType} between 1 and 3`),
  check('picking_tasks_qty_ck', sql`${t.totalQty} >= 0 and ${t.pickedQty} >= 0 and ${t.shortQty} >= 0 and ${t.pickedQty} + ${t.shortQty} <= ${t.totalQty}`),
]);

/**
 * Sub-picking groups (spec §2 /salesoutbound/subPicking/grouplog): a pending picking task split by
 * a supervisor into sub-picking tasks (picking_tasks rows naming it), by a number of pickers or by
 * units per sub task. Its status follows its sub tasks (pending, ongoing, done; cancel when merged
 * back or every sub task was cancelled).
 */
export const subPickingGroups = pgTable('sub_picking_groups', {
  whsId: warehouseRef(),
  groupId: text('group_id').notNull(),
  parentTaskNo: text('parent_task_no').notNull(),
  waveNo: text('wave_no'),
  zoneId: text('zone_id'),
  /** SUB_PICKING_SPLIT_BY: pickers 1, units per sub task 2; `split_value` is the number asked. */
  splitBy: smallint('split_by').notNull(),
  splitValue: integer('split_value').notNull(),
  subTaskCount: integer('sub_task_count').notNull(),
  totalQty: integer('total_qty').notNull(),
  /** TASK_STATUS: pending 0, ongoing 1, done 2, cancel 9. */
  status: smallint('status').notNull().default(0),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.groupId),
  index('sub_picking_groups_created_at_idx').on(t.whsId, t.createdAt),
  index('sub_picking_groups_parent_idx').on(t.whsId, t.parentTaskNo),
  foreignKey({ name: 'sub_picking_groups_parent_fk', columns: [t.whsId, t.parentTaskNo], foreignColumns: [pickingTasks.whsId, pickingTasks.taskNo] }),
  check('sub_picking_groups_status_ck', sql`${t.status} in (0, 1, 2, 9)`),
  check('sub_picking_groups_split_by_ck', sql`${t.splitBy} in (1, 2)`),
]);

/** Outbound exceptions: a short pick at a location (empty, damaged), for the exception center and a count. */
export const outboundExceptions = pgTable('outbound_exceptions', {
  whsId: warehouseRef(),
  exceptionNo: text('exception_no').notNull(),
  /** SHORT_PICK_REASON. */
  reason: smallint('reason').notNull(),
  locationId: text('location_id').notNull(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  qty: integer('qty').notNull(),
  taskNo: text('task_no').notNull(),
  orderNo: text('order_no').notNull(),
  /** What followed: re-allocated elsewhere, or the order failed. */
  outcome: text('outcome').notNull(),
  opId: uuid('op_id'),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.exceptionNo),
  index('outbound_exceptions_location_idx').on(t.whsId, t.locationId, t.createdAt),
  index('outbound_exceptions_created_at_idx').on(t.whsId, t.createdAt),
  check('outbound_exceptions_qty_ck', sql`${t.qty} between 1 and 99999`),
]);

/**
 * Damaged units reported (Exception Center, or a station): units of a location — a cell, or an
 * order's when found at checking or packing — suspected damaged, for a supervisor's decision.
 */
export const outboundDamageReports = pgTable('outbound_damage_reports', {
  whsId: warehouseRef(),
  reportNo: text('report_no').notNull(),
  locationId: text('location_id').notNull(),
  skuId: text('sku_id').notNull(),
  batchId: text('batch_id').notNull(),
  qty: integer('qty').notNull(),
  /** The order the units were meant for, when found on one. */
  orderNo: text('order_no'),
  note: text('note'),
  reportedBy: integer('reported_by').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.reportNo),
  index('outbound_damage_reports_created_at_idx').on(t.whsId, t.createdAt),
  check('outbound_damage_reports_qty_ck', sql`${t.qty} between 1 and 99999`),
]);

/**
 * How each outbound exception was handled (ob-troubleshoot-task): one row per exception — its
 * task id is the short pick's exception number, CR + the checking refusal's id, the damage report's
 * number or the intercepted order's reverse picking task — with who decided what, when and why.
 * The key makes a second decision on one exception impossible.
 */
export const outboundExceptionDecisions = pgTable('outbound_exception_decisions', {
  whsId: warehouseRef(),
  taskId: text('task_id').notNull(),
  /** OB_EXCEPTION_TYPE. */
  type: smallint('type').notNull(),
  /** OB_EXCEPTION_DECISION. */
  decision: smallint('decision').notNull(),
  note: text('note'),
  /** What the decision did, in English (the server's words). */
  outcome: text('outcome').notNull(),
  decidedBy: integer('decided_by').references(() => users.userId),
  decidedAt: timestamptz('decided_at').notNull().defaultNow(),
}, (t) => [
  whsPrimaryKey(t, t.taskId),
  check('outbound_exception_decisions_type_ck', sql`${t.type} between 1 and 4`),
  check('outbound_exception_decisions_decision_ck', sql`${t.decision} between 1 and 7`),
]);

/**
 * Checking tasks (spec §2 task/checking, §3 checking task info): the orders of one container checked
 * at a checking station in its mode, made when the container is scanned there. Checking an order
 * moves its units out of their containers onto the order (STOCK_LOCATION_TYPE outbound order 6).
 */
export const checkingTasks = pgTable('checking_tasks', {
  whsId: warehouseRef(),
  taskNo: text('task_no').notNull(),
  containerCode: text('container_code').notNull(),
  stationId: text('station_id').notNull(),
  /** CHECKING_STATION_MODE of the station when the task was made. */
  mode: smallint('mode').notNull(),
  /** TASK_STATUS: ongoing 1, done 2, cancel 9 (its orders all cancelled). */
  status: smallint('status').notNull().default(1),
  waveNo: text('wave_no'),
  /** PICKING_TYPE of the picking that filled the container (spec "wave_type"). */
  waveType: smallint('wave_type'),
  /** OUTBOUND_ORDER_TYPE of its orders (its picking task's): each type has its own checking list and screen. */
  orderType: smallint('order_type').notNull().default(1),
  needScanInnerPackaging: boolean('need_scan_inner_packaging').notNull(),
  needScanOuterPackaging: boolean('need_scan_outer_packaging').notNull(),
  removeWeightInput: boolean('remove_weight_input').notNull(),
  totalQty: integer('total_qty').notNull(),
  checkedQty: integer('checked_qty').notNull().default(0),
  assigneeId: integer('assignee_id').references(() => users.userId),
  createdAt: createdAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskNo),
  foreignKey({ name: 'checking_tasks_station_fk', columns: [t.whsId, t.stationId], foreignColumns: [stations.whsId, stations.stationId] }),
  index('checking_tasks_container_idx').on(t.whsId, t.containerCode, t.status),
  index('checking_tasks_created_at_idx').on(t.whsId, t.createdAt),
  index('checking_tasks_type_idx').on(t.whsId, t.orderType, t.taskNo),
  check('checking_tasks_order_type_ck', sql`${t.orderType} between 1 and 3`),
  check('checking_tasks_status_ck', sql`${t.status} in (1, 2, 9)`),
  check('checking_tasks_mode_ck', sql`${t.mode} in (0, 1, 2)`),
  check('checking_tasks_qty_ck', sql`${t.totalQty} >= 0 and ${t.checkedQty} between 0 and ${t.totalQty}`),
]);

/** The orders of a checking task, each checked whole by one op: its units, packaging and weight. */
export const checkingTaskOrders = pgTable('checking_task_orders', {
  whsId: whsId(),
  taskNo: text('task_no').notNull(),
  orderNo: text('order_no').notNull(),
  /** Its place at the station (put wall slot, tote): the cart slot of sorting while picking, else 1, 2, … by order number. */
  slotNo: smallint('slot_no').notNull(),
  totalQty: integer('total_qty').notNull(),
  /** TASK_STATUS: pending 0, done 2, cancel 9. */
  status: smallint('status').notNull().default(0),
  /** What the SKUs weigh by their master data; null when a SKU has no weight. */
  expectedWeightG: integer('expected_weight_g'),
  weightG: integer('weight_g'),
  innerPackaging: text('inner_packaging'),
  outerPackaging: text('outer_packaging'),
  checkedBy: integer('checked_by').references(() => users.userId),
  checkedAt: timestamptz('checked_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskNo, t.orderNo),
  foreignKey({ name: 'checking_task_orders_task_fk', columns: [t.whsId, t.taskNo], foreignColumns: [checkingTasks.whsId, checkingTasks.taskNo] }).onDelete('cascade'),
  foreignKey({ name: 'checking_task_orders_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [salesOrders.whsId, salesOrders.orderNo] }),
  index('checking_task_orders_order_idx').on(t.whsId, t.orderNo),
  // One open check per order: an order is never in two unfinished checking tasks.
  uniqueIndex('checking_task_orders_open_uq').on(t.whsId, t.orderNo).where(sql`status = 0`),
  check('checking_task_orders_status_ck', sql`${t.status} in (0, 2, 9)`),
  check('checking_task_orders_qty_ck', sql`${t.totalQty} >= 1 and ${t.slotNo} between 1 and 999 and (${t.weightG} is null or ${t.weightG} between 1 and 1000000)`),
]);

/** Scans a checking station refused (a unit not of the order, an extra unit, wrong packaging, a weight out of tolerance). */
export const checkingRefusals = pgTable('checking_refusals', {
  whsId: whsId(),
  refusalId: bigserial('refusal_id', { mode: 'number' }).notNull(),
  taskNo: text('task_no').notNull(),
  orderNo: text('order_no'),
  /** CHECKING_REFUSAL_REASON. */
  reason: smallint('reason').notNull(),
  /** What was scanned (or the weight put on the scale, in grams). */
  scanned: text('scanned').notNull(),
  skuId: text('sku_id'),
  stationId: text('station_id').notNull(),
  opId: uuid('op_id'),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.refusalId),
  foreignKey({ name: 'checking_refusals_task_fk', columns: [t.whsId, t.taskNo], foreignColumns: [checkingTasks.whsId, checkingTasks.taskNo] }).onDelete('cascade'),
  index('checking_refusals_task_idx').on(t.whsId, t.taskNo),
  index('checking_refusals_created_at_idx').on(t.whsId, t.createdAt),
  check('checking_refusals_reason_ck', sql`${t.reason} between 1 and 5`),
]);

/**
 * Packing tasks (spec §2 task/packing and its detail): one checked order packed at a packing station
 * into one or more parcels, made when the order is scanned there. Packing moves no stock: the units
 * stay on the order (STOCK_LOCATION_TYPE outbound order 6) until their parcels ship.
 */
export const packingTasks = pgTable('packing_tasks', {
  whsId: warehouseRef(),
  taskNo: text('task_no').notNull(),
  orderNo: text('order_no').notNull(),
  stationId: text('station_id').notNull(),
  /** TASK_STATUS: ongoing 1, done 2, cancel 9 (the order was cancelled). */
  status: smallint('status').notNull().default(1),
  totalQty: integer('total_qty').notNull(),
  parcelCount: smallint('parcel_count').notNull().default(0),
  /** The parcels' weight together, when the station weighs them. */
  weightG: integer('weight_g'),
  assigneeId: integer('assignee_id').references(() => users.userId),
  createdAt: createdAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskNo),
  foreignKey({ name: 'packing_tasks_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [salesOrders.whsId, salesOrders.orderNo] }),
  foreignKey({ name: 'packing_tasks_station_fk', columns: [t.whsId, t.stationId], foreignColumns: [stations.whsId, stations.stationId] }),
  // One open packing per order.
  uniqueIndex('packing_tasks_open_uq').on(t.whsId, t.orderNo).where(sql`status = 1`),
  index('packing_tasks_order_idx').on(t.whsId, t.orderNo),
  index('packing_tasks_created_at_idx').on(t.whsId, t.createdAt),
  check('packing_tasks_status_ck', sql`${t.status} in (1, 2, 9)`),
  check('packing_tasks_qty_ck', sql`${t.totalQty} >= 1 and ${t.parcelCount} between 0 and 999 and (${t.weightG} is null or ${t.weightG} between 1 and 100000000)`),
]);

/**
 * Parcels (spec "child LMTN"): what a packed order ships as, each under its own tracking number —
 * the order's for its first parcel, the order's with -2, -3 … for the others. A new tracking id
 * replaces a parcel's number: the old row stays, REPLACED, naming the new one.
 */
export const parcels = pgTable('parcels', {
  whsId: warehouseRef(),
  trackingNo: text('tracking_no').notNull(),
  orderNo: text('order_no').notNull(),
  /** Its number in the order, from 1. */
  parcelNo: smallint('parcel_no').notNull(),
  packingTaskNo: text('packing_task_no').notNull(),
  /** PARCEL_STATUS. */
  status: smallint('status').notNull().default(1),
  /** The box or pouch it is packed in (a consumable), null for a unit shipped in its own carton. */
  boxId: text('box_id'),
  /** Fillers put in with the units (consumable ids). */
  fillerIds: jsonb('filler_ids').$type<string[]>().notNull().default([]),
  weightG: integer('weight_g'),
  qty: integer('qty').notNull(),
  /** The tracking number that replaced this one (new tracking id). */
  replacedBy: text('replaced_by'),
  /** The handover it left with. */
  shippingNo: text('shipping_no'),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  shippedAt: timestamptz('shipped_at'),
}, (t) => [
  whsPrimaryKey(t, t.trackingNo),
  foreignKey({ name: 'parcels_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [salesOrders.whsId, salesOrders.orderNo] }),
  foreignKey({ name: 'parcels_task_fk', columns: [t.whsId, t.packingTaskNo], foreignColumns: [packingTasks.whsId, packingTasks.taskNo] }),
  // One live parcel per number of an order: a replaced one gives way to its new tracking number.
  uniqueIndex('parcels_order_parcel_uq').on(t.whsId, t.orderNo, t.parcelNo).where(sql`status <> 5`),
  index('parcels_shipping_idx').on(t.whsId, t.shippingNo),
  index('parcels_created_at_idx').on(t.whsId, t.createdAt),
  check('parcels_status_ck', sql`${t.status} between 1 and 5`),
  check('parcels_qty_ck', sql`${t.qty} >= 1 and ${t.parcelNo} between 1 and 999 and (${t.weightG} is null or ${t.weightG} between 1 and 1000000)`),
]);

/** The units in a parcel, by SKU. */
export const parcelItems = pgTable('parcel_items', {
  whsId: whsId(),
  trackingNo: text('tracking_no').notNull(),
  skuId: text('sku_id').notNull(),
  qty: integer('qty').notNull(),
}, (t) => [
  whsPrimaryKey(t, t.trackingNo, t.skuId),
  foreignKey({ name: 'parcel_items_parcel_fk', columns: [t.whsId, t.trackingNo], foreignColumns: [parcels.whsId, parcels.trackingNo] }).onDelete('cascade'),
  check('parcel_items_qty_ck', sql`${t.qty} >= 1`),
]);

// Rule Center of sales outbound (docs/outbound.md "Rules").

/**
 * Sales allocate rules (Rule Center › Allocate Rule › Sales): by priority (lower first), the first
 * active rule whose conditions the order meets says which steps of the allocation order apply.
 * A condition left empty matches any; with no rule matching, every step applies. Expired batches
 * are never allocated, whatever the rule says.
 */
export const salesAllocateRules = pgTable('sales_allocate_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  /** OUTBOUND_ORDER_TYPE of the orders it decides for: one table serves the sales, MT and RTS allocate rules. */
  orderType: smallint('order_type').notNull().default(1),
  priority: integer('priority').notNull(),
  /** Conditions: the order's shop and its ORDER_PRIORITY. */
  shopId: text('shop_id'),
  orderPriority: smallint('order_priority'),
  /** The steps: first expiry first, first received first, the picking area first, fewest locations. */
  fefo: boolean('fefo').notNull().default(true),
  fifo: boolean('fifo').notNull().default(true),
  pickingAreaFirst: boolean('picking_area_first').notNull().default(true),
  fewestLocations: boolean('fewest_locations').notNull().default(true),
  /** ACTIVE_STATUS. */
  status: status(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  foreignKey({ name: 'sales_allocate_rules_shop_fk', columns: [t.whsId, t.shopId], foreignColumns: [shops.whsId, shops.shopId] }),
  index('sales_allocate_rules_priority_idx').on(t.whsId, t.priority),
  index('sales_allocate_rules_type_idx').on(t.whsId, t.orderType, t.priority),
  check('sales_allocate_rules_order_type_ck', sql`${t.orderType} between 1 and 3`),
  trigramIndex(t.ruleName),
  check('sales_allocate_rules_order_priority_ck', sql`${t.orderPriority} between 1 and 3`),
  activeStatusCheck(t.status),
]);

/**
 * Picking rules (Rule Center › Picking Rule): per zone, or for the whole warehouse (no zone), the
 * picker's capacity (units a picking task holds), whether the PDA takes a typed quantity (else
 * units are counted by scans) and the picking type of a wave that names none. One rule a zone.
 */
export const pickingRules = pgTable('picking_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  zoneId: text('zone_id'),
  maxUnitsPerTask: integer('max_units_per_task').notNull(),
  allowTypedQty: boolean('allow_typed_qty').notNull().default(false),
  /** PICKING_TYPE. */
  pickingType: smallint('picking_type').notNull().default(1),
  /** Sorting while picking: the slots of a pick cart, so the orders one task holds at most. */
  cartSlots: smallint('cart_slots').notNull().default(12),
  /** ACTIVE_STATUS. */
  status: status(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  foreignKey({ name: 'picking_rules_zone_fk', columns: [t.whsId, t.zoneId], foreignColumns: [zones.whsId, zones.zoneId] }),
  uniqueIndex('picking_rules_zone_uq').on(t.whsId, sql`coalesce(${t.zoneId}, '')`),
  check('picking_rules_capacity_ck', sql`${t.maxUnitsPerTask} between 1 and 5000`),
  check('picking_rules_picking_type_ck', sql`${t.pickingType} between 1 and 3`),
  check('picking_rules_cart_slots_ck', sql`${t.cartSlots} between 1 and 99`),
  activeStatusCheck(t.status),
]);

/**
 * Picking skills (Rule Center › Picking Skills): the zones an operator may pick in, as a sorted
 * comma-separated list of zone ids. An operator without a row picks in every zone.
 */
export const pickingSkills = pgTable('picking_skills', {
  whsId: warehouseRef(),
  userId: integer('user_id').notNull().references(() => users.userId),
  zoneIds: text('zone_ids').notNull(),
  remark: remark(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.userId),
  trigramIndex(t.zoneIds),
]);

/**
 * Zone colours (Rule Center › Zone Color Config): a palette colour's name (shared/zone-colors.ts)
 * per zone, each colour given to one zone of the warehouse at most. The PDA shows a picking stop's
 * zone in its colour while the warehouse's zone_by_color setting is on.
 */
export const zoneColors = pgTable('zone_colors', {
  whsId: warehouseRef(),
  zoneId: text('zone_id').notNull(),
  color: text('color').notNull(),
  remark: remark(),
  createdAt: createdAt(),
  updatedAt: updatedAt().$onUpdate(() => sql`now()`),
}, (t) => [
  whsPrimaryKey(t, t.zoneId),
  foreignKey({ name: 'zone_colors_zone_fk', columns: [t.whsId, t.zoneId], foreignColumns: [zones.whsId, zones.zoneId] }),
  uniqueIndex('zone_colors_color_uq').on(t.whsId, t.color),
]);

/**
 * Store group templates (Rule Center › Wave Rules › Store Group Template): a named set of shops,
 * listed one by one or by their shop group, that waves together: an auto wave rule may take only
 * their orders, and a grouping rule may group orders by the template of their shop. Ids are kept as
 * sorted comma-separated lists (as picking skills keep zones), checked against the warehouse's.
 */
export const storeGroupTemplates = pgTable('store_group_templates', {
  whsId: warehouseRef(),
  templateId: serial('template_id').notNull(),
  templateName: text('template_name').notNull(),
  shopIds: text('shop_ids').notNull().default(''),
  shopGroupIds: text('shop_group_ids').notNull().default(''),
  /** ACTIVE_STATUS. */
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.templateId),
  trigramIndex(t.templateName),
  // The list filters the shops and groups a template names by containing text.
  trigramIndex(t.shopIds),
  trigramIndex(t.shopGroupIds),
  activeStatusCheck(t.status),
]);

/**
 * Grouping rules (Rule Center › Wave Rules › Grouping Rule): how a run splits the orders a wave rule
 * takes into groups that never share a wave — by shop, by store group template, single or multi-item,
 * the set of zones the order's stock is in, a window of cut-off times — and how it orders each group.
 */
export const waveGroupingRules = pgTable('wave_grouping_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  byShop: boolean('by_shop').notNull().default(false),
  byStoreTemplate: boolean('by_store_template').notNull().default(false),
  byItemKind: boolean('by_item_kind').notNull().default(false),
  byZones: boolean('by_zones').notNull().default(false),
  /** Orders whose cut-offs fall in different windows of this many minutes never share a wave; null: no windows. */
  cutoffWindowMinutes: integer('cutoff_window_minutes'),
  /** WAVE_ORDER_SORT. */
  orderSort: smallint('order_sort').notNull().default(1),
  /** ACTIVE_STATUS. */
  status: status(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  trigramIndex(t.ruleName),
  check('wave_grouping_rules_cutoff_window_ck', sql`${t.cutoffWindowMinutes} between 5 and 1440`),
  check('wave_grouping_rules_order_sort_ck', sql`${t.orderSort} between 1 and 3`),
  activeStatusCheck(t.status),
]);

/**
 * Wave rules (Rule Center › Wave Rules › Wave Rule): which of a run's orders one step takes (their
 * priority, single or multi-item), how it groups them (a grouping rule; none: one group by priority)
 * and the shape of each wave — picking type, most orders, units and SKUs, the fewest orders worth
 * releasing (unless a cut-off is near) and the units a picking task holds.
 */
export const waveRules = pgTable('wave_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  groupingRuleId: integer('grouping_rule_id'),
  /** ORDER_PRIORITY the orders have (normal or priority); null takes both. */
  orderPriority: smallint('order_priority'),
  /** ORDER_ITEM_KIND. */
  itemKind: smallint('item_kind').notNull().default(0),
  /** PICKING_TYPE of its waves. */
  pickingType: smallint('picking_type').notNull().default(1),
  maxOrders: integer('max_orders').notNull(),
  maxUnits: integer('max_units').notNull(),
  maxSkus: integer('max_skus'),
  minOrders: integer('min_orders').notNull().default(1),
  /** A wave below min_orders is still released when one of its orders' cut-off is within this many minutes; null: never. */
  minWaivedWithinMinutes: integer('min_waived_within_minutes'),
  /** Units a picking task of its waves holds; null: the zone's picking rule. */
  maxUnitsPerTask: integer('max_units_per_task'),
  /** ACTIVE_STATUS. */
  status: status(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  foreignKey({ name: 'wave_rules_grouping_rule_fk', columns: [t.whsId, t.groupingRuleId], foreignColumns: [waveGroupingRules.whsId, waveGroupingRules.ruleId] }),
  trigramIndex(t.ruleName),
  check('wave_rules_order_priority_ck', sql`${t.orderPriority} between 2 and 3`),
  check('wave_rules_item_kind_ck', sql`${t.itemKind} between 0 and 2`),
  check('wave_rules_picking_type_ck', sql`${t.pickingType} between 1 and 3`),
  check('wave_rules_limits_ck', sql`${t.maxOrders} between 1 and 1000 and ${t.maxUnits} between 1 and 100000 and ${t.maxSkus} between 1 and 10000 and ${t.minOrders} between 1 and ${t.maxOrders}`),
  check('wave_rules_min_waived_ck', sql`${t.minWaivedWithinMinutes} between 0 and 10080`),
  check('wave_rules_task_units_ck', sql`${t.maxUnitsPerTask} between 1 and 5000`),
  activeStatusCheck(t.status),
]);

/**
 * Wave groups (Rule Center › Wave Rules › Wave Group): wave rules in the order a run applies them,
 * each taking what the ones before left (e.g. priority singles first, then the rest), as a
 * comma-separated list of rule ids in that order.
 */
export const waveGroups = pgTable('wave_groups', {
  whsId: warehouseRef(),
  groupId: serial('group_id').notNull(),
  groupName: text('group_name').notNull(),
  waveRuleIds: text('wave_rule_ids').notNull(),
  /** ACTIVE_STATUS. */
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.groupId),
  trigramIndex(t.groupName),
  trigramIndex(t.waveRuleIds),
  activeStatusCheck(t.status),
]);

/**
 * Auto wave rules (Rule Center › Wave Rules › Auto Wave Rule): which orders a scheduled (or
 * on-demand) run waves together, and how many at most a wave. `last_run_at` is claimed by a
 * guarded update, so one server process of many runs a rule each interval.
 */
export const autoWaveRules = pgTable('auto_wave_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  /** Orders whose cut-off is within this many minutes from now (or past); null takes any order. */
  cutoffWithinMinutes: integer('cutoff_within_minutes'),
  /** ORDER_PRIORITY the orders have (normal or priority); null takes both. */
  orderPriority: smallint('order_priority'),
  shopId: text('shop_id'),
  shopGroupId: text('shop_group_id'),
  /** Only orders of the template's shops; null: any shop. */
  storeGroupTemplateId: integer('store_group_template_id'),
  /** ORDER_ITEM_KIND. */
  itemKind: smallint('item_kind').notNull().default(0),
  /** The wave rules that shape its waves; null: its own limits and picking type below, one group by priority. */
  waveGroupId: integer('wave_group_id'),
  maxOrders: integer('max_orders').notNull(),
  maxUnits: integer('max_units').notNull(),
  /** PICKING_TYPE of its waves. */
  pickingType: smallint('picking_type').notNull().default(1),
  intervalMinutes: integer('interval_minutes').notNull(),
  lastRunAt: timestamptz('last_run_at'),
  /** ACTIVE_STATUS. */
  status: status(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  foreignKey({ name: 'auto_wave_rules_shop_fk', columns: [t.whsId, t.shopId], foreignColumns: [shops.whsId, shops.shopId] }),
  foreignKey({ name: 'auto_wave_rules_shop_group_fk', columns: [t.whsId, t.shopGroupId], foreignColumns: [shopGroups.whsId, shopGroups.groupId] }),
  foreignKey({ name: 'auto_wave_rules_template_fk', columns: [t.whsId, t.storeGroupTemplateId], foreignColumns: [storeGroupTemplates.whsId, storeGroupTemplates.templateId] }),
  foreignKey({ name: 'auto_wave_rules_wave_group_fk', columns: [t.whsId, t.waveGroupId], foreignColumns: [waveGroups.whsId, waveGroups.groupId] }),
  trigramIndex(t.ruleName),
  check('auto_wave_rules_cutoff_ck', sql`${t.cutoffWithinMinutes} between 0 and 10080`),
  check('auto_wave_rules_order_priority_ck', sql`${t.orderPriority} between 2 and 3`),
  check('auto_wave_rules_item_kind_ck', sql`${t.itemKind} between 0 and 2`),
  check('auto_wave_rules_limits_ck', sql`${t.maxOrders} between 1 and 1000 and ${t.maxUnits} between 1 and 100000`),
  check('auto_wave_rules_picking_type_ck', sql`${t.pickingType} between 1 and 3`),
  check('auto_wave_rules_interval_ck', sql`${t.intervalMinutes} between 1 and 1440`),
  activeStatusCheck(t.status),
]);

/**
 * A sales order import (docs/outbound.md "Importing orders"): a sheet uploaded by a user, read at
 * once into its orders (below), applied in the background by the task queue (common/task-worker.ts).
 */
export const salesOrderImportTasks = pgTable('sales_order_import_tasks', {
  whsId: warehouseRef(),
  taskId: serial('task_id').notNull(),
  /** Who uploaded it: the orders are created in their name. */
  userId: integer('user_id').notNull().references(() => users.userId),
  operatorEmail: text('operator_email').notNull(),
  fileName: text('file_name').notNull(),
  fileFormat: text('file_format', { enum: ['xlsx', 'csv'] }).notNull(),
  status: status(0),
  progress: smallint('progress').notNull().default(0),
  orderCount: integer('order_count').notNull(),
  createdCount: integer('created_count').notNull().default(0),
  receivedCount: integer('received_count').notNull().default(0),
  refusedCount: integer('refused_count').notNull().default(0),
  errorMessage: text('error_message'),
  attempts: smallint('attempts').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskId),
  index('sales_order_import_tasks_created_at_idx').on(t.whsId, t.createdAt),
]);

/** One order of an import: its sheet rows, the order input read from them, and once applied what became of it (null: not yet). */
export const salesOrderImportOrders = pgTable('sales_order_import_orders', {
  whsId: whsId(),
  taskId: integer('task_id').notNull(),
  /** Its place in the file (the order of its first row). */
  seq: integer('seq').notNull(),
  externalNo: text('external_no').notNull(),
  /** The sheet row numbers of its lines, in line order (the header is row 1). */
  rowNos: jsonb('row_nos').$type<number[]>().notNull(),
  /** The order input (sales-order.contract.ts orderInput); null when its rows were refused as read. */
  input: jsonb('input'),
  /** SALES_ORDER_IMPORT_OUTCOME: created 1, received before 2, refused 3. */
  outcome: smallint('outcome'),
  orderNo: text('order_no'),
  retcode: integer('retcode'),
  message: text('message').notNull().default(''),
  /** The sheet rows a refusal names (the refused line's, or every row of the order). */
  refusedRows: jsonb('refused_rows').$type<number[]>(),
}, (t) => [
  whsPrimaryKey(t, t.taskId, t.seq),
  foreignKey({ columns: [t.whsId, t.taskId], foreignColumns: [salesOrderImportTasks.whsId, salesOrderImportTasks.taskId] }).onDelete('cascade'),
  check('sales_order_import_orders_outcome_ck', sql`${t.outcome} in (1, 2, 3)`),
]);

/**
 * Flow pick setting (Rule Center › Flow Pick Setting, one per warehouse; no row: off): waveless
 * picking — a picker with a flow picking skill who asks for the next task when none waits gets a
 * flow task made at once of the eligible orders (flow-pick.ts). `zone_ids`: the zones where it
 * applies (sorted, comma-separated; empty: every zone); `max_units` null: the picking rule's capacity.
 */
export const flowPickSettings = pgTable('flow_pick_settings', {
  whsId: warehouseRef().primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  zoneIds: text('zone_ids').notNull().default(''),
  maxOrders: integer('max_orders').notNull().default(20),
  maxUnits: integer('max_units'),
  /** ORDER_ITEM_KIND: any 0, single-item 1. */
  itemKind: smallint('item_kind').notNull().default(0),
  /** ORDER_PRIORITY: the lowest priority taken, normal 2 or priority 3 (on hold never). */
  minPriority: smallint('min_priority').notNull().default(2),
  updatedBy: integer('updated_by').references(() => users.userId),
  updatedAt: updatedAt(),
}, (t) => [
  check('flow_pick_settings_max_orders_ck', sql`${t.maxOrders} between 1 and 1000`),
  check('flow_pick_settings_max_units_ck', sql`${t.maxUnits} is null or ${t.maxUnits} between 1 and 5000`),
  check('flow_pick_settings_item_kind_ck', sql`${t.itemKind} in (0, 1)`),
  check('flow_pick_settings_min_priority_ck', sql`${t.minPriority} in (2, 3)`),
]);

/**
 * Flow picking skills (Rule Center › Flow Picking Skills): the zones where an operator receives
 * flow tasks, as a sorted comma-separated list of zone ids. Only operators with a row get flow tasks.
 */
export const flowPickingSkills = pgTable('flow_picking_skills', {
  whsId: warehouseRef(),
  userId: integer('user_id').notNull().references(() => users.userId),
  zoneIds: text('zone_ids').notNull(),
  remark: remark(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.userId),
  trigramIndex(t.zoneIds),
]);
