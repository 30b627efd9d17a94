import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { rolePermissions, roles, uploadSlots, userImportTasks, userWarehouses } from '../../src/server/db/schema';
import { writeCsv } from '../../src/server/common/sheets/csv';
import { writeXlsx } from '../../src/server/common/sheets/xlsx';
import { XLSX_MAX_PART_BYTES, readSheet } from '../../src/server/common/sheets/sheet-read';
import { READ_BUDGET, readSheetOffThread, sheetReaderThreads } from '../../src/server/common/sheets/sheet-read-thread';
import {
  applyUserImportRows, claimUserImport, purgeExpiredUserImports, runPendingUserImports, runUserImport,
} from '../../src/server/modules/user/user-import-worker';
import { API_BASE } from '../../src/shared/contract/define';
import {
  USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS, USER_IMPORT_MAX_UNFINISHED, USER_IMPORT_RESULT_PATH, USER_IMPORT_TEMPLATE_PATH,
} from '../../src/shared/contract/user-import.contract';
import { USER_ADMIN_ACTIONS } from '../../src/shared/contract/userlist.contract';
import { RET } from '../../src/shared/retcodes';

/** User import (spec §7 User list search_upload_task): upload, background apply, row results, the warehouse's task list. */
const U = '/apps/config/userlist';
const UPLOAD = `${U}/upload_user_file`;
const TASKS = `${U}/search_upload_task`;
const HEADER = ['Email', 'Name', 'Local Name', 'Role', 'Department', 'Employment Type', 'Status', 'Reason'];

interface Task {
  task_id: number; file_name: string; file_format: string; status: number; progress: number; row_count: number; created_count: number;
  updated_count: number; unchanged_count: number; refused_count: number; error_message: string | null; operator_email: string; created_at: number; finished_at: number | null;
}
interface Page<T> { list: T[]; total: number }
interface UserRow { user_id: number; email: string; display_name: string; local_name: string; role_name: string; user_kind: number; status: number; employment_type: number; department_name: string | null }

let server: TestServer;
let whsAdminId: number;
let whsAdmin: TestClient;
let jakartaAdmin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  whsAdminId = (await server.createUser({ email: 'import-admin@test.local', role: 'Administrator', warehouses: ['SGSIN1'] })).userId;
  await server.createUser({ email: 'import-admin-jkt@test.local', role: 'Administrator', warehouses: ['IDJKT1'] });
  whsAdmin = await server.login('import-admin@test.local');
  jakartaAdmin = await server.login('import-admin-jkt@test.local');
});
afterAll(async () => {
  await server?.close();
});

const csvOf = (rows: readonly (readonly string[])[], header = HEADER) => writeCsv({ header, rows });
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const upload = (client: TestClient, fileName: string, bytes: Uint8Array) => client.post<{ task_id: number; row_count: number }>(UPLOAD, { file_name: fileName, content: base64(bytes) });
const runAll = () => runPendingUserImports(server.database.db);
/** The upload slots a user holds in SGSIN1 (uploads being read, or refused within the window). */
const slotsOf = (userId: number) => server.database.db.select().from(uploadSlots).where(and(eq(uploadSlots.whsId, 'SGSIN1'), eq(uploadSlots.userId, userId)));
/** Forgets the import admin's refused uploads, for tests of many refusals in a row. */
const freeUploadSlots = () => server.database.db.delete(uploadSlots).where(and(eq(uploadSlots.whsId, 'SGSIN1'), eq(uploadSlots.userId, whsAdminId)));

async function uploaded(client: TestClient, fileName: string, bytes: Uint8Array): Promise<number> {
  const res = await upload(client, fileName, bytes);
  expect(res.retcode, res.message).toBe(0);
  return res.data.task_id;
}

async function taskOf(client: TestClient, taskId: number): Promise<Task> {
  const res = await client.get<Page<Task>>(TASKS, { task_id: taskId });
  expect(res.retcode, res.message).toBe(0);
  expect(res.data.list).toHaveLength(1);
  return res.data.list[0]!;
}

async function memberOf(client: TestClient, email: string): Promise<UserRow | undefined> {
  const res = await client.get<Page<UserRow>>(`${U}/get_user_list`, { email });
  return res.data.list.find((r) => r.email.toLowerCase() === email.toLowerCase());
}

const download = (client: TestClient, path: string) => client.raw('GET', `${API_BASE}${path}`, undefined, client.whsId ? { 'x-tally-whs': client.whsId } : {});

