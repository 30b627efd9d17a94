import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { parseCsv } from '../support/csv';
import { packingTasks, salesOrders, stations, userWarehouses, users } from '../../src/server/db/schema';
import { runPendingExports } from '../../src/server/modules/report/export-worker';
import { API_BASE } from '../../src/shared/contract/define';
import { EXPORT_DOWNLOAD_PATH } from '../../src/shared/contract/export-task.contract';
import { TASK_STATUS } from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';

/** get_warehouse_user_names: how lists (and their exports) name the users their rows hold by id. */
const NAMES = '/apps/config/userlist/get_warehouse_user_names';

interface Names { list: { user_id: number; display_name: string }[] }

let server: TestServer;
let operator: TestClient;
let jakartaId: number;
let bothId: number;
let singaporeId: number;

beforeAll(async () => {
  server = await startTestServer();
  jakartaId = (await server.createUser({ email: 'names-jkt@test.local', warehouses: ['IDJKT1'] })).userId;
  singaporeId = (await server.createUser({ email: 'names-sg@test.local', warehouses: ['SGSIN1'] })).userId;
  bothId = (await server.createUser({ email: 'names-both@test.local', warehouses: ['SGSIN1', 'IDJKT1'] })).userId;
  operator = await server.loginAt('operator@demo.local', 'SGSIN1');
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const namesOf = async (client: TestClient) => {
  const res = await client.get<Names>(NAMES);
  expect(res.retcode, res.message).toBe(0);
  return new Map(res.data.list.map((u) => [u.user_id, u.display_name]));
};

describe('get_warehouse_user_names', () => {
  test('any session of the warehouse reads the names of its members, and only theirs: ids and names, nothing else', async () => {
    const db = server.database.db;
    const res = await operator.get<Names>(NAMES);
    expect(res.retcode).toBe(0);
    for (const row of res.data.list) expect(Object.keys(row).sort()).toEqual(['display_name', 'user_id']);
    const members = await db.select({ userId: userWarehouses.userId }).from(userWarehouses).where(eq(userWarehouses.whsId, 'SGSIN1'));
    expect(res.data.list.map((u) => u.user_id).sort((a, b) => a - b)).toEqual(members.map((m) => m.userId).sort((a, b) => a - b));
    const [me] = await db.select().from(users).where(eq(users.email, 'operator@demo.local'));
    const names = await namesOf(operator);
    expect(names.get(me!.userId)).toBe(me!.displayName);
    // Another warehouse's user is not answered; one of both warehouses is.
    expect(names.has(jakartaId)).toBe(false);
    expect(names.has(singaporeId)).toBe(true);
    expect(names.has(bothId)).toBe(true);
    // Read in the warehouse of the session: the same member seen from Jakarta, without SGSIN1's own.
    const jakarta = await server.loginAt('names-both@test.local', 'IDJKT1');
    const jakartaNames = await namesOf(jakarta);
    expect(jakartaNames.has(jakartaId)).toBe(true);
    expect(jakartaNames.has(bothId)).toBe(true);
    expect(jakartaNames.has(singaporeId)).toBe(false);
  });

  test('a member without a name is named by their email', async () => {
    await server.database.db.update(users).set({ displayName: '  ' }).where(eq(users.userId, bothId));
    expect((await namesOf(operator)).get(bothId)).toBe('names-both@test.local');
  });

  test('a session is required', async () => {
    expect((await server.client().get(NAMES)).retcode).toBe(RET.NOT_LOGGED_IN);
  });
});

describe('exports name users as the list does', () => {
  test('a packing task list\'s Assignee: the member\'s name, #<id> for a user not of the warehouse', async () => {
    const db = server.database.db;
    const [order] = await db.select({ orderNo: salesOrders.orderNo }).from(salesOrders).where(eq(salesOrders.whsId, 'SGSIN1')).limit(1);
    const [station] = await db.select({ stationId: stations.stationId }).from(stations).where(eq(stations.whsId, 'SGSIN1')).limit(1);
    const [op] = await db.select().from(users).where(eq(users.email, 'operator@demo.local'));
    const done = { whsId: 'SGSIN1', orderNo: order!.orderNo, stationId: station!.stationId, status: TASK_STATUS.values.DONE, totalQty: 1 };
    await db.insert(packingTasks).values([{ ...done, taskNo: 'PA-NAMES-1', assigneeId: op!.userId }, { ...done, taskNo: 'PA-NAMES-2', assigneeId: jakartaId }]);

    const admin = await server.loginAt('admin@demo.local', 'SGSIN1');
    const created = await admin.post<{ task_id: string }>('/apps/config/export/create_export_task', {
      resource: 'packing_task', format: 'csv', filters: { task_no: 'PA-NAMES-1,PA-NAMES-2', sort_by: 'task_no', sort_desc: '0' },
      columns: [{ field: 'task_no', label: 'Task No.' }, { field: 'assignee_id', label: 'Assignee' }],
    });
    expect(created.retcode, created.message).toBe(0);
    await runPendingExports(db);
    const res = await admin.raw('GET', `${API_BASE}${EXPORT_DOWNLOAD_PATH}?task_id=${encodeURIComponent(created.data.task_id)}`);
    expect(res.status).toBe(200);
    expect(parseCsv(new TextDecoder().decode(await res.arrayBuffer())).rows).toEqual([
      ['Task No.', 'Assignee'], ['PA-NAMES-1', op!.displayName], ['PA-NAMES-2', `#${jakartaId}`],
    ]);
  });
});
