import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { RET } from '../../src/shared/retcodes';

/** Spec §7 paging header: list column settings kept per user and list path. */
const SEARCH = '/apps/config/paging_header/search_paging_header_list';
const SET = '/apps/config/paging_header/set_paging_header';

interface Saved { url_path: string; header: Record<string, unknown>; update_time: number }

let server: TestServer;
let supervisor: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await server.login('supervisor@demo.local');
});
afterAll(async () => {
  await server?.close();
});

const columns = { columns: [{ field: 'supplier_name', visible: true }, { field: 'supplier_id', visible: true }, { field: 'status', visible: false }] };

describe('set_paging_header / search_paging_header_list', () => {
  test('a saved header reads back as it was sent, by path or among all; saving again replaces it', async () => {
    const saved = await supervisor.post<{ url_path: string; update_time: number }>(`${SET}?time=${Date.now()}`, { url_path: '/wmsbasic/supplier', header: columns });
    expect(saved.retcode, saved.message).toBe(0);
    expect(String(saved.data.update_time)).toHaveLength(10);
    await supervisor.post(SET, { url_path: '/wmsbasic/sku', header: { columns: [] } });

    const one = await supervisor.get<{ list: Saved[] }>(SEARCH, { url_path: '/wmsbasic/supplier' });
    expect(one.data.list).toEqual([{ url_path: '/wmsbasic/supplier', header: columns, update_time: saved.data.update_time }]);
    const all = await supervisor.get<{ list: Saved[] }>(SEARCH);
    expect(all.data.list.map((s) => s.url_path)).toEqual(['/wmsbasic/sku', '/wmsbasic/supplier']);

    const next = { columns: [{ field: 'status', visible: true }], anything: { nested: [1, 'two'] } };
    expect((await supervisor.post(SET, { url_path: '/wmsbasic/supplier', header: next })).retcode).toBe(0);
    expect((await supervisor.get<{ list: Saved[] }>(SEARCH, { url_path: '/wmsbasic/supplier' })).data.list.map((s) => s.header)).toEqual([next]);
  });

  test('each user has their own: another user sees none of them', async () => {
    const admin = await server.login('admin@demo.local');
    expect((await admin.get<{ list: Saved[] }>(SEARCH, { url_path: '/wmsbasic/supplier' })).data.list).toEqual([]);
    expect((await admin.post(SET, { url_path: '/wmsbasic/supplier', header: { columns: [] } })).retcode).toBe(0);
    expect((await supervisor.get<{ list: Saved[] }>(SEARCH, { url_path: '/wmsbasic/supplier' })).data.list[0]!.header).not.toEqual({ columns: [] });
  });

  test('bad input: -100400 naming the field, nothing saved', async () => {
    const big = { blob: 'x'.repeat(17 * 1024) };
    for (const [body, field] of [
      [{ url_path: 'wmsbasic/supplier', header: {} }, 'url_path'],
      [{ url_path: '', header: {} }, 'url_path'],
      [{ url_path: '/x', header: 'columns' }, 'header'],
      [{ url_path: '/x', header: [1, 2] }, 'header'],
      [{ url_path: '/x', header: big }, 'header'],
      [{ url_path: '/x' }, 'header'],
    ] as const) {
      const res = await supervisor.post(SET, body);
      expect(res.retcode, JSON.stringify(body).slice(0, 60)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
    expect((await supervisor.get<{ list: Saved[] }>(SEARCH, { url_path: '/x' })).data.list).toEqual([]);
    expect((await supervisor.get(SEARCH, { url_path: 'no-slash' })).retcode).toBe(RET.BAD_INPUT);
  });

  test('nobody signed in: -100405; saving without the CSRF header: -100408', async () => {
    const anonymous = server.client();
    expect((await anonymous.get(SEARCH)).retcode).toBe(RET.NOT_LOGGED_IN);
    expect((await anonymous.post(SET, { url_path: '/x', header: {} })).retcode).toBe(RET.NOT_LOGGED_IN);
    expect((await supervisor.post(SET, { url_path: '/csrf', header: {} }, { csrf: false })).retcode).toBe(RET.CSRF_INVALID);
    expect((await supervisor.get<{ list: Saved[] }>(SEARCH, { url_path: '/csrf' })).data.list).toEqual([]);
  });
});
