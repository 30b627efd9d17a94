import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, UPPER_BOUND } from '../constants';
import { CC_FREQUENCY_PAGES } from '../resources/abc.resource';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';

/**
 * ABC classification (spec §7 ABC calls; §3 ABC class; docs/inventory-accuracy.md): the warehouse's
 * settings and their change log, the background calculation with its history, the L1 category
 * picker of the exclusions, the cells per ABC class by zone; and the daily cycle count compliance
 * mode of the Cycle Count Frequency page. The high value and frequency rules are resources
 * (shared/resources/abc.resource.ts).
 */

const ABC = '/apps/basic/abc';
const CC_FREQUENCY = '/apps/rulecenter/cyclecountfrequency';
export const ABC_PAGE = '/rulecenter/abcLevel';
export const ABC_ACCESS = {
  view: derivePerm(ABC_PAGE),
  edit: pageActionPerm(ABC_PAGE, 'Edit'),
  run: pageActionPerm(ABC_PAGE, 'Action'),
} as const;
export const CC_COMPLIANCE_ACCESS = { view: derivePerm(CC_FREQUENCY_PAGES.list), edit: derivePerm(CC_FREQUENCY_PAGES.edit) } as const;

/** The windows an ABC calculation looks back over (spec §9 windows, in days). */
export const ABC_WINDOW_DAYS = [7, 14, 30, 60, 90] as const;
/** Most L1 categories one setting excludes. */
export const ABC_EXCLUSIONS_MAX = 100;
/** Finished calculation runs are kept this long in the history. */
export const ABC_RUN_RETENTION_DAYS = 365;

const seconds = z.number().int();
const pct = z.number().int().min(1).max(100);

/** The settings of an ABC calculation, as written and as a run and the change log keep them. */
export const abcConfigValues = z.object({
  /** ABC_BASIS: 1 units picked out of cells, 2 units shipped × unit value. */
  basis: z.literal([1, 2]),
  window_days: z.literal(ABC_WINDOW_DAYS),
  /** Cumulative share (%) of the measure the A class covers; B goes on to b_max_pct; the rest is C. */
  a_max_pct: pct,
  b_max_pct: pct,
  /** The top N SKUs by the measure are SA (0: no SA class). */
  sa_top_n: z.number().int().min(0).max(UPPER_BOUND),
  /** L1 category names whose SKUs are EXCLUDED. */
  excluded_categories: z.array(z.string().trim().min(1).max(120)).max(ABC_EXCLUSIONS_MAX),
});
export type AbcConfigValues = z.output<typeof abcConfigValues>;

/** What a warehouse without settings of its own runs with. */
export const DEFAULT_ABC_CONFIG: AbcConfigValues = { basis: 1, window_days: 30, a_max_pct: 80, b_max_pct: 95, sa_top_n: 0, excluded_categories: [] };

const configAnswer = abcConfigValues.extend({
  /** 1: the warehouse has not saved settings: these are the defaults. */
  is_default: z.literal([0, 1]),
  updated_at: seconds.nullable(),
  updated_by: z.string().nullable(),
});

const paging = {
  page_no: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().pipe(z.literal(PAGE_SIZE_OPTIONS)).default(DEFAULT_PAGE_SIZE),
};
const pageOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), total: z.number().int(), page_no: z.number().int(), page_size: z.number().int() });

const logRow = z.object({
  log_id: z.number().int(),
  operator: z.string(),
  created_at: seconds,
  old_value: abcConfigValues,
  new_value: abcConfigValues,
  /** The settings that differ, in declaration order. */
  changed: z.array(z.string()),
});

const count = z.number().int().nullable();
export const abcRunRow = z.object({
  task_id: z.number().int(),
  /** EXPORT_TASK_STATUS: pending 0, ongoing 1, done 2, fail 3. */
  status: z.number().int(),
  progress: z.number().int(),
  config: abcConfigValues,
  operator: z.string(),
  created_at: seconds,
  started_at: seconds.nullable(),
  finished_at: seconds.nullable(),
  sku_count: count,
  sa_count: count,
  a_count: count,
  b_count: count,
  c_count: count,
  excluded_count: count,
  error_message: z.string().nullable(),
});
export type AbcRunRow = z.output<typeof abcRunRow>;

