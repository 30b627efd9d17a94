import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgSequence, pgTable, serial, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { activeStatusCheck, createdAt, remark, status, timestamptz, trigramIndex, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { shops, stations } from './basic';
import { salesOrders } from './outbound';
import { users } from './system';

// Merging (spec §2 Sales Outbound › Tasks › transiting (Merging), the mergeLane screen, Rule Center › Merge Rule): docs/outbound.md "Merging".

export const mergeTaskNoSeq = pgSequence('merge_task_no_seq');

/**
 * Merge rules (Rule Center › Merge Rule): by priority (lower first), the first active rule whose
 * conditions an order meets — its shop, the zones it is picked in (every one of them among the
 * rule's; empty: any) — sends the order to one of its merge lanes (stations of type merge lane, a
 * sorted comma-separated list), the one with the most free slots. A lane belongs to one rule, which
 * says how many orders (slots) it holds.
 */
export const mergeRules = pgTable('merge_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  priority: integer('priority').notNull(),
  stationIds: text('station_ids').notNull(),
  zoneIds: text('zone_ids').notNull().default(''),
  shopId: text('shop_id'),
  laneSlots: smallint('lane_slots').notNull(),
  /** ACTIVE_STATUS. */
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  foreignKey({ name: 'merge_rules_shop_fk', columns: [t.whsId, t.shopId], foreignColumns: [shops.whsId, shops.shopId] }),
  index('merge_rules_priority_idx').on(t.whsId, t.priority),
  trigramIndex(t.ruleName),
  trigramIndex(t.stationIds),
  trigramIndex(t.zoneIds),
  check('merge_rules_lane_slots_ck', sql`${t.laneSlots} between 1 and 999`),
  activeStatusCheck(t.status),
]);

/**
 * Merging tasks (Sales Outbound › Tasks › transiting): one per order picked into more than one
 * container, made when the first of its picking tasks finishes. The order's containers come
 * together on a merge lane (`station_id`, chosen by the merge rule; null while no rule takes the
 * order) in a slot of its own (`slot_no`, given while the lane has one free). Pending until a
 * container arrives, ongoing while some are missing, done when all are there (ready for checking).
 */
export const mergeTasks = pgTable('merge_tasks', {
  whsId: warehouseRef(),
  taskNo: text('task_no').notNull(),
  orderNo: text('order_no').notNull(),
  /** TASK_STATUS: pending 0, ongoing 1, done 2, cancel 9. */
  status: smallint('status').notNull().default(0),
  stationId: text('station_id'),
  slotNo: smallint('slot_no'),
  ruleId: integer('rule_id'),
  containerCount: integer('container_count').notNull().default(0),
  arrivedCount: integer('arrived_count').notNull().default(0),
  createdAt: createdAt(),
  startedAt: timestamptz('started_at'),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskNo),
  uniqueIndex('merge_tasks_order_uq').on(t.whsId, t.orderNo),
  index('merge_tasks_station_idx').on(t.whsId, t.stationId, t.status),
  index('merge_tasks_created_at_idx').on(t.whsId, t.createdAt),
  foreignKey({ name: 'merge_tasks_order_fk', columns: [t.whsId, t.orderNo], foreignColumns: [salesOrders.whsId, salesOrders.orderNo] }),
  foreignKey({ name: 'merge_tasks_station_fk', columns: [t.whsId, t.stationId], foreignColumns: [stations.whsId, stations.stationId] }),
  check('merge_tasks_status_ck', sql`${t.status} in (0, 1, 2, 9)`),
  check('merge_tasks_slot_ck', sql`${t.slotNo} between 1 and 999`),
  check('merge_tasks_count_ck', sql`${t.arrivedCount} between 0 and ${t.containerCount}`),
]);

/**
 * What a merging task waits for: one row per picking task holding units of the order, with the
 * container it picks into (null before one is bound), whether that task is done picking, and when
 * (and by which op) the container arrived on the lane.
 */
export const mergeTaskContainers = pgTable('merge_task_containers', {
  whsId: whsId(),
  taskNo: text('task_no').notNull(),
  pickingTaskNo: text('picking_task_no').notNull(),
  containerCode: text('container_code'),
  zoneId: text('zone_id'),
  /** The picking task is done: its container may come to the lane. */
  picked: smallint('picked').notNull().default(0),
  arrivedAt: timestamptz('arrived_at'),
  arrivedBy: integer('arrived_by').references(() => users.userId),
  opId: uuid('op_id'),
}, (t) => [
  whsPrimaryKey(t, t.taskNo, t.pickingTaskNo),
  foreignKey({ name: 'merge_task_containers_task_fk', columns: [t.whsId, t.taskNo], foreignColumns: [mergeTasks.whsId, mergeTasks.taskNo] }).onDelete('cascade'),
  index('merge_task_containers_picking_task_idx').on(t.whsId, t.pickingTaskNo),
  check('merge_task_containers_picked_ck', sql`${t.picked} in (0, 1)`),
]);