/** The result file's rows, header first. */
async function resultRows(client: TestClient, taskId: number, format: 'csv' | 'xlsx'): Promise<string[][]> {
  const res = await download(client, `${USER_IMPORT_RESULT_PATH}?task_id=${taskId}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toContain(`_result.${format}`);
  return readSheet(new Uint8Array(await res.arrayBuffer()), format).map((r) => r.cells);
}

/** A member of SGSIN1 whose role grants exactly `perms` there, signed in. */
async function holderOf(email: string, perms: readonly string[]): Promise<TestClient> {
  const db = server.database.db;
  const [role] = await db.insert(roles).values({ whsId: 'SGSIN1', roleName: `Only ${email}` }).returning();
  await db.insert(rolePermissions).values(perms.map((perm) => ({ whsId: 'SGSIN1', roleId: role!.roleId, perm })));
  const { userId } = await server.createUser({ email });
  await db.update(userWarehouses).set({ roleId: role!.roleId }).where(and(eq(userWarehouses.whsId, 'SGSIN1'), eq(userWarehouses.userId, userId)));
  return server.login(email);
}

describe('importing a file', () => {
  test('a good CSV creates BPO accounts and updates members; progress, final status and the result file', async () => {
    await server.createUser({ email: 'csv-member@test.local' });
    await server.createUser({ email: 'csv-same@test.local' });
    const bytes = await csvOf([
      ['csv-new1@agency.example', 'Nadia Picker', 'นาเดีย', 'Operator', 'Inbound', 'Temporary', '', ''],
      ['CSV-New2@Agency.example', 'Omar Packer', '', 'supervisor', '', '', 'Active', ''],
      ['csv-member@test.local', '', '', '', 'returns', 'CONTRACT', 'Leave of Absence', 'Parental leave'],
      ['csv-same@test.local', 'csv-same', '', 'Operator', '', '', '1', ''],
    ]);
    const upload1 = await upload(whsAdmin, 'staff.csv', bytes);
    expect(upload1.retcode, upload1.message).toBe(0);
    expect(upload1.data.row_count).toBe(4);
    const taskId = upload1.data.task_id;
    expect(await taskOf(whsAdmin, taskId)).toMatchObject({
      file_name: 'staff.csv', file_format: 'csv', status: 0, progress: 0, row_count: 4, created_count: 0, operator_email: 'import-admin@test.local', finished_at: null,
    });
    // Nothing is applied before the worker runs.
    expect(await memberOf(whsAdmin, 'csv-new1@agency.example')).toBeUndefined();

    // Half way: the task is ongoing with its progress and counts so far.
    const db = server.database.db;
    const task = await claimUserImport(db);
    expect(task?.taskId).toBe(taskId);
    expect(await applyUserImportRows(db, task!, 2)).toBe('more');
    expect(await taskOf(whsAdmin, taskId)).toMatchObject({ status: 1, progress: 50, created_count: 2, refused_count: 0 });
    expect(await memberOf(whsAdmin, 'csv-new1@agency.example')).toMatchObject({ user_kind: 2, role_name: 'Operator', department_name: 'Inbound', employment_type: 2, local_name: 'นาเดีย' });
    await runUserImport(db, task!);
    const done = await taskOf(whsAdmin, taskId);
    expect(done).toMatchObject({ status: 2, progress: 100, created_count: 2, updated_count: 1, unchanged_count: 1, refused_count: 0, error_message: null });
    expect(done.finished_at).toBeGreaterThanOrEqual(done.created_at);

    // New accounts are BPO members with the role and the default employment (Contract); nobody knows their password.
    expect(await memberOf(whsAdmin, 'csv-new2@agency.example')).toMatchObject({ display_name: 'Omar Packer', user_kind: 2, role_name: 'Supervisor', employment_type: 3, status: 1 });
    await expect(server.login('csv-new1@agency.example')).rejects.toThrow(String(RET.BAD_CREDENTIALS));
    // The member changed; the status change is in the access status log with the row's reason.
    expect(await memberOf(whsAdmin, 'csv-member@test.local')).toMatchObject({ department_name: 'Returns', employment_type: 3, status: 3, user_kind: 1 });
    const member = (await memberOf(whsAdmin, 'csv-member@test.local'))!;
    const log = await whsAdmin.get<Page<{ user_id: number; to_status: number; reason: string; operator_email: string }>>(`${U}/search_access_status_log`, { user_id: member.user_id });
    expect(log.data.list).toEqual([expect.objectContaining({ to_status: 3, reason: 'Parental leave', operator_email: 'import-admin@test.local' })]);

    const result = await resultRows(whsAdmin, taskId, 'csv');
    expect(result[0]).toEqual(['Row', ...HEADER, 'Import Result', 'Import Message']);
    expect(result.slice(1).map((r) => [r[0], r[1], r[9]])).toEqual([
      ['2', 'csv-new1@agency.example', 'Created'], ['3', 'CSV-New2@Agency.example', 'Created'], ['4', 'csv-member@test.local', 'Updated'], ['5', 'csv-same@test.local', 'Unchanged'],
    ]);
    expect(result[3]![10]).toBe('Changed: Department, Employment Type, Status.');

    // The same file again changes nothing: each row is unchanged now.
    const again = await uploaded(whsAdmin, 'staff.csv', bytes);
    await runAll();
    expect(await taskOf(whsAdmin, again)).toMatchObject({ status: 2, created_count: 0, updated_count: 0, unchanged_count: 4, refused_count: 0 });
  });

  test('a good XLSX (headers by key or label, any case) creates users; its result is an XLSX', async () => {
    const bytes = await writeXlsx({
      header: ['EMAIL', 'display_name', 'role name', 'Unrelated column'],
      rows: [['xlsx-new@agency.example', 'Xena Loader', 'Operator', 'ignored'], [null, null, null, 'only an ignored cell'], ['xlsx-new2@agency.example', 'Yusuf Sorter', 'Operator', null]],
    });
    const taskId = await uploaded(whsAdmin, 'Staff.XLSX', bytes);
    expect((await taskOf(whsAdmin, taskId)).row_count).toBe(2);
    await runAll();
    expect(await taskOf(whsAdmin, taskId)).toMatchObject({ status: 2, file_format: 'xlsx', created_count: 2 });
    expect(await memberOf(whsAdmin, 'xlsx-new@agency.example')).toMatchObject({ display_name: 'Xena Loader', user_kind: 2, role_name: 'Operator' });
    const result = await resultRows(whsAdmin, taskId, 'xlsx');
    expect(result).toEqual([
      ['Row', 'Email', 'Name', 'Role', 'Import Result', 'Import Message'],
      ['2', 'xlsx-new@agency.example', 'Xena Loader', 'Operator', 'Created', expect.stringContaining('Reset Password')],
      ['4', 'xlsx-new2@agency.example', 'Yusuf Sorter', 'Operator', 'Created', expect.stringContaining('Reset Password')],
    ]);
  });

  test('bad rows are refused row by row with their reasons and change nothing else', async () => {
    await server.createUser({ email: 'bad-member@test.local' });
    await server.createUser({ email: 'elsewhere@test.local', warehouses: ['IDJKT1'] });
    const rows: [string[], string][] = [
      [['not-an-email', 'A', '', 'Operator', '', '', '', ''], 'Email:'],
      [['no-name@agency.example', '', '', 'Operator', '', '', '', ''], 'Name: required for a new account'],
      [['no-role@agency.example', 'B', '', '', '', '', '', ''], 'Role: required for a new account'],
      [['bad-role@agency.example', 'C', '', 'Forklift God', '', '', '', ''], 'Role: this warehouse has none named "Forklift God"'],
      [['admin-role@agency.example', 'D', '', 'Administrator', '', '', '', ''], 'Role: a BPO account cannot hold an all-permission role'],
      [['bad-dept@agency.example', 'E', '', 'Operator', 'Canteen', '', '', ''], 'Department: this warehouse has none named "Canteen"'],
      [['bad-type@agency.example', 'F', '', 'Operator', '', 'Seasonal', '', ''], 'Employment Type: "Seasonal" is not one of Permanent, Temporary, Contract'],
      [['terminated@agency.example', 'G', '', 'Operator', '', '', 'Terminated', ''], 'Status: a new account starts Active'],
      [['long-name@agency.example', 'x'.repeat(121), '', 'Operator', '', '', '', ''], 'Name:'],
      [['bad-member@test.local', '', '', '', '', '', 'Terminated', ''], 'Reason: say why the status changes'],
      [['import-admin@test.local', '', '', 'Operator', '', '', '', ''], 'You cannot change your own role'],
      [['elsewhere@test.local', 'H', '', 'Operator', '', '', '', ''], 'Email: an account with this email already exists'],
      [['good-one@agency.example', 'Good One', '', 'Operator', '', '', '', ''], ''],
      [['GOOD-ONE@agency.example', 'Twice', '', 'Operator', '', '', '', ''], 'Email: row 14 has this email already'],
    ];
    const before = (await whsAdmin.get<Page<UserRow>>(`${U}/get_user_list`, { page_size: 200 })).data.total;
    const taskId = await uploaded(whsAdmin, 'bad rows.csv', await csvOf(rows.map(([r]) => r)));
    // A repeated email is refused as the file is read.
    expect(await taskOf(whsAdmin, taskId)).toMatchObject({ row_count: 14, refused_count: 1 });
    await runAll();
    expect(await taskOf(whsAdmin, taskId)).toMatchObject({ status: 2, created_count: 1, updated_count: 0, unchanged_count: 0, refused_count: 13 });
    const result = await resultRows(whsAdmin, taskId, 'csv');
    rows.forEach(([, reason], i) => {
      const [, email, , , , , , , , outcome, message] = result[i + 1]!;
      if (reason === '') expect(outcome, email).toBe('Created');
      else {
        expect(outcome, email).toBe('Refused');
        expect(message, email).toContain(reason);
      }
    });
    // Only the good row changed anything.
    expect((await whsAdmin.get<Page<UserRow>>(`${U}/get_user_list`, { page_size: 200 })).data.total).toBe(before + 1);
    expect(await memberOf(whsAdmin, 'bad-member@test.local')).toMatchObject({ status: 1 });
    expect(await memberOf(whsAdmin, 'import-admin@test.local')).toMatchObject({ role_name: 'Administrator' });
    expect(await memberOf(whsAdmin, 'elsewhere@test.local')).toBeUndefined();
  });
});

describe('files refused whole', () => {
  test('not a sheet, too big, too many rows, a bad header: each its own retcode; no task is made', async () => {
    const total = async () => (await whsAdmin.get<Page<Task>>(TASKS)).data.total;
    const before = await total();
    const good = await csvOf([['a@agency.example', 'A', '', 'Operator', '', '', '', '']]);
    const cases: [string, Uint8Array, number, string][] = [
      ['staff.txt', good, RET.IMPORT_FILE_INVALID, 'Only .xlsx and .csv'],
      ['staff.xls', good, RET.IMPORT_FILE_INVALID, 'Only .xlsx and .csv'],
      ['staff.xlsx', good, RET.IMPORT_FILE_INVALID, 'not an .xlsx workbook'],
      ['staff.xlsx', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), RET.IMPORT_FILE_INVALID, 'old .xls workbook'],
      ['staff.csv', new Uint8Array([0x45, 0x6d, 0xe9, 0x6c, 0x0a]), RET.IMPORT_FILE_INVALID, 'not UTF-8'],
      ['staff.csv', await writeXlsx({ header: ['Email'], rows: [] }), RET.IMPORT_FILE_INVALID, ''],
      ['staff.csv', new TextEncoder().encode('\n\n'), RET.IMPORT_FILE_INVALID, 'empty'],
      ['staff.csv', await csvOf([]), RET.IMPORT_FILE_INVALID, 'no rows'],
      ['staff.csv', await csvOf([['A', 'Operator']], ['Name', 'Role']), RET.IMPORT_HEADER_INVALID, 'no Email column'],
      ['staff.csv', await csvOf([['a@agency.example']], ['Email', 'Comment']), RET.IMPORT_HEADER_INVALID, 'no column to change'],
      ['staff.csv', await csvOf([['a@agency.example', 'A', 'B']], ['Email', 'Name', 'display name']), RET.IMPORT_HEADER_INVALID, 'Name more than once'],
      ['staff.csv', await csvOf(Array.from({ length: USER_IMPORT_MAX_ROWS + 1 }, (_, i) => [`r${i}@agency.example`, 'R', '', 'Operator', '', '', '', ''])), RET.IMPORT_TOO_MANY_ROWS, `at most ${USER_IMPORT_MAX_ROWS}`],
      ['staff.csv', new Uint8Array(USER_IMPORT_MAX_BYTES + 1).fill(0x41), RET.IMPORT_FILE_TOO_LARGE, `at most ${USER_IMPORT_MAX_BYTES / 1024} KB`],
    ];
    for (const [name, bytes, retcode, text] of cases) {
      const res = await upload(whsAdmin, name, bytes);
      expect(res.retcode, `${name}: ${res.message}`).toBe(retcode);
      expect(res.message, name).toContain(text);
      await freeUploadSlots();
    }
    const header = await upload(whsAdmin, 'staff.csv', await csvOf([['A']], ['Name']));
    await freeUploadSlots();
    expect(header.data).toMatchObject({ missing: ['Email'], columns: HEADER });
    const long = await upload(whsAdmin, 'staff.csv', await csvOf(Array.from({ length: USER_IMPORT_MAX_ROWS + 5 }, (_, i) => [`r${i}@agency.example`, 'R'])));
    expect(long.data).toEqual({ max_rows: USER_IMPORT_MAX_ROWS, row_count: USER_IMPORT_MAX_ROWS + 5 });
    await freeUploadSlots();
    // What the schema refuses: no content, not base64, a body past the API's limit.
    for (const body of [{ file_name: 'a.csv', content: '' }, { file_name: 'a.csv', content: 'not base64!' }, { file_name: '', content: base64(good) }]) {
      expect((await whsAdmin.post(UPLOAD, body)).retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
    }
    expect((await whsAdmin.post(UPLOAD, { file_name: 'a.csv', content: 'QUFB'.repeat(300_000) })).retcode).toBe(RET.BAD_INPUT);
    expect(await total()).toBe(before);
  });

  test(`at most ${USER_IMPORT_MAX_UNFINISHED} unfinished imports per user`, async () => {
    const file = await csvOf([['queue@agency.example', 'Q', '', 'Operator', '', '', '', '']]);
    for (let i = 0; i < USER_IMPORT_MAX_UNFINISHED; i++) await uploaded(whsAdmin, `queue${i}.csv`, file);
    const refused = await upload(whsAdmin, 'queue-more.csv', file);
    expect(refused.retcode).toBe(RET.RATE_LIMITED);
    await runAll();
    expect((await upload(whsAdmin, 'queue-more.csv', file)).retcode).toBe(0);
    await runAll();
  });
});

/** An .xlsx of a few KB whose sheet unpacks past the limit of a part (a zip bomb). */
function zipBomb(): Uint8Array {
  const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const rows = '<row><c><v>0</v></c></row>'.repeat(Math.ceil((XLSX_MAX_PART_BYTES + 1) / 26));
  return zipSync({
    'xl/workbook.xml': strToU8(`<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    'xl/worksheets/sheet1.xml': strToU8(`<worksheet xmlns="${NS}"><sheetData>${rows}</sheetData></worksheet>`),
  });
}

