import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, foreignKey, index, integer, jsonb, pgSequence, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, remark, status, timestamptz, trigramIndex, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { skus } from './basic';
import { users } from './system';

// Cycle count and full stock count (spec §2 Inventory Management › cc and fsc, §3 cycle count codes):
// docs/inventory-accuracy.md. An order names what is counted (its lines, each a location and a SKU
// with the book quantity when the order was made); tasks split its locations by zone or pathway, one
// round at a time; counts are the scans, summed per line; a round that ends with differences makes a
// difference order, approved into an inventory adjustment or answered by another round.

export const ccOrderNoSeq = pgSequence('cc_order_no_seq');
export const ccTaskNoSeq = pgSequence('cc_task_no_seq');
export const ccDiffNoSeq = pgSequence('cc_diff_no_seq');

export const ccOrders = pgTable('cc_orders', {
  whsId: warehouseRef(),
  orderNo: text('order_no').notNull(),
  /** CYCLE_COUNT_ORDER_TYPE: express 1 (the locations the book has stock of) / full 2 (every location in scope, empty ones too). */
  orderType: smallint('order_type').notNull(),
  /** CYCLE_COUNT_SCOPE: all active locations 0, only high value 1, customized 2. */
  scope: smallint('scope').notNull(),
  /** CYCLE_COUNT_SOURCE: manual 1, OB troubleshoot 2, daily 3, full stock count 4. */
  source: smallint('source').notNull(),
  /** CYCLE_COUNT_KIND: SKU 1, location 2, movement 3. */
  kind: smallint('kind').notNull(),
  /** CYCLE_COUNT_STATUS: pending 1, ongoing 2, cancel 3, done 4. */
  status: status(),
  /** CYCLE_COUNT_CREATION_STATUS: initial 0, completing 1, success 2, fail 3. */
  creationStatus: smallint('creation_status').notNull().default(0),
  /** Percent of the lines built (background creation). */
  progress: smallint('progress').notNull().default(0),
  failReason: text('fail_reason'),
  /** What the order counts, as asked (zones, pathways, location ranges, SKUs, supplier, movement since…). */
  criteria: jsonb('criteria').notNull(),
  /** The round being counted (1–10). */
  round: smallint('round').notNull().default(1),
  /** Counters see the book quantity (not blind), from the cycle count config when made. */
  showSystemQty: boolean('show_system_qty').notNull().default(false),
  locationCount: integer('location_count').notNull().default(0),
  skuCount: integer('sku_count').notNull().default(0),
  /** Lines whose last count differed from the book. */
  diffLineCount: integer('diff_line_count').notNull().default(0),
  /** The full stock count run that made it (source 4). */
  fscRunId: integer('fsc_run_id'),
  /** The outbound document whose short pick raised it (source 2). */
  sourceRef: text('source_ref'),
  remark: remark(),
  createdBy: integer('created_by').references(() => users.userId),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.orderNo),
  index('cc_orders_status_idx').on(t.whsId, t.status, t.createdAt),
  index('cc_orders_source_idx').on(t.whsId, t.source, t.createdAt),
  index('cc_orders_created_at_idx').on(t.whsId, t.createdAt),
  check('cc_orders_order_type_ck', sql`${t.orderType} in (1, 2)`),
  check('cc_orders_scope_ck', sql`${t.scope} in (0, 1, 2)`),
  check('cc_orders_source_ck', sql`${t.source} between 1 and 4`),
  check('cc_orders_kind_ck', sql`${t.kind} between 1 and 3`),
  check('cc_orders_status_ck', sql`${t.status} between 1 and 4`),
  check('cc_orders_creation_status_ck', sql`${t.creationStatus} between 0 and 3`),
  check('cc_orders_progress_ck', sql`${t.progress} between 0 and 100`),
  check('cc_orders_round_ck', sql`${t.round} between 1 and 10`),
]);

