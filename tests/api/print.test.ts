import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { printJobs, unitUids } from '../../src/server/db/schema';
import { recordPrintJob } from '../../src/server/common/print-jobs';
import { shippingLabelJob } from '../../src/shared/print';
import { RET } from '../../src/shared/retcodes';

/**
 * Printing (docs/printing.md): print settings per station, code labels of the warehouse's
 * locations, containers and SKUs (unknown codes refused by name), new UIDs, the print log and
 * reprints, and the permission and warehouse checks of each call.
 */

const WHS = 'SGSIN1';
const OTHER = 'MYKUL1';
const P = '/apps/config/print';

let server: TestServer;
let supervisor: TestClient;
let supervisorId: number;
let operator: TestClient;
const db = () => server.database.db;
let userCounter = 0;
const newUser = (role: 'Supervisor' | 'Operator', warehouses: string[] = [WHS]) =>
  server.createUser({ email: `print${++userCounter}@demo.local`, role, warehouses });

beforeAll(async () => {
  server = await startTestServer();
  const account = await newUser('Supervisor');
  supervisorId = account.userId;
  supervisor = await server.login(account.email);
  operator = await server.login((await newUser('Operator')).email);
});
afterAll(async () => {
  await server?.close();
});

describe('print settings per station', () => {
  test('the stations printing screens offer, and which have settings of their own', async () => {
    const res = await operator.get(`${P}/search_print_station`);
    expect(res.retcode, res.message).toBe(0);
    const byId = new Map(res.data.list.map((s: { station_id: string }) => [s.station_id, s]));
    expect(byId.get('PCK-01')).toMatchObject({ station_name: 'Packing Station 1', has_settings: true });
    expect(byId.get('CHK-01')).toMatchObject({ has_settings: false });
  });

  test('a station without settings has the defaults; saving makes them its own, other stations keep theirs', async () => {
    const fresh = await supervisor.get(`${P}/get_print_setting`, { station_id: 'PCK-03' });
    expect(fresh.retcode, fresh.message).toBe(0);
    expect(fresh.data).toEqual({
      station_id: 'PCK-03', label_size: '100x150', document_size: 'A4', printer_mode: 'browser',
      agent_url: null, label_printer: null, document_printer: null, saved: false,
    });

    const saved = await supervisor.post(`${P}/update_print_setting`, {
      station_id: 'PCK-03', label_size: '100x100', document_size: 'A5', printer_mode: 'agent',
      agent_url: 'http://localhost:9100/print', label_printer: 'Zebra ZD421', document_printer: '',
    });
    expect(saved.retcode, saved.message).toBe(0);
    expect(saved.data).toMatchObject({ label_size: '100x100', document_size: 'A5', printer_mode: 'agent', agent_url: 'http://localhost:9100/print', label_printer: 'Zebra ZD421', document_printer: null, saved: true });

    // The demo's packing station 1 keeps its own; any signed-in user of the warehouse reads them (every printing screen does).
    const other = await operator.get(`${P}/get_print_setting`, { station_id: 'PCK-01' });
    expect(other.data).toMatchObject({ label_size: '100x150', printer_mode: 'browser', saved: true });
    expect((await operator.get(`${P}/get_print_setting`, { station_id: 'PCK-03' })).data.label_size).toBe('100x100');
  });

  test('refused: agent mode without a URL, an origin the browser may not reach, an unknown station, another warehouse\'s station', async () => {
    const base = { station_id: 'PCK-04', label_size: '100x150', document_size: 'A4' };
    const noUrl = await supervisor.post(`${P}/update_print_setting`, { ...base, printer_mode: 'agent' });
    expect(noUrl.retcode).toBe(RET.BAD_INPUT);
    expect(noUrl.message).toContain('agent_url');
    const lan = await supervisor.post(`${P}/update_print_setting`, { ...base, printer_mode: 'agent', agent_url: 'http://10.9.8.7:9100/' });
    expect(lan.retcode).toBe(RET.BAD_INPUT);
    expect(lan.message).toContain('PRINT_AGENT_ORIGINS');
    const badSize = await supervisor.post(`${P}/update_print_setting`, { ...base, label_size: '90x90', printer_mode: 'browser' });
    expect(badSize.retcode).toBe(RET.BAD_INPUT);
    const unknown = await supervisor.post(`${P}/update_print_setting`, { ...base, station_id: 'NOPE-99', printer_mode: 'browser' });
    expect(unknown.retcode).toBe(RET.BAD_INPUT);
    expect(unknown.message).toContain('NOPE-99');
    expect((await supervisor.get(`${P}/get_print_setting`, { station_id: 'NOPE-99' })).retcode).toBe(RET.BAD_INPUT);
    expect((await supervisor.get(`${P}/get_print_setting`, { station_id: 'PCK-04' })).data.saved).toBe(false);
  });

  test('saving needs the page\'s Edit permission', async () => {
    const res = await operator.post(`${P}/update_print_setting`, { station_id: 'PCK-02', label_size: '100x150', document_size: 'A4', printer_mode: 'browser' });
    expect(res.retcode).toBe(RET.PERMISSION_DENIED);
    expect(res.data.perm).toBe('PC.Wmsconfig.Printsettings.Edit');
  });

  test('a station of another warehouse is not this one\'s', async () => {
    const abroad = await server.loginAt((await newUser('Supervisor', [WHS, OTHER])).email, OTHER);
    // MYKUL1 has a PCK-03 of its own: the setting saved in SGSIN1 is not it.
    expect((await abroad.get(`${P}/get_print_setting`, { station_id: 'PCK-03' })).data.saved).toBe(false);
  });
});

