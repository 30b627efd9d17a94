import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { ORDER_PRIORITY, SALES_ORDER_STATUS, TASK_STATUS } from '../../src/shared/codes';

/**
 * The sales outbound lists derived from their definitions (shared/resources/sales-order, wave,
 * picking-task), over the demo warehouse's day of orders: each list shows the rows its definition
 * fixes, and its filters narrow them.
 */
const WHS = 'SGSIN1';
const S = SALES_ORDER_STATUS.values;
const P = ORDER_PRIORITY.values;
type Row = Record<string, unknown>;

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginAt('admin@demo.local', WHS);
});
afterAll(async () => {
  await server?.close();
});

async function list(path: string, query: Record<string, string | number> = {}): Promise<Row[]> {
  const res = await admin.get<{ list: Row[]; total: number }>(path, { page_size: 200, ...query });
  expect(res.retcode, res.message).toBe(0);
  expect(res.data.list).toHaveLength(res.data.total);
  return res.data.list;
}

describe('sales outbound lists', () => {
  test('sales orders: every demo order, filtered by status and priority', async () => {
    const orders = await list('/apps/process/outbound/salesorder/search_sales_order');
    const statuses = new Set(orders.map((o) => o.status));
    expect([...statuses]).toEqual(expect.arrayContaining([S.CREATED, S.PENDING_PICK, S.PICKING, S.CANCEL]));
    const pending = await list('/apps/process/outbound/salesorder/search_sales_order', { status: S.PENDING_PICK });
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((o) => o.status === S.PENDING_PICK && typeof o.hold_reason === 'string')).toBe(true);
    const onHold = await list('/apps/process/outbound/salesorder/search_sales_order', { priority: P.ON_HOLD });
    expect(onHold.length).toBeGreaterThan(0);
    expect(onHold.every((o) => o.priority === P.ON_HOLD)).toBe(true);
  });

  test('Manual Wave offers the created and pending pick orders not on hold, oldest first', async () => {
    const all = await list('/apps/process/outbound/salesorder/search_sales_order');
    const expected = all.filter((o) => (o.status === S.CREATED || o.status === S.PENDING_PICK) && o.priority !== P.ON_HOLD).map((o) => o.order_no).sort();
    const offered = await list('/apps/process/outbound/wave/search_waveable_order');
    expect(offered.map((o) => o.order_no).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    const created = offered.map((o) => Number(o.created_at));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    // Its filters narrow within what it offers: asking for a status it never offers finds nothing.
    expect(await list('/apps/process/outbound/wave/search_waveable_order', { status: S.PICKING })).toEqual([]);
  });

  test('the wave log holds the waves that ended; the wave list every wave', async () => {
    const waves = await list('/apps/process/outbound/wave/search_wave');
    const ended = await list('/apps/process/outbound/wave/search_wave_log');
    const T = TASK_STATUS.values;
    expect(ended.map((w) => w.wave_no).sort()).toEqual(waves.filter((w) => w.status === T.DONE || w.status === T.CANCEL).map((w) => w.wave_no).sort());
    expect(ended.length).toBeGreaterThan(0);
    expect(waves.length).toBeGreaterThan(ended.length);
  });

  test('picking tasks and reverse picking tasks are separate lists of the one table', async () => {
    const picking = await list('/apps/process/outbound/pickingtask/search_picking_task');
    const reverse = await list('/apps/process/outbound/pickingtask/search_reverse_picking_task');
    expect(picking.length).toBeGreaterThan(0);
    expect(reverse.length).toBeGreaterThan(0);
    expect(picking.every((t) => typeof t.wave_no === 'string')).toBe(true);
    expect(reverse.every((t) => t.wave_no === null && typeof t.order_no === 'string')).toBe(true);
    const reverseNos = new Set(reverse.map((t) => t.task_no));
    expect(picking.some((t) => reverseNos.has(t.task_no))).toBe(false);
    // Newest first: task numbers are issued in order.
    const nos = picking.map((t) => String(t.task_no));
    expect(nos).toEqual([...nos].sort().reverse());
  });

  test("sub-picking: the demo wave's split tasks, their sub-picking tasks and groups", async () => {
    const T = TASK_STATUS.values;
    const groups = await list('/apps/process/outbound/subpicking/search_sub_picking_group');
    expect(groups.length).toBeGreaterThan(0);
    const subs = await list('/apps/process/outbound/subpicking/search_sub_picking_task');
    for (const group of groups) {
      const own = subs.filter((t) => t.sub_picking_group_id === group.group_id);
      expect(own).toHaveLength(group.sub_task_count as number);
      expect(own.every((t) => t.parent_task_no === group.parent_task_no)).toBe(true);
    }
    // The half-picked first task of the demo's wave 2 is a sub-picking task: its group is under way.
    expect(groups.some((g) => g.status === T.ONGOING)).toBe(true);
    const split = await list('/apps/process/outbound/pickingtask/search_picking_task', { status: T.SPLIT });
    expect(split.map((t) => t.task_no).sort()).toEqual(groups.map((g) => g.parent_task_no).sort());
  });

});
