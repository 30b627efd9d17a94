import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { like } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/api-harness';
import { objectMembers } from '../support/hostile-inputs';
import { warehouses } from '../../src/server/db/schema';
import { LIST_WAIT_MS, listGate, listPage } from '../../src/server/http/list-query';
import { contract } from '../../src/shared/contract';
import type { EndpointDef } from '../../src/shared/contract/define';
import { RET } from '../../src/shared/retcodes';
import { listInputSchema } from '../../src/shared/resources/schemas';
import { warehouseResource } from '../../src/shared/resources/warehouse.resource';

/** The list query derived from a resource definition, on PGlite and (DATABASE_URL) PostgreSQL. */
let server: TestServer;
const input = listInputSchema(warehouseResource);
const page = (query: Record<string, string>) =>
  listPage(server.database.db, warehouseResource, warehouses, input.parse(query) as never, null);

beforeAll(async () => {
  server = await startTestServer();
  // 45 test warehouses: ids ZZ00..ZZ44, names with % and _ in some, quota mode alternating.
  await server.database.db.insert(warehouses).values(Array.from({ length: 45 }, (_, i) => ({
    whsId: `ZZ${String(i).padStart(2, '0')}`,
    whsName: i === 7 ? 'Cold 100% store' : i === 8 ? 'Cold_store' : `Test hub ${i}`,
    whsNo: String(900 + i),
    quotaMode: i % 2,
  })));
});
afterAll(async () => {
  await server.database.db.delete(warehouses).where(like(warehouses.whsId, 'ZZ%'));
  await server?.close();
});

describe('list query from a resource definition', () => {
  test('pages of 20 by default, in key order, with the total under the filters', async () => {
    const first = await page({ whs_id: 'zz' });
    expect(first.total).toBe(45);
    expect(first.page_size).toBe(20);
    expect(first.list.map((r) => r.whs_id)).toEqual(Array.from({ length: 20 }, (_, i) => `ZZ${String(i).padStart(2, '0')}`));
    const third = await page({ whs_id: 'ZZ', page_no: '3' });
    expect(third.list.map((r) => r.whs_id)).toEqual(['ZZ40', 'ZZ41', 'ZZ42', 'ZZ43', 'ZZ44']);
    expect(third.list[0]).toMatchObject({ whs_id: 'ZZ40', whs_name: 'Test hub 40', whs_no: '940', country: null, time_region: 'Asia/Shanghai', quota_mode: 0, is_rms: 0 });
  });

  test('contains is case-insensitive and takes % and _ literally', async () => {
    expect((await page({ whs_name: 'TEST HUB 4' })).total).toBe(6); // 4, 40–44
    expect((await page({ whs_name: '100%' })).list.map((r) => r.whs_id)).toEqual(['ZZ07']);
    expect((await page({ whs_name: 'cold_' })).list.map((r) => r.whs_id)).toEqual(['ZZ08']);
    expect((await page({ whs_name: '%' })).list.map((r) => r.whs_id)).toEqual(['ZZ07']);
  });

  test('filters combine; eq on an enum; sort by another sortable field, descending, ties on the key', async () => {
    const result = await page({ whs_id: 'ZZ', quota_mode: '1', sort_by: 'whs_name', sort_desc: '1', page_size: '50' });
    expect(result.total).toBe(22);
    expect(result.list.every((r) => r.quota_mode === 1)).toBe(true);
    const names = result.list.map((r) => String(r.whs_name));
    expect(names).toEqual([...names].sort().reverse());
  });

  test('the input refuses what the definition does not allow', () => {
    expect(input.safeParse({ page_size: '30' }).success).toBe(false);
    expect(input.safeParse({ page_no: '0' }).success).toBe(false);
    expect(input.safeParse({ sort_by: 'time_region' }).success).toBe(false);
    expect(input.safeParse({ quota_mode: '2' }).success).toBe(false);
    expect(input.safeParse({ whs_name: 'x'.repeat(121) }).success).toBe(false);
    expect(input.parse({})).toMatchObject({ page_no: 1, page_size: 20 });
  });

  test('the total is counted up to a bound: past it the page says so, and the rows still come', async () => {
    const limited = (query: Record<string, string>, bound: number) =>
      listPage(server.database.db, warehouseResource, warehouses, input.parse(query) as never, null, { countLimit: bound });
    const capped = await limited({ whs_id: 'ZZ', page_no: '2' }, 30);
    expect(capped).toMatchObject({ total: 30, total_capped: true });
    expect(capped.list.map((r) => r.whs_id)[0]).toBe('ZZ20');
    expect(await limited({ whs_id: 'ZZ' }, 45)).toMatchObject({ total: 45, total_capped: false });
    expect(await limited({ whs_id: 'ZZ' }, 44)).toMatchObject({ total: 44, total_capped: true });
    expect((await page({ whs_id: 'ZZ' })).total_capped).toBe(false);
  });

  test('a page past the bound is refused on page_no (a client cannot make the database walk millions of rows); the server\'s own reading may go on', async () => {
    const limited = (query: Record<string, string>, options: { background?: boolean } = {}) =>
      listPage(server.database.db, warehouseResource, warehouses, input.parse(query) as never, null, { countLimit: 30, ...options });
    expect((await limited({ whs_id: 'ZZ', page_no: '2', page_size: '20' })).list).toHaveLength(20);
    await expect(limited({ whs_id: 'ZZ', page_no: '3', page_size: '20' })).rejects.toMatchObject({ retcode: RET.BAD_INPUT, data: { issues: [{ path: 'page_no' }] } });
    expect((await limited({ whs_id: 'ZZ', page_no: '3', page_size: '20' }, { background: true })).list).toHaveLength(5);
    const deep = await server.login('admin@demo.local');
    const res = await deep.get('/apps/basic/sku/search_sku', { page_no: '1000000', page_size: '200' });
    expect(res.retcode).toBe(RET.BAD_INPUT);
    expect(res.data.issues[0].path).toBe('page_no');
  });
});

