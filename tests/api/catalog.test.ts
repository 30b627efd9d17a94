import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { rolePermissions, roles } from '../../src/server/db/schema';
import { RET } from '../../src/shared/retcodes';

/** WMS Basic catalog (spec §2): shops and groups, merchants, category tree, docks, stations and their record settings. */
const SHOP = {
  list: '/apps/basic/shop/search_shop', detail: '/apps/basic/shop/get_shop_detail',
  create: '/apps/basic/shop/create_shop', update: '/apps/basic/shop/update_shop',
};
const GROUP = { list: '/apps/basic/shop/search_shop_group', detail: '/apps/basic/shop/get_shop_group_detail' };
const MERCHANT = { list: '/apps/basic/merchant/search_merchant', detail: '/apps/basic/merchant/get_merchant_detail' };
const DOCK = { list: '/apps/basic/dock/search_dock', detail: '/apps/basic/dock/get_dock_detail' };
const STATION = { list: '/apps/basic/station/search_station', detail: '/apps/basic/station/get_station_detail' };
const CATEGORY_TREE = '/apps/basic/category/get_category_tree';
const RECORD_SETTINGS = '/apps/basic/station/get_record_settings';
const UPDATE_RECORD_SETTINGS = '/apps/basic/station/update_record_settings';
const SWITCH = '/apps/system/user/switch_user_setting';

type Row = Record<string, unknown>;
interface Page { list: Row[]; total: number; page_no: number; page_size: number }
interface RecordSetting {
  station_type: number; record_video: number; record_photo: number; record_weight: number; scan_inner_packaging: number; scan_outer_packaging: number;
  video_max_seconds: number; retention_days: number;
}
interface CategoryNode { category_id: string; parent_id: string | null; level: number; category_name: string }

let server: TestServer;
let admin: TestClient;
/** Country of the admin's warehouse: seeded ids carry it (SH<CC>0001, M<CC>001). */
let cc: string;
/** A country whose warehouse the admin is not in: its ids are never found. */
let otherCc: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin@demo.local');
  cc = admin.whsId!.slice(0, 2);
  otherCc = cc === 'ID' ? 'SG' : 'ID';
});
afterAll(async () => {
  await server?.close();
});

const ids = (page: Page, key: string) => page.list.map((r) => r[key]);

