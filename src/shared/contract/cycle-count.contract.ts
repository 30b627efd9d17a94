import { z } from 'zod';
import {
  CC_DIFF_STATUS, CC_TASK_SPLIT, CYCLE_COUNT_CREATION_STATUS, CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_RESULT, CYCLE_COUNT_SCOPE,
  CYCLE_COUNT_SOURCE, CYCLE_COUNT_STATUS, type CodeOf,
} from '../codes';
import { UPPER_BOUND } from '../constants';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { docCode } from './sales-order.contract';
import { q } from './values';

/**
 * Cycle count and full stock count (spec §2 Inventory Management › cc and fsc, §3 cycle count codes,
 * §7 cycle count calls; docs/inventory-accuracy.md). An order says what is counted; its lines (a
 * location and a SKU, with the book when made) are split into tasks by zone or pathway; counters claim
 * tasks within their cycle count skills and count on the PDA through offline ops
 * (shared/ops/cycle-count.ops.ts); a round that ends with differences makes a difference order, which
 * is approved into an inventory adjustment or answered by another round (up to the 10th).
 */

export const CC_PAGES = {
  orders: '/inventorymanage/cc/ccorder',
  orderView: '/inventorymanage/cc/ccorder/view',
  create: '/inventorymanage/cc/ccorder/create',
  count: '/inventorymanage/cc/ccorder/count',
  tasks: '/inventorymanage/cc/cctask',
  secondCount: '/inventorymanage/cc/cctask/createsecondcc',
  taskDetail: '/inventorymanage/cc/cctask/$task_id',
  diffOrders: '/inventorymanage/cc/difforder',
  diffDetail: '/inventorymanage/cc/difforder/$order_id',
  diffApprove: '/inventorymanage/cc/difforder/$order_id/approve',
  fscOrders: '/inventorymanage/fsc/fscorder',
  fscOrderView: '/inventorymanage/fsc/fscorder/view',
  fscTasks: '/inventorymanage/fsc/fsctask',
  fscCount: '/inventorymanage/fsc/fsctask/count',
  fscTaskDetail: '/inventorymanage/fsc/fsctask/$task_id',
  fscDiffOrders: '/inventorymanage/fsc/fscdifforder',
  fscDone4th: '/inventorymanage/fsc/fscdifforder/done4thCount',
  fscDiffDetail: '/inventorymanage/fsc/fscdifforder/$order_id',
  fscDiffApprove: '/inventorymanage/fsc/fscdifforder/$order_id/approve',
  config: '/rulecenter/cycleCountConfig',
  taskRule: '/rulecenter/cycleCountTaskRule',
  skills: '/rulecenter/cycleCountSkills',
  dailyDashboard: '/dashboard/locationcyclecount',
  fscDashboard: '/dashboard/fullstockcount',
} as const;

export const CC_ACCESS = {
  view: { perm: derivePerm(CC_PAGES.orders) },
  create: { perm: derivePerm(CC_PAGES.create) },
  cancel: { perm: pageActionPerm(CC_PAGES.orders, 'Action') },
  /** Count on the PDA (cycle count and full stock count alike). */
  count: { perm: pageActionPerm(CC_PAGES.count, 'Action') },
  tasks: { perm: derivePerm(CC_PAGES.tasks) },
  secondCount: { perm: pageActionPerm(CC_PAGES.secondCount, 'Action') },
  diffView: { perm: derivePerm(CC_PAGES.diffOrders) },
  approve: { perm: derivePerm(CC_PAGES.diffApprove) },
  fscView: { perm: derivePerm(CC_PAGES.fscOrders) },
  fscApprove: { perm: derivePerm(CC_PAGES.fscDiffApprove) },
  configView: { perm: derivePerm(CC_PAGES.config) },
  configure: { perm: pageActionPerm(CC_PAGES.config, 'Edit') },
  dailyDashboard: { perm: derivePerm(CC_PAGES.dailyDashboard) },
  fscDashboard: { perm: derivePerm(CC_PAGES.fscDashboard) },
} as const;

