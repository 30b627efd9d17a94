import { sql } from 'drizzle-orm';
import { bigserial, check, foreignKey, index, integer, pgSequence, pgTable, serial, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { activeStatusCheck, createdAt, remark, status, timestamptz, trigramIndex, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { shops, stations } from './basic';
import { salesOrders } from './outbound';
import { users } from './system';

// Sorting at a put wall (spec §2 Sales Outbound › sorting, Tasks › sorting, Rule Center › Sorting Rule and Sorting Skills): docs/outbound.md "Sorting".

export const sortingTaskNoSeq = pgSequence('sorting_task_no_seq');

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
 * Sorting tasks (Sales Outbound › Tasks › sorting): one batch container (a wave's picked units of
 * many orders) sorted at a put wall into one pigeonhole an order. Ongoing while units are left in the
 * container, done when every unit is in its slot.
 */
export const sortingTasks = pgTable('sorting_tasks', {
  whsId: warehouseRef(),
  taskNo: text('task_no').notNull(),
  stationId: text('station_id').notNull(),
  containerCode: text('container_code').notNull(),
  pickingTaskNo: text('picking_task_no').notNull(),
  waveNo: text('wave_no'),
  ruleId: integer('rule_id'),
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
  check('sorting_tasks_qty_ck', sql`${t.sortedQty} between 0 and ${t.totalQty}`),
]);

/**
 * An order of a sorting task: its pigeonhole (`slot_no`, and the slot's container, a stock location
 * named `<put wall>-<nn>`), its units and how many are in the slot. Pending until all are (then done).
 */
export const sortingTaskOrders = pgTable('sorting_task_orders', {
  whsId: whsId(),
  taskNo: text('task_no').notNull(),
  orderNo: text('order_no').notNull(),
  slotNo: smallint('slot_no').notNull(),
  slotContainer: text('slot_container').notNull(),
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
  check('sorting_task_orders_status_ck', sql`${t.status} in (0, 2, 9)`),
  check('sorting_task_orders_qty_ck', sql`${t.sortedQty} between 0 and ${t.totalQty}`),
]);

/** Every unit scanned at a put wall: sorted into its slot (`ok` 1, a row a batch moved), or refused at the wall (a wrong slot, a unit of no order left). */
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
  /** The slot the unit belongs in; `scanned` what was scanned (the slot label, or the unit's code when refused). */
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
