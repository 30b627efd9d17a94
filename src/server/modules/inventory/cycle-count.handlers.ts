import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { CYCLE_COUNT_SOURCE, STOCK_LOCATION_TYPE } from '../../../shared/codes';
import { CC_LIST_MAX, type cycleCountContract } from '../../../shared/contract/cycle-count.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import {
  ccCounts, ccDiffLines, ccDiffOrders, ccOrderLines, ccOrderLogs, ccOrders, ccTasks, cells, locationInventory as li, pathways, skuBatches,
  skuMappings, skus, suppliers, users,
} from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { matchHeader, readUploadSheet, rowCells, uploadFormat } from '../../common/sheet-import';
import { writeConf } from '../../common/conf';
import { unixSeconds } from '../../common/time';
import { candidatePage, checkAsk, checkPreview, createOrder, previewOf, readCcSettings, type OrderAsk } from './cycle-count';
import { approveDiff, cancelOrder, claimTask, createSecondCount, FSC_ROUNDS, rejectDiff, taskJson, workOf } from './cycle-count-rounds';
import { dailyDashboard, fscDashboard, runDailyCount } from './cycle-count-daily';

/** The cycle count calls (contract/cycle-count.contract.ts); the lists are its resources'. */

type CcHandlers = Handlers<typeof cycleCountContract>;
const M = CYCLE_COUNT_SOURCE.values;

const askOf = (input: { kind: number; order_type: number; scope: number; criteria: OrderAsk['criteria'] }): OrderAsk =>
  ({ kind: input.kind, orderType: input.order_type, scope: input.scope, criteria: input.criteria } as OrderAsk);

async function preview(db: Db, whsId: string, ask: OrderAsk) {
  const settings = await readCcSettings(db, whsId);
  checkAsk(ask, settings, M.MANUAL);
  const p = await previewOf(db, whsId, ask);
  if (p.line_count === 0) checkPreview(p, settings);
  return {
    ...p, max_locations: settings.maxLocations, max_skus: settings.maxSkus,
    within_limit: p.location_count <= settings.maxLocations && p.sku_count <= settings.maxSkus,
  };
}

async function candidates(db: Db, whsId: string, input: Parameters<CcHandlers['skuCcSearchSku']>[0]) {
  const ask = askOf(input);
  checkAsk(ask, await readCcSettings(db, whsId), M.MANUAL);
  return candidatePage(db, whsId, ask, input.page_no, input.page_size);
}

function orderJson(o: typeof ccOrders.$inferSelect) {
  return {
    order_no: o.orderNo, order_type: o.orderType, scope: o.scope, source: o.source, kind: o.kind, status: o.status, creation_status: o.creationStatus,
    progress: o.progress, fail_reason: o.failReason, criteria: o.criteria as never, round: o.round, show_system_qty: o.showSystemQty,
    location_count: o.locationCount, sku_count: o.skuCount, diff_line_count: o.diffLineCount, source_ref: o.sourceRef, remark: o.remark,
    created_by: o.createdBy, created_at: unixSeconds(o.createdAt), finished_at: unixSeconds(o.finishedAt),
  };
}

async function orderRow(db: Db, whsId: string, orderNo: string) {
  const [order] = await db.select().from(ccOrders).where(and(eq(ccOrders.whsId, whsId), eq(ccOrders.orderNo, orderNo)));
  if (!order) throw notFound(`Cycle count order ${orderNo}`);
  return order;
}

/** The columns of an imported list: a location per row, a SKU optional. */
const LIST_COLUMNS = [{ key: 'location_id', label: 'Location' }, { key: 'sku_id', label: 'SKU ID' }] as const;
/** Bytes an imported list may have. */
const CC_LIST_MAX_BYTES = 2 * 1024 * 1024;

