import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { RET } from '../../src/shared/retcodes';

/** The supplier list and detail, derived from its resource definition. */
const LIST = '/apps/basic/supplier/search_supplier';
const DETAIL = '/apps/basic/supplier/get_supplier_detail';

interface SupplierRow { supplier_id: string; supplier_name: string; country: string | null; status: number }
interface Page { list: SupplierRow[]; total: number; page_no: number; page_size: number }

let server: TestServer;
let admin: TestClient;
/** Seeded supplier ids of the admin's warehouse start with this (SUP + country). */
let prefix: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin@demo.local');
  prefix = `SUP${admin.whsId!.slice(0, 2)}`;
});
afterAll(async () => {
  await server?.close();
});

describe('search_supplier', () => {
  test('the first page: 20 of the warehouse\'s 30 suppliers, in id order', async () => {
    const res = await admin.get<Page>(LIST);
    expect(res.retcode).toBe(0);
    expect(res.data.total).toBe(30);
    expect(res.data.list).toHaveLength(20);
    expect(res.data.list[0]).toMatchObject({ supplier_id: `${prefix}0001`, status: 1 });
    expect(res.data.list.map((r) => r.supplier_id)).toEqual([...res.data.list.map((r) => r.supplier_id)].sort());
    const second = await admin.get<Page>(LIST, { page_no: 2 });
    expect(second.data.list).toHaveLength(10);
    expect(second.data.list[0]!.supplier_id).toBe(`${prefix}0021`);
  });

  test('filters: card ids, name containing (any case), status and country, combined', async () => {
    const ids = await admin.get<Page>(LIST, { supplier_id: `${prefix}0003,${prefix}0001, NOPE` });
    expect(ids.data.list.map((r) => r.supplier_id)).toEqual([`${prefix}0001`, `${prefix}0003`]);
    const coffee = await admin.get<Page>(LIST, { supplier_name: 'COFFEE' });
    expect(coffee.data.list.map((r) => r.supplier_name)).toEqual(['Java Coffee Roasters', 'Java Coffee Roasters 2']);
    const inactive = await admin.get<Page>(LIST, { status: 2 });
    expect(inactive.data.total).toBe(6);
    expect(inactive.data.list.every((r) => r.status === 2)).toBe(true);
    const both = await admin.get<Page>(LIST, { status: 1, country: 'TH' });
    expect(both.data.list.length).toBeGreaterThan(0);
    expect(both.data.list.every((r) => r.status === 1 && r.country === 'TH')).toBe(true);
  });

  test('sorted by name, descending on request', async () => {
    const res = await admin.get<Page>(LIST, { sort_by: 'supplier_name', sort_desc: 1, page_size: 50 });
    const names = res.data.list.map((r) => r.supplier_name);
    expect(names).toHaveLength(30);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  test('bad input is refused with -100400 naming the field, never a 5xx', async () => {
    for (const [query, field] of [
      [{ page_size: 30 }, 'page_size'], [{ page_no: 0 }, 'page_no'], [{ status: 3 }, 'status'],
      [{ country: 'XX' }, 'country'], [{ sort_by: 'phone' }, 'sort_by'], [{ supplier_id: ',, ,' }, 'supplier_id'],
      [{ supplier_name: 'x'.repeat(201) }, 'supplier_name'], [{ page_no: "1' or '1'='1" }, 'page_no'],
    ] as const) {
      const res = await admin.get(LIST, query);
      expect(res.retcode, JSON.stringify(query)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
  });

  test('an operator without the page\'s permission is refused; nobody signed in is told to sign in', async () => {
    const operator = await server.login('operator@demo.local');
    expect((await operator.get(LIST)).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.get(DETAIL, { supplier_id: `${prefix}0001` })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await server.client().get(LIST)).retcode).toBe(RET.NOT_LOGGED_IN);
  });
});

describe('get_supplier_detail', () => {
  test('a supplier of the warehouse', async () => {
    const res = await admin.get<SupplierRow>(DETAIL, { supplier_id: `${prefix}0002` });
    expect(res.retcode).toBe(0);
    expect(res.data).toMatchObject({ supplier_id: `${prefix}0002`, supplier_name: 'Lion City Electronics' });
  });

  test('another warehouse\'s supplier is not found, and never listed', async () => {
    const other = admin.whsId === 'IDJKT1' ? 'SUPSG0001' : 'SUPID0001';
    const res = await admin.get(DETAIL, { supplier_id: other });
    expect(res.retcode).toBe(RET.NOT_FOUND);
    const listed = await admin.get<Page>(LIST, { supplier_id: other });
    expect(listed.data.total).toBe(0);
  });

  test('a missing id is bad input', async () => {
    expect((await admin.get(DETAIL)).retcode).toBe(RET.BAD_INPUT);
  });
});
