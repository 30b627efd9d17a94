import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { RET } from '../../src/shared/retcodes';
import { listSettingsContract } from '../../src/shared/contract/list-settings.contract';

/** Saved list settings (spec §3, §7): filter-select templates and bookmarks, per user and warehouse. */
const FT = '/apps/config/filter_template/';
const BM = '/apps/config/bookmark/';
const PAGE = '/wmsbasic/supplier';

interface Template { template_id: number; template_name: string; type: number; user_email: string; url_path: string; key_name: string; station: string; data: Record<string, boolean> }
interface Bookmark { template_id: number; template_name: string; url_path: string; data: Record<string, unknown>; update_time: number }

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await server.login('supervisor@demo.local');
  operator = await server.login('operator@demo.local');
});
afterAll(async () => {
  await server?.close();
});

const templates = async (client: TestClient, query: Record<string, unknown> = {}) =>
  (await client.get<{ list: Template[] }>(`${FT}search_filter_template`, { type: 1, url_path: PAGE, ...query })).data.list;
const bookmarks = async (client: TestClient, urlPath = PAGE) =>
  (await client.get<{ list: Bookmark[] }>(`${BM}search_bookmark`, { url_path: urlPath })).data.list;

describe('filter-select templates', () => {
  test('created, read back, replaced by a second create, updated and deleted by their user', async () => {
    expect(await templates(supervisor)).toEqual([]);
    const created = await supervisor.post<{ template_id: number }>(`${FT}create_filter_template`, {
      user_email: 'supervisor@demo.local', type: 1, url_path: PAGE, key_name: '', template_name: 'supplier', station: '',
      data: { supplier_id: true, supplier_name: false, country: true, status: true },
    });
    expect(created.retcode).toBe(0);
    const id = created.data.template_id;
    const [saved] = await templates(supervisor, { user_email: 'supervisor@demo.local' });
    expect(saved).toMatchObject({ template_id: id, type: 1, url_path: PAGE, user_email: 'supervisor@demo.local', data: { supplier_name: false, status: true } });

    // One template per list, key and station: saving again replaces it.
    const again = await supervisor.post(`${FT}create_filter_template`, { url_path: PAGE, template_name: 'supplier', data: { supplier_id: true } });
    expect(again.data.template_id).toBe(id);
    expect((await templates(supervisor)).map((t) => t.data)).toEqual([{ supplier_id: true }]);
    // Another station (or key) is a template of its own.
    await supervisor.post(`${FT}create_filter_template`, { url_path: PAGE, template_name: 'supplier', station: 'ST01', data: { status: true } });
    expect((await templates(supervisor, { station: 'ST01' })).map((t) => t.data)).toEqual([{ status: true }]);

    expect((await supervisor.post(`${FT}update_filter_template`, { template_id: id, data: { supplier_name: true, status: false } })).retcode).toBe(0);
    expect((await templates(supervisor))[0]!.data).toEqual({ supplier_name: true, status: false });
    expect((await supervisor.post(`${FT}delete_filter_template`, { template_id: id })).retcode).toBe(0);
    expect(await templates(supervisor)).toEqual([]);
    expect((await supervisor.post(`${FT}delete_filter_template`, { template_id: id })).retcode).toBe(RET.NOT_FOUND);
  });

  test('another user\'s template is neither listed nor changeable (-100404)', async () => {
    const { data } = await supervisor.post<{ template_id: number }>(`${FT}create_filter_template`, { url_path: '/inbound/order', template_name: 'x', data: { order_no: true } });
    expect(await templates(operator, { url_path: '/inbound/order' })).toEqual([]);
    expect((await operator.post(`${FT}update_filter_template`, { template_id: data.template_id, data: { order_no: false, sku: true } })).retcode).toBe(RET.NOT_FOUND);
    expect((await operator.post(`${FT}delete_filter_template`, { template_id: data.template_id })).retcode).toBe(RET.NOT_FOUND);
    expect((await templates(supervisor, { url_path: '/inbound/order' }))[0]!.data).toEqual({ order_no: true });
    // Reading another user's templates by naming their email is refused.
    const other = await operator.get(`${FT}search_filter_template`, { url_path: '/inbound/order', user_email: 'supervisor@demo.local' });
    expect(other.retcode).toBe(RET.BAD_INPUT);
  });

  test('bad input is refused with -100400 and changes nothing', async () => {
    for (const body of [
      { url_path: PAGE, template_name: 'x', data: { supplier_id: false } }, // nothing left selected
      { url_path: PAGE, template_name: 'x', data: { supplier_id: 'yes' } },
      { url_path: PAGE, template_name: 'x', data: ['supplier_id'] },
      { url_path: PAGE, template_name: 'x', data: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, true])) },
      { url_path: PAGE, template_name: 'x', data: { 'a b': true } },
      { url_path: 'wmsbasic/supplier', template_name: 'x', data: { supplier_id: true } },
      { url_path: PAGE, template_name: 'x', type: 2, data: { supplier_id: true } },
      { url_path: PAGE, template_name: 'x', data: { supplier_id: true }, user_email: 'admin@demo.local' },
    ]) {
      const res = await supervisor.post(`${FT}create_filter_template`, body);
      expect(res.retcode, JSON.stringify(body).slice(0, 80)).toBe(RET.BAD_INPUT);
    }
    expect((await supervisor.post(`${FT}update_filter_template`, { template_id: 'one', data: { a: true } })).retcode).toBe(RET.BAD_INPUT);
    expect((await supervisor.get(`${FT}search_filter_template`, { url_path: PAGE, type: 2 })).retcode).toBe(RET.BAD_INPUT);
    expect(await templates(supervisor)).toEqual([]);
  });
});