/**
 * What an order counts: a location and a SKU ('' for a location with no stock in the book, counted
 * to prove it empty). `system_qty` is the book when the order was made, shown to counters when the
 * order is not blind; a difference is always judged against the book reconciled to the moment of the
 * count (cycle-count-rounds.ts). `counted_qty`/`result` are the last round's.
 */
export const ccOrderLines = pgTable('cc_order_lines', {
  whsId: whsId(),
  orderNo: text('order_no').notNull(),
  locationId: text('location_id').notNull(),
  skuId: text('sku_id').notNull(),
  zoneId: text('zone_id').notNull(),
  pathwayId: text('pathway_id').notNull(),
  systemQty: integer('system_qty').notNull(),
  /** The round that last counted it; 0 until counted. */
  round: smallint('round').notNull().default(0),
  countedQty: integer('counted_qty'),
  /** The book at the moment of the last count (reconciled with the moves since). */
  bookQty: integer('book_qty'),
  /** CYCLE_COUNT_RESULT: normal 0, surplus 1, missing 2; null until counted. */
  result: smallint('result'),
  /** Found by a counter, not in the order when it was made (a SKU where the book has none). */
  found: boolean('found').notNull().default(false),
}, (t) => [
  whsPrimaryKey(t, t.orderNo, t.locationId, t.skuId),
  foreignKey({ name: 'cc_order_lines_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [ccOrders.whsId, ccOrders.orderNo] }).onDelete('cascade'),
  index('cc_order_lines_sku_idx').on(t.whsId, t.skuId),
  index('cc_order_lines_zone_idx').on(t.whsId, t.orderNo, t.zoneId, t.pathwayId, t.locationId),
  check('cc_order_lines_qty_ck', sql`${t.systemQty} >= 0 and (${t.countedQty} is null or ${t.countedQty} >= 0)`),
  check('cc_order_lines_result_ck', sql`${t.result} is null or ${t.result} in (0, 1, 2)`),
]);

/** A round's counting work over one zone or pathway: claimed by counters with the skill for its zone. */
export const ccTasks = pgTable('cc_tasks', {
  whsId: whsId(),
  taskNo: text('task_no').notNull(),
  orderNo: text('order_no').notNull(),
  /** CYCLE_COUNT_SOURCE of its order: full stock count tasks have pages of their own. */
  source: smallint('source').notNull(),
  round: smallint('round').notNull(),
  zoneId: text('zone_id').notNull(),
  /** Set when the task rule splits by pathway. */
  pathwayId: text('pathway_id'),
  /** CYCLE_COUNT_STATUS: pending 1, ongoing 2, cancel 3, done 4. */
  status: status(),
  /** The counter who claimed it first; others may join (their counts add up). */
  assigneeId: integer('assignee_id').references(() => users.userId),
  /** Counters of the earlier rounds of these locations: a later round goes to someone else. */
  excludedUserIds: integer('excluded_user_ids').array().notNull().default(sql`'{}'::integer[]`),
  locationCount: integer('location_count').notNull().default(0),
  countedLocationCount: integer('counted_location_count').notNull().default(0),
  createdAt: createdAt(),
  claimedAt: timestamptz('claimed_at'),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskNo),
  foreignKey({ name: 'cc_tasks_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [ccOrders.whsId, ccOrders.orderNo] }).onDelete('cascade'),
  index('cc_tasks_order_idx').on(t.whsId, t.orderNo, t.round),
  index('cc_tasks_status_idx').on(t.whsId, t.status, t.zoneId),
  index('cc_tasks_source_idx').on(t.whsId, t.source, t.createdAt),
  index('cc_tasks_created_at_idx').on(t.whsId, t.createdAt),
  check('cc_tasks_status_ck', sql`${t.status} between 1 and 4`),
  check('cc_tasks_round_ck', sql`${t.round} between 1 and 10`),
]);

/** The locations of a task, in walking order; `status` 0 open, 1 counted (a SKU or an empty confirmation). */
export const ccTaskLocations = pgTable('cc_task_locations', {
  whsId: whsId(),
  taskNo: text('task_no').notNull(),
  locationId: text('location_id').notNull(),
  seq: integer('seq').notNull(),
  status: smallint('status').notNull().default(0),
  /** Device time of the first count at it: moves booked after this are not the counter's. */
  countedAt: timestamptz('counted_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskNo, t.locationId),
  foreignKey({ name: 'cc_task_locations_task_fk', columns: [t.whsId, t.taskNo], foreignColumns: [ccTasks.whsId, ccTasks.taskNo] }).onDelete('cascade'),
  index('cc_task_locations_location_idx').on(t.whsId, t.locationId),
  check('cc_task_locations_status_ck', sql`${t.status} in (0, 1)`),
]);

/**
 * Every count scanned (an offline op each, by its op id): units of a SKU at a location, an empty
 * location confirmed (sku '' and qty 0), or an item the counter could not identify (`unknown_code`).
 * A line's count in a round is the sum of its rows in that round, whoever counted.
 */
export const ccCounts = pgTable('cc_counts', {
  whsId: whsId(),
  countId: bigserial('count_id', { mode: 'number' }).notNull(),
  orderNo: text('order_no').notNull(),
  taskNo: text('task_no').notNull(),
  round: smallint('round').notNull(),
  locationId: text('location_id').notNull(),
  skuId: text('sku_id').notNull(),
  qty: integer('qty').notNull(),
  /** What was scanned when it named no SKU of the warehouse (reported, not counted). */
  unknownCode: text('unknown_code'),
  opId: uuid('op_id'),
  counterId: integer('counter_id').notNull().references(() => users.userId),
  /** When the counter scanned it, by the device's clock. */
  countedAt: timestamptz('counted_at').notNull(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.countId),
  foreignKey({ name: 'cc_counts_task_fk', columns: [t.whsId, t.taskNo], foreignColumns: [ccTasks.whsId, ccTasks.taskNo] }).onDelete('cascade'),
  index('cc_counts_line_idx').on(t.whsId, t.orderNo, t.round, t.locationId, t.skuId),
  index('cc_counts_task_idx').on(t.whsId, t.taskNo),
  check('cc_counts_qty_ck', sql`${t.qty} between 0 and 99999`),
]);

/** What happened to an order (created, tasks made, rounds ended, approved…): get_cc_order_detail_log. */
export const ccOrderLogs = pgTable('cc_order_logs', {
  whsId: whsId(),
  logId: bigserial('log_id', { mode: 'number' }).notNull(),
  orderNo: text('order_no').notNull(),
  action: text('action').notNull(),
  detail: text('detail').notNull().default(''),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.logId),
  foreignKey({ name: 'cc_order_logs_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [ccOrders.whsId, ccOrders.orderNo] }).onDelete('cascade'),
  index('cc_order_logs_order_idx').on(t.whsId, t.orderNo, t.logId),
]);

/**
 * A round's differences, for approval: approving makes the inventory adjustment (overage 5 /
 * shortage 6 on the ledger); a second count supersedes it. CC_DIFF_STATUS.
 */
export const ccDiffOrders = pgTable('cc_diff_orders', {
  whsId: whsId(),
  diffNo: text('diff_no').notNull(),
  orderNo: text('order_no').notNull(),
  /** CYCLE_COUNT_SOURCE of its order: full stock count differences have pages of their own. */
  source: smallint('source').notNull(),
  round: smallint('round').notNull(),
  status: status(),
  lineCount: integer('line_count').notNull().default(0),
  surplusQty: integer('surplus_qty').notNull().default(0),
  missingQty: integer('missing_qty').notNull().default(0),
  adjustNo: text('adjust_no'),
  approvedBy: integer('approved_by').references(() => users.userId),
  approvedAt: timestamptz('approved_at'),
  closeReason: text('close_reason'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.diffNo),
  foreignKey({ name: 'cc_diff_orders_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [ccOrders.whsId, ccOrders.orderNo] }).onDelete('cascade'),
  index('cc_diff_orders_order_idx').on(t.whsId, t.orderNo),
  index('cc_diff_orders_status_idx').on(t.whsId, t.source, t.status, t.createdAt),
  index('cc_diff_orders_created_at_idx').on(t.whsId, t.createdAt),
  check('cc_diff_orders_status_ck', sql`${t.status} between 1 and 4`),
]);

export const ccDiffLines = pgTable('cc_diff_lines', {
  whsId: whsId(),
  diffNo: text('diff_no').notNull(),
  locationId: text('location_id').notNull(),
  skuId: text('sku_id').notNull(),
  zoneId: text('zone_id').notNull(),
  bookQty: integer('book_qty').notNull(),
  countedQty: integer('counted_qty').notNull(),
  /** CYCLE_COUNT_RESULT: surplus 1, missing 2. */
  result: smallint('result').notNull(),
  /** Units the approval posts (a shortage spares units reserved for open picks). */
  adjustQty: integer('adjust_qty'),
}, (t) => [
  whsPrimaryKey(t, t.diffNo, t.locationId, t.skuId),
  foreignKey({ name: 'cc_diff_lines_diff_fk', columns: [t.whsId, t.diffNo], foreignColumns: [ccDiffOrders.whsId, ccDiffOrders.diffNo] }).onDelete('cascade'),
  foreignKey({ name: 'cc_diff_lines_sku_fk', columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
  check('cc_diff_lines_result_ck', sql`${t.result} in (1, 2)`),
]);

/** Cycle count skills (Rule Center › Cycle Count Skills): the zones an operator counts in. */
export const cycleCountSkills = pgTable('cycle_count_skills', {
  whsId: warehouseRef(),
  userId: integer('user_id').notNull().references(() => users.userId),
  zoneIds: text('zone_ids').notNull(),
  remark: remark(),
  updatedAt: updatedAt(),
}, (t) => [whsPrimaryKey(t, t.userId), trigramIndex(t.zoneIds)]);

/**
 * Cycle count task rules (Rule Center › Cycle Count Task Rule): how a zone's locations are split
 * into tasks — by zone or by pathway, at most so many locations a task. Zone '' is the default.
 */
export const cycleCountTaskRules = pgTable('cycle_count_task_rules', {
  whsId: warehouseRef(),
  zoneId: text('zone_id').notNull(),
  /** CC_TASK_SPLIT: by zone 1, by pathway 2. */
  splitBy: smallint('split_by').notNull(),
  maxLocations: integer('max_locations').notNull(),
  remark: remark(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.zoneId),
  check('cycle_count_task_rules_split_ck', sql`${t.splitBy} in (1, 2)`),
  check('cycle_count_task_rules_max_ck', sql`${t.maxLocations} between 1 and 5000`),
]);

/**
 * Background builds of big orders (common/task-worker.ts queue): the order's lines and tasks are
 * made by a worker, its creation status and progress kept on the order as well.
 */
export const ccBuildTasks = pgTable('cc_build_tasks', {
  whsId: whsId(),
  taskId: bigserial('task_id', { mode: 'number' }).notNull(),
  orderNo: text('order_no').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  /** EXPORT_TASK_STATUS: pending 0, ongoing 1, done 2, fail 3 (the queue's). */
  status: smallint('status').notNull().default(0),
  progress: smallint('progress').notNull().default(0),
  attempts: smallint('attempts').notNull().default(0),
  errorMessage: text('error_message'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskId),
  foreignKey({ name: 'cc_build_tasks_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [ccOrders.whsId, ccOrders.orderNo] }).onDelete('cascade'),
  index('cc_build_tasks_status_idx').on(t.status, t.createdAt),
]);
