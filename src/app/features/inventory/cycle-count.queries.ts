import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CYCLE_COUNT_CREATION_STATUS } from '../../../shared/codes';
import { contract, type InputOf } from '../../../shared/contract';
import { callApi } from '../../kit/api';

/** While an order is being built in the background its page reads it again this often. */
export const CC_BUILD_POLL_MS = 2_000;
/** The full stock count dashboard follows the count live at this interval. */
export const FSC_DASHBOARD_POLL_MS = 10_000;

const C = CYCLE_COUNT_CREATION_STATUS.values;
/** Whether an order is still being built in the background. */
export const isBuilding = (order: { creation_status: number } | undefined) =>
  order !== undefined && (order.creation_status === C.INITIAL || order.creation_status === C.COMPLETING);

type LinesInput = InputOf<typeof contract.getCcOrderDetailSkuLocationList>;

/**
 * Cycle count reads (keys: area, kind, key). The counting screen claims its task with `claim_cc_task`
 * (`work`: an `offlineRead`, a POST read the service worker keeps per body, so per task number and
 * kind of count): a task claimed online opens again with the network gone. Claiming a task already
 * the caller's answers it again, so the same call refreshes it after the server answers an op; it is
 * never retried here and a failure is shown by the screen, not toasted.
 */
export const ccQueries = {
  all: ['cycleCount'] as const,
  work: (taskNo: string, fullStockCount: boolean) => queryOptions({
    queryKey: ['cycleCount', 'work', taskNo, fullStockCount],
    queryFn: ({ signal }) => callApi(contract.claimCcTask, { task_no: taskNo, full_stock_count: fullStockCount }, { signal, quiet: true }),
    retry: false,
    staleTime: Infinity,
  }),
  /** Read again every 2 s while the order is built in the background (creation status initial or completing). */
  order: (orderNo: string) => queryOptions({
    queryKey: ['cycleCount', 'order', orderNo],
    queryFn: ({ signal }) => callApi(contract.getCcOrderDetail, { order_no: orderNo }, { signal }),
    enabled: orderNo !== '',
    refetchInterval: (query) => (isBuilding(query.state.data) ? CC_BUILD_POLL_MS : false),
  }),
  orderLines: (input: LinesInput) => queryOptions({
    queryKey: ['cycleCount', 'orderLines', input],
    queryFn: ({ signal }) => callApi(contract.getCcOrderDetailSkuLocationList, input, { signal }),
    placeholderData: keepPreviousData,
  }),
  orderTasks: (orderNo: string) => queryOptions({
    queryKey: ['cycleCount', 'orderTasks', orderNo],
    queryFn: ({ signal }) => callApi(contract.getCcOrderDetailCcTaskList, { order_no: orderNo }, { signal }),
  }),
  orderLog: (orderNo: string) => queryOptions({
    queryKey: ['cycleCount', 'orderLog', orderNo],
    queryFn: ({ signal }) => callApi(contract.getCcOrderDetailLog, { order_no: orderNo }, { signal }),
  }),
  lineBatches: (orderNo: string, locationId: string, skuId: string) => queryOptions({
    queryKey: ['cycleCount', 'lineBatches', orderNo, locationId, skuId],
    queryFn: ({ signal }) => callApi(contract.getCcOrderDetailSkuLocationBatch, { order_no: orderNo, location_id: locationId, sku_id: skuId }, { signal }),
  }),
  lineScans: (orderNo: string, locationId: string, skuId: string) => queryOptions({
    queryKey: ['cycleCount', 'lineScans', orderNo, locationId, skuId],
    queryFn: ({ signal }) => callApi(contract.getCcOrderDetailSkuLocationUid, { order_no: orderNo, location_id: locationId, sku_id: skuId }, { signal }),
  }),
  task: (taskNo: string) => queryOptions({
    queryKey: ['cycleCount', 'task', taskNo],
    queryFn: ({ signal }) => callApi(contract.getCcTaskDetail, { task_no: taskNo }, { signal }),
    enabled: taskNo !== '',
  }),
  diff: (diffNo: string) => queryOptions({
    queryKey: ['cycleCount', 'diff', diffNo],
    queryFn: ({ signal }) => callApi(contract.getCcDiffOrderDetail, { diff_no: diffNo }, { signal }),
    enabled: diffNo !== '',
  }),
  parkZoneTree: () => queryOptions({
    queryKey: ['cycleCount', 'parkZoneTree'],
    queryFn: ({ signal }) => callApi(contract.getParkZoneTree, { park_data_type: 1 }, { signal }),
    staleTime: 60_000,
  }),
  pathways: () => queryOptions({
    queryKey: ['cycleCount', 'pathways'],
    queryFn: ({ signal }) => callApi(contract.ccGetAllPathwayInfo, { zone_ids: '' }, { signal }),
    staleTime: 60_000,
  }),
  suppliers: (keyword: string) => queryOptions({
    queryKey: ['cycleCount', 'suppliers', keyword],
    queryFn: ({ signal }) => callApi(contract.skuCcSearchSupplierFuzzy, { keyword }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  }),
  config: () => queryOptions({
    queryKey: ['cycleCount', 'config'],
    queryFn: ({ signal }) => callApi(contract.getCycleCountConfig, {}, { signal }),
  }),
  limitConfig: () => queryOptions({
    queryKey: ['cycleCount', 'limitConfig'],
    queryFn: ({ signal }) => callApi(contract.getCycleCountSkuLocationLimitConfig, {}, { signal }),
  }),
  dailyDashboard: (dateFrom: string, dateTo: string) => queryOptions({
    queryKey: ['cycleCount', 'dailyDashboard', dateFrom, dateTo],
    queryFn: ({ signal }) => callApi(contract.getDailyCcDashboard, { date_from: dateFrom, date_to: dateTo }, { signal }),
    placeholderData: keepPreviousData,
  }),
  fscDashboard: () => queryOptions({
    queryKey: ['cycleCount', 'fscDashboard'],
    queryFn: ({ signal }) => callApi(contract.getFscDashboard, {}, { signal }),
    refetchInterval: FSC_DASHBOARD_POLL_MS,
  }),
};

/** Claims the next counting task for the caller (a click, not a read of the screen); the screen shows a refusal itself. */
export const claimNextCcTask = (fullStockCount: boolean) =>
  callApi(contract.claimCcTask, { task_no: null, full_stock_count: fullStockCount }, { quiet: true });
