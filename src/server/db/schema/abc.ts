import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './system';
import { activeStatusCheck, createdAt, remark, status, timestamptz, updatedAt, warehouseRef, whsPrimaryKey } from './columns';

// Inventory accuracy rules: ABC classification (its config, change log and runs), high value rules
// and cycle count frequency rules (server/modules/inventory/abc*.ts, cycle-count-frequency.ts).

/** A warehouse's ABC classification settings (docs/inventory-accuracy.md "ABC classification"); no row: the defaults. */
export const abcConfigs = pgTable('abc_configs', {
  whsId: warehouseRef(),
  /** ABC_BASIS: picks 1 (units picked out of cells), value 2 (units shipped × unit value). */
  basis: smallint('basis').notNull(),
  windowDays: smallint('window_days').notNull(),
  /** Cumulative share (%) of the measure the A class covers, then A and B together. */
  aMaxPct: smallint('a_max_pct').notNull(),
  bMaxPct: smallint('b_max_pct').notNull(),
  /** The top N SKUs by the measure are SA (0: no SA). */
  saTopN: integer('sa_top_n').notNull(),
  /** L1 category names whose SKUs are EXCLUDED. */
  excludedCategories: jsonb('excluded_categories').$type<string[]>().notNull(),
  updatedBy: integer('updated_by').references(() => users.userId),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t),
  check('abc_configs_basis_ck', sql`${t.basis} in (1, 2)`),
  check('abc_configs_thresholds_ck', sql`${t.aMaxPct} between 1 and 100 and ${t.bMaxPct} between 1 and 100 and ${t.aMaxPct} < ${t.bMaxPct}`),
  check('abc_configs_sa_top_n_ck', sql`${t.saTopN} >= 0`),
]);

/** Every change of a warehouse's ABC settings: who, when, the settings before and after. Append-only. */
export const abcConfigLogs = pgTable('abc_config_logs', {
  whsId: warehouseRef(),
  logId: serial('log_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  oldValue: jsonb('old_value').notNull(),
  newValue: jsonb('new_value').notNull(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.logId),
  index('abc_config_logs_created_at_idx').on(t.whsId, t.createdAt),
]);

/**
 * ABC calculation runs, a task queue (common/task-worker.ts): status pending 0, ongoing 1, done 2,
 * fail 3; the settings it runs with are copied in when asked; the counts per class when done.
 */
export const abcRuns = pgTable('abc_runs', {
  whsId: warehouseRef(),
  taskId: serial('task_id').notNull(),
  /** Who asked. */
  userId: integer('user_id').notNull().references(() => users.userId),
  config: jsonb('config').notNull(),
  status: status(0),
  progress: smallint('progress').notNull().default(0),
  attempts: smallint('attempts').notNull().default(0),
  errorMessage: text('error_message'),
  skuCount: integer('sku_count'),
  saCount: integer('sa_count'),
  aCount: integer('a_count'),
  bCount: integer('b_count'),
  cCount: integer('c_count'),
  excludedCount: integer('excluded_count'),
  createdAt: createdAt(),
  startedAt: timestamptz('started_at'),
  updatedAt: updatedAt(),
  finishedAt: timestamptz('finished_at'),
}, (t) => [
  whsPrimaryKey(t, t.taskId),
  index('abc_runs_created_at_idx').on(t.whsId, t.createdAt),
  // One run at a time per warehouse: the handler says so first, this is the backstop.
  uniqueIndex('abc_runs_open_uq').on(t.whsId).where(sql`status in (0, 1)`),
  check('abc_runs_status_ck', sql`${t.status} in (0, 1, 2, 3)`),
  check('abc_runs_progress_ck', sql`${t.progress} between 0 and 100`),
]);

/**
 * High value rules (shared/resources/abc.resource.ts): SKUs of an L1 category and/or whose id starts
 * with a prefix, worth at least a unit value, are flagged `skus.is_high_value`.
 */
export const highValueRules = pgTable('high_value_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  categoryL1: text('category_l1'),
  skuPrefix: text('sku_prefix'),
  minUnitValue: integer('min_unit_value').notNull(),
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  activeStatusCheck(t.status),
  check('high_value_rules_target_ck', sql`${t.categoryL1} is not null or ${t.skuPrefix} is not null`),
  check('high_value_rules_min_unit_value_ck', sql`${t.minUnitValue} >= 0`),
]);

/** How often SKUs of an ABC class (and high value flag: 0, 1, or 2 any) are counted by the daily cycle count. */
export const ccFrequencyRules = pgTable('cc_frequency_rules', {
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  abcClass: smallint('abc_class').notNull(),
  highValue: smallint('high_value').notNull(),
  everyDays: smallint('every_days').notNull(),
  enabled: smallint('enabled').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  uniqueIndex('cc_frequency_rules_class_uq').on(t.whsId, t.abcClass, t.highValue),
  check('cc_frequency_rules_abc_class_ck', sql`${t.abcClass} between 0 and 5`),
  check('cc_frequency_rules_high_value_ck', sql`${t.highValue} in (0, 1, 2)`),
  check('cc_frequency_rules_every_days_ck', sql`${t.everyDays} between 1 and 365`),
  check('cc_frequency_rules_enabled_ck', sql`${t.enabled} in (0, 1)`),
]);