describe('reading an upload', () => {
  test(`a refused upload holds a slot for a while: the ${USER_IMPORT_MAX_UNFINISHED + 1}th attempt is -100429; a queued import gives its slot back`, async () => {
    const { userId } = await server.createUser({ email: 'slots@test.local', role: 'Administrator', warehouses: ['SGSIN1'] });
    const client = await server.login('slots@test.local');
    const noEmail = await csvOf([['A', 'Operator']], ['Name', 'Role']);
    // Sent together, the uploads still count each other.
    const first = await Promise.all(Array.from({ length: USER_IMPORT_MAX_UNFINISHED + 2 }, () => upload(client, 'staff.csv', noEmail)));
    expect(first.map((r) => r.retcode).sort()).toEqual([
      ...Array<number>(USER_IMPORT_MAX_UNFINISHED).fill(RET.IMPORT_HEADER_INVALID), RET.RATE_LIMITED, RET.RATE_LIMITED,
    ].sort());
    const good = await csvOf([['slots-new@agency.example', 'S', '', 'Operator', '', '', '', '']]);
    const limited = await upload(client, 'staff.csv', good);
    expect(limited.retcode).toBe(RET.RATE_LIMITED);
    const wait = (limited.data as unknown as { retry_after_s: number }).retry_after_s;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(5 * 60);
    expect(await slotsOf(userId)).toHaveLength(USER_IMPORT_MAX_UNFINISHED);
    // A name or a size refused before reading holds nothing.
    expect((await upload(client, 'staff.txt', good)).retcode).toBe(RET.IMPORT_FILE_INVALID);

    // Once the window has passed, the slots are free again; an upload that is queued gives its slot to its import.
    await server.database.db.update(uploadSlots).set({ heldUntil: new Date(Date.now() - 60_000) }).where(and(eq(uploadSlots.whsId, 'SGSIN1'), eq(uploadSlots.userId, userId)));
    await uploaded(client, 'staff.csv', good);
    expect(await slotsOf(userId)).toHaveLength(0);
    await runAll();
  });

  test('a sheet of more rows than the thread sends back is too long, whichever columns its rows fill', async () => {
    const { userId } = await server.createUser({ email: 'long-sheet@test.local', role: 'Administrator', warehouses: ['SGSIN1'] });
    const client = await server.login('long-sheet@test.local');
    const notes = Array.from({ length: 2 * USER_IMPORT_MAX_ROWS + 1 }, (_, i) => ['', '', '', '', '', '', '', `note ${i}`]);
    const res = await upload(client, 'staff.csv', await csvOf([['a@agency.example', 'A', '', 'Operator', '', '', '', ''], ...notes], [...HEADER.slice(0, 7), 'Comment']));
    expect(res.retcode, res.message).toBe(RET.IMPORT_TOO_MANY_ROWS);
    expect(res.data).toEqual({ max_rows: USER_IMPORT_MAX_ROWS, row_count: 2 * USER_IMPORT_MAX_ROWS + 2 });
    expect(await slotsOf(userId)).toHaveLength(1);
  });

  test('a zip bomb is refused (-288001) in a worker thread: other requests are answered while it is read', { timeout: 120_000 }, async () => {
    const { userId } = await server.createUser({ email: 'bomb@test.local', role: 'Administrator', warehouses: ['SGSIN1'] });
    const client = await server.login('bomb@test.local');
    let settled = false;
    const reading = upload(client, 'bomb.xlsx', zipBomb()).finally(() => (settled = true));
    // In process, a request may be answered in microtasks alone: each turn lets the event loop run the rest (the thread's answer) first.
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    // The upload holds its slot from before its file is read until long after.
    while ((await slotsOf(userId)).length === 0) {
      expect(settled).toBe(false);
      await turn();
    }
    let answeredMeanwhile = 0;
    while (!settled) {
      const other = await whsAdmin.get<Page<Task>>(TASKS);
      expect(other.retcode).toBe(0);
      if (!settled) answeredMeanwhile++;
      await turn();
    }
    const res = await reading;
    // Refused by the size of what it unpacks to, or on a busy machine by the time it takes to read.
    expect(res.retcode, res.message).toBe(RET.IMPORT_FILE_INVALID);
    expect(res.message).toMatch(/unpacks to more than|takes more than/);
    expect(answeredMeanwhile).toBeGreaterThan(0);
  });

  test('a read past its time or memory budget is refused and its thread ended', { timeout: 120_000 }, async () => {
    const bomb = zipBomb();
    const before = sheetReaderThreads();
    // Budgets of their own: threads the other reads do not share.
    await expect(readSheetOffThread(bomb, 'xlsx', { keep: 10, budget: { timeMs: 1, heapMb: READ_BUDGET.heapMb + 1 } })).rejects.toThrow(/takes more than 0.001 s to read/);
    expect(sheetReaderThreads()).toEqual({ ...before, busy: 0 });
    await expect(readSheetOffThread(bomb, 'xlsx', { keep: 10, budget: { timeMs: 60_000, heapMb: 24 } })).rejects.toThrow(/needs more memory to read than an import allows/);
    expect(sheetReaderThreads()).toEqual({ ...before, busy: 0 });
    // The next read is answered as usual.
    expect(await readSheetOffThread(await csvOf([['a@agency.example', 'A', '', '', '', '', '', '']]), 'csv', { keep: 10 })).toMatchObject({ count: 2 });
  });
});

