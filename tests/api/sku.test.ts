import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { rolePermissions, roles } from '../../src/server/db/schema';
import { SKU_EDIT_PERM } from '../../src/shared/resources/sku-perms';
import { RET } from '../../src/shared/retcodes';
import { DEMO_SKUS_PER_WAREHOUSE, demoSkuId } from '../../src/server/modules/basic/sku.seed';

/** SKU items, SKU mapping codes and the `$`/`#` lookup of spec §7 get_sku_by_mapping_code. */
const LIST = '/apps/basic/sku/search_sku';
const DETAIL = '/apps/basic/sku/get_sku_detail';
const MAPPINGS = '/apps/basic/sku/search_sku_mapping';
const BY_MAPPING = '/apps/basic/sku/get_sku_by_mapping_code';
const UPDATE = '/apps/basic/sku/update_sku';

interface SkuRow { sku_id: string; sku_name: string; abc_class: number | null; is_bulky: number; shelf_life_days: number | null; weight_g: number | null }
interface Page<R> { list: R[]; total: number }

let server: TestServer;
let admin: TestClient;
let whs: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin@demo.local');
  whs = admin.whsId!;
});
afterAll(async () => {
  await server?.close();
});

describe('search_sku', () => {
  test('pages through the warehouse\'s SKUs in id order', async () => {
    const first = await admin.get<Page<SkuRow>>(LIST, { page_size: 50 });
    expect(first.retcode).toBe(0);
    expect(first.data.total).toBe(DEMO_SKUS_PER_WAREHOUSE);
    expect(first.data.list[0]!.sku_id).toBe(demoSkuId(whs, 1));
    const third = await admin.get<Page<SkuRow>>(LIST, { page_size: 50, page_no: 3 });
    expect(third.data.list).toHaveLength(DEMO_SKUS_PER_WAREHOUSE - 100);
  });

  test('filters: ids, name, ABC class, bulky, shelf-life range; sorted by weight', async () => {
    const ids = await admin.get<Page<SkuRow>>(LIST, { sku_id: `${demoSkuId(whs, 2)},${demoSkuId(whs, 1)}` });
    expect(ids.data.list.map((r) => r.sku_id)).toEqual([demoSkuId(whs, 1), demoSkuId(whs, 2)]);
    const coffee = await admin.get<Page<SkuRow>>(LIST, { sku_name: 'coffee' });
    expect(coffee.data.total).toBeGreaterThan(0);
    expect(coffee.data.list.every((r) => /coffee/i.test(r.sku_name))).toBe(true);
    const a = await admin.get<Page<SkuRow>>(LIST, { abc_class: 1, is_bulky: 1 });
    expect(a.data.list.every((r) => r.abc_class === 1 && r.is_bulky === 1)).toBe(true);
    const fresh = await admin.get<Page<SkuRow>>(LIST, { shelf_life_days_from: 1, shelf_life_days_to: 30 });
    expect(fresh.data.total).toBeGreaterThan(0);
    expect(fresh.data.list.every((r) => r.shelf_life_days !== null && r.shelf_life_days <= 30)).toBe(true);
    const heavy = await admin.get<Page<SkuRow>>(LIST, { sort_by: 'weight_g', sort_desc: 1, page_size: 20 });
    const weights = heavy.data.list.map((r) => r.weight_g!);
    expect(weights).toEqual([...weights].sort((x, y) => y - x));
  });

  test('bad filters are refused with -100400', async () => {
    for (const query of [{ abc_class: 9 }, { is_bulky: 2 }, { shelf_life_days_from: 'x' }, { sort_by: 'barcode' }]) {
      expect((await admin.get(LIST, query)).retcode, JSON.stringify(query)).toBe(RET.BAD_INPUT);
    }
  });

  test('the detail; another warehouse\'s SKU is not found; an operator is refused', async () => {
    const one = await admin.get<SkuRow>(DETAIL, { sku_id: demoSkuId(whs, 3) });
    expect(one.retcode).toBe(0);
    expect(one.data.sku_id).toBe(demoSkuId(whs, 3));
    const other = whs === 'IDJKT1' ? 'SGSIN1' : 'IDJKT1';
    expect((await admin.get(DETAIL, { sku_id: demoSkuId(other, 3) })).retcode).toBe(RET.NOT_FOUND);
    const operator = await server.login('operator@demo.local');
    expect((await operator.get(LIST)).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.get(MAPPINGS)).retcode).toBe(RET.PERMISSION_DENIED);
  });
});