describe('bookmarks', () => {
  test('six new per list, the seventh refused; saving over one and loading it', async () => {
    const page = '/wmsbasic/warehouse';
    for (let n = 1; n <= 6; n++) {
      const res = await supervisor.post(`${BM}create_bookmark`, { url_path: page, template_name: `Bookmark_260101_${n}`, data: { status: 1, supplier_id: ['A', 'B'] } });
      expect(res.retcode, res.message).toBe(0);
    }
    const seventh = await supervisor.post(`${BM}create_bookmark`, { url_path: page, template_name: 'Bookmark_260101_7', data: { status: 1 } });
    expect(seventh.retcode).toBe(RET.BAD_INPUT);
    expect(seventh.message).toContain('Only up to 6 new bookmarks can be added');
    const list = await bookmarks(supervisor, page);
    expect(list.map((b) => b.template_name)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Bookmark_260101_${n}`));
    expect(String(list[0]!.update_time)).toMatch(/^\d{10}$/);

    // Saving over an existing one is allowed at the limit.
    // A card filter of 500 pasted ids fits.
    const ids = Array.from({ length: 500 }, (_, i) => `SKU${String(i).padStart(12, '0')}`).join(',');
    expect((await supervisor.post(`${BM}update_bookmark`, { template_id: list[1]!.template_id, data: { sku_id: ids } })).retcode).toBe(0);
    const over = await supervisor.post(`${BM}update_bookmark`, { template_id: list[2]!.template_id, data: { supplier_name: 'coffee' } });
    expect(over.retcode).toBe(0);
    const loaded = await supervisor.get<Bookmark>(`${BM}get_bookmark_detail`, { template_id: list[2]!.template_id });
    expect(loaded.data).toMatchObject({ template_name: 'Bookmark_260101_3', data: { supplier_name: 'coffee' } });

    // Another list has its own six; another user has their own.
    expect((await supervisor.post(`${BM}create_bookmark`, { url_path: '/wmsbasic/supplier/x', template_name: 'a', data: {} })).retcode).toBe(0);
    expect((await operator.post(`${BM}create_bookmark`, { url_path: page, template_name: 'Bookmark_260101_1', data: {} })).retcode).toBe(0);

    // After a delete there is room again.
    expect((await supervisor.post(`${BM}delete_bookmark`, { template_id: list[0]!.template_id })).retcode).toBe(0);
    expect((await supervisor.post(`${BM}create_bookmark`, { url_path: page, template_name: 'Bookmark_260101_7', data: {} })).retcode).toBe(0);
  });

  test('a name already used on the list is refused (-100411)', async () => {
    const page = '/inbound/task';
    expect((await supervisor.post(`${BM}create_bookmark`, { url_path: page, template_name: 'Mine', data: {} })).retcode).toBe(0);
    const twice = await supervisor.post(`${BM}create_bookmark`, { url_path: page, template_name: ' Mine ', data: {} });
    expect(twice.retcode).toBe(RET.DUPLICATE);
    expect(twice.message).toContain('already exists');
  });

  test('another user\'s bookmark ids are refused (-100404) and never listed', async () => {
    const page = '/inbound/order';
    const { data } = await supervisor.post<{ template_id: number }>(`${BM}create_bookmark`, { url_path: page, template_name: 'Secret', data: { order_no: 'X1' } });
    expect(await bookmarks(operator, page)).toEqual([]);
    expect((await operator.get(`${BM}get_bookmark_detail`, { template_id: data.template_id })).retcode).toBe(RET.NOT_FOUND);
    expect((await operator.post(`${BM}update_bookmark`, { template_id: data.template_id, data: {} })).retcode).toBe(RET.NOT_FOUND);
    expect((await operator.post(`${BM}delete_bookmark`, { template_id: data.template_id })).retcode).toBe(RET.NOT_FOUND);
    // A filter template id is not a bookmark id either.
    expect((await supervisor.post(`${FT}delete_filter_template`, { template_id: data.template_id })).retcode).toBe(RET.NOT_FOUND);
    expect((await bookmarks(supervisor, page)).map((b) => b.data)).toEqual([{ order_no: 'X1' }]);
  });

  test('bookmarks belong to the warehouse they were saved in', async () => {
    const page = '/outbound/order';
    const user = await server.createUser({ email: 'bookmarks.two.whs@demo.local', warehouses: ['SGSIN1', 'IDJKT1'] });
    const client = await server.login(user.email);
    const other = client.whsId === 'SGSIN1' ? 'IDJKT1' : 'SGSIN1';
    const { data } = await client.post<{ template_id: number }>(`${BM}create_bookmark`, { url_path: page, template_name: 'Here', data: {} });
    expect((await client.post('/apps/system/user/switch_user_setting', { type: 'whs', value: other })).retcode).toBe(0);
    expect(client.whsId).toBe(other);
    expect(await bookmarks(client, page)).toEqual([]);
    expect((await client.get(`${BM}get_bookmark_detail`, { template_id: data.template_id })).retcode).toBe(RET.NOT_FOUND);
  });

  test('bad input is refused with -100400: data not a flat JSON object, too big, names blank or too long', async () => {
    for (const body of [
      { url_path: PAGE, template_name: 'x', data: 'status=1' },
      { url_path: PAGE, template_name: 'x', data: [1, 2] },
      { url_path: PAGE, template_name: 'x', data: { nested: { a: 1 } } },
      { url_path: PAGE, template_name: 'x', data: { a: 'x'.repeat(16_385) } },
      { url_path: PAGE, template_name: 'x', data: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x'.repeat(1000)])) },
      { url_path: PAGE, template_name: '   ', data: {} },
      { url_path: PAGE, template_name: 'x'.repeat(65), data: {} },
      { url_path: PAGE, data: {} },
      { template_name: 'x', data: {} },
    ]) {
      const res = await supervisor.post(`${BM}create_bookmark`, body);
      expect(res.retcode, JSON.stringify(body).slice(0, 80)).toBe(RET.BAD_INPUT);
    }
    expect(await bookmarks(supervisor)).toEqual([]);
  });
});

test('any wrong value in any field is -100400, never a 5xx', async () => {
  const valid: Record<string, Record<string, unknown>> = {
    searchFilterTemplate: { url_path: PAGE }, createFilterTemplate: { url_path: PAGE, template_name: 'x', data: { a: true } },
    updateFilterTemplate: { template_id: 1, data: { a: true } }, deleteFilterTemplate: { template_id: 1 },
    searchBookmark: { url_path: PAGE }, getBookmarkDetail: { template_id: 1 }, createBookmark: { url_path: '/fuzz', template_name: 'x', data: {} },
    updateBookmark: { template_id: 1, data: {} }, deleteBookmark: { template_id: 1 },
  };
  const wrong: unknown[] = ['x'.repeat(100_000), -1.5, true, null, { $ne: null }, [], ['a'], '', ' ', "1' or '1'='1"];
  for (const [name, def] of Object.entries(listSettingsContract)) {
    for (const field of Object.keys(valid[name]!)) {
      for (const value of wrong) {
        const input = { ...valid[name], [field]: value };
        const res = def.method === 'GET' ? await supervisor.get(def.path, input) : await supervisor.post(def.path, input);
        expect(supervisor.lastStatus, `${name}.${field}=${JSON.stringify(value).slice(0, 40)}`).toBeLessThan(500);
        expect([RET.BAD_INPUT, RET.NOT_FOUND, RET.OK], `${name}.${field}`).toContain(res.retcode);
      }
    }
  }
});

test('nobody signed in is told to sign in (-100405)', async () => {
  const anonymous = server.client();
  expect((await anonymous.get(`${FT}search_filter_template`, { url_path: PAGE })).retcode).toBe(RET.NOT_LOGGED_IN);
  expect((await anonymous.post(`${FT}create_filter_template`, { url_path: PAGE, template_name: 'x', data: { a: true } })).retcode).toBe(RET.NOT_LOGGED_IN);
  expect((await anonymous.get(`${BM}search_bookmark`, { url_path: PAGE })).retcode).toBe(RET.NOT_LOGGED_IN);
  expect((await anonymous.post(`${BM}create_bookmark`, { url_path: PAGE, template_name: 'x', data: {} })).retcode).toBe(RET.NOT_LOGGED_IN);
});
