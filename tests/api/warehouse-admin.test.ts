import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { roles, userWarehouses } from '../../src/server/db/schema';
import { INBOUND_STAGING_TYPE } from '../../src/shared/resources/location-codes';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import { RET } from '../../src/shared/retcodes';
import { CREATE_BPO_USER, CREATE_ROLE, receivingSetup } from '../support/new-warehouse';

/** The warehouse pages' calls (spec §7 Warehouse), derived from the warehouse resource with the forms kit. */
const BASE = '/apps/basic/location';
const LIST = `${BASE}/search_warehouse`;
const DETAIL = `${BASE}/get_warehouse_detail`;
const CREATE = `${BASE}/create_warehouse`;
const UPDATE = `${BASE}/update_warehouse`;
const COUNTRIES = `${BASE}/get_country_list`;
const LOGIN_INFO = '/apps/system/user/get_login_info';
const SWITCH = '/apps/system/user/switch_user_setting';

interface WarehouseRow {
  whs_id: string; whs_name: string; whs_no: string | null; country: string | null; time_region: string | null;
  is_rms: 0 | 1 | null; is_use_channel: 0 | 1 | null; quota_mode: 0 | 1 | null; created_at: number | null;
}
interface Page { list: WarehouseRow[]; total: number; page_no: number; page_size: number }

let server: TestServer;
let admin: TestClient;
const newWarehouse = (whsId: string, more: Record<string, unknown> = {}) =>
  ({ whs_id: whsId, whs_name: `Test ${whsId}`, time_region: 'Asia/Jakarta', is_use_channel: 0, quota_mode: 0, ...more });

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin@demo.local');
});
afterAll(async () => {
  await server?.close();
});