const CC = '/apps/process/inventory/cyclecount/ccorder';
const TASK = '/apps/process/inventory/cyclecount/cctask';
const DIFF = '/apps/process/inventory/cyclecount/difforder';
const CONFIG = '/apps/process/inventory/cyclecount';

const enumOf = <T extends number>(codes: { options: readonly { value: T }[] }) =>
  z.union(codes.options.map((o) => z.literal(o.value)) as unknown as [z.ZodLiteral<T>, z.ZodLiteral<T>, ...z.ZodLiteral<T>[]]);

export const orderNo = docCode(32);
export const taskNo = docCode(32);
const locationCode = docCode(64);
const skuCode = docCode(64);
const qty = z.number().int().min(1).max(UPPER_BOUND);
/** A date on the warehouse's calendar, YYYY-MM-DD. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** Most lines an imported list (search_import_data_task) or a typed list of SKUs or locations holds. */
export const CC_LIST_MAX = 20_000;
/** Lines an order builds in the request that asks for it; bigger orders are built in the background. */
export const CC_BUILD_INLINE_MAX = 2_000;

/** One location-and-SKU pair of an imported list; `sku_id` empty: the whole location. */
export const ccListLine = z.object({ location_id: locationCode, sku_id: z.string().trim().max(64).default('') });

/**
 * What an order counts (scope customized; the other scopes take the warehouse's active locations, or
 * its high-value SKUs). Ranges are of location codes (inclusive, in code order). Empty lists mean no
 * narrowing by that criterion.
 */
export const ccCriteriaSchema = z.object({
  park_ids: z.array(docCode(32)).max(200).default([]),
  zone_ids: z.array(docCode(32)).max(500).default([]),
  pathway_ids: z.array(docCode(32)).max(2000).default([]),
  location_from: z.string().trim().max(64).default(''),
  location_to: z.string().trim().max(64).default(''),
  sku_ids: z.array(skuCode).max(CC_LIST_MAX).default([]),
  supplier_id: z.string().trim().max(64).default(''),
  /** Movement kind: the locations and SKUs that moved on the ledger since this day. */
  moved_since: isoDate.nullable().default(null),
  /** An imported list (search_import_data_task), counted as it is. */
  lines: z.array(ccListLine).max(CC_LIST_MAX).default([]),
});
export type CcCriteria = z.infer<typeof ccCriteriaSchema>;

export const createCcOrderInput = z.object({
  order_type: enumOf(CYCLE_COUNT_ORDER_TYPE),
  kind: enumOf(CYCLE_COUNT_KIND),
  scope: enumOf(CYCLE_COUNT_SCOPE),
  criteria: ccCriteriaSchema.default(ccCriteriaSchema.parse({})),
  remark: z.string().trim().max(500).default(''),
  /** Make the order without the lines whose location another open count has (after a -285029). */
  skip_open: z.boolean().default(false),
});
export type CreateCcOrderInput = z.infer<typeof createCcOrderInput>;

/** What an order would count: the search_confirm answer of the create page. */
export const ccPreviewSchema = z.object({
  location_count: z.number().int(),
  sku_count: z.number().int(),
  line_count: z.number().int(),
  max_locations: z.number().int(),
  max_skus: z.number().int(),
  within_limit: z.boolean(),
});

