import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { parseCsv } from '../support/csv';
import { exportTasks, suppliers } from '../../src/server/db/schema';
import { EXPORT_PAGE_SIZE, purgeExpiredExports, runPendingExports, startExportWorker } from '../../src/server/modules/report/export-worker';
import { readSheet } from '../../src/server/common/sheets/sheet-read';
import { EXPORT_REPORT_TYPE } from '../../src/shared/codes';
import { API_BASE } from '../../src/shared/contract/define';
import { EXPORT_DOWNLOAD_PATH, EXPORT_MAX_UNFINISHED, EXPORT_RETENTION_DAYS, EXPORT_STATUS, type ExportTaskRow } from '../../src/shared/contract/export-task.contract';
import { RET } from '../../src/shared/retcodes';

/** Report Center exports: queued by create_export_task, run by the worker, downloaded by their owner. */
const CREATE = '/apps/config/export/create_export_task';
const SEARCH = '/apps/config/export/search_export_task';
const LIST = '/apps/basic/supplier/search_supplier';

interface SupplierRow { supplier_id: string; supplier_name: string; country: string | null; status: number; contact_name: string | null }
interface TaskPage { list: ExportTaskRow[]; total: number }

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin@demo.local');
});
afterAll(async () => {
  await server?.close();
});

const runAll = () => runPendingExports(server.database.db);
const download = (client: TestClient, taskId: string, headers: Record<string, string> = {}) =>
  client.raw('GET', `${API_BASE}${EXPORT_DOWNLOAD_PATH}?task_id=${encodeURIComponent(taskId)}`, undefined, headers);

async function create(client: TestClient, body: Record<string, unknown>): Promise<string> {
  const res = await client.post<{ task_id: string }>(CREATE, body);
  expect(res.retcode, res.message).toBe(0);
  return res.data.task_id;
}

async function taskOf(client: TestClient, taskId: string): Promise<ExportTaskRow | undefined> {
  const res = await client.get<TaskPage>(SEARCH, { page_size: 200 });
  expect(res.retcode).toBe(0);
  return res.data.list.find((t) => t.task_id === taskId);
}

/** RFC 4180 rows of a CSV text (TextDecoder drops the BOM). */
const csvRows = (text: string): string[][] => parseCsv(text).rows;

/** The text of each row of the first sheet of an xlsx file, as the import reads it. */
const xlsxRows = (bytes: Uint8Array): string[][] => readSheet(bytes, 'xlsx').map((r) => r.cells);

