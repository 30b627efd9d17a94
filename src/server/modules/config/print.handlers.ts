import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { CONTAINER_TYPE, LOCATION_STATUS } from '../../../shared/codes';
import type { CODE_LABEL_KINDS, printContract } from '../../../shared/contract/print.contract';
import { CODE_LABEL_SIZE, combinePrintJobs, codeLabelJob, uidLabelJob, type CodeLabel, type PageSize, type PrintJob, type PrintKind } from '../../../shared/print';
import { agentUrlAllowed } from '../../../shared/print/print-job';
import type { Db } from '../../db/client';
import { cells, containers, printJobs, printSettings, skus, stations, unitUids, users } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { assertStationOf, recordPrintJob, recordPrintJobs, stationPaper, stationPrintSetting } from '../../common/print-jobs';
import { unixSeconds } from '../../common/time';

type CodeLabelKind = (typeof CODE_LABEL_KINDS)[number];

/** The labels of `codes` that exist (and are not deleted) in the warehouse, in the order asked; the rest named in a refusal. */
async function codeLabels(db: Db, whsId: string, kind: CodeLabelKind, codes: readonly string[]): Promise<CodeLabel[]> {
  const deleted = LOCATION_STATUS.values.DELETED;
  let found: Map<string, string | null>;
  if (kind === 'CELL') {
    const rows = await db.select({ code: cells.locationCode, zoneId: cells.zoneId, status: cells.status }).from(cells)
      .where(and(eq(cells.whsId, whsId), inArray(cells.locationCode, [...codes])));
    found = new Map(rows.filter((r) => r.status !== deleted).map((r) => [r.code, `Zone ${r.zoneId}`]));
  } else if (kind === 'CONTAINER') {
    const rows = await db.select({ code: containers.containerCode, type: containers.containerType, status: containers.status }).from(containers)
      .where(and(eq(containers.whsId, whsId), inArray(containers.containerCode, [...codes])));
    found = new Map(rows.filter((r) => r.status !== deleted).map((r) => [r.code, CONTAINER_TYPE.label(r.type)?.message ?? null]));
  } else {
    const rows = await db.select({ code: skus.skuId, name: skus.skuName }).from(skus).where(and(eq(skus.whsId, whsId), inArray(skus.skuId, [...codes])));
    found = new Map(rows.map((r) => [r.code, r.name]));
  }
  const unknown = codes.filter((c) => !found.has(c));
  if (unknown.length > 0) {
    const what = { CELL: 'locations', CONTAINER: 'containers', SKU: 'SKUs' }[kind];
    throw badInput('codes', `${what} not in warehouse ${whsId}: ${unknown.join(', ')}`);
  }
  return codes.map((code) => ({ kind, code, caption: found.get(code) ?? null }));
}

/** The label stock of code and UID labels: the station's, else the small roll they default to. */
async function labelStockOf(db: Db, whsId: string, stationId: string | null | undefined): Promise<PageSize> {
  return stationId ? (await stationPaper(db, whsId, stationId)).label : CODE_LABEL_SIZE;
}

/** Logs one job per label (what a reprint repeats) and answers them as one job to print. */
async function logLabels(
  tx: Db, whsId: string, kind: PrintKind, labels: readonly { refNo: string; job: PrintJob }[], stationId: string | null, userId: number, title: string,
): Promise<{ jobIds: number[]; job: PrintJob }> {
  const jobIds = await recordPrintJobs(tx, whsId, labels.map((l) => ({ kind, refNo: l.refNo, job: l.job, stationId, userId })));
  return { jobIds, job: combinePrintJobs(labels.map((l) => l.job), title) };
}