export const ccOrderSchema = z.object({
  order_no: z.string(),
  order_type: z.number().int(),
  scope: z.number().int(),
  source: z.number().int(),
  kind: z.number().int(),
  status: z.number().int(),
  creation_status: z.number().int(),
  progress: z.number().int(),
  fail_reason: z.string().nullable(),
  criteria: ccCriteriaSchema,
  round: z.number().int(),
  show_system_qty: z.boolean(),
  location_count: z.number().int(),
  sku_count: z.number().int(),
  diff_line_count: z.number().int(),
  source_ref: z.string().nullable(),
  remark: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type CcOrder = z.infer<typeof ccOrderSchema>;

export const ccTaskSchema = z.object({
  task_no: z.string(),
  order_no: z.string(),
  source: z.number().int(),
  round: z.number().int(),
  zone_id: z.string(),
  pathway_id: z.string().nullable(),
  status: z.number().int(),
  assignee_id: z.number().int().nullable(),
  location_count: z.number().int(),
  counted_location_count: z.number().int(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type CcTask = z.infer<typeof ccTaskSchema>;

/** A line of an order: the book when made, the last round's count and result. */
export const ccLineSchema = z.object({
  location_id: z.string(),
  sku_id: z.string(),
  sku_name: z.string(),
  zone_id: z.string(),
  pathway_id: z.string(),
  system_qty: z.number().int(),
  round: z.number().int(),
  counted_qty: z.number().int().nullable(),
  book_qty: z.number().int().nullable(),
  result: z.number().int().nullable(),
  found: z.boolean(),
});

/**
 * A task as its counter works it on the PDA: its locations in walking order, each with the SKUs the
 * order expects there (quantities only when the order is not blind) and what this round counted so far.
 */
export const ccWorkSchema = z.object({
  task: ccTaskSchema,
  show_system_qty: z.boolean(),
  kind: z.number().int(),
  locations: z.array(z.object({
    location_id: z.string(),
    seq: z.number().int(),
    counted: z.boolean(),
    skus: z.array(z.object({
      sku_id: z.string(),
      sku_name: z.string(),
      barcode: z.string().nullable(),
      /** Null when blind. */
      system_qty: z.number().int().nullable(),
      counted_qty: z.number().int(),
    })),
  })),
});
export type CcWork = z.infer<typeof ccWorkSchema>;

export const ccDiffOrderSchema = z.object({
  diff_no: z.string(),
  order_no: z.string(),
  source: z.number().int(),
  round: z.number().int(),
  status: z.number().int(),
  line_count: z.number().int(),
  surplus_qty: z.number().int(),
  missing_qty: z.number().int(),
  adjust_no: z.string().nullable(),
  /** Who approved or rejected it (email, as the adjustment pages name people). */
  approved_by: z.string().nullable(),
  approved_at: z.number().int().nullable(),
  close_reason: z.string().nullable(),
  created_at: z.number().int(),
  max_rounds: z.number().int(),
  lines: z.array(z.object({
    location_id: z.string(),
    sku_id: z.string(),
    sku_name: z.string(),
    zone_id: z.string(),
    book_qty: z.number().int(),
    counted_qty: z.number().int(),
    result: z.number().int(),
    adjust_qty: z.number().int().nullable(),
    /** Units of the SKU reserved there for open picks (a shortage spares them). */
    reserved_qty: z.number().int(),
  })),
});
export type CcDiffOrder = z.infer<typeof ccDiffOrderSchema>;

/** The cycle count config (Rule Center › Cycle Count Config) with the limit config of spec §7. */
export const ccConfigSchema = z.object({
  /** Counters see the book quantity (otherwise counting is blind). */
  show_system_qty: z.boolean(),
  /** Rounds an order may have (a second count and on), 1–10; a full stock count always has 4. */
  max_rounds: z.number().int().min(1).max(10),
  /** Daily cycle count compliance mode: only park range and location counts may be made by hand. */
  compliance_mode: z.boolean(),
});
export type CcConfig = z.infer<typeof ccConfigSchema>;

export const ccLimitConfigSchema = z.object({
  max_locations: z.number().int().min(1).max(1_000_000),
  max_skus: z.number().int().min(1).max(1_000_000),
});

const pageInput = { page_no: q.int().pipe(z.number().int().min(1)).default(1), page_size: q.int().pipe(z.number().int().min(1).max(500)).default(50) };
const byOrder = z.object({ order_no: orderNo });

const searchInput = z.object({
  kind: enumOf(CYCLE_COUNT_KIND),
  order_type: enumOf(CYCLE_COUNT_ORDER_TYPE).default(CYCLE_COUNT_ORDER_TYPE.values.EXPRESS),
  scope: enumOf(CYCLE_COUNT_SCOPE),
  criteria: ccCriteriaSchema.default(ccCriteriaSchema.parse({})),
  page_no: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(500).default(50),
});

const previewEndpoint = (path: string, what: string) => endpoint({
  method: 'POST', path, access: CC_ACCESS.create,
  summary: `Counts what a ${what} cycle count order with these criteria would count, against the limit config (no order is made). -285001 invalid criteria, -285005 nothing matches.`,
  input: searchInput,
  output: ccPreviewSchema,
});

const candidatesOutput = z.object({
  total: z.number().int(),
  list: z.array(z.object({ location_id: z.string(), sku_id: z.string(), sku_name: z.string(), zone_id: z.string(), pathway_id: z.string(), onhand_qty: z.number().int() })),
});
const candidatesEndpoint = (path: string, what: string) => endpoint({
  method: 'POST', path, access: CC_ACCESS.create,
  summary: `A page of the lines (location and SKU, with the book) a ${what} cycle count order with these criteria would count, in location order. -285001 invalid criteria.`,
  input: searchInput,
  output: candidatesOutput,
});

export const cycleCountContract = {
  createCcOrder: endpoint({
    method: 'POST', path: `${CC}/create_cc_order`, access: CC_ACCESS.create,
    summary: `Makes a manual cycle count order. Up to ${CC_BUILD_INLINE_MAX} lines it is built at once (creation status success); bigger ones are built in the background (creation status and progress on the order). -285001 invalid criteria (or a kind the daily compliance mode does not allow), -285005 nothing to count, -285012 over the limit config, -285021 a full stock count is running, -285029 some lines are at locations another open count has (data.skipped, data.line_count; nothing made: ask again with skip_open to make it without them).`,
    input: createCcOrderInput,
    output: z.object({ order_no: z.string(), creation_status: z.number().int(), skipped: z.number().int() }),
  }),
  cancelCcOrder: endpoint({
    method: 'POST', path: `${CC}/cancel_cc_order`, access: CC_ACCESS.cancel,
    summary: 'Cancels a pending or ongoing order with its open tasks and pending difference orders (counts stay on record). -285002 when done or cancelled already.',
    input: z.object({ order_no: orderNo, reason: z.string().trim().max(500).default('') }),
    output: z.object({ order_no: z.string(), status: z.number().int() }),
  }),
  skuCcSearchSku: candidatesEndpoint(`${CC}/sku_cc_search_sku`, 'SKU'),
  skuCcSearchConfirm: previewEndpoint(`${CC}/sku_cc_search_confirm`, 'SKU'),
  locationCcSearchLocation: candidatesEndpoint(`${CC}/location_cc_search_location`, 'location'),
  locationCcSearchConfirm: previewEndpoint(`${CC}/location_cc_search_confirm`, 'location'),
  movementCcSearchSku: candidatesEndpoint(`${CC}/movement_cc_search_sku`, 'movement'),
  movementCcSearchConfirm: previewEndpoint(`${CC}/movement_cc_search_confirm`, 'movement'),
  skuCcSearchSupplierFuzzy: endpoint({
    method: 'GET', path: `${CC}/sku_cc_search_supplier_fuzzy`, access: CC_ACCESS.create,
    summary: 'Suppliers of the warehouse whose id or name contains the keyword (at most 20), for the SKU criteria.',
    input: z.object({ keyword: q.str(100).default('') }),
    output: z.object({ list: z.array(z.object({ supplier_id: z.string(), supplier_name: z.string() })) }),
  }),
  getWhsIsSkuMapping: endpoint({
    method: 'GET', path: `${CC}/get_whs_is_sku_mapping`, access: CC_ACCESS.view,
    summary: 'Whether the warehouse maps other codes to its SKUs (counters may scan them).',
    input: z.object({}),
    output: z.object({ is_sku_mapping: z.boolean() }),
  }),
  ccGetAllPathwayInfo: endpoint({
    method: 'GET', path: `${CC}/cc_get_all_pathway_info`, access: CC_ACCESS.create,
    summary: 'The active pathways of the warehouse (of the zones named, comma-separated; all without), with their zone and active cell count.',
    input: z.object({ zone_ids: q.str(2000).default('') }),
    output: z.object({ list: z.array(z.object({ pathway_id: z.string(), zone_id: z.string(), cell_count: z.number().int() })) }),
  }),
  getCcOrderDetail: endpoint({
    method: 'GET', path: `${CC}/get_cc_order_detail`, access: CC_ACCESS.view,
    summary: 'One cycle count or full stock count order. -100404 when there is none in the warehouse.',
    input: byOrder,
    output: ccOrderSchema,
  }),
  getCcOrderDetailCcTaskList: endpoint({
    method: 'GET', path: `${CC}/get_cc_order_detail_cc_task_list`, access: CC_ACCESS.view,
    summary: 'The tasks of an order, every round, newest round first.',
    input: byOrder,
    output: z.object({ list: z.array(ccTaskSchema) }),
  }),
  getCcOrderDetailLog: endpoint({
    method: 'GET', path: `${CC}/get_cc_order_detail_log`, access: CC_ACCESS.view,
    summary: 'What happened to an order, oldest first.',
    input: byOrder,
    output: z.object({ list: z.array(z.object({ action: z.string(), detail: z.string(), operator_id: z.number().int().nullable(), created_at: z.number().int() })) }),
  }),
  getCcOrderDetailSkuLocationList: endpoint({
    method: 'GET', path: `${CC}/get_cc_order_detail_sku_location_list`, access: CC_ACCESS.view,
    summary: 'A page of the lines of an order (location, SKU, book when made, last count and result), in location order; `result` narrows to one result.',
    input: z.object({ order_no: orderNo, result: q.int().pipe(enumOf(CYCLE_COUNT_RESULT)).optional(), ...pageInput }),
    output: z.object({ total: z.number().int(), list: z.array(ccLineSchema) }),
  }),
  getCcOrderDetailSkuLocationBatch: endpoint({
    method: 'GET', path: `${CC}/get_cc_order_detail_sku_location_batch`, access: CC_ACCESS.view,
    summary: 'The batches of a line\'s SKU at its location now (on hand, reserved, blocked by batch and quality).',
    input: z.object({ order_no: orderNo, location_id: locationCode, sku_id: skuCode }),
    output: z.object({ list: z.array(z.object({ batch_id: z.string(), quality: z.number().int(), onhand_qty: z.number().int(), prepick_qty: z.number().int(), locked_qty: z.number().int(), expiry_date: z.string().nullable() })) }),
  }),
  getCcOrderDetailSkuLocationUid: endpoint({
    method: 'GET', path: `${CC}/get_cc_order_detail_sku_location_uid`, access: CC_ACCESS.view,
    summary: 'The counts scanned for a line (each scan: units, counter, round, when), the unit-level record of the count.',
    input: z.object({ order_no: orderNo, location_id: locationCode, sku_id: z.string().trim().max(64).default('') }),
    output: z.object({ list: z.array(z.object({ round: z.number().int(), task_no: z.string(), qty: z.number().int(), counter_id: z.number().int(), counted_at: z.number().int(), unknown_code: z.string().nullable() })) }),
  }),
  getCycleCountConfig: endpoint({
    method: 'GET', path: `${CONFIG}/get_cycle_count_config`, access: 'session',
    summary: 'The warehouse\'s cycle count config: blind or not, rounds, daily compliance mode.',
    input: z.object({}),
    output: ccConfigSchema,
  }),
  updateCycleCountConfig: endpoint({
    method: 'POST', path: `${CONFIG}/update_cycle_count_config`, access: CC_ACCESS.configure,
    summary: 'Saves the cycle count config and the limit config. Orders made before keep what they were made with.',
    input: ccConfigSchema.merge(ccLimitConfigSchema),
    output: ccConfigSchema.merge(ccLimitConfigSchema),
  }),
  getCycleCountSkuLocationLimitConfig: endpoint({
    method: 'GET', path: `${CONFIG}/get_cycle_count_sku_location_limit_config`, access: 'session',
    summary: 'Most locations and SKUs one cycle count order may count.',
    input: z.object({}),
    output: ccLimitConfigSchema,
  }),
  searchImportDataTask: endpoint({
    method: 'POST', path: '/apps/basic/importdata/search_import_data_task', access: CC_ACCESS.create,
    summary: `Reads a cycle count list (.xlsx or .csv, base64, at most ${CC_LIST_MAX} rows: Location, SKU ID optional) and answers its lines checked against the warehouse: the usable ones and the refused rows with why. Nothing is stored; the create call takes the lines. -288001..-288004 as the other imports.`,
    input: z.object({ file_name: z.string().trim().min(1).max(200), content_base64: z.string().min(1).max(8_000_000) }),
    output: z.object({
      lines: z.array(z.object({ location_id: z.string(), sku_id: z.string() })),
      refused: z.array(z.object({ row: z.number().int(), location_id: z.string(), sku_id: z.string(), reason: z.string() })),
    }),
  }),

  // Tasks
  getCcTaskDetail: endpoint({
    method: 'GET', path: `${TASK}/get_cc_task_detail`, access: CC_ACCESS.tasks,
    summary: 'One task with its locations and what each round counted there (the book shown to supervisors). -100404 when there is none.',
    input: z.object({ task_no: taskNo }),
    output: ccWorkSchema.extend({
      counts: z.array(z.object({ location_id: z.string(), sku_id: z.string(), qty: z.number().int(), counter_id: z.number().int(), counted_at: z.number().int(), unknown_code: z.string().nullable() })),
    }),
  }),
  claimCcTask: endpoint({
    method: 'POST', path: `${TASK}/claim_cc_task`, access: CC_ACCESS.count, offlineRead: true,
    summary: 'Claims a counting task for the caller (the task number scanned, or the next: one already theirs, then pending ones of their skill zones, lowest round and oldest first) with what to count. A task another counter holds is joined: both count, their counts add up. -285003 outside the caller\'s skills (reason skill), a later round of locations the caller counted before (recount), or nothing left (none); -285002 when the task is done or cancelled.',
    input: z.object({ task_no: taskNo.nullable().default(null), full_stock_count: z.boolean().default(false) }),
    output: ccWorkSchema,
  }),
  createSecondCc: endpoint({
    method: 'POST', path: `${TASK}/create_second_cc`, access: CC_ACCESS.secondCount,
    summary: 'Counts the differing lines of an order again (all, or the locations named) in the next round, by counters who did not count them before; the pending difference order becomes Recounting. -285007 no differing line among them, or the order is at its last round.',
    input: z.object({ order_no: orderNo, location_ids: z.array(locationCode).max(CC_LIST_MAX).default([]) }),
    output: z.object({ order_no: z.string(), round: z.number().int(), task_nos: z.array(z.string()) }),
  }),

  // Difference orders
  getCcDiffOrderDetail: endpoint({
    method: 'GET', path: `${DIFF}/get_cc_diff_order_detail`, access: CC_ACCESS.diffView,
    summary: 'One difference order with its lines, each with the units reserved there for open picks. -100404 when there is none.',
    input: z.object({ diff_no: docCode(32) }),
    output: ccDiffOrderSchema,
  }),
  approveCcDiffOrder: endpoint({
    method: 'POST', path: `${DIFF}/approve_cc_diff_order`, access: CC_ACCESS.approve,
    summary: 'Approves a pending difference order: the lines are judged again against the book reconciled to their count (moves booked since, offline picks replayed late), and an inventory adjustment is made and posted (overage 5, shortage 6; a shortage spares units reserved for open picks); the order is done. -285002 when not pending.',
    input: z.object({ diff_no: docCode(32), remark: z.string().trim().max(500).default('') }),
    output: z.object({ diff_no: z.string(), adjust_no: z.string().nullable(), status: z.number().int() }),
  }),
  rejectCcDiffOrder: endpoint({
    method: 'POST', path: `${DIFF}/reject_cc_diff_order`, access: CC_ACCESS.approve,
    summary: 'Rejects a pending difference order: the book stands, nothing is posted, the order is done. -285002 when not pending.',
    input: z.object({ diff_no: docCode(32), reason: z.string().trim().min(1).max(500) }),
    output: z.object({ diff_no: z.string(), status: z.number().int() }),
  }),

  // Dashboards
  getDailyCcDashboard: endpoint({
    method: 'GET', path: `${CONFIG}/dashboard/get_daily_cc_dashboard`, access: CC_ACCESS.dailyDashboard,
    summary: 'Daily cycle count over the days asked (warehouse calendar): locations planned vs counted per day, accuracy (lines without difference / lines counted) by zone, and the daily trend.',
    input: z.object({ date_from: isoDate, date_to: isoDate }),
    output: z.object({
      planned: z.number().int(), counted: z.number().int(), accuracy: z.number().nullable(), frequency_configured: z.boolean(),
      by_zone: z.array(z.object({ zone_id: z.string(), planned: z.number().int(), counted: z.number().int(), accurate: z.number().int(), accuracy: z.number().nullable() })),
      trend: z.array(z.object({ day: z.string(), planned: z.number().int(), counted: z.number().int(), accuracy: z.number().nullable() })),
    }),
  }),
  getFscDashboard: endpoint({
    method: 'GET', path: `${CONFIG}/dashboard/get_fsc_dashboard`, access: CC_ACCESS.fscDashboard,
    summary: 'The running (or last) full stock count: its order, round, and per zone the locations counted of all, differences and tasks open.',
    input: z.object({}),
    output: z.object({
      running: z.boolean(),
      order_no: z.string().nullable(),
      round: z.number().int(),
      by_zone: z.array(z.object({ zone_id: z.string(), locations: z.number().int(), counted: z.number().int(), differences: z.number().int(), open_tasks: z.number().int() })),
    }),
  }),
  runDailyCc: endpoint({
    method: 'POST', path: `${CONFIG}/run_daily_cycle_count`, access: CC_ACCESS.create,
    summary: 'Makes today\'s daily cycle count order now from the frequency rule (it is also made by itself each day): the SKUs due by their ABC class and high-value flag, at their locations. Answers the order made, or null when nothing is due or today\'s exists. -285001 "Please go to Rule Center>Cycle Count Frequency to configure parameters." when no rule is set.',
    input: z.object({}),
    output: z.object({ order_no: z.string().nullable(), sku_count: z.number().int() }),
  }),
} as const;

export type CcStatus = CodeOf<typeof CYCLE_COUNT_STATUS>;
export type CcSource = CodeOf<typeof CYCLE_COUNT_SOURCE>;
export { CC_DIFF_STATUS, CC_TASK_SPLIT, CYCLE_COUNT_CREATION_STATUS };

// Offline op payloads (shared/ops/cycle-count.ops.ts)

/** Units of a SKU (scanned: SKU id, barcode, mapped code) counted at a location of the task. */
export const ccCountPayload = z.object({ task_no: taskNo, location_id: locationCode, code: skuCode, qty });
/** The location holds nothing. */
export const ccEmptyPayload = z.object({ task_no: taskNo, location_id: locationCode });
/** Units the counter could not identify (no label, unknown code): reported on the order, not counted. */
export const ccUnknownPayload = z.object({ task_no: taskNo, location_id: locationCode, code: z.string().trim().max(64).default(''), qty });
/** Counting the location again: this counter's counts at it in this round are withdrawn. */
export const ccRecountPayload = z.object({ task_no: taskNo, location_id: locationCode });
/** The counter is done with the task: every location counted or confirmed empty (refused with -285002, data.uncounted, otherwise). */
export const ccCompletePayload = z.object({ task_no: taskNo });

export const ccOpResultSchema = z.object({ task_no: z.string(), location_id: z.string().nullable(), sku_id: z.string().nullable(), counted_qty: z.number().int(), message: z.string() });