describe('list calls take turns', () => {
  /** Every list call of the contract: the entries answering a page with its (bounded) total. */
  const lists = Object.entries(contract as Record<string, EndpointDef>)
    .filter(([, def]) => def.method === 'GET' && objectMembers(def.output).some((m) => m.name === 'total_capped'));

  /** Takes every place at the gate until the returned function is called. */
  function occupyGate(): () => Promise<void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: listGate.limit }, () => listGate.run(() => held));
    return async () => {
      release();
      await Promise.all(holders);
    };
  }

  test('every list call waits for a place at the list gate before reading', async () => {
    expect(lists.length).toBeGreaterThan(20);
    const admin = await server.login('admin@demo.local');
    for (const [name, def] of lists) {
      const release = occupyGate();
      let answered = false;
      const answer = admin.get(def.path, {}).finally(() => (answered = true));
      try {
        while (!answered && listGate.queued === 0) await new Promise((resolve) => setImmediate(resolve));
      } finally {
        await release();
      }
      // Only a call refused before reading (a feature that is off) answers without its turn.
      if (answered) expect((await answer).retcode, `${name} answered without waiting`).not.toBe(RET.OK);
      else expect((await answer).retcode, name).toBe(RET.OK);
    }
  });

  test('a list that waited too long for its turn is answered busy, as an envelope; the next one is answered', async () => {
    const admin = await server.login('admin@demo.local');
    const release = occupyGate();
    const answer = await admin.get(lists[0]![1].path, {}).finally(release);
    expect(answer).toMatchObject({ retcode: RET.SERVER_BUSY, data: { retry_after_s: 1 } });
    expect(admin.lastStatus).toBe(503);
    expect(listGate.queued).toBe(0);
    expect((await admin.get(lists[0]![1].path, {})).retcode).toBe(RET.OK);
  }, LIST_WAIT_MS + 30_000);
});
