import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { runPendingExports } from '../../src/server/modules/report/export-worker';
import { readSheet } from '../../src/server/common/sheets/sheet-read';
import { EXPORT_REPORT_TYPE } from '../../src/shared/codes';
import { API_BASE } from '../../src/shared/contract/define';
import { EXPORT_DOWNLOAD_PATH, EXPORT_STATUS, type ExportTaskRow } from '../../src/shared/contract/export-task.contract';
import { ccOrderResource } from '../../src/shared/resources/cycle-count.resource';
import { RET } from '../../src/shared/retcodes';

/**
 * Export report types (spec §3 "Export report type ids"): each is the list of one resource, recorded
 * on its export tasks, naming their files and searched in the Report Center; create_export_task takes
 * a report type instead of a resource. The cycle count order one (405) is the cycle count excel.
 */
const CREATE = '/apps/config/export/create_export_task';
const SEARCH = '/apps/config/export/search_export_task';
const CC_LIST = '/apps/process/inventory/cyclecount/ccorder/search_cc_order';
const R = EXPORT_REPORT_TYPE.values;

interface TaskPage { list: ExportTaskRow[]; total: number }

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginAt('admin@demo.local', 'SGSIN1');
}, 300_000); // the first file of a run builds the seeded template
afterAll(async () => {
  await server?.close();
});

async function create(client: TestClient, body: Record<string, unknown>): Promise<string> {
  const res = await client.post<{ task_id: string }>(CREATE, body);
  expect(res.retcode, res.message).toBe(0);
  return res.data.task_id;
}

const tasks = async (client: TestClient, query: Record<string, unknown> = {}) => {
  const res = await client.get<TaskPage>(SEARCH, { page_size: 200, ...query });
  expect(res.retcode, res.message).toBe(0);
  return res.data.list;
};
const taskOf = async (client: TestClient, taskId: string) => (await tasks(client)).find((t) => t.task_id === taskId);

describe('report types on export tasks', () => {
  test('an export of a resource that has one records it and is named after it; one without records none', async () => {
    const cc = await create(admin, { resource: 'cc_order', format: 'xlsx' });
    const supplier = await create(admin, { resource: 'supplier', format: 'csv' });
    expect(await taskOf(admin, cc)).toMatchObject({ resource: 'cc_order', report_type: R.CYCLE_COUNT_ORDER, status: EXPORT_STATUS.PENDING });
    expect((await taskOf(admin, cc))!.file_name).toMatch(/^cycle_count_order_SGSIN1_\d{8}_\d{6}\.xlsx$/);
    expect(await taskOf(admin, supplier)).toMatchObject({ resource: 'supplier', report_type: null });
    expect((await taskOf(admin, supplier))!.file_name).toMatch(/^supplier_SGSIN1_\d{8}_\d{6}\.csv$/);
    await runPendingExports(server.database.db);
  });

  test('asked by report type: each of the spec\'s is the list of its resource', async () => {
    const expected = {
      [R.INVENTORY_ADJUSTMENT]: ['inventory_adjustment', 'inventory_adjustment'], [R.CYCLE_COUNT_ORDER]: ['cc_order', 'cycle_count_order'],
      [R.PICKING_TASK]: ['picking_task', 'picking_task'], [R.CHECKING_TASK]: ['checking_task', 'checking_task'], [R.STAFF_LIST]: ['user', 'staff_list'],
    };
    expect(Object.keys(expected).map(Number).sort()).toEqual(EXPORT_REPORT_TYPE.options.map((o) => o.value).sort());
    for (const [reportType, [resource, fileStem]] of Object.entries(expected)) {
      const taskId = await create(admin, { report_type: Number(reportType), format: 'csv' });
      const task = await taskOf(admin, taskId);
      expect(task, reportType).toMatchObject({ resource, report_type: Number(reportType) });
      expect(task!.file_name).toMatch(new RegExp(`^${fileStem}_SGSIN1_\\d{8}_\\d{6}\\.csv$`));
      await runPendingExports(server.database.db);
      expect((await taskOf(admin, taskId))!.status, reportType).toBe(EXPORT_STATUS.DONE);
    }
  });

  test('the Report Center searches by report type; a type that is not one is refused', async () => {
    const staff = await create(admin, { report_type: R.STAFF_LIST, format: 'csv' });
    const other = await create(admin, { resource: 'supplier', format: 'csv' });
    const found = await tasks(admin, { report_type: R.STAFF_LIST });
    expect(found.map((t) => t.task_id)).toContain(staff);
    expect(found.map((t) => t.task_id)).not.toContain(other);
    expect(found.every((t) => t.report_type === R.STAFF_LIST)).toBe(true);
    const refused = await admin.get(SEARCH, { report_type: 999 });
    expect(refused.retcode).toBe(RET.BAD_INPUT);
    await runPendingExports(server.database.db);
  });

  test('asked by report type, the list\'s own permission is still needed', async () => {
    const operator = await server.loginAt('operator@demo.local', 'SGSIN1');
    const res = await operator.post(CREATE, { report_type: R.STAFF_LIST, format: 'csv' });
    expect(res.retcode).toBe(RET.PERMISSION_DENIED);
    expect(res.data).toEqual({ perm: 'PC.Wmsconfig.Userlist.View' });
  });
});