describe('the task list and files', () => {
  test('search_upload_task: the warehouse\'s imports only, newest first, filtered; another warehouse\'s are never listed nor downloaded', async () => {
    const jakartaTask = await uploaded(jakartaAdmin, 'jakarta-staff.csv', await csvOf([['jkt-new@agency.example', 'J', '', 'Operator', '', '', '', '']]));
    await runAll();
    expect(await memberOf(jakartaAdmin, 'jkt-new@agency.example')).toMatchObject({ user_kind: 2 });
    expect(await memberOf(whsAdmin, 'jkt-new@agency.example')).toBeUndefined();

    const ours = await whsAdmin.get<Page<Task>>(TASKS, { page_size: 200 });
    expect(ours.data.list.length).toBeGreaterThan(0);
    expect(ours.data.list.map((t) => t.task_id)).not.toContain(jakartaTask);
    expect(ours.data.list.map((t) => t.task_id)).toEqual([...ours.data.list.map((t) => t.task_id)].sort((a, b) => b - a));
    expect((await whsAdmin.get<Page<Task>>(TASKS, { file_name: 'jakarta' })).data.total).toBe(0);
    expect((await whsAdmin.get<Page<Task>>(TASKS, { task_id: jakartaTask })).data.total).toBe(0);
    expect((await jakartaAdmin.get<Page<Task>>(TASKS)).data.list.map((t) => t.task_id)).toEqual([jakartaTask]);
    const staff = await whsAdmin.get<Page<Task>>(TASKS, { file_name: 'STAFF', status: 2, operator_email: 'import-admin@' });
    expect(staff.data.list.length).toBeGreaterThan(0);
    expect(staff.data.list.every((t) => /staff/i.test(t.file_name) && t.status === 2)).toBe(true);
    expect((await whsAdmin.get(TASKS, { status: 7 })).retcode).toBe(RET.BAD_INPUT);
    expect((await whsAdmin.get(TASKS, { sort_by: 'user_id' })).retcode).toBe(RET.BAD_INPUT);

    const res = await download(whsAdmin, `${USER_IMPORT_RESULT_PATH}?task_id=${jakartaTask}`);
    expect((await res.json() as { retcode: number }).retcode).toBe(RET.NOT_FOUND);
    const bad = await download(whsAdmin, `${USER_IMPORT_RESULT_PATH}?task_id=abc`);
    expect((await bad.json() as { retcode: number }).retcode).toBe(RET.BAD_INPUT);
  });

  test('an unfinished import has no result yet; the template has every column read', async () => {
    const taskId = await uploaded(whsAdmin, 'pending.csv', await csvOf([['pending@agency.example', 'P', '', 'Operator', '', '', '', '']]));
    const early = await download(whsAdmin, `${USER_IMPORT_RESULT_PATH}?task_id=${taskId}`);
    expect((await early.json() as { retcode: number; message: string }).retcode).toBe(RET.BAD_INPUT);
    await runAll();
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await download(whsAdmin, `${USER_IMPORT_TEMPLATE_PATH}?format=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`user_import_template.${format}`);
      expect(readSheet(new Uint8Array(await res.arrayBuffer()), format).map((r) => r.cells)).toEqual([HEADER]);
    }
    const wrong = await download(whsAdmin, `${USER_IMPORT_TEMPLATE_PATH}?format=pdf`);
    expect((await wrong.json() as { retcode: number }).retcode).toBe(RET.BAD_INPUT);
  });

  test('finished imports are deleted after the retention period, with their rows', async () => {
    const taskId = await uploaded(whsAdmin, 'old.csv', await csvOf([['old@agency.example', 'O', '', 'Operator', '', '', '', '']]));
    await runAll();
    const db = server.database.db;
    await db.update(userImportTasks).set({ createdAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(and(eq(userImportTasks.whsId, 'SGSIN1'), eq(userImportTasks.taskId, taskId)));
    expect(await purgeExpiredUserImports(db)).toBeGreaterThanOrEqual(1);
    expect((await whsAdmin.get<Page<Task>>(TASKS, { task_id: taskId })).data.total).toBe(0);
  });
});

describe('permissions', () => {
  test('uploading and the files need the import permission; reading the list, the user list\'s View', async () => {
    const file = await csvOf([['perm@agency.example', 'P', '', 'Operator', '', '', '', '']]);
    const supervisor = await server.login('supervisor@demo.local');
    for (const [method, path] of [['POST', UPLOAD], ['GET', TASKS]] as const) {
      const res = await supervisor.request(method, path, method === 'POST' ? { file_name: 'a.csv', content: base64(file) } : {});
      expect(res.retcode, path).toBe(RET.PERMISSION_DENIED);
    }
    const viewer = await holderOf('import-viewer@test.local', ['PC.Wmsconfig.Userlist.View']);
    expect((await viewer.get(TASKS)).retcode).toBe(0);
    const refused = await upload(viewer, 'a.csv', file);
    expect(refused.retcode).toBe(RET.PERMISSION_DENIED);
    expect(refused.data).toEqual({ perm: USER_ADMIN_ACTIONS.importUsers });
    for (const path of [`${USER_IMPORT_TEMPLATE_PATH}?format=csv`, `${USER_IMPORT_RESULT_PATH}?task_id=1`]) {
      const res = await download(viewer, path);
      expect((await res.json() as { retcode: number }).retcode, path).toBe(RET.PERMISSION_DENIED);
      const anonymous = await server.client().raw('GET', `${API_BASE}${path}`);
      expect((await anonymous.json() as { retcode: number }).retcode, path).toBe(RET.NOT_LOGGED_IN);
    }
  });

  test('each row needs the permission of what it does: creating (Create), changing a member (Edit)', async () => {
    await server.createUser({ email: 'perm-member@test.local' });
    const importer = await holderOf('importer@test.local', ['PC.Wmsconfig.Userlist.View', USER_ADMIN_ACTIONS.importUsers, USER_ADMIN_ACTIONS.createBpoUser, 'PC.Inbound.Counting.View']);
    const db = server.database.db;
    const [clerk] = await db.insert(roles).values({ whsId: 'SGSIN1', roleName: 'Counting clerk' }).returning();
    await db.insert(rolePermissions).values({ whsId: 'SGSIN1', roleId: clerk!.roleId, perm: 'PC.Inbound.Counting.View' });
    const taskId = await uploaded(importer, 'perm.csv', await csvOf([
      ['perm-new@agency.example', 'New', '', 'Counting clerk', '', '', '', ''],
      ['perm-wide@agency.example', 'Wide', '', 'Operator', '', '', '', ''],
      ['perm-member@test.local', 'Renamed', '', '', '', '', '', ''],
    ]));
    await runAll();
    expect(await taskOf(importer, taskId)).toMatchObject({ created_count: 1, refused_count: 2 });
    const result = await resultRows(importer, taskId, 'csv');
    expect(result[2]![10]).toContain('You cannot grant permissions you do not hold');
    expect(result[3]![10]).toContain(`needs the permission ${USER_ADMIN_ACTIONS.editUser}`);
    expect(await memberOf(whsAdmin, 'perm-member@test.local')).toMatchObject({ display_name: 'perm-member' });
  });

  test('an uploader who loses the import permission before the rows are applied: the task fails with the reason', async () => {
    const loser = await holderOf('loser@test.local', ['PC.Wmsconfig.Userlist.View', USER_ADMIN_ACTIONS.importUsers, USER_ADMIN_ACTIONS.createBpoUser]);
    const taskId = await uploaded(loser, 'late.csv', await csvOf([['late@agency.example', 'Late', '', 'Operator', '', '', '', '']]));
    const db = server.database.db;
    await db.delete(rolePermissions).where(and(eq(rolePermissions.whsId, 'SGSIN1'), eq(rolePermissions.perm, USER_ADMIN_ACTIONS.importUsers), sql`${rolePermissions.roleId} in (select role_id from roles where role_name = 'Only loser@test.local')`));
    await runAll();
    const task = await taskOf(whsAdmin, taskId);
    expect(task).toMatchObject({ status: 3, created_count: 0 });
    expect(task.error_message).toContain(USER_ADMIN_ACTIONS.importUsers);
    expect(await memberOf(whsAdmin, 'late@agency.example')).toBeUndefined();
    // Its result says which rows were not applied.
    expect((await resultRows(whsAdmin, taskId, 'csv'))[1]![9]).toBe('Not applied');
  });
});

describe('the worker', () => {
  test('a task whose worker stalled is claimed again and goes on where it stopped; the stalled worker applies nothing more', async () => {
    const taskId = await uploaded(whsAdmin, 'stall.csv', await csvOf(['a', 'b', 'c'].map((x) => [`stall-${x}@agency.example`, x, '', 'Operator', '', '', '', ''])));
    const db = server.database.db;
    const first = (await claimUserImport(db))!;
    expect(first.taskId).toBe(taskId);
    expect(await applyUserImportRows(db, first, 1)).toBe('more');
    // No heartbeat for longer than the lease: another worker takes the task over.
    await db.update(userImportTasks).set({ updatedAt: new Date(Date.now() - 10 * 60_000) }).where(and(eq(userImportTasks.whsId, 'SGSIN1'), eq(userImportTasks.taskId, taskId)));
    const second = (await claimUserImport(db))!;
    expect(second).toMatchObject({ taskId, attempts: 2 });
    expect(await applyUserImportRows(db, first, 5)).toBe('lost');
    await runUserImport(db, second);
    expect(await taskOf(whsAdmin, taskId)).toMatchObject({ status: 2, created_count: 3, refused_count: 0 });
  });
});