describe('create → run → download', () => {
  test('a CSV of the filtered list: queued pending, done with progress 100, rows as the list shows them', async () => {
    // The list's search as the URL keeps it: text values.
    const filters = { status: '1', country: 'TH', page_no: '2', page_size: '20' };
    const columns = [
      { field: 'supplier_id', label: 'รหัสผู้ขาย' },
      { field: 'supplier_name', label: 'Name' },
      { field: 'status', label: 'Status', values: { 1: 'Active', 2: 'Inactive' } },
    ];
    const taskId = await create(admin, { resource: 'supplier', format: 'csv', filters, columns });
    const queued = await taskOf(admin, taskId);
    expect(queued).toMatchObject({ status: EXPORT_STATUS.PENDING, progress: 0, file_format: 'csv', resource: 'supplier', row_count: null });
    expect(queued!.file_name).toMatch(/^supplier_[A-Z0-9]+_\d{8}_\d{6}\.csv$/);
    expect(String(queued!.created_at)).toHaveLength(10);
    // Not downloadable before it is done.
    expect((await (await download(admin, taskId)).json()).retcode).toBe(RET.BAD_INPUT);

    expect(await runAll()).toBeGreaterThanOrEqual(1);
    const done = await taskOf(admin, taskId);
    expect(done).toMatchObject({ status: EXPORT_STATUS.DONE, progress: 100, error_message: null });
    expect(done!.finished_at).not.toBeNull();

    // Every page of the list, not the page the user was on.
    const list = await admin.get<{ list: SupplierRow[]; total: number }>(LIST, { status: 1, country: 'TH', page_size: 200 });
    expect(list.data.total).toBeGreaterThan(0);
    expect(done!.row_count).toBe(list.data.total);

    const res = await download(admin, taskId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${done!.file_name}"; filename*=UTF-8''${done!.file_name}`);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvRows(new TextDecoder().decode(bytes))).toEqual([
      ['รหัสผู้ขาย', 'Name', 'Status'],
      ...list.data.list.map((r) => [r.supplier_id, r.supplier_name, 'Active']),
    ]);
  });

  test('an XLSX in the list\'s sort, every field with English headers when no columns are given', async () => {
    const taskId = await create(admin, { resource: 'supplier', format: 'xlsx', filters: { sort_by: 'supplier_name', sort_desc: '1' } });
    await runAll();
    const res = await download(admin, taskId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="supplier_.*\.xlsx"/);
    const rows = xlsxRows(new Uint8Array(await res.arrayBuffer()));
    expect(rows[0]).toEqual(['Supplier ID', 'Supplier Name', 'Country', 'Status', 'Contact', 'Phone', 'Email']);
    const list = await admin.get<{ list: SupplierRow[] }>(LIST, { sort_by: 'supplier_name', sort_desc: 1, page_size: 200 });
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.data.list.map((r) => r.supplier_id));
    expect(rows.slice(1).map((r) => r[1])).toEqual(list.data.list.map((r) => r.supplier_name));
    // Enum values without labels from the client get the definition's English ones.
    expect(new Set(rows.slice(1).map((r) => r[3]))).toEqual(new Set(['Active', 'Inactive']));
    expect((await taskOf(admin, taskId))!.row_count).toBe(30);
  });

  test('an empty result is still a file with its header row', async () => {
    const taskId = await create(admin, { resource: 'supplier', format: 'csv', filters: { supplier_name: 'no such supplier' }, columns: [{ field: 'supplier_id', label: 'ID' }] });
    await runAll();
    expect(await taskOf(admin, taskId)).toMatchObject({ status: EXPORT_STATUS.DONE, progress: 100, row_count: 0 });
    expect(csvRows(new TextDecoder().decode(await (await download(admin, taskId)).arrayBuffer()))).toEqual([['ID']]);
  });

  test('a CSV quotes and neutralises names Excel would split into a formula in any list separator (the file\'s bytes)', async () => {
    const hostile = [';=1+1', ',=1+1', '\t=1', '"=1"', 'a;@SUM(1)'];
    await server.database.db.insert(suppliers).values(hostile.map((supplierName, i) => ({ whsId: admin.whsId!, supplierId: `HOSTILE${i}`, supplierName })));
    const taskId = await create(admin, {
      resource: 'supplier', format: 'csv', filters: { supplier_id: hostile.map((_, i) => `HOSTILE${i}`).join(',') },
      columns: [{ field: 'supplier_id', label: 'ID' }, { field: 'supplier_name', label: 'Name' }],
    });
    await runAll();
    const bytes = new Uint8Array(await (await download(admin, taskId)).arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFID,Name\r\n'
      + 'HOSTILE0,";\'=1+1"\r\n'
      + 'HOSTILE1,",\'=1+1"\r\n'
      + 'HOSTILE2,"\'\t\'=1"\r\n'
      + 'HOSTILE3,"""=1"""\r\n'
      + 'HOSTILE4,"a;\'@SUM(1)"\r\n');
  });

  test('a list longer than one read page comes out whole, in order, only from its warehouse', async () => {
    // Another warehouse gets more suppliers than one page of the worker reads.
    const client = await server.login('admin@demo.local');
    expect((await client.post('/apps/system/user/switch_user_setting', { type: 'whs', value: 'PHMNL1' })).retcode).toBe(0);
    const extra = EXPORT_PAGE_SIZE * 2 + 5;
    await server.database.db.insert(suppliers).values(Array.from({ length: extra }, (_, i) => ({
      whsId: 'PHMNL1', supplierId: `BULK${String(i).padStart(5, '0')}`, supplierName: `Bulk supplier ${i}`, status: 1,
    })));
    const taskId = await create(client, { resource: 'supplier', format: 'csv', filters: { supplier_name: 'bulk' }, columns: [{ field: 'supplier_id', label: 'ID' }] });
    await runAll();
    expect(await taskOf(client, taskId)).toMatchObject({ status: EXPORT_STATUS.DONE, progress: 100, row_count: extra });
    const rows = csvRows(new TextDecoder().decode(await (await download(client, taskId)).arrayBuffer()));
    expect(rows).toHaveLength(extra + 1);
    expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: extra }, (_, i) => `BULK${String(i).padStart(5, '0')}`));
    // The same export from another warehouse finds none of them.
    expect(admin.whsId).not.toBe('PHMNL1');
    const elsewhere = await create(admin, { resource: 'supplier', format: 'csv', filters: { supplier_name: 'bulk' } });
    await runAll();
    expect((await taskOf(admin, elsewhere))!.row_count).toBe(0);
  });
});