describe('code labels', () => {
  test('locations, containers and SKUs of the warehouse: one page each, one logged job each', async () => {
    const res = await supervisor.post(`${P}/print_code_labels`, { kind: 'CONTAINER', codes: ['CART001', 'BSK002', 'CART001'], station_id: 'BOX-01', copies: 2 });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data.job_ids).toHaveLength(2);
    expect(res.data.job).toMatchObject({ print_type: 2, conf_name: 'label', width: 100, height: 100, options: { copies: 2, kind: 'CODE_LABEL', title: '2 labels' } });
    expect(res.data.job.print_content.match(/<section class="page">/g)).toHaveLength(2);
    expect(res.data.job.print_content).toContain('data-barcode-text="CART001"');
    const logged = await db().select().from(printJobs).where(and(eq(printJobs.whsId, WHS), eq(printJobs.refNo, 'BSK002')));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ kind: 'CODE_LABEL', stationId: 'BOX-01', reprintOf: null });

    const cells = await supervisor.post(`${P}/print_code_labels`, { kind: 'CELL', codes: ['A01-01-01-1'] });
    expect(cells.retcode, cells.message).toBe(0);
    // No station: the small roll code labels default to.
    expect([cells.data.job.width, cells.data.job.height]).toEqual([60, 40]);
    expect(cells.data.job.print_content).toContain('Zone A01');
    const sku = await supervisor.post(`${P}/print_code_labels`, { kind: 'SKU', codes: ['SGSKU00001'] });
    expect(sku.retcode, sku.message).toBe(0);
  });

  test('unknown codes and other warehouses\' codes are refused by name, and nothing is logged', async () => {
    const before = (await db().select().from(printJobs).where(eq(printJobs.whsId, WHS))).length;
    const res = await supervisor.post(`${P}/print_code_labels`, { kind: 'CONTAINER', codes: ['CART003', 'NOPE-1', 'NOPE-2'] });
    expect(res.retcode).toBe(RET.BAD_INPUT);
    expect(res.message).toContain('NOPE-1, NOPE-2');
    expect(res.message).not.toContain('CART003');
    // MYKUL1's SKUs are MYSKU…, not SGSIN1's.
    const foreign = await supervisor.post(`${P}/print_code_labels`, { kind: 'SKU', codes: ['MYSKU00001'] });
    expect(foreign.retcode).toBe(RET.BAD_INPUT);
    expect(foreign.message).toContain('MYSKU00001');
    const spaced = await supervisor.post(`${P}/print_code_labels`, { kind: 'CELL', codes: ['A01 01'] });
    expect(spaced.retcode).toBe(RET.BAD_INPUT);
    const unknownStation = await supervisor.post(`${P}/print_code_labels`, { kind: 'CONTAINER', codes: ['CART003'], station_id: 'NOPE-99' });
    expect(unknownStation.retcode).toBe(RET.BAD_INPUT);
    expect((await db().select().from(printJobs).where(eq(printJobs.whsId, WHS))).length).toBe(before);
  });

  test('printing needs the print page\'s Action; the View opens the page only', async () => {
    const res = await operator.post(`${P}/print_code_labels`, { kind: 'CONTAINER', codes: ['CART001'] });
    expect(res.retcode).toBe(RET.PERMISSION_DENIED);
    expect(res.data.perm).toBe('PC.Wmsconfig.Printtool.Print.Action');
  });
});

describe('new UIDs', () => {
  test('N unique ids for a SKU of the warehouse, recorded, with their labels', async () => {
    const res = await supervisor.post(`${P}/create_new_uids`, { sku_id: 'SGSKU00002', count: 3, station_id: 'PCK-01' });
    expect(res.retcode, res.message).toBe(0);
    const { uids } = res.data as { uids: string[] };
    expect(uids).toHaveLength(3);
    expect(new Set(uids).size).toBe(3);
    for (const uid of uids) expect(uid).toMatch(/^U\d{12}$/);
    expect(res.data.job.print_content.match(/<section class="page">/g)).toHaveLength(3);
    expect(res.data.job.options.kind).toBe('UID_LABEL');
    const stored = await db().select().from(unitUids).where(and(eq(unitUids.whsId, WHS), eq(unitUids.skuId, 'SGSKU00002')));
    expect(stored.map((r) => r.uid)).toEqual(expect.arrayContaining(uids));
    const again = await supervisor.post(`${P}/create_new_uids`, { sku_id: 'SGSKU00002', count: 1 });
    expect(uids).not.toContain(again.data.uids[0]);
  });

  test('refused: a SKU of another warehouse, too many, no permission', async () => {
    const foreign = await supervisor.post(`${P}/create_new_uids`, { sku_id: 'MYSKU00001', count: 1 });
    expect(foreign.retcode).toBe(RET.BAD_INPUT);
    expect(foreign.message).toContain('MYSKU00001');
    expect((await supervisor.post(`${P}/create_new_uids`, { sku_id: 'SGSKU00002', count: 501 })).retcode).toBe(RET.BAD_INPUT);
    expect((await supervisor.post(`${P}/create_new_uids`, { sku_id: 'SGSKU00002', count: 0 })).retcode).toBe(RET.BAD_INPUT);
    const denied = await operator.post(`${P}/create_new_uids`, { sku_id: 'SGSKU00002', count: 1 });
    expect(denied.retcode).toBe(RET.PERMISSION_DENIED);
  });
});