describe('the cycle count excel (report type 405)', () => {
  test('an xlsx of the cycle count order list: one row per order as the list shows it, codes as their labels', async () => {
    const taskId = await create(admin, { report_type: R.CYCLE_COUNT_ORDER, format: 'xlsx', filters: { sort_by: 'order_no' } });
    await runPendingExports(server.database.db);
    const task = await taskOf(admin, taskId);
    expect(task).toMatchObject({ status: EXPORT_STATUS.DONE, report_type: R.CYCLE_COUNT_ORDER });

    const res = await admin.raw('GET', `${API_BASE}${EXPORT_DOWNLOAD_PATH}?task_id=${taskId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename="${task!.file_name}"`);
    const [header, ...rows] = readSheet(new Uint8Array(await res.arrayBuffer()), 'xlsx').map((r) => r.cells);
    expect(header).toEqual([
      'Order No.', 'Status', 'Creation Status', 'Progress (%)', 'Order Type', 'Count Kind', 'Scope', 'Source', 'Round', 'Locations', 'SKUs', 'Differences',
      'Source Document', 'Created By', 'Created At', 'Finished At', 'Remark',
    ]);

    const list = await admin.get<{ list: Record<string, unknown>[]; total: number }>(CC_LIST, { sort_by: 'order_no', page_size: 200 });
    expect(list.data.total).toBeGreaterThanOrEqual(2); // the demo's two orders
    expect(task!.row_count).toBe(list.data.total);
    const fields = Object.entries(ccOrderResource.fields);
    // Users by their name, as the list shows them (the demo's orders are its members').
    const members = await admin.get<{ list: { user_id: number; display_name: string }[] }>('/apps/config/userlist/get_warehouse_user_names');
    const names = new Map(members.data.list.map((u) => [u.user_id, u.display_name]));
    expect(rows).toHaveLength(list.data.total);
    for (const [i, order] of list.data.list.entries()) {
      const cells = Object.fromEntries(fields.map(([name], c) => [name, rows[i]![c]]));
      expect(cells.order_no).toBe(order.order_no);
      for (const [name, field] of fields) {
        const value = order[name];
        if (value === null) expect(cells[name], name).toBe('');
        else if (field.kind === 'enum') expect(cells[name], name).toBe(field.valueLabels![String(value)]);
        else if (field.kind === 'time') expect(cells[name], name).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        else if (field.kind === 'user') expect(cells[name], name).toBe(names.get(value as number));
        else expect(cells[name], name).toBe(String(value));
      }
    }
    // The demo's orders: a manual express count of a pathway's locations.
    const demo = rows.find((r) => r[16] === 'Demo: counted, one unit missing')!;
    expect(demo.slice(4, 8)).toEqual(['Express', 'Location', 'Customized', 'Manual']);
    expect(Number(demo[9])).toBeGreaterThan(0);
    expect(Number(demo[10])).toBeGreaterThan(0);
  });
});