describe('search_shop and get_shop_detail', () => {
  test('pages through the warehouse\'s 25 shops in id order', async () => {
    const first = await admin.get<Page>(SHOP.list);
    expect(first.retcode).toBe(0);
    expect(first.data).toMatchObject({ total: 25, page_no: 1, page_size: 20 });
    expect(first.data.list).toHaveLength(20);
    expect(first.data.list[0]).toMatchObject({ shop_id: `SH${cc}0001`, merchant_id: `M${cc}001`, group_id: 'GRP-MALL', shop_type: 1, status: 1 });
    const second = await admin.get<Page>(SHOP.list, { page_no: 2 });
    expect(ids(second.data, 'shop_id')).toEqual([21, 22, 23, 24, 25].map((n) => `SH${cc}00${n}`));
  });

  test('filters: card ids, name containing, merchant, group, type, status, cross-border', async () => {
    const byIds = await admin.get<Page>(SHOP.list, { shop_id: `SH${cc}0003,SH${cc}0001,SH${otherCc}0002` });
    expect(ids(byIds.data, 'shop_id')).toEqual([`SH${cc}0001`, `SH${cc}0003`]);
    const outlets = await admin.get<Page>(SHOP.list, { shop_name: 'OUTLET' });
    expect(outlets.data.total).toBe(10);
    const ofMerchant = await admin.get<Page>(SHOP.list, { merchant_id: `M${cc}001` });
    expect(ids(ofMerchant.data, 'shop_id')).toEqual([`SH${cc}0001`, `SH${cc}0011`, `SH${cc}0021`]);
    const crossBorderGroup = await admin.get<Page>(SHOP.list, { group_id: 'GRP-CB' });
    expect(crossBorderGroup.data.total).toBe(6);
    expect(crossBorderGroup.data.list.every((r) => r.is_cross_border === 1)).toBe(true);
    const inactive = await admin.get<Page>(SHOP.list, { status: 2 });
    expect(ids(inactive.data, 'shop_id')).toEqual([`SH${cc}0008`, `SH${cc}0016`, `SH${cc}0024`]);
    // Official stores are every fifth shop; SH..0016 of them is inactive.
    const officialActive = await admin.get<Page>(SHOP.list, { shop_type: 1, status: 1 });
    expect(officialActive.data.total).toBe(4);
    const crossBorder = await admin.get<Page>(SHOP.list, { is_cross_border: 1, page_size: 50 });
    expect(crossBorder.data.total).toBe(6);
  });

  test('bad filters are refused with -100400 naming the field', async () => {
    for (const [query, field] of [
      [{ status: 3 }, 'status'], [{ shop_type: 'x' }, 'shop_type'], [{ is_cross_border: 2 }, 'is_cross_border'],
      [{ sort_by: 'remark' }, 'sort_by'], [{ page_size: 7 }, 'page_size'], [{ shop_name: 'x'.repeat(121) }, 'shop_name'],
    ] as const) {
      const res = await admin.get(SHOP.list, query);
      expect(res.retcode, JSON.stringify(query)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
  });

  test('detail of a shop of the warehouse; another warehouse\'s shop is not found', async () => {
    const res = await admin.get<Row>(SHOP.detail, { shop_id: `SH${cc}0006` });
    expect(res.retcode).toBe(0);
    expect(res.data).toMatchObject({ shop_id: `SH${cc}0006`, shop_name: 'Shenzhen Direct Official Store', is_cross_border: 1, group_id: 'GRP-CB' });
    expect((await admin.get(SHOP.detail, { shop_id: `SH${otherCc}0006` })).retcode).toBe(RET.NOT_FOUND);
    expect((await admin.get(SHOP.detail)).retcode).toBe(RET.BAD_INPUT);
  });
});

describe('search_shop_group', () => {
  test('the four groups with their shop counts; name filter; detail', async () => {
    const res = await admin.get<Page>(GROUP.list);
    expect(res.data.total).toBe(4);
    const counts = Object.fromEntries(res.data.list.map((r) => [r.group_id, r.shop_count]));
    expect(counts).toEqual({ 'GRP-CB': 6, 'GRP-MALL': 3, 'GRP-PREF': 3, 'GRP-SME': 11 });
    const named = await admin.get<Page>(GROUP.list, { group_name: 'seller' });
    expect(ids(named.data, 'group_id')).toEqual(['GRP-CB', 'GRP-PREF']);
    const bySize = await admin.get<Page>(GROUP.list, { sort_by: 'shop_count', sort_desc: 1 });
    expect(bySize.data.list[0]!.group_id).toBe('GRP-SME');
    expect((await admin.get(GROUP.detail, { group_id: 'GRP-MALL' })).data).toMatchObject({ group_name: 'Official Mall Shops' });
    expect((await admin.get(GROUP.detail, { group_id: 'GRP-NONE' })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('search_merchant and get_merchant_detail', () => {
  test('list, filters and detail', async () => {
    const res = await admin.get<Page>(MERCHANT.list);
    expect(res.data.total).toBe(10);
    expect(res.data.list[0]).toMatchObject({ merchant_id: `M${cc}001`, merchant_name: 'Everyday Mart', country: cc });
    const crossBorder = await admin.get<Page>(MERCHANT.list, { merchant_type: 2 });
    expect(ids(crossBorder.data, 'merchant_id')).toEqual([`M${cc}006`, `M${cc}007`, `M${cc}010`]);
    expect(crossBorder.data.list.every((r) => r.country === 'CN')).toBe(true);
    expect((await admin.get<Page>(MERCHANT.list, { status: 2 })).data.total).toBe(1);
    expect((await admin.get<Page>(MERCHANT.list, { merchant_name: 'wholesale' })).data.list.map((r) => r.merchant_name)).toEqual(['Yiwu Wholesale']);
    expect((await admin.get<Page>(MERCHANT.list, { country: 'XX' })).retcode).toBe(RET.BAD_INPUT);
    const detail = await admin.get<Row>(MERCHANT.detail, { merchant_id: `M${cc}003` });
    expect(detail.data).toMatchObject({ merchant_name: 'Gadget Hub', merchant_type: 1 });
    expect((await admin.get(MERCHANT.detail, { merchant_id: `M${otherCc}003` })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('get_category_tree', () => {
  test('one tree of L1–L5 nodes, parents first, every parent present', async () => {
    const res = await admin.get<{ list: CategoryNode[] }>(CATEGORY_TREE);
    expect(res.retcode).toBe(0);
    const nodes = res.data.list;
    expect(nodes.length).toBeGreaterThanOrEqual(40);
    expect([...new Set(nodes.map((n) => n.level))].sort()).toEqual([1, 2, 3, 4, 5]);
    const seen = new Map<string, CategoryNode>();
    for (const node of nodes) {
      if (node.level === 1) expect(node.parent_id).toBeNull();
      else expect(seen.get(node.parent_id!)?.level, node.category_id).toBe(node.level - 1);
      seen.set(node.category_id, node);
    }
    expect(nodes.filter((n) => n.level === 1).map((n) => n.category_name)).toContain('Electronics');
    expect(nodes.find((n) => n.level === 5)?.category_name).toBe('5G Android Phones');
  });
});

describe('search_dock and get_dock_detail', () => {
  test('eight docks; type, status, zone prefix and name filters; detail', async () => {
    const res = await admin.get<Page>(DOCK.list);
    expect(res.data.total).toBe(8);
    expect(ids((await admin.get<Page>(DOCK.list, { dock_type: 1 })).data, 'dock_code')).toEqual(['D01', 'D02', 'D03', 'D04']);
    expect(ids((await admin.get<Page>(DOCK.list, { status: 2 })).data, 'dock_code')).toEqual(['D02', 'D06']);
    expect(ids((await admin.get<Page>(DOCK.list, { zone: 'ob' })).data, 'dock_code')).toEqual(['D05', 'D06', 'D07']);
    expect(ids((await admin.get<Page>(DOCK.list, { dock_name: 'door 2' })).data, 'dock_code')).toEqual(['D02', 'D06']);
    expect(ids((await admin.get<Page>(DOCK.list, { sort_by: 'zone', sort_desc: 1, page_size: 20 })).data, 'dock_code')[0]).toBe('D08');
    expect((await admin.get<Page>(DOCK.list, { dock_type: 4 })).retcode).toBe(RET.BAD_INPUT);
    const detail = await admin.get<Row>(DOCK.detail, { dock_code: 'D08' });
    expect(detail.data).toMatchObject({ dock_name: 'Cross Dock', dock_type: 3, status: 1, zone: 'XD', max_vehicles: 2 });
    expect((await admin.get(DOCK.detail, { dock_code: 'D99' })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('search_station', () => {
  test('stations of every type; checking stations carry their mode', async () => {
    const res = await admin.get<Page>(STATION.list);
    expect(res.data.total).toBe(18);
    const types = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((t) => admin.get<Page>(STATION.list, { station_type: t })));
    expect(types.map((t) => t.data.total)).toEqual([4, 4, 2, 2, 2, 2, 2]);
    expect(types[0]!.data.list.map((r) => r.checking_mode)).toEqual([0, 1, 2, 0]);
    expect(types.slice(1).every((t) => t.data.list.every((r) => r.checking_mode === null))).toBe(true);
    expect(ids((await admin.get<Page>(STATION.list, { checking_mode: 2 })).data, 'station_id')).toEqual(['CHK-03']);
    const operator = await admin.get<Page>(STATION.list, { assigned_user: 'OPERATOR@', page_size: 50 });
    expect(operator.data.total).toBe(6);
    expect((await admin.get<Page>(STATION.list, { station_type: 8 })).retcode).toBe(RET.BAD_INPUT);
    expect((await admin.get<Row>(STATION.detail, { station_id: 'PCK-02' })).data).toMatchObject({ station_type: 2, station_name: 'Packing Station 2' });
    expect((await admin.get(STATION.detail, { station_id: 'NOPE-01' })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('station record settings', () => {
  test('every station type has settings: defaults until saved', async () => {
    const res = await admin.get<{ list: RecordSetting[] }>(RECORD_SETTINGS);
    expect(res.data.list.map((s) => s.station_type)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(res.data.list[1]).toEqual({
      station_type: 2, record_video: 1, record_photo: 0, record_weight: 1, scan_inner_packaging: 0, scan_outer_packaging: 0, video_max_seconds: 120, retention_days: 30,
    });
  });

  test('saving some types keeps the others, and stays in the warehouse', async () => {
    const packing = { station_type: 2, record_video: 0, record_photo: 1, record_weight: 1, scan_inner_packaging: 0, scan_outer_packaging: 1, video_max_seconds: 300, retention_days: 90 };
    const qc = { station_type: 7, record_video: 1, record_photo: 1, record_weight: 0, video_max_seconds: 60, retention_days: 14 };
    const saved = await admin.post<{ list: RecordSetting[] }>(UPDATE_RECORD_SETTINGS, { list: [packing, qc] });
    expect(saved.retcode).toBe(0);
    expect(saved.data.list[1]).toEqual(packing);
    // Packaging scans left out are off.
    expect(saved.data.list[6]).toEqual({ ...qc, scan_inner_packaging: 0, scan_outer_packaging: 0 });
    expect(saved.data.list[0]).toMatchObject({ station_type: 1, record_video: 1, video_max_seconds: 120 });
    // Saved again over the first save.
    await admin.post(UPDATE_RECORD_SETTINGS, { list: [{ ...packing, retention_days: 60 }] });
    expect((await admin.get<{ list: RecordSetting[] }>(RECORD_SETTINGS)).data.list[1]!.retention_days).toBe(60);

    const other = admin.clone();
    const otherWhs = admin.whsId === 'IDJKT1' ? 'SGSIN1' : 'IDJKT1';
    expect((await other.post(SWITCH, { type: 'whs', value: otherWhs })).retcode).toBe(0);
    try {
      const theirs = await other.get<{ list: RecordSetting[] }>(RECORD_SETTINGS);
      expect(theirs.data.list[1]).toMatchObject({ record_video: 1, retention_days: 30 });
    } finally {
      expect((await other.post(SWITCH, { type: 'whs', value: admin.whsId })).retcode).toBe(0);
    }
  });

  test('bad settings are refused with -100400 and change nothing', async () => {
    const before = (await admin.get<{ list: RecordSetting[] }>(RECORD_SETTINGS)).data;
    const valid = { station_type: 3, record_video: 1, record_photo: 0, record_weight: 0, video_max_seconds: 120, retention_days: 30 };
    for (const [body, field] of [
      [{ list: [valid, { ...valid, record_video: 0 }] }, 'list.1.station_type'],
      [{ list: [{ ...valid, video_max_seconds: 5 }] }, 'video_max_seconds'],
      [{ list: [{ ...valid, retention_days: 366 }] }, 'retention_days'],
      [{ list: [{ ...valid, station_type: 9 }] }, 'station_type'],
      [{ list: [{ ...valid, record_photo: 2 }] }, 'record_photo'],
      [{ list: [] }, 'list'],
    ] as const) {
      const res = await admin.post(UPDATE_RECORD_SETTINGS, body);
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
    expect((await admin.get<{ list: RecordSetting[] }>(RECORD_SETTINGS)).data).toEqual(before);
  });
});

// Runs after the read tests above: it adds a shop and moves shops between groups.
describe('create_shop and update_shop', () => {
  const groupCounts = async () => Object.fromEntries((await admin.get<Page>(GROUP.list)).data.list.map((r) => [r.group_id, r.shop_count]));
  const newShop = () => ({
    shop_id: `SH${cc}9001`, shop_name: '  Pasar Pagi Official  ', merchant_id: `M${cc}002`, group_id: 'GRP-MALL',
    shop_type: 1, is_cross_border: 0, status: 1, contact_email: 'ops@pasarpagi.example',
  });

  test('creates a shop in the warehouse: trimmed, counted in its group, listed and readable', async () => {
    const before = await groupCounts();
    const res = await admin.post<Row>(SHOP.create, newShop());
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toMatchObject({ shop_id: `SH${cc}9001`, shop_name: 'Pasar Pagi Official', group_id: 'GRP-MALL', phone: null, remark: null });
    expect((await admin.get<Row>(SHOP.detail, { shop_id: `SH${cc}9001` })).data).toEqual(res.data);
    expect((await admin.get<Page>(SHOP.list)).data.total).toBe(26);
    expect(await groupCounts()).toEqual({ ...before, 'GRP-MALL': Number(before['GRP-MALL']) + 1 });
  });

  test('create refusals: existing id -100411, bad or missing fields and unknown references -100400, nothing written', async () => {
    expect((await admin.post(SHOP.create, newShop())).retcode).toBe(RET.DUPLICATE);
    const { shop_name: _name, ...noName } = newShop();
    for (const [body, field] of [
      [{ ...noName, shop_id: `SH${cc}9002` }, 'shop_name'],
      [{ ...newShop(), shop_id: `SH${cc}9002`, shop_name: '   ' }, 'shop_name'],
      [{ ...newShop(), shop_id: `SH${cc}9002`, merchant_id: `M${otherCc}002` }, 'merchant_id'],
      // M<CC>009 is the inactive merchant: a shop names only active ones (the field's refWhere).
      [{ ...newShop(), shop_id: `SH${cc}9002`, merchant_id: `M${cc}009` }, 'merchant_id'],
      [{ ...newShop(), shop_id: `SH${cc}9002`, group_id: 'GRP-NONE' }, 'group_id'],
      [{ ...newShop(), shop_id: `SH${cc}9002`, status: 3 }, 'status'],
      [{ ...newShop(), shop_id: `SH${cc}9002`, contact_email: 'not-an-email' }, 'contact_email'],
      [{ ...newShop(), shop_id: 'x'.repeat(33) }, 'shop_id'],
    ] as const) {
      const res = await admin.post(SHOP.create, body);
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
    expect((await admin.get(SHOP.detail, { shop_id: `SH${cc}9002` })).retcode).toBe(RET.NOT_FOUND);
  });

  test('edits the fields sent; moving a shop between groups moves it in the counts', async () => {
    const before = await groupCounts();
    const res = await admin.post<Row>(SHOP.update, { shop_id: `SH${cc}0003`, group_id: 'GRP-PREF', remark: 'Moved to preferred' });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toMatchObject({ shop_id: `SH${cc}0003`, shop_name: 'Gadget Hub Official Store', group_id: 'GRP-PREF', remark: 'Moved to preferred' });
    expect(await groupCounts()).toEqual({ ...before, 'GRP-SME': Number(before['GRP-SME']) - 1, 'GRP-PREF': Number(before['GRP-PREF']) + 1 });
    // Leaving every group (null clears an optional field).
    const ungrouped = await admin.post<Row>(SHOP.update, { shop_id: `SH${cc}0003`, group_id: null });
    expect(ungrouped.data.group_id).toBeNull();
    expect((await groupCounts())['GRP-PREF']).toBe(before['GRP-PREF']);
  });

  test('update refusals: unknown or other warehouse\'s shop -100404, bad values -100400, nothing changed', async () => {
    expect((await admin.post(SHOP.update, { shop_id: `SH${cc}9999`, shop_name: 'X' })).retcode).toBe(RET.NOT_FOUND);
    expect((await admin.post(SHOP.update, { shop_id: `SH${otherCc}0001`, shop_name: 'X' })).retcode).toBe(RET.NOT_FOUND);
    const before = (await admin.get<Row>(SHOP.detail, { shop_id: `SH${cc}0004` })).data;
    for (const [body, field] of [
      [{ shop_id: `SH${cc}0004`, shop_name: '' }, 'shop_name'],
      [{ shop_id: `SH${cc}0004`, merchant_id: 'M-NOPE' }, 'merchant_id'],
      [{ shop_id: `SH${cc}0004`, group_id: 'GRP-NONE' }, 'group_id'],
      [{ shop_id: `SH${cc}0004`, shop_type: 9 }, 'shop_type'],
      [{ shop_id: `SH${cc}0004`, status: null }, 'status'],
    ] as const) {
      const res = await admin.post(SHOP.update, body);
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
    expect((await admin.get<Row>(SHOP.detail, { shop_id: `SH${cc}0004` })).data).toEqual(before);
  });
});

describe('permissions', () => {
  test('an operator has none of the catalog pages: every call is refused', async () => {
    const operator = await server.login('operator@demo.local');
    const calls: [string, Record<string, unknown>][] = [
      [SHOP.list, {}], [SHOP.detail, { shop_id: `SH${cc}0001` }], [GROUP.list, {}], [GROUP.detail, { group_id: 'GRP-CB' }],
      [MERCHANT.list, {}], [MERCHANT.detail, { merchant_id: `M${cc}001` }], [CATEGORY_TREE, {}],
      [DOCK.list, {}], [DOCK.detail, { dock_code: 'D01' }], [STATION.list, {}], [STATION.detail, { station_id: 'CHK-01' }],
      [RECORD_SETTINGS, {}],
    ];
    for (const [path, query] of calls) expect((await operator.get(path, query)).retcode, path).toBe(RET.PERMISSION_DENIED);
    expect((await operator.post(SHOP.create, { shop_id: `SH${cc}9100`, shop_name: 'X', merchant_id: `M${cc}001`, shop_type: 3, status: 1 })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.post(SHOP.update, { shop_id: `SH${cc}0001`, shop_name: 'X' })).retcode).toBe(RET.PERMISSION_DENIED);
    const update = await operator.post(UPDATE_RECORD_SETTINGS, { list: [{ station_type: 1, record_video: 0, record_photo: 0, record_weight: 0, video_max_seconds: 60, retention_days: 7 }] });
    expect(update.retcode).toBe(RET.PERMISSION_DENIED);
    expect((await server.client().get(SHOP.list)).retcode).toBe(RET.NOT_LOGGED_IN);
  });

  test('a supervisor holds the page permissions', async () => {
    const supervisor = await server.login('supervisor@demo.local');
    for (const path of [SHOP.list, GROUP.list, MERCHANT.list, CATEGORY_TREE, DOCK.list, STATION.list, RECORD_SETTINGS]) {
      expect((await supervisor.get(path)).retcode, path).toBe(0);
    }
  });

  test('record settings: the tab\'s View reads them, saving needs its Edit permission', async () => {
    const db = server.database.db;
    const [role] = await db.insert(roles).values({ whsId: 'SGSIN1', roleName: 'Record settings reader' }).returning();
    await db.insert(rolePermissions).values({ whsId: 'SGSIN1', roleId: role!.roleId, perm: 'PC.WMSBasic.StationManagement.RecordSettings.View' });
    await server.createUser({ email: 'record.reader@demo.local', role: 'Record settings reader' as 'Operator' });
    const reader = await server.loginAt('record.reader@demo.local', 'SGSIN1');
    const before = await reader.get<{ list: RecordSetting[] }>(RECORD_SETTINGS);
    expect(before.retcode).toBe(0);
    const packing = { ...before.data.list[1]!, record_video: 1 - before.data.list[1]!.record_video };
    const refused = await reader.post(UPDATE_RECORD_SETTINGS, { list: [packing] });
    expect(refused).toMatchObject({ retcode: RET.PERMISSION_DENIED, data: { perm: 'PC.WMSBasic.StationManagement.RecordSettings.Edit' } });
    expect((await reader.get<{ list: RecordSetting[] }>(RECORD_SETTINGS)).data).toEqual(before.data);
    await db.insert(rolePermissions).values({ whsId: 'SGSIN1', roleId: role!.roleId, perm: 'PC.WMSBasic.StationManagement.RecordSettings.Edit' });
    expect((await reader.post<{ list: RecordSetting[] }>(UPDATE_RECORD_SETTINGS, { list: [packing] })).data.list[1]).toEqual(packing);
  });
});