describe('print log and reprint', () => {
  test('a job recorded by another area (recordPrintJob) is found by its reference and reprinted as it was; the reprint is logged', async () => {
    const job = shippingLabelJob({
      carrier: 'J&T Express', tracking_no: 'JTPRINT000001', order_no: 'SO-PRINT-1', parcel_no: 1, parcel_count: 1, weight_g: 900,
      sender: { name: 'Tally SG', address: 'Tuas' }, receiver: { name: 'Buyer', phone: '+65 8000 0000', address: 'Orchard' },
      created_at: 1_795_000_000, time_zone: 'Asia/Singapore',
    });
    const jobId = await db().transaction((tx) => recordPrintJob(tx, WHS, { kind: 'SHIPPING_LABEL', refNo: 'JTPRINT000001', job, stationId: 'PCK-01', userId: supervisorId }));

    const found = await supervisor.get(`${P}/search_print_job`, { ref_no: 'JTPRINT000001' });
    expect(found.retcode, found.message).toBe(0);
    expect(found.data.total).toBe(1);
    expect(found.data.list[0]).toMatchObject({ job_id: jobId, kind: 'SHIPPING_LABEL', title: 'Shipping label JTPRINT000001', station_id: 'PCK-01', reprint_of: null });

    const reprint = await supervisor.post(`${P}/reprint_print_job`, { job_id: jobId, station_id: 'PCK-02' });
    expect(reprint.retcode, reprint.message).toBe(0);
    expect(reprint.data.job).toEqual(job);
    expect(reprint.data.job_id).not.toBe(jobId);

    const log = await supervisor.get(`${P}/search_print_job`, { ref_no: 'JTPRINT000001' });
    expect(log.data.total).toBe(2);
    // Newest first: the reprint, naming the job it repeats and where it was printed.
    expect(log.data.list[0]).toMatchObject({ job_id: reprint.data.job_id, reprint_of: jobId, station_id: 'PCK-02' });

    const byKind = await supervisor.get(`${P}/search_print_job`, { kind: 'SHIPPING_LABEL', page_size: 20 });
    expect(byKind.data.list.every((r: { kind: string }) => r.kind === 'SHIPPING_LABEL')).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    expect((await supervisor.get(`${P}/search_print_job`, { ref_no: 'JTPRINT000001', created_from: now - 3600, created_to: now + 60 })).data.total).toBe(2);
    expect((await supervisor.get(`${P}/search_print_job`, { ref_no: 'JTPRINT000001', created_to: now - 3600 })).data.total).toBe(0);
  });

  test('paged', async () => {
    const first = await supervisor.get(`${P}/search_print_job`, { page_size: 20, page_no: 1 });
    expect(first.data.total).toBeGreaterThan(3);
    expect(first.data.page_size).toBe(20);
    expect((await supervisor.get(`${P}/search_print_job`, { page_size: 7 })).retcode).toBe(RET.BAD_INPUT);
  });

  test('another warehouse\'s job is not found, its log not shown; reprinting needs the Action', async () => {
    const [own] = await db().select({ jobId: printJobs.jobId }).from(printJobs).where(eq(printJobs.whsId, WHS)).limit(1);
    const abroad = await server.loginAt((await newUser('Supervisor', [WHS, OTHER])).email, OTHER);
    const res = await abroad.post(`${P}/reprint_print_job`, { job_id: own!.jobId });
    expect(res.retcode).toBe(RET.BAD_INPUT);
    expect(res.message).toContain(`print job ${own!.jobId} does not exist in warehouse ${OTHER}`);
    // Its log is OTHER's own (the demo prints there too), none of WHS's.
    const abroadLog = (await abroad.get(`${P}/search_print_job`, { page_size: 100 })).data;
    const othersJobs = await db().select({ jobId: printJobs.jobId }).from(printJobs).where(eq(printJobs.whsId, OTHER));
    expect(abroadLog.total).toBe(othersJobs.length);
    expect(abroadLog.list.map((j: { job_id: number }) => j.job_id)).not.toContain(own!.jobId);

    const denied = await operator.post(`${P}/reprint_print_job`, { job_id: own!.jobId });
    expect(denied.retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.get(`${P}/search_print_job`, {})).retcode).toBe(RET.PERMISSION_DENIED);
  });
});