describe('the user administration lists', () => {
  const USERLIST = '/apps/config/userlist/get_user_list';
  const other = () => (admin.whsId === 'IDJKT1' ? 'SGSIN1' : 'IDJKT1');
  const emailsOf = async (client: TestClient, taskId: string) =>
    csvRows(new TextDecoder().decode(await (await download(client, taskId)).arrayBuffer())).slice(1).map((r) => r[0]);

  test('the User List of the warehouse: its members only, as the list shows them; the operator is refused', async () => {
    await server.createUser({ email: 'export-elsewhere@test.local', warehouses: [other()] });
    await server.createUser({ email: 'export-here@test.local', warehouses: [admin.whsId!] });
    const taskId = await create(admin, {
      resource: 'user', format: 'csv', filters: { sort_by: 'email' },
      columns: [{ field: 'email', label: 'Email' }, { field: 'role_name', label: 'Role' }, { field: 'status', label: 'Status', values: { 1: 'Active', 2: 'Terminated', 3: 'Leave of absence' } }],
    });
    await runAll();
    expect(await taskOf(admin, taskId)).toMatchObject({ status: EXPORT_STATUS.DONE });
    const rows = csvRows(new TextDecoder().decode(await (await download(admin, taskId)).arrayBuffer()));
    const list = await admin.get<{ list: { email: string; role_name: string }[] }>(USERLIST, { sort_by: 'email', page_size: 200 });
    expect(rows[0]).toEqual(['Email', 'Role', 'Status']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual(list.data.list.map((r) => [r.email, r.role_name]));
    expect(rows.map((r) => r[0])).toContain('export-here@test.local');
    expect(rows.map((r) => r[0])).not.toContain('export-elsewhere@test.local');

    // Every user and role list needs its page's permission, which the operator has none of.
    const operator = await server.login('operator@demo.local');
    for (const [resource, perm] of [
      ['user', 'PC.Wmsconfig.Userlist.View'], ['user_role', 'PC.Wmsconfig.Userrole.View'], ['role', 'PC.Wmsconfig.Rolelist.View'],
      ['access_status_log', 'PC.Wmsconfig.Userlist.View'], ['user_global', 'PC.User.List.View'], ['warehouse_users', 'PC.User.Warehouselist.View'],
      ['warehouse_user', 'PC.User.Warehouselist.View'], ['warehouse_role', 'PC.User.Warehouselist.View'],
    ] as const) {
      const res = await operator.post(CREATE, { resource, format: 'csv', filters: {} });
      expect(res.retcode, resource).toBe(RET.PERMISSION_DENIED);
      expect(res.data, resource).toEqual({ perm });
    }
  });

  test('the /user lists are read as their owner reads them: their warehouses only, another warehouse\'s users fail with the refusal', async () => {
    const here = admin.whsId!;
    await server.createUser({ email: 'export-whsadmin@test.local', warehouses: [here], role: 'Administrator' });
    await server.createUser({ email: 'export-only-there@test.local', warehouses: [other()] });
    const whsAdmin = await server.login('export-whsadmin@test.local');

    // Accounts sharing a warehouse with them (not one of another warehouse only), and their one warehouse.
    const accounts = await create(whsAdmin, { resource: 'user_global', format: 'csv', filters: { sort_by: 'email' }, columns: [{ field: 'email' }] });
    const warehouses = await create(whsAdmin, { resource: 'warehouse_users', format: 'csv', columns: [{ field: 'whs_id' }] });
    // The members of the page's warehouse (its whs_id, as the page sends it), and of one that is not theirs.
    const members = await create(whsAdmin, { resource: 'warehouse_user', format: 'csv', filters: { whs_id: here, email: 'demo.local' }, columns: [{ field: 'email' }] });
    const elsewhere = await create(whsAdmin, { resource: 'warehouse_user', format: 'csv', filters: { whs_id: other() }, columns: [{ field: 'email' }] });
    await runAll();

    const emails = await emailsOf(whsAdmin, accounts);
    expect(emails).toContain('operator@demo.local');
    expect(emails).not.toContain('export-only-there@test.local');
    expect(emails).toEqual([...emails].sort());
    expect(await emailsOf(whsAdmin, warehouses)).toEqual([here]);
    expect((await emailsOf(whsAdmin, members)).sort()).toEqual(['admin@demo.local', 'operator@demo.local', 'supervisor@demo.local']);
    const refused = await taskOf(whsAdmin, elsewhere);
    expect(refused).toMatchObject({ status: EXPORT_STATUS.FAIL, row_count: null });
    expect(refused!.error_message).toBe(`You do not have access to warehouse ${other()}: it needs PC.User.Warehouselist.View there.`);
  });
});

describe('refusals', () => {
  test('bad filters, an unknown resource, report type or column, a bad format: -100400 naming the field, nothing queued', async () => {
    const before = (await admin.get<TaskPage>(SEARCH)).data.total;
    for (const [body, field] of [
      [{ resource: 'supplier', format: 'csv', filters: { status: '3' } }, 'filters.status'],
      [{ resource: 'supplier', format: 'csv', filters: { country: 'XX' } }, 'filters.country'],
      [{ resource: 'supplier', format: 'csv', filters: { sort_by: 'phone' } }, 'filters.sort_by'],
      [{ resource: 'supplier', format: 'pdf' }, 'format'],
      [{ resource: 'no_such_list', format: 'csv' }, 'resource'],
      [{ resource: 'supplier', format: 'csv', columns: [{ field: 'password' }] }, 'columns.0.field'],
      [{ resource: 'supplier', format: 'csv', columns: [{ field: 'status' }, { field: 'status' }] }, 'columns.1.field'],
      // Asked by report type (spec §3) instead: one of the spec's, and either it or the resource.
      [{ report_type: 999, format: 'csv' }, 'report_type'],
      [{ report_type: '405', format: 'csv' }, 'report_type'],
      [{ report_type: EXPORT_REPORT_TYPE.values.CYCLE_COUNT_ORDER, resource: 'cc_order', format: 'csv' }, 'resource'],
      [{ format: 'csv' }, 'resource'],
      [{ report_type: EXPORT_REPORT_TYPE.values.CYCLE_COUNT_ORDER, format: 'csv', filters: { status: '9' } }, 'filters.status'],
    ] as const) {
      const res = await admin.post(CREATE, body);
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
      expect(res.data.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await admin.get<TaskPage>(SEARCH)).data.total).toBe(before);
  });

  test('without the list\'s permission: -100406 (the operator has no supplier page)', async () => {
    const operator = await server.login('operator@demo.local');
    const res = await operator.post(CREATE, { resource: 'supplier', format: 'csv', filters: {} });
    expect(res.retcode).toBe(RET.PERMISSION_DENIED);
    expect(res.data).toEqual({ perm: 'PC.WMSBasic.Supplier.View' });
    // Checked before the filters: no validation details for the unauthorised.
    expect((await operator.post(CREATE, { resource: 'supplier', format: 'csv', filters: { status: 'x' } })).retcode).toBe(RET.PERMISSION_DENIED);
    // Nor the Report Center's, whose page lists the tasks.
    const list = await operator.get(SEARCH);
    expect(list.retcode).toBe(RET.PERMISSION_DENIED);
    expect(list.data).toEqual({ perm: 'PC.Reportcenter.Reportcenter.View' });
  });

  test('another user\'s task is neither listed nor downloadable; nor is one of another warehouse', async () => {
    const taskId = await create(admin, { resource: 'supplier', format: 'csv', filters: {} });
    await runAll();
    const supervisor = await server.login('supervisor@demo.local');
    expect((await supervisor.get<TaskPage>(SEARCH)).data.list.some((t) => t.task_id === taskId)).toBe(false);
    const res = await download(supervisor, taskId);
    expect(res.status).toBe(404);
    expect((await res.json()).retcode).toBe(RET.NOT_FOUND);

    // The same admin signed in elsewhere, switched to another warehouse.
    const elsewhere = await server.login('admin@demo.local');
    const other = admin.whsId === 'IDJKT1' ? 'SGSIN1' : 'IDJKT1';
    expect((await elsewhere.post('/apps/system/user/switch_user_setting', { type: 'whs', value: other })).retcode).toBe(0);
    expect((await (await download(elsewhere, taskId)).json()).retcode).toBe(RET.NOT_FOUND);
    expect((await elsewhere.get<TaskPage>(SEARCH)).data.list.some((t) => t.task_id === taskId)).toBe(false);

    // A tenant header, when sent, must be the session's warehouse.
    const mismatch = await download(admin, taskId, { 'x-tally-whs': other });
    expect((await mismatch.json()).retcode).toBe(RET.WAREHOUSE_MISMATCH);
    expect((await download(admin, taskId, { 'x-tally-whs': admin.whsId! })).status).toBe(200);
    // Not a task id at all.
    expect((await (await download(admin, 'not-a-uuid')).json()).retcode).toBe(RET.BAD_INPUT);
  });

  test('nobody signed in: -100405 for create, search and download', async () => {
    const anonymous = server.client();
    expect((await anonymous.post(CREATE, { resource: 'supplier', format: 'csv' })).retcode).toBe(RET.NOT_LOGGED_IN);
    expect((await anonymous.get(SEARCH)).retcode).toBe(RET.NOT_LOGGED_IN);
    const res = await download(anonymous, '0190a5b4-0000-7000-8000-000000000000');
    expect(res.status).toBe(401);
    expect((await res.json()).retcode).toBe(RET.NOT_LOGGED_IN);
  });

  test('create without the CSRF header: -100408, nothing queued', async () => {
    const before = (await admin.get<TaskPage>(SEARCH)).data.total;
    const res = await admin.post(CREATE, { resource: 'supplier', format: 'csv' }, { csrf: false });
    expect(res.retcode).toBe(RET.CSRF_INVALID);
    expect((await admin.get<TaskPage>(SEARCH)).data.total).toBe(before);
  });

  test(`at most ${EXPORT_MAX_UNFINISHED} unfinished exports per user: -100429, then fine again once they ran`, async () => {
    const user = await server.createUser({ email: 'export-limit@demo.local', role: 'Supervisor' });
    const client = await server.login(user.email);
    for (let i = 0; i < EXPORT_MAX_UNFINISHED; i++) await create(client, { resource: 'supplier', format: 'csv' });
    const refused = await client.post(CREATE, { resource: 'supplier', format: 'csv' });
    expect(refused.retcode).toBe(RET.RATE_LIMITED);
    await runAll();
    await create(client, { resource: 'supplier', format: 'csv' });
    await runAll();
  });

  test(`requests sent together are counted one after another: ${EXPORT_MAX_UNFINISHED * 3} at once queue ${EXPORT_MAX_UNFINISHED}`, async () => {
    const user = await server.createUser({ email: 'export-burst@demo.local', role: 'Supervisor' });
    const client = await server.login(user.email);
    const answers = await Promise.all(Array.from({ length: EXPORT_MAX_UNFINISHED * 3 }, () => client.post(CREATE, { resource: 'supplier', format: 'csv' })));
    expect(answers.filter((a) => a.retcode === 0)).toHaveLength(EXPORT_MAX_UNFINISHED);
    expect(answers.filter((a) => a.retcode === RET.RATE_LIMITED)).toHaveLength(EXPORT_MAX_UNFINISHED * 2);
    expect((await client.get<TaskPage>(SEARCH)).data.total).toBe(EXPORT_MAX_UNFINISHED);
    await runAll();
  });
});

describe('the worker', () => {
  test('a task that cannot run is marked fail with the reason', async () => {
    const taskId = await create(admin, { resource: 'supplier', format: 'csv', filters: { status: '1' } });
    // Filters that were valid when queued but are not any more (a definition changed meanwhile).
    await server.database.db.update(exportTasks).set({ filters: { status: 9 } }).where(eq(exportTasks.taskId, taskId));
    await runAll();
    const failed = await taskOf(admin, taskId);
    expect(failed).toMatchObject({ status: EXPORT_STATUS.FAIL, row_count: null });
    expect(failed!.error_message).toMatch(/filters are no longer valid: status/);
    expect((await (await download(admin, taskId)).json()).retcode).toBe(RET.BAD_INPUT);
    // Search by status.
    const fails = await admin.get<TaskPage>(SEARCH, { status: EXPORT_STATUS.FAIL });
    expect(fails.data.list.map((t) => t.task_id)).toContain(taskId);
    expect(fails.data.list.every((t) => t.status === EXPORT_STATUS.FAIL)).toBe(true);
  });

  test('a task whose worker died is claimed again once its lease ran out; a live one is left alone', async () => {
    const db = server.database.db;
    const stale = await create(admin, { resource: 'supplier', format: 'csv' });
    const live = await create(admin, { resource: 'supplier', format: 'csv' });
    await db.update(exportTasks).set({ status: EXPORT_STATUS.ONGOING, attempts: 1, updatedAt: new Date(Date.now() - 60 * 60_000) }).where(eq(exportTasks.taskId, stale));
    await db.update(exportTasks).set({ status: EXPORT_STATUS.ONGOING, attempts: 1, updatedAt: new Date() }).where(eq(exportTasks.taskId, live));
    await runAll();
    expect((await taskOf(admin, stale))!.status).toBe(EXPORT_STATUS.DONE);
    expect((await taskOf(admin, live))!.status).toBe(EXPORT_STATUS.ONGOING);
    await db.update(exportTasks).set({ status: EXPORT_STATUS.PENDING }).where(eq(exportTasks.taskId, live));
    await runAll();
  });

  test('workers running at once share the queue: every task runs exactly once', async () => {
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await create(admin, { resource: 'supplier', format: i % 2 ? 'csv' : 'xlsx' }));
    const ran = await Promise.all([runAll(), runAll(), runAll()]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(4);
    for (const id of ids) {
      const [row] = await server.database.db.select({ status: exportTasks.status, attempts: exportTasks.attempts }).from(exportTasks).where(eq(exportTasks.taskId, id));
      expect(row).toEqual({ status: EXPORT_STATUS.DONE, attempts: 1 });
    }
  });

  test('a stopped worker claims nothing: the task waits for the next one', async () => {
    const taskId = await create(admin, { resource: 'supplier', format: 'csv' });
    const stopped = new AbortController();
    stopped.abort();
    expect(await runPendingExports(server.database.db, { signal: stopped.signal })).toBe(0);
    expect((await taskOf(admin, taskId))!.status).toBe(EXPORT_STATUS.PENDING);
    await runAll();
    expect((await taskOf(admin, taskId))!.status).toBe(EXPORT_STATUS.DONE);
  });

  test(`finished tasks and their files are deleted after ${EXPORT_RETENTION_DAYS} days; unfinished ones stay`, async () => {
    const db = server.database.db;
    const old = await create(admin, { resource: 'supplier', format: 'csv' });
    await runAll();
    const waiting = await create(admin, { resource: 'supplier', format: 'csv' });
    const longAgo = new Date(Date.now() - (EXPORT_RETENTION_DAYS + 1) * 86_400_000);
    await db.update(exportTasks).set({ createdAt: longAgo }).where(eq(exportTasks.taskId, old));
    await db.update(exportTasks).set({ createdAt: longAgo }).where(eq(exportTasks.taskId, waiting));
    expect(await purgeExpiredExports(db)).toBe(1);
    expect(await taskOf(admin, old)).toBeUndefined();
    expect((await (await download(admin, old)).json()).retcode).toBe(RET.NOT_FOUND);
    expect((await taskOf(admin, waiting))!.status).toBe(EXPORT_STATUS.PENDING);
    await runAll();
  });

  test('the background worker (as main.ts starts it) runs queued tasks and stops cleanly', async () => {
    const worker = startExportWorker(server.database.db, { pollMs: 20 });
    try {
      const taskId = await create(admin, { resource: 'supplier', format: 'xlsx' });
      await vi.waitFor(async () => expect((await taskOf(admin, taskId))!.status).toBe(EXPORT_STATUS.DONE), { timeout: 20_000, interval: 50 });
    } finally {
      await worker.stop();
    }
    // Stopped: a new task stays queued until someone runs it.
    const later = await create(admin, { resource: 'supplier', format: 'csv' });
    expect((await taskOf(admin, later))!.status).toBe(EXPORT_STATUS.PENDING);
    await runAll();
  });
});

describe('the Report Center list (export_task resource)', () => {
  test('each user lists their own tasks only: newest first, filtered, paged and checked as the resource declares', async () => {
    const user = await server.createUser({ email: 'report-center@demo.local', role: 'Supervisor' });
    const client = await server.login(user.email);
    const mine: string[] = [];
    for (const format of ['csv', 'xlsx', 'csv'] as const) mine.push(await create(client, { resource: 'supplier', format }));
    await create(admin, { resource: 'supplier', format: 'csv' });
    // One of them fails: the list says why.
    await server.database.db.update(exportTasks).set({ filters: { status: 9 } }).where(eq(exportTasks.taskId, mine[1]!));
    await runAll();

    const page = await client.get<TaskPage & { total_capped: boolean }>(SEARCH);
    expect(page.retcode).toBe(0);
    expect(page.data).toMatchObject({ total: 3, total_capped: false });
    // Newest first (task ids are time-ordered UUIDv7, the tie-break of equal creation times).
    expect(page.data.list.map((t) => t.task_id)).toEqual([...mine].reverse());
    expect(page.data.list[1]).toMatchObject({ status: EXPORT_STATUS.FAIL, file_format: 'xlsx', resource: 'supplier' });
    expect(page.data.list[1]!.error_message).toMatch(/filters are no longer valid/);

    const done = await client.get<TaskPage>(SEARCH, { status: EXPORT_STATUS.DONE, sort_by: 'created_at', sort_desc: 0 });
    expect(done.data.list.map((t) => t.task_id)).toEqual([mine[0], mine[2]]);
    const created = page.data.list[0]!.created_at!;
    const since = await client.get<TaskPage>(SEARCH, { created_at_from: created, created_at_to: created + 60 });
    expect(since.data.list.map((t) => t.task_id)).toContain(mine[2]);
    const second = await client.get<TaskPage>(SEARCH, { page_size: 20, page_no: 2 });
    expect(second.data).toMatchObject({ list: [], total: 3 });

    for (const bad of [{ page_size: 30 }, { sort_by: 'file_name' }, { status: 7 }]) {
      const res = await client.get(SEARCH, bad);
      expect(res.retcode, JSON.stringify(bad)).toBe(RET.BAD_INPUT);
    }
  });

  test('the warehouses (global rows) export like any list', async () => {
    const taskId = await create(admin, { resource: 'warehouse', format: 'csv', columns: [{ field: 'whs_id', label: 'ID' }] });
    await runAll();
    const list = await admin.get<{ total: number }>('/apps/basic/location/search_warehouse', { page_size: 200 });
    const rows = csvRows(new TextDecoder().decode(await (await download(admin, taskId)).arrayBuffer()));
    expect(rows).toHaveLength(list.data.total + 1);
    expect(rows.slice(1).map((r) => r[0])).toContain('SGSIN1');
  });

  test('an export of the list holds its owner\'s tasks only', async () => {
    const client = await server.login('report-center@demo.local');
    const own = (await client.get<TaskPage>(SEARCH, { page_size: 200 })).data.list.map((t) => t.task_id);
    const others = (await admin.get<TaskPage>(SEARCH, { page_size: 200 })).data.list.map((t) => t.task_id);
    expect(others.length).toBeGreaterThan(0);
    const taskId = await create(client, { resource: 'export_task', format: 'csv', columns: [{ field: 'task_id', label: 'Task' }] });
    await runAll();
    const rows = csvRows(new TextDecoder().decode(await (await download(client, taskId)).arrayBuffer()));
    expect(rows[0]).toEqual(['Task']);
    // The tasks it found as it ran: the owner's, itself included (ongoing then), none of anyone else's.
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set([...own, taskId]));
  });
});