/** Cells (or SKUs) per ABC class. */
const classCounts = {
  undefined_count: z.number().int(),
  sa_count: z.number().int(),
  a_count: z.number().int(),
  b_count: z.number().int(),
  c_count: z.number().int(),
  excluded_count: z.number().int(),
  total: z.number().int(),
};

export const abcContract = {
  searchNewAbcConfig: endpoint({
    method: 'GET', path: `${ABC}/search_new_abc_config`, access: { perm: ABC_ACCESS.view },
    summary: 'The warehouse\'s ABC settings (basis, window, cumulative share thresholds, SA top N, excluded L1 categories), or the defaults when it has none.',
    input: z.object({}),
    output: configAnswer,
  }),
  updateNewAbcConfig: endpoint({
    method: 'POST', path: `${ABC}/update_new_abc_config`, access: { perm: ABC_ACCESS.edit },
    summary: 'Saves the warehouse\'s ABC settings and logs the change (who, when, before → after); -285401 when the thresholds are not ascending, -285403 naming excluded categories that are no L1 category of the warehouse.',
    input: abcConfigValues,
    output: configAnswer,
  }),
  searchAbcConfigModifyLog: endpoint({
    method: 'GET', path: `${ABC}/search_abc_config_modify_log`, access: { perm: ABC_ACCESS.view },
    summary: 'The changes of the warehouse\'s ABC settings, newest first, paged.',
    input: z.object(paging),
    output: pageOf(logRow),
  }),
  getCategoryL1ByPrefix: endpoint({
    method: 'GET', path: `${ABC}/get_category_l1_by_prefix`, access: { perm: ABC_ACCESS.view },
    summary: 'L1 categories of the warehouse\'s category tree whose name starts with the prefix (any case; all of them for an empty prefix), by name, at most 50.',
    input: z.object({ prefix: z.string().trim().max(120).default('') }),
    output: z.object({ list: z.array(z.object({ category_id: z.string(), category_name: z.string() })) }),
  }),
  searchAbcRunCalculateHistory: endpoint({
    method: 'GET', path: `${ABC}/search_abc_run_calculate_history`, access: { perm: ABC_ACCESS.view },
    summary: 'The warehouse\'s ABC calculation runs, newest first, paged, with the run waiting or going on now (if any) apart.',
    input: z.object(paging),
    output: pageOf(abcRunRow).extend({ running: abcRunRow.nullable() }),
  }),
  runCalculateAbc: endpoint({
    method: 'POST', path: `${ABC}/run_calculate_abc`, access: { perm: ABC_ACCESS.run },
    summary: 'Queues a calculation of the warehouse\'s SKU classes with its settings as they are now; -285402 while one waits or runs.',
    input: z.object({}),
    output: abcRunRow,
  }),
  searchAbcConfig: endpoint({
    method: 'GET', path: '/apps/basic/location/search_abc_config', access: { perm: ABC_ACCESS.view },
    summary: 'The location side of ABC: cells per ABC class in each zone (and in all), beside the warehouse\'s SKUs per class.',
    input: z.object({}),
    output: z.object({
      zones: z.array(z.object({ zone_id: z.string(), zone_name: z.string(), ...classCounts })),
      cells: z.object(classCounts),
      skus: z.object(classCounts),
    }),
  }),
  getDailyCcComplianceMode: endpoint({
    method: 'GET', path: `${CC_FREQUENCY}/get_daily_cc_compliance_mode`, access: { perm: CC_COMPLIANCE_ACCESS.view },
    summary: 'Whether the warehouse\'s daily cycle count is in compliance mode (conf daily_cc_compliance_mode): 1 on, 0 off.',
    input: z.object({}),
    output: z.object({ daily_cc_compliance_mode: z.literal([0, 1]) }),
  }),
  updateDailyCcComplianceMode: endpoint({
    method: 'POST', path: `${CC_FREQUENCY}/update_daily_cc_compliance_mode`, access: { perm: CC_COMPLIANCE_ACCESS.edit },
    summary: 'Turns the warehouse\'s daily cycle count compliance mode on (1) or off (0).',
    input: z.object({ daily_cc_compliance_mode: z.literal([0, 1]) }),
    output: z.object({ daily_cc_compliance_mode: z.literal([0, 1]) }),
  }),
} as const;