describe('search_warehouse', () => {
  test('every warehouse (they are global), in id order, with derived country and is_rms and unix-second times', async () => {
    const res = await admin.get<Page>(LIST);
    expect(res.retcode).toBe(0);
    const ids = res.data.list.map((r) => r.whs_id);
    expect(ids).toEqual(expect.arrayContaining(['IDJKT1', 'MYKUL1', 'PHMNL1', 'SGSIN1', 'THBKK1', 'VNHCM1']));
    expect(ids).toEqual([...ids].sort());
    const vn = res.data.list.find((r) => r.whs_id === 'VNHCM1')!;
    expect(vn).toMatchObject({ country: 'VN', is_rms: 1, is_use_channel: 0, quota_mode: 0, time_region: 'Asia/Ho_Chi_Minh' });
    expect(res.data.list.find((r) => r.whs_id === 'SGSIN1')).toMatchObject({ country: 'SG', is_rms: 0 });
    expect(String(vn.created_at)).toMatch(/^\d{10}$/);
  });

  test('filters (id prefix any case, name containing, country, is_rms, created time range) and pages', async () => {
    for (let i = 1; i <= 3; i++) expect((await admin.post(CREATE, newWarehouse(`IDSUB${i}`))).retcode).toBe(0);
    const prefix = await admin.get<Page>(LIST, { whs_id: 'idsub' });
    expect(prefix.data.list.map((r) => r.whs_id)).toEqual(['IDSUB1', 'IDSUB2', 'IDSUB3']);
    const paged = await admin.get<Page>(LIST, { whs_id: 'ID', page_size: 20, page_no: 1, sort_by: 'whs_id', sort_desc: 1 });
    expect(paged.data.list.map((r) => r.whs_id)).toEqual(['IDSUB3', 'IDSUB2', 'IDSUB1', 'IDJKT1']);
    expect((await admin.get<Page>(LIST, { whs_name: 'test idsub2' })).data.list.map((r) => r.whs_id)).toEqual(['IDSUB2']);
    expect((await admin.get<Page>(LIST, { country: 'VN' })).data.list.map((r) => r.whs_id)).toEqual(['VNHCM1']);
    expect((await admin.get<Page>(LIST, { is_rms: 1 })).data.list.map((r) => r.whs_id)).toEqual(['VNHCM1']);
    const created = prefix.data.list[0]!.created_at!;
    const recent = await admin.get<Page>(LIST, { created_at_from: created - 60, created_at_to: created + 60 });
    expect(recent.data.list.map((r) => r.whs_id)).toEqual(expect.arrayContaining(['IDSUB1', 'IDSUB2', 'IDSUB3']));
    expect((await admin.get<Page>(LIST, { whs_id: 'IDSUB', created_at_from: created + 3600 })).data.total).toBe(0);
    expect((await admin.get<Page>(LIST, { created_at_to: 1 })).data.total).toBe(0);
  });

  test('bad filters are refused with -100400 naming the field', async () => {
    for (const [query, field] of [
      [{ page_size: 30 }, 'page_size'], [{ country: 'XX' }, 'country'], [{ is_rms: 2 }, 'is_rms'],
      [{ created_at_from: 'yesterday' }, 'created_at_from'], [{ created_at_to: 12345678901 }, 'created_at_to'],
    ] as const) {
      const res = await admin.get(LIST, query);
      expect(res.retcode, JSON.stringify(query)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
  });
});

describe('create_warehouse', () => {
  test('creates it: id upper-cased, country and is_rms from the id; its Administrator role exists', async () => {
    const res = await admin.post<WarehouseRow>(CREATE, newWarehouse(' vnhan2 ', { whs_name: '  Hanoi North  ', time_region: 'Asia/Ho_Chi_Minh', whs_no: '602', quota_mode: 1 }));
    expect(res.retcode).toBe(0);
    expect(res.data).toMatchObject({
      whs_id: 'VNHAN2', whs_name: 'Hanoi North', whs_no: '602', country: 'VN', is_rms: 1, time_region: 'Asia/Ho_Chi_Minh', quota_mode: 1, is_use_channel: 0,
    });
    expect(Math.abs(res.data.created_at! - Date.now() / 1000)).toBeLessThan(3600);
    const detail = await admin.get<WarehouseRow & { currency: string }>(DETAIL, { whs_id: 'VNHAN2' });
    expect(detail.data).toMatchObject({ whs_id: 'VNHAN2', whs_name: 'Hanoi North', currency: 'VND' });
    const roleRows = await server.database.db.select().from(roles).where(eq(roles.whsId, 'VNHAN2'));
    expect(roleRows.map((r) => [r.roleName, r.allPermissions])).toEqual([['Administrator', true]]);
  });

  test('a super admin sees the new warehouse in the switcher and can switch to it', async () => {
    await admin.post(CREATE, newWarehouse('SGNEW5', { time_region: 'Asia/Singapore' }));
    const info = await admin.get<{ whs_id_country: { whs_id: string; country: string; is_rms: boolean }[] }>(LOGIN_INFO);
    expect(info.data.whs_id_country).toContainEqual(expect.objectContaining({ whs_id: 'SGNEW5', country: 'SG', is_rms: false }));
    const other = await server.login('admin@demo.local');
    expect((await other.post(SWITCH, { type: 'whs', value: 'SGNEW5' })).retcode).toBe(0);
  });

  test('a creator who is not a super admin joins the new warehouse as its Administrator', async () => {
    const { email, userId } = await server.createUser({ email: 'whs-creator@demo.local', warehouses: ['SGSIN1'], role: 'Administrator' });
    const creator = await server.login(email);
    expect((await creator.post(CREATE, newWarehouse('THCNX1', { time_region: 'Asia/Bangkok' }))).retcode).toBe(0);
    const [member] = await server.database.db.select({ roleName: roles.roleName }).from(userWarehouses)
      .innerJoin(roles, and(eq(roles.whsId, userWarehouses.whsId), eq(roles.roleId, userWarehouses.roleId)))
      .where(and(eq(userWarehouses.userId, userId), eq(userWarehouses.whsId, 'THCNX1')));
    expect(member).toEqual({ roleName: 'Administrator' });
    const info = await creator.get<{ whs_id_country: { whs_id: string }[] }>(LOGIN_INFO);
    expect(info.data.whs_id_country.map((w) => w.whs_id)).toContain('THCNX1');
  });

  test('invalid input is refused with -100400 naming each wrong field, and nothing is created', async () => {
    const missing = await admin.post(CREATE, { whs_id: 'SGBAD1' });
    expect(missing.retcode).toBe(RET.BAD_INPUT);
    const paths = (missing.data as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['whs_name', 'time_region', 'is_use_channel', 'quota_mode']));
    for (const [body, field] of [
      [newWarehouse('SGBAD1', { whs_name: '   ' }), 'whs_name'],
      [newWarehouse('S'), 'whs_id'],
      [newWarehouse('SG BAD'), 'whs_id'],
      [newWarehouse('XXBAD1'), 'whs_id'],
      [newWarehouse('SGBAD1', { quota_mode: 2 }), 'quota_mode'],
      [newWarehouse('SGBAD1', { is_use_channel: true }), 'is_use_channel'],
      [newWarehouse('SGBAD1', { whs_no: 'x'.repeat(17) }), 'whs_no'],
      [newWarehouse('SGBAD1', { time_region: 'Asia/Jakarta' }), 'time_region'],
      [newWarehouse('SGBAD1', { time_region: 'Mars/Olympus' }), 'time_region'],
    ] as const) {
      const res = await admin.post(CREATE, body);
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
    expect((await admin.get(DETAIL, { whs_id: 'SGBAD1' })).retcode).toBe(RET.NOT_FOUND);
  });

  test('server-set fields sent by the client are ignored', async () => {
    const res = await admin.post<WarehouseRow>(CREATE, newWarehouse('IDRO1', { country: 'VN', is_rms: 1, created_at: 1 }));
    expect(res.retcode).toBe(0);
    expect(res.data).toMatchObject({ country: 'ID', is_rms: 0 });
    expect(res.data.created_at).toBeGreaterThan(1);
  });

  test('an existing id (any case) is refused with -100411 naming it; the existing warehouse is unchanged', async () => {
    const res = await admin.post(CREATE, newWarehouse('sgsin1', { time_region: 'Asia/Singapore', whs_name: 'Impostor' }));
    expect(res.retcode).toBe(RET.DUPLICATE);
    expect(res.message).toContain('SGSIN1');
    expect((await admin.get<WarehouseRow>(DETAIL, { whs_id: 'SGSIN1' })).data.whs_name).toBe('Singapore Tuas DC');
  });
});

describe('a new warehouse set up for receiving', () => {
  const L = '/apps/basic/location';
  const WHS = 'PHNEW7';
  const setup = receivingSetup(WHS);
  let here: TestClient;

  beforeAll(async () => {
    expect((await admin.post(CREATE, newWarehouse(WHS, { time_region: 'Asia/Manila' }))).retcode).toBe(0);
    here = await server.loginAt('admin@demo.local', WHS);
  });

  test('it starts with a park, a zone cluster and the inbound staging locations receiving needs', async () => {
    expect((await here.get(`${L}/search_park`)).data.list.map((r: { park_id: string }) => r.park_id)).toEqual(['P1']);
    expect((await here.get(`${L}/search_zone_cluster`)).data.list).toEqual([expect.objectContaining({ zone_cluster_id: 'ZC-MAIN', park_id: 'P1' })]);
    const staging = (await here.get(`${L}/search_inbound_staging_location`)).data.list.map((r: { location_code: string; staging_type: number; status: number }) => [r.location_code, r.staging_type, r.status]);
    const T = INBOUND_STAGING_TYPE.values;
    expect(staging).toEqual([['IB-ARRIVING-01', T.ARRIVING, 1], ['IB-DISPUTE-01', T.DISPUTE, 1], ['IB-PUTAWAY-01', T.PUTAWAY, 1], ['IB-QC-01', T.QC, 1]]);
    expect((await here.get(`${L}/search_cell`)).data.total).toBe(0);
  });

  test('zone, pathway, cells, supplier, SKUs, shift and QC rule are made with the app\'s calls', async () => {
    for (const [path, body] of setup.calls) {
      const res = await here.post(path, body);
      expect(res.retcode, `${path} ${res.message}`).toBe(0);
    }
    const cells = await here.get(`${L}/search_cell`, { zone_id: setup.zone.zone_id });
    expect(cells.data.list.map((c: { location_code: string; pathway_id: string; occupancy: number }) => [c.location_code, c.pathway_id, c.occupancy])).toEqual(
      setup.cells.map((c) => [c.location_code, setup.pathway.pathway_id, 1]),
    );
    expect((await here.get('/apps/basic/sku/get_sku_detail', { sku_id: setup.skus.phone.sku_id })).data).toMatchObject({ sku_name: 'Smartphone 128GB', is_high_value: 1 });
    expect((await here.get('/apps/basic/supplier/get_supplier_detail', { supplier_id: setup.supplier.supplier_id })).data).toMatchObject({ status: 1 });
    // Nothing of it is in another warehouse.
    const elsewhere = await server.loginAt('admin@demo.local', 'SGSIN1');
    expect((await elsewhere.get('/apps/basic/sku/get_sku_detail', { sku_id: setup.skus.phone.sku_id })).retcode).toBe(RET.NOT_FOUND);
    expect((await elsewhere.get(`${L}/get_cell_detail`, { location_code: setup.cells[0]!.location_code })).retcode).toBe(RET.NOT_FOUND);
  });

  test('bad locations are refused naming the field, and nothing is made', async () => {
    const cell = setup.cells[0]!;
    const otherZone = { ...setup.zone, zone_id: 'R02', zone_name: 'Other' };
    expect((await here.post(`${L}/create_zone`, otherZone)).retcode).toBe(0);
    for (const [path, body, field] of [
      [`${L}/create_pathway`, { ...setup.pathway, pathway_id: 'R 01' }, 'pathway_id'],
      [`${L}/create_pathway`, { ...setup.pathway, pathway_id: 'R09-01', zone_id: 'NOPE' }, 'zone_id'],
      [`${L}/create_cell`, { ...cell, location_code: 'R01--9' }, 'location_code'],
      [`${L}/create_cell`, { ...cell, location_code: 'IB-PUTAWAY-01' }, 'location_code'],
      [`${L}/create_cell`, { ...cell, location_code: 'R02-01-01-1', zone_id: 'R02' }, 'pathway_id'],
      [`${L}/create_cell`, { ...cell, location_code: 'R01-01-01-9', pathway_id: 'NOPE' }, 'pathway_id'],
      [`${L}/create_cell`, { ...cell, location_code: 'R01-01-01-9', storage_area: 9 }, 'storage_area'],
      ['/apps/basic/sku/create_sku', { ...setup.skus.shirt, sku_id: `${WHS}-NONAME`, sku_name: ' ' }, 'sku_name'],
      ['/apps/basic/supplier/create_supplier', { ...setup.supplier, supplier_id: 'SUP-X', country: 'XX' }, 'country'],
    ] as const) {
      const res = await here.post(path, body);
      expect(res.retcode, `${path} ${JSON.stringify(body)}`).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
    expect((await here.get(`${L}/search_cell`, { location_code: 'R01-01-01-9,R02-01-01-1,IB-PUTAWAY-01' })).data.total).toBe(0);
    for (const [path, body] of [[`${L}/create_cell`, cell], ['/apps/basic/sku/create_sku', setup.skus.phone], ['/apps/basic/supplier/create_supplier', setup.supplier]] as const) {
      expect((await here.post(path, body)).retcode, path).toBe(RET.DUPLICATE);
    }
  });

  test('an operator role and a BPO account for it; operators may not lay out the warehouse', async () => {
    const role = await here.post<{ role_id: number }>(CREATE_ROLE, setup.operatorRole);
    expect(role.retcode).toBe(0);
    const account = await here.post<{ user_id: number; temporary_password: string }>(CREATE_BPO_USER, {
      email: `op.${WHS.toLowerCase()}@agency.example`, display_name: 'New Operator', role_id: role.data.role_id,
    });
    expect(account.retcode).toBe(0);
    const operator = await server.login(`op.${WHS.toLowerCase()}@agency.example`, account.data.temporary_password);
    expect(operator.whsId).toBe(WHS);
    const change = { old_pwd: hashPasswordForTransport(account.data.temporary_password), new_pwd: 'NewOper8tor' };
    expect((await operator.post('/apps/system/user/reset_my_pwd', change)).retcode).toBe(0);
    expect((await operator.post(`${L}/create_cell`, { ...setup.cells[0]!, location_code: 'R01-01-01-8' })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.get('/apps/process/inbound/counting/search_group_list')).retcode).toBe(0);
  });
});

describe('update_warehouse (a GET with params)', () => {
  test('changes only the fields sent; immutable and server-set fields are not written; an empty value clears', async () => {
    await admin.post(CREATE, newWarehouse('MYUPD1', { time_region: 'Asia/Kuala_Lumpur', whs_no: '777' }));
    const res = await admin.get<WarehouseRow>(UPDATE, { whs_id: 'MYUPD1', whs_name: ' Renamed ', quota_mode: 1, is_use_channel: 1, country: 'VN', is_rms: 1 });
    expect(res.retcode).toBe(0);
    expect(res.data).toMatchObject({ whs_id: 'MYUPD1', whs_name: 'Renamed', quota_mode: 1, is_use_channel: 1, whs_no: '777', country: 'MY', is_rms: 0, time_region: 'Asia/Kuala_Lumpur' });
    const zone = await admin.get<WarehouseRow>(UPDATE, { whs_id: 'MYUPD1', time_region: 'Asia/Kuching', whs_no: '' });
    expect(zone.data).toMatchObject({ whs_name: 'Renamed', time_region: 'Asia/Kuching', whs_no: '' });
    expect((await admin.get<WarehouseRow>(DETAIL, { whs_id: 'MYUPD1' })).data).toMatchObject({ time_region: 'Asia/Kuching', quota_mode: 1 });
  });

  test('bad values are refused with -100400 naming the field and change nothing', async () => {
    for (const [query, field] of [
      [{ whs_id: 'SGSIN1', whs_name: '' }, 'whs_name'],
      [{ whs_id: 'SGSIN1', quota_mode: 'integrated' }, 'quota_mode'],
      [{ whs_id: 'SGSIN1', time_region: 'Asia/Bangkok' }, 'time_region'],
      [{ whs_name: 'No id' }, 'whs_id'],
    ] as const) {
      const res = await admin.get(UPDATE, query);
      expect(res.retcode, JSON.stringify(query)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
    expect((await admin.get<WarehouseRow>(DETAIL, { whs_id: 'SGSIN1' })).data).toMatchObject({ whs_name: 'Singapore Tuas DC', time_region: 'Asia/Singapore' });
  });

  test('it changes state, so without the CSRF header it is refused (-100408) and nothing changes', async () => {
    const res = await admin.get(UPDATE, { whs_id: 'SGSIN1', whs_name: 'Forged' }, { csrf: false });
    expect(res.retcode).toBe(RET.CSRF_INVALID);
    const wrong = await admin.get(UPDATE, { whs_id: 'SGSIN1', whs_name: 'Forged' }, { headers: { 'x-csrf-token': 'nope' } });
    expect(wrong.retcode).toBe(RET.CSRF_INVALID);
    expect((await admin.get<WarehouseRow>(DETAIL, { whs_id: 'SGSIN1' })).data.whs_name).toBe('Singapore Tuas DC');
  });

  test('an unknown warehouse is -100404', async () => {
    const res = await admin.get(UPDATE, { whs_id: 'SGNOPE9', whs_name: 'Ghost' });
    expect(res.retcode).toBe(RET.NOT_FOUND);
    expect(res.message).toContain('SGNOPE9');
  });
});

describe('permissions', () => {
  test('an operator (operation pages only) may not list, create, edit or read other warehouses', async () => {
    const operator = await server.login('operator@demo.local');
    expect((await operator.get(LIST)).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.post(CREATE, newWarehouse('SGOPS1', { time_region: 'Asia/Singapore' }))).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.get(UPDATE, { whs_id: operator.whsId!, whs_name: 'Mine now' })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.get(DETAIL, { whs_id: 'MYKUL1' })).retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    // The shell still reads the operator's own warehouse.
    expect((await operator.get(DETAIL)).data).toMatchObject({ whs_id: operator.whsId, time_region: expect.any(String) });
    expect((await server.client().get(LIST)).retcode).toBe(RET.NOT_LOGGED_IN);
  });

  test('holders of the warehouse page permission read the warehouses they hold it in; any other, known or not, is -100403', async () => {
    const { email } = await server.createUser({ email: 'whs-viewer@demo.local', warehouses: ['SGSIN1', 'MYKUL1'], role: 'Supervisor' });
    const supervisor = await server.loginAt(email, 'SGSIN1');
    expect((await supervisor.get(DETAIL, { whs_id: 'MYKUL1' })).data).toMatchObject({ whs_id: 'MYKUL1', currency: 'MYR' });
    expect((await supervisor.get(DETAIL, { whs_id: 'THBKK1' })).retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    expect((await supervisor.get(DETAIL, { whs_id: 'ZZNOPE9' })).retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    expect((await supervisor.get<Page>(LIST)).data.list.map((w) => w.whs_id)).toEqual(['MYKUL1', 'SGSIN1']);
  });
});

describe('get_country_list', () => {
  test('the nine countries with their currency and time zones', async () => {
    const res = await admin.get<{ list: { country: string; currency: string; time_zones: string[] }[] }>(COUNTRIES);
    expect(res.data.list.map((c) => c.country)).toEqual(['CN', 'ID', 'MY', 'PH', 'SG', 'SZ', 'TH', 'TW', 'VN']);
    expect(res.data.list.find((c) => c.country === 'ID')).toEqual({ country: 'ID', currency: 'IDR', time_zones: ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] });
    expect(res.data.list.find((c) => c.country === 'TW')).toMatchObject({ currency: '' });
  });
});