export const printHandlers: Handlers<typeof printContract> = {
  async searchPrintStation(_input, { db, session }) {
    const rows = await db.select({
      stationId: stations.stationId, stationName: stations.stationName, stationType: stations.stationType, status: stations.status,
      hasSettings: sql<boolean>`${printSettings.stationId} is not null`,
    }).from(stations)
      .leftJoin(printSettings, and(eq(printSettings.whsId, stations.whsId), eq(printSettings.stationId, stations.stationId)))
      .where(eq(stations.whsId, session.whsId))
      .orderBy(stations.stationId);
    return {
      list: rows.map((r) => ({ station_id: r.stationId, station_name: r.stationName, station_type: r.stationType, status: r.status, has_settings: r.hasSettings })),
    };
  },

  getPrintSetting: ({ station_id }, { db, session }) => stationPrintSetting(db, session.whsId, station_id),

  async updatePrintSetting(input, { db, session, config }) {
    await assertStationOf(db, session.whsId, input.station_id);
    const agentUrl = input.agent_url || null;
    if (input.printer_mode === 'agent' && !agentUrl) throw badInput('agent_url', 'a print agent URL is required when the station prints through an agent');
    if (agentUrl && !agentUrlAllowed(agentUrl, config.printAgentOrigins)) {
      throw badInput('agent_url', `the browser may not reach ${new URL(agentUrl).origin}: use an agent on the station (localhost) or ask the administrator to add the origin to PRINT_AGENT_ORIGINS`);
    }
    const values = {
      labelSize: input.label_size,
      documentSize: input.document_size,
      printerMode: input.printer_mode,
      agentUrl,
      labelPrinter: input.label_printer || null,
      documentPrinter: input.document_printer || null,
      updatedBy: session.userId,
    };
    await db.insert(printSettings).values({ whsId: session.whsId, stationId: input.station_id, ...values })
      .onConflictDoUpdate({ target: [printSettings.whsId, printSettings.stationId], set: { ...values, updatedAt: sql`now()` } });
    return stationPrintSetting(db, session.whsId, input.station_id);
  },

  async searchPrintJob(input, { db, session }) {
    const where: SQL[] = [eq(printJobs.whsId, session.whsId)];
    if (input.ref_no) where.push(eq(printJobs.refNo, input.ref_no));
    if (input.kind) where.push(eq(printJobs.kind, input.kind));
    if (input.created_from !== undefined) where.push(gte(printJobs.createdAt, new Date(input.created_from * 1000)));
    if (input.created_to !== undefined) where.push(lte(printJobs.createdAt, new Date(input.created_to * 1000 + 999)));
    const condition = and(...where);
    const [total] = await db.select({ n: count() }).from(printJobs).where(condition);
    const rows = await db.select({
      jobId: printJobs.jobId, kind: printJobs.kind, refNo: printJobs.refNo, title: sql<string>`${printJobs.job}->'options'->>'title'`,
      stationId: printJobs.stationId, printedBy: sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.email})`,
      reprintOf: printJobs.reprintOf, createdAt: printJobs.createdAt,
    }).from(printJobs).innerJoin(users, eq(users.userId, printJobs.printedBy)).where(condition)
      .orderBy(desc(printJobs.createdAt), desc(printJobs.jobId))
      .limit(input.page_size).offset((input.page_no - 1) * input.page_size);
    return {
      list: rows.map((r) => ({
        job_id: r.jobId, kind: r.kind as PrintKind, ref_no: r.refNo, title: r.title ?? '', station_id: r.stationId, printed_by: r.printedBy,
        reprint_of: r.reprintOf, created_at: unixSeconds(r.createdAt),
      })),
      total: total?.n ?? 0,
      page_no: input.page_no,
      page_size: input.page_size,
    };
  },

  async reprintPrintJob({ job_id, station_id }, { db, session }) {
    if (station_id) await assertStationOf(db, session.whsId, station_id);
    return db.transaction(async (tx) => {
      const [logged] = await tx.select().from(printJobs).where(and(eq(printJobs.whsId, session.whsId), eq(printJobs.jobId, job_id)));
      if (!logged) throw badInput('job_id', `print job ${job_id} does not exist in warehouse ${session.whsId}`);
      const job = logged.job as PrintJob;
      const jobId = await recordPrintJob(tx, session.whsId, {
        kind: logged.kind as PrintKind, refNo: logged.refNo, job, stationId: station_id ?? null, userId: session.userId, reprintOf: logged.jobId,
      });
      return { job_id: jobId, job };
    });
  },

  async printCodeLabels({ kind, codes, station_id, copies }, { db, session }) {
    const unique = [...new Set(codes)];
    const labels = await codeLabels(db, session.whsId, kind, unique);
    const size = await labelStockOf(db, session.whsId, station_id);
    const pages = labels.map((l) => ({ refNo: l.code, job: codeLabelJob([l], size) }));
    const title = pages.length === 1 ? pages[0]!.job.options.title : `${pages.length} labels`;
    const { jobIds, job } = await db.transaction((tx) => logLabels(tx, session.whsId, 'CODE_LABEL', pages, station_id ?? null, session.userId, title));
    return { job_ids: jobIds, job: { ...job, options: { ...job.options, copies } } };
  },

  async createNewUids({ sku_id, count: wanted, station_id }, { db, session }) {
    const [sku] = await db.select({ name: skus.skuName }).from(skus).where(and(eq(skus.whsId, session.whsId), eq(skus.skuId, sku_id)));
    if (!sku) throw badInput('sku_id', `SKU ${sku_id} does not exist in warehouse ${session.whsId}`);
    const size = await labelStockOf(db, session.whsId, station_id);
    return db.transaction(async (tx) => {
      const drawn = await tx.select({ uid: sql<string>`'U' || lpad(nextval('unit_uid_seq')::text, 12, '0')` })
        .from(sql`generate_series(1, ${wanted}::int) as g(n)`).orderBy(sql`g.n`);
      const uids = drawn.map((r) => r.uid);
      await tx.insert(unitUids).values(uids.map((uid) => ({ whsId: session.whsId, uid, skuId: sku_id, createdBy: session.userId })));
      const pages = uids.map((uid) => ({ refNo: uid, job: uidLabelJob([{ uid, sku_id, sku_name: sku.name }], size) }));
      const title = uids.length === 1 ? `UID ${uids[0]}` : `${uids.length} UID labels · ${sku_id}`;
      const { job } = await logLabels(tx, session.whsId, 'UID_LABEL', pages, station_id ?? null, session.userId, title);
      return { uids, job };
    });
  },
};