describe('create_sku and update_sku', () => {
  test('bulky and high value are yes or no: null is refused on the field and changes nothing; left out on create, no', async () => {
    const body = { sku_id: `${whs}-NULLS`, sku_name: 'Null test', unit: 'pcs' };
    for (const field of ['is_bulky', 'is_high_value']) {
      const created = await admin.post('/apps/basic/sku/create_sku', { ...body, [field]: null });
      expect(created.retcode, field).toBe(RET.BAD_INPUT);
      expect(created.data.issues[0].path).toBe(field);
    }
    expect((await admin.get(DETAIL, { sku_id: body.sku_id })).retcode).toBe(RET.NOT_FOUND);
    expect((await admin.post('/apps/basic/sku/create_sku', { ...body, weight_g: null })).data).toMatchObject({ is_bulky: 0, is_high_value: 0, weight_g: null });
    const stored = (await admin.get(DETAIL, { sku_id: demoSkuId(whs, 1) })).data;
    for (const field of ['is_bulky', 'is_high_value']) {
      const updated = await admin.post('/apps/basic/sku/update_sku', { sku_id: stored.sku_id, [field]: null });
      expect(updated.retcode, field).toBe(RET.BAD_INPUT);
      expect(updated.data.issues[0].path).toBe(field);
    }
    expect((await admin.get(DETAIL, { sku_id: stored.sku_id })).data).toEqual(stored);
  });
});

describe('update_sku', () => {
  /** A member of SGSIN1 whose role grants exactly `perms`. */
  async function holding(name: string, perms: readonly string[]): Promise<TestClient> {
    const db = server.database.db;
    const [role] = await db.insert(roles).values({ whsId: 'SGSIN1', roleName: name }).returning();
    await db.insert(rolePermissions).values(perms.map((perm) => ({ whsId: 'SGSIN1', roleId: role!.roleId, perm })));
    const { email } = await server.createUser({ email: `${name.toLowerCase().replace(/\W+/g, '.')}@demo.local`, role: name as 'Operator' });
    return server.login(email);
  }

  test('the barcode (what scans resolve) changes only with the SKU edit permission: looking at SKUs is not enough', async () => {
    const sku = demoSkuId('SGSIN1', 7);
    const sgAdmin = await server.loginAt('admin@demo.local', 'SGSIN1');
    const before = (await sgAdmin.get<{ barcode: string | null }>(DETAIL, { sku_id: sku })).data.barcode;
    const viewer = await holding('SKU viewer', ['PC.WMSBasic.Skuitems.View']);
    expect((await viewer.get(DETAIL, { sku_id: sku })).retcode).toBe(0);
    const refused = await viewer.post(UPDATE, { sku_id: sku, barcode: '4900000000007' });
    expect(refused).toMatchObject({ retcode: RET.PERMISSION_DENIED, data: { perm: SKU_EDIT_PERM } });
    expect(SKU_EDIT_PERM).toBe('PC.WMSBasic.Skuitems.Edit');
    expect((await sgAdmin.get<{ barcode: string | null }>(DETAIL, { sku_id: sku })).data.barcode).toBe(before);

    const editor = await holding('SKU editor', ['PC.WMSBasic.Skuitems.View', SKU_EDIT_PERM]);
    const changed = await editor.post<{ barcode: string | null }>(UPDATE, { sku_id: sku, barcode: '4900000000007' });
    expect(changed.retcode, changed.message).toBe(0);
    expect(changed.data.barcode).toBe('4900000000007');
  });
});

describe('SKU mapping codes', () => {
  test('the mapping list, and `$`/`#` codes resolving to the real SKU', async () => {
    const list = await admin.get<Page<{ mapping_code: string; sku_id: string }>>(MAPPINGS, { mapping_code: '$SHOP0001,#MODEL0001' });
    expect(list.data.list).toEqual([
      expect.objectContaining({ mapping_code: '#MODEL0001', sku_id: demoSkuId(whs, 1) }),
      expect.objectContaining({ mapping_code: '$SHOP0001', sku_id: demoSkuId(whs, 1) }),
    ]);
    const shop = await admin.get(BY_MAPPING, { new_sku_id: '$SHOP0002' });
    expect(shop).toMatchObject({ retcode: 0, data: { new_sku_id: '$SHOP0002', sku_id: demoSkuId(whs, 4) } });
  });

  test('an unknown code maps to none; any signed-in user of the warehouse may look codes up', async () => {
    expect((await admin.get(BY_MAPPING, { new_sku_id: '$NOPE' })).data).toEqual({ new_sku_id: '$NOPE', sku_id: null });
    const operator = await server.login('operator@demo.local');
    expect((await operator.get(BY_MAPPING, { new_sku_id: '#MODEL0002' })).data.sku_id).toBe(demoSkuId(operator.whsId!, 4));
    expect((await admin.get(BY_MAPPING, {})).retcode).toBe(RET.BAD_INPUT);
    expect((await server.client().get(BY_MAPPING, { new_sku_id: '$SHOP0001' })).retcode).toBe(RET.NOT_LOGGED_IN);
  });
});
