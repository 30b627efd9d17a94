import { sql } from 'drizzle-orm';
import { bigserial, check, foreignKey, index, integer, pgSequence, pgTable, serial, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { activeStatusCheck, createdAt, remark, status, timestamptz, trigramIndex, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { shops, stations } from './basic';
import { salesOrders } from './outbound';
import { users } from './system';

// Sorting at a put wall (spec §2 Sales Outbound › sorting, Tasks › sorting, Rule Center › Sorting Rule and Sorting Skills): docs/outbound.md "Sorting".

export const sortingTaskNoSeq = pgSequence('sorting_task_no_seq');
export const preSortingTaskNoSeq = pgSequence('pre_sorting_task_no_seq');

/**
 * Sorting rules (Rule Center › Sorting Rule): by priority (lower first), the first active rule a
 * batch container meets — the picking type that filled it (null: any), the shop of its orders (null:
 * any), at least `min_orders` orders in it — sends it to one of its put walls (sorting stations, a
 * sorted comma-separated list), each of `wall_slots` pigeonholes.
 */
export const sortingRules = pgTable('sorting_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  priority: integer('priority').notNull(),
  stationIds: text('station_ids').notNull(),
  wallSlots: smallint('wall_slots').notNull(),
  /** PICKING_TYPE; null: any. */
  pickingType: smallint('picking_type'),
  shopId: text('shop_id'),
  minOrders: integer('min_orders').notNull().default(2),
  /** ACTIVE_STATUS. */
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  foreignKey({ name: 'sorting_rules_shop_fk', columns: [t.whsId, t.shopId], foreignColumns: [shops.whsId, shops.shopId] }),
  index('sorting_rules_priority_idx').on(t.whsId, t.priority),
  trigramIndex(t.ruleName),
  trigramIndex(t.stationIds),
  check('sorting_rules_wall_slots_ck', sql`${t.wallSlots} between 1 and 999`),
  check('sorting_rules_min_orders_ck', sql`${t.minOrders} between 1 and 9999`),
  activeStatusCheck(t.status),
]);

/**
 * Sorting skills (Rule Center › Sorting Skills, an operator skill page): the put walls an operator
 * may sort at (a sorted comma-separated list of station ids). Once a warehouse lists anyone, only
 * the operators listed sort there.
 */
export const sortingSkills = pgTable('sorting_skills', {
  whsId: warehouseRef(),
  userId: integer('user_id').notNull().references(() => users.userId),
  stationIds: text('station_ids').notNull(),
  remark: remark(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.userId),
  trigramIndex(t.stationIds),
]);

/**
 * Sorting tasks (Sales Outbound › Tasks › sorting and preSorting), by `stage` (SORTING_STAGE): at a
 * put wall (2), one batch container — a wave's picked units of many orders, or a pre-sorted tote —
 * sorted into one pigeonhole an order; at a pre-sorting station (1), one batch container split into
 * one tote a put wall. Ongoing while units are left in the container, done when every unit is placed.
 */
export const sortingTasks = pgTable('sorting_tasks', {
  whsId: warehouseRef(),
  taskNo: text('task_no').notNull(),
  stationId: text('station_id').notNull(),
  containerCode: text('container_code').notNull(),
  pickingTaskNo: text('picking_task_no').notNull(),
  waveNo: text('wave_no'),
  ruleId: integer('rule_id'),
  /** SORTING_STAGE: pre-sorting 1, put wall 2. */
  stage: smallint('stage').notNull().default(2),
  /** TASK_STATUS: ongoing 1, done 2, cancel 9. */
  status: smallint('status').notNull().default(1),
  sortedQty: integer('sorted_qty').notNull().default(0),
  totalQty: integer('total_qty').notNull().default(0),
  assigneeId: integer('assignee_id').references(() => users.userId),
  createdAt: createdAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskNo),
  index('sorting_tasks_container_idx').on(t.whsId, t.containerCode, t.status),
  index('sorting_tasks_created_at_idx').on(t.whsId, t.createdAt),
  foreignKey({ name: 'sorting_tasks_station_fk', columns: [t.whsId, t.stationId], foreignColumns: [stations.whsId, stations.stationId] }),
  check('sorting_tasks_status_ck', sql`${t.status} in (1, 2, 9)`),
  check('sorting_tasks_stage_ck', sql`${t.stage} in (1, 2)`),
  check('sorting_tasks_qty_ck', sql`${t.sortedQty} between 0 and ${t.totalQty}`),
]);

/**
 * An order of a sorting task: at a put wall its pigeonhole (`slot_no`, and the slot's container, a
 * stock location named `<put wall>-<nn>`); at pre-sorting its group (`slot_no`), the put wall the group
 * goes to (`slot_container`) and the tote it is put into (`tote_code`, the same on every order of the
 * group once its first unit is in). Its units and how many are placed; pending until all are (then done).
 */
export const sortingTaskOrders = pgTable('sorting_task_orders', {
  whsId: whsId(),
  taskNo: text('task_no').notNull(),
  orderNo: text('order_no').notNull(),
  slotNo: smallint('slot_no').notNull(),
  slotContainer: text('slot_container').notNull(),
  toteCode: text('tote_code'),
  totalQty: integer('total_qty').notNull(),
  sortedQty: integer('sorted_qty').notNull().default(0),
  /** TASK_STATUS: pending 0, done 2, cancel 9. */
  status: smallint('status').notNull().default(0),
}, (t) => [
  whsPrimaryKey(t, t.taskNo, t.orderNo),
  foreignKey({ name: 'sorting_task_orders_task_fk', columns: [t.whsId, t.taskNo], foreignColumns: [sortingTasks.whsId, sortingTasks.taskNo] }).onDelete('cascade'),
  foreignKey({ name: 'sorting_task_orders_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [salesOrders.whsId, salesOrders.orderNo] }),
  index('sorting_task_orders_order_idx').on(t.whsId, t.orderNo),
  index('sorting_task_orders_slot_idx').on(t.whsId, t.slotContainer),
  index('sorting_task_orders_tote_idx').on(t.whsId, t.toteCode),
  check('sorting_task_orders_status_ck', sql`${t.status} in (0, 2, 9)`),
  check('sorting_task_orders_qty_ck', sql`${t.sortedQty} between 0 and ${t.totalQty}`),
]);

/**
 * Every unit scanned at a put wall or a pre-sorting station: placed (`ok` 1, a row a batch moved) into
 * its slot or its wall's tote, or refused (a wrong slot or tote, a unit of no order left).
 */
export const sortingScans = pgTable('sorting_scans', {
  whsId: whsId(),
  scanId: bigserial('scan_id', { mode: 'number' }).notNull(),
  taskNo: text('task_no').notNull(),
  orderNo: text('order_no'),
  skuId: text('sku_id'),
  batchId: text('batch_id'),
  /** QUALITY of the units moved. */
  quality: smallint('quality'),
  qty: integer('qty').notNull().default(0),
  /** The slot (pre-sorting: the group) the unit belongs in; `scanned` what was scanned (the slot label or tote, or the unit's code when refused). */
  slotNo: smallint('slot_no'),
  scanned: text('scanned').notNull(),
  ok: smallint('ok').notNull(),
  opId: uuid('op_id'),
  operatorId: integer('operator_id').references(() => users.userId),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.scanId),
  index('sorting_scans_task_idx').on(t.whsId, t.taskNo),
  check('sorting_scans_ok_ck', sql`${t.ok} in (0, 1)`),
]);