export const cycleCountHandlers: CcHandlers = {
  async createCcOrder(input, { db, session }) {
    const result = await db.transaction((tx) => createOrder(tx, session.whsId, {
      ...askOf(input), source: M.MANUAL, remark: input.remark, createdBy: session.userId, skipOpen: input.skip_open,
    }));
    return { order_no: result.orderNo, creation_status: result.creationStatus, skipped: result.skipped };
  },
  cancelCcOrder: (input, { db, session }) => db.transaction((tx) => cancelOrder(tx, session.whsId, session.userId, input.order_no, input.reason)),
  skuCcSearchSku: (input, { db, session }) => candidates(db, session.whsId, input),
  locationCcSearchLocation: (input, { db, session }) => candidates(db, session.whsId, input),
  movementCcSearchSku: (input, { db, session }) => candidates(db, session.whsId, input),
  skuCcSearchConfirm: (input, { db, session }) => preview(db, session.whsId, askOf(input)),
  locationCcSearchConfirm: (input, { db, session }) => preview(db, session.whsId, askOf(input)),
  movementCcSearchConfirm: (input, { db, session }) => preview(db, session.whsId, askOf(input)),

  async skuCcSearchSupplierFuzzy(input, { db, session }) {
    const like = `%${input.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await db.select({ supplier_id: suppliers.supplierId, supplier_name: suppliers.supplierName }).from(suppliers)
      .where(and(eq(suppliers.whsId, session.whsId), or(ilike(suppliers.supplierId, like), ilike(suppliers.supplierName, like))))
      .orderBy(asc(suppliers.supplierId)).limit(20);
    return { list: rows };
  },
  async getWhsIsSkuMapping(_input, { db, session }) {
    const [row] = await db.select({ one: sql`1` }).from(skuMappings).where(eq(skuMappings.whsId, session.whsId)).limit(1);
    return { is_sku_mapping: row !== undefined };
  },
  async ccGetAllPathwayInfo(input, { db, session }) {
    const zoneIds = input.zone_ids.split(',').map((z) => z.trim()).filter(Boolean);
    const rows = await db.select({
      pathway_id: pathways.pathwayId, zone_id: pathways.zoneId, cell_count: sql<number>`count(${cells.locationCode})::int`,
    }).from(pathways)
      .leftJoin(cells, and(eq(cells.whsId, pathways.whsId), eq(cells.pathwayId, pathways.pathwayId), eq(cells.status, 1)))
      .where(and(eq(pathways.whsId, session.whsId), eq(pathways.status, 1), zoneIds.length ? sql`${pathways.zoneId} in ${zoneIds}` : undefined))
      .groupBy(pathways.pathwayId, pathways.zoneId).orderBy(asc(pathways.zoneId), asc(pathways.pathwayId));
    return { list: rows.map((r) => ({ ...r, cell_count: Number(r.cell_count) })) };
  },
  async getCcOrderDetail(input, { db, session }) {
    return orderJson(await orderRow(db, session.whsId, input.order_no));
  },
  async getCcOrderDetailCcTaskList(input, { db, session }) {
    await orderRow(db, session.whsId, input.order_no);
    const rows = await db.select().from(ccTasks).where(and(eq(ccTasks.whsId, session.whsId), eq(ccTasks.orderNo, input.order_no)))
      .orderBy(desc(ccTasks.round), asc(ccTasks.taskNo));
    return { list: rows.map(taskJson) };
  },
  async getCcOrderDetailLog(input, { db, session }) {
    await orderRow(db, session.whsId, input.order_no);
    const rows = await db.select().from(ccOrderLogs).where(and(eq(ccOrderLogs.whsId, session.whsId), eq(ccOrderLogs.orderNo, input.order_no))).orderBy(asc(ccOrderLogs.logId));
    return { list: rows.map((r) => ({ action: r.action, detail: r.detail, operator_id: r.operatorId, created_at: unixSeconds(r.createdAt) })) };
  },
  async getCcOrderDetailSkuLocationList(input, { db, session }) {
    await orderRow(db, session.whsId, input.order_no);
    const where = and(eq(ccOrderLines.whsId, session.whsId), eq(ccOrderLines.orderNo, input.order_no),
      input.result !== undefined ? eq(ccOrderLines.result, input.result) : undefined);
    const [rows, [total]] = await Promise.all([
      db.select({ line: ccOrderLines, skuName: skus.skuName }).from(ccOrderLines)
        .leftJoin(skus, and(eq(skus.whsId, ccOrderLines.whsId), eq(skus.skuId, ccOrderLines.skuId)))
        .where(where).orderBy(asc(ccOrderLines.locationId), asc(ccOrderLines.skuId))
        .limit(input.page_size).offset((input.page_no - 1) * input.page_size),
      db.select({ n: sql<number>`count(*)::int` }).from(ccOrderLines).where(where),
    ]);
    return {
      total: Number(total?.n ?? 0),
      list: rows.map(({ line: l, skuName }) => ({
        location_id: l.locationId, sku_id: l.skuId, sku_name: skuName ?? '', zone_id: l.zoneId, pathway_id: l.pathwayId, system_qty: l.systemQty,
        round: l.round, counted_qty: l.countedQty, book_qty: l.bookQty, result: l.result, found: l.found,
      })),
    };
  },
  async getCcOrderDetailSkuLocationBatch(input, { db, session }) {
    await orderRow(db, session.whsId, input.order_no);
    const rows = await db.select({
      batch_id: li.batchId, quality: li.quality, onhand_qty: li.onhandQty, prepick_qty: li.prepickQty, locked_qty: li.lockedQty, expiry_date: skuBatches.expiryDate,
    }).from(li)
      .leftJoin(skuBatches, and(eq(skuBatches.whsId, li.whsId), eq(skuBatches.skuId, li.skuId), eq(skuBatches.batchId, li.batchId)))
      .where(and(eq(li.whsId, session.whsId), eq(li.locationId, input.location_id), eq(li.skuId, input.sku_id), eq(li.locationType, STOCK_LOCATION_TYPE.values.CELL)))
      .orderBy(asc(li.batchId), asc(li.quality));
    return { list: rows };
  },
  async getCcOrderDetailSkuLocationUid(input, { db, session }) {
    await orderRow(db, session.whsId, input.order_no);
    const rows = await db.select().from(ccCounts).where(and(
      eq(ccCounts.whsId, session.whsId), eq(ccCounts.orderNo, input.order_no), eq(ccCounts.locationId, input.location_id), eq(ccCounts.skuId, input.sku_id),
    )).orderBy(asc(ccCounts.countId));
    return { list: rows.map((c) => ({ round: c.round, task_no: c.taskNo, qty: c.qty, counter_id: c.counterId, counted_at: unixSeconds(c.countedAt), unknown_code: c.unknownCode })) };
  },
  async getCycleCountConfig(_input, { db, session }) {
    const s = await readCcSettings(db, session.whsId);
    return { show_system_qty: s.show_system_qty, max_rounds: s.max_rounds, compliance_mode: s.compliance_mode };
  },
  async getCycleCountSkuLocationLimitConfig(_input, { db, session }) {
    const s = await readCcSettings(db, session.whsId);
    return { max_locations: s.maxLocations, max_skus: s.maxSkus };
  },
  async updateCycleCountConfig(input, { db, session }) {
    const values: Record<string, string> = {
      cc_show_system_qty: input.show_system_qty ? '1' : '0', cc_max_rounds: String(input.max_rounds), daily_cc_compliance_mode: input.compliance_mode ? '1' : '0',
      cc_max_locations: String(input.max_locations), cc_max_skus: String(input.max_skus),
    };
    await db.transaction(async (tx) => {
      for (const [key, value] of Object.entries(values)) await writeConf(tx, session.whsId, key, value);
    });
    const s = await readCcSettings(db, session.whsId);
    return { show_system_qty: s.show_system_qty, max_rounds: s.max_rounds, compliance_mode: s.compliance_mode, max_locations: s.maxLocations, max_skus: s.maxSkus };
  },
  async searchImportDataTask(input, { db, session }) {
    const bytes = Buffer.from(input.content_base64, 'base64');
    const format = uploadFormat(input.file_name, bytes, { maxBytes: CC_LIST_MAX_BYTES });
    const sheet = await readUploadSheet(format, bytes, CC_LIST_MAX, 'a row per location (and SKU)');
    const { found, repeated } = matchHeader(sheet.header, LIST_COLUMNS);
    if (![...found.values()].includes('location_id') || repeated.length) {
      throw new ApiError(RET.IMPORT_HEADER_INVALID, 'The list needs one Location column and may have one SKU ID column.',
        { missing: [...found.values()].includes('location_id') ? [] : ['Location'], repeated, columns: LIST_COLUMNS.map((c) => c.label) });
    }
    const rows = sheet.data.map((r) => {
      const { cells: c } = rowCells(r.cells, found);
      return { row: r.rowNo, location_id: c.location_id ?? '', sku_id: c.sku_id ?? '' };
    });
    const [knownCells, knownSkus] = await Promise.all([
      db.select({ id: cells.locationCode, status: cells.status }).from(cells)
        .where(and(eq(cells.whsId, session.whsId), sql`${cells.locationCode} in (select jsonb_array_elements_text(${JSON.stringify([...new Set(rows.map((r) => r.location_id))])}::jsonb))`)),
      db.select({ id: skus.skuId }).from(skus)
        .where(and(eq(skus.whsId, session.whsId), sql`${skus.skuId} in (select jsonb_array_elements_text(${JSON.stringify([...new Set(rows.map((r) => r.sku_id).filter(Boolean))])}::jsonb))`)),
    ]);
    const cellStatus = new Map(knownCells.map((c) => [c.id, c.status]));
    const skuSet = new Set(knownSkus.map((s) => s.id));
    const lines: { location_id: string; sku_id: string }[] = [];
    const refused: { row: number; location_id: string; sku_id: string; reason: string }[] = [];
    const seen = new Set<string>();
    for (const r of rows) {
      const reason = !r.location_id ? 'no location' : !cellStatus.has(r.location_id) ? 'no such location in this warehouse'
        : cellStatus.get(r.location_id) !== 1 ? 'the location is not active' : r.sku_id && !skuSet.has(r.sku_id) ? 'no such SKU in this warehouse'
          : seen.has(`${r.location_id}\u0000${r.sku_id}`) ? 'repeats an earlier row' : null;
      if (reason) refused.push({ ...r, reason });
      else {
        seen.add(`${r.location_id}\u0000${r.sku_id}`);
        lines.push({ location_id: r.location_id, sku_id: r.sku_id });
      }
    }
    return { lines, refused };
  },

  async getCcTaskDetail(input, { db, session }) {
    const work = await workOf(db, session.whsId, input.task_no, true);
    const counts = await db.select().from(ccCounts).where(and(eq(ccCounts.whsId, session.whsId), eq(ccCounts.taskNo, input.task_no))).orderBy(asc(ccCounts.countId));
    return {
      ...work,
      counts: counts.map((c) => ({ location_id: c.locationId, sku_id: c.skuId, qty: c.qty, counter_id: c.counterId, counted_at: unixSeconds(c.countedAt), unknown_code: c.unknownCode })),
    };
  },
  claimCcTask: (input, { db, session }) => db.transaction((tx) => claimTask(tx, session.whsId, session.userId, input.task_no, input.full_stock_count)),
  createSecondCc: (input, { db, session }) => db.transaction((tx) => createSecondCount(tx, session.whsId, session.userId, input.order_no, input.location_ids)),

  async getCcDiffOrderDetail(input, { db, session }) {
    const [row] = await db.select({ diff: ccDiffOrders, approver: users.email }).from(ccDiffOrders)
      .leftJoin(users, eq(users.userId, ccDiffOrders.approvedBy))
      .where(and(eq(ccDiffOrders.whsId, session.whsId), eq(ccDiffOrders.diffNo, input.diff_no)));
    if (!row) throw notFound(`Difference order ${input.diff_no}`);
    const diff = row.diff;
    const lines = await db.select({
      line: ccDiffLines, skuName: skus.skuName,
      reserved: sql<number>`coalesce((select sum(${li.prepickQty}) from ${li} where ${li.whsId} = ${ccDiffLines.whsId} and ${li.locationId} = ${ccDiffLines.locationId} and ${li.skuId} = ${ccDiffLines.skuId}), 0)::int`,
    }).from(ccDiffLines)
      .leftJoin(skus, and(eq(skus.whsId, ccDiffLines.whsId), eq(skus.skuId, ccDiffLines.skuId)))
      .where(and(eq(ccDiffLines.whsId, session.whsId), eq(ccDiffLines.diffNo, input.diff_no)))
      .orderBy(asc(ccDiffLines.locationId), asc(ccDiffLines.skuId));
    const settings = await readCcSettings(db, session.whsId);
    return {
      diff_no: diff.diffNo, order_no: diff.orderNo, source: diff.source, round: diff.round, status: diff.status, line_count: diff.lineCount,
      surplus_qty: diff.surplusQty, missing_qty: diff.missingQty, adjust_no: diff.adjustNo, approved_by: row.approver, approved_at: unixSeconds(diff.approvedAt),
      close_reason: diff.closeReason, created_at: unixSeconds(diff.createdAt),
      max_rounds: diff.source === M.FULL_STOCK_COUNT ? FSC_ROUNDS : settings.max_rounds,
      lines: lines.map(({ line: l, skuName, reserved }) => ({
        location_id: l.locationId, sku_id: l.skuId, sku_name: skuName ?? '', zone_id: l.zoneId, book_qty: l.bookQty, counted_qty: l.countedQty,
        result: l.result, adjust_qty: l.adjustQty, reserved_qty: Number(reserved),
      })),
    };
  },
  approveCcDiffOrder: (input, { db, session }) => db.transaction((tx) => approveDiff(tx, session.whsId, session.userId, input.diff_no, input.remark)),
  rejectCcDiffOrder: (input, { db, session }) => db.transaction((tx) => rejectDiff(tx, session.whsId, session.userId, input.diff_no, input.reason)),

  getDailyCcDashboard: (input, { db, session }) => dailyDashboard(db, session.whsId, input.date_from, input.date_to),
  getFscDashboard: (_input, { db, session }) => fscDashboard(db, session.whsId),
  runDailyCc: (_input, { db, session }) => runDailyCount(db, session.whsId, session.userId),
};
