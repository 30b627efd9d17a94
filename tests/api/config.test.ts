import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { confValues, roles, userWarehouses } from '../../src/server/db/schema';
import { GLOBAL_WHS, writeConf } from '../../src/server/common/conf';
import { DOMAIN_ENUMS, INBOUND_STATUS } from '../../src/shared/codes';
import { ACTION_PERMISSIONS, ALL_PERMISSIONS, FEATURE_FLAGS, MENU_PERMISSIONS, OPERATION_PERMISSIONS, PAGE_ACTIONS } from '../../src/shared/permissions';
import { RET } from '../../src/shared/retcodes';
import { derivePerm } from '../../src/shared/routes/derive';

const CONF_LIST = '/configuration/get_conf_list';
const ADMIN_CONFIG = '/config/adminconfig/get_admin_config';
const MENU_SWITCH = '/menu_switch_new/list';
const ENUMS = '/apps/basic/system/domain/enums';
const SWITCH_TIME = '/apps/config/wms_v2_update/get_warehouse_switch_time';
const CC_SWITCH = '/apps/process/inventory/fullstockcount/get_cycle_count_switch';
const MENU_KEY = '/apps/system/authorization/get_my_menu_key';
const PERM = '/apps/system/authorization/get_my_perm';

let server: TestServer;
/** Super admin working in SGSIN1 and supervisor working in VNHCM1. */
let sg: TestClient;
let vn: TestClient;
let operator: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  [sg, vn, operator] = await Promise.all([server.login('admin@demo.local'), server.login('supervisor@demo.local'), server.login('operator@demo.local')]);
  expect((await sg.post('/apps/system/user/switch_user_setting', { type: 'whs', value: 'SGSIN1' })).retcode).toBe(0);
  expect((await vn.post('/apps/system/user/switch_user_setting', { type: 'whs', value: 'VNHCM1' })).retcode).toBe(0);
});
afterAll(async () => {
  await server?.close();
});

const asMap = (list: { conf_key: string; conf_value: string }[]) => Object.fromEntries(list.map((e) => [e.conf_key, e.conf_value]));

describe('get_conf_list', () => {
  test('returns the defaults of spec §9 by key and leaves unknown keys out, on a database holding no setting rows (a fresh install)', async () => {
    expect(await server.database.db.select().from(confValues).where(eq(confValues.whsId, GLOBAL_WHS))).toEqual([]);
    const keys = [
      'weak_network_switch', 'weak_network_show_again_min', 'weak_network_time_window_min', 'weak_network_count_threshold',
      'weak_network_rtt_ms', 'weak_network_ping_times', 'enable_tob_login', 'scan_interval_ms', 'no_such_key',
    ];
    const res = await sg.post(CONF_LIST, { conf_key: keys, whs_id: 'SGSIN1' });
    expect(res.retcode).toBe(0);
    expect(asMap(res.data.conf_list)).toEqual({
      weak_network_switch: '1', weak_network_show_again_min: '30', weak_network_time_window_min: '3', weak_network_count_threshold: '3',
      weak_network_rtt_ms: '300', weak_network_ping_times: '3', enable_tob_login: '0', scan_interval_ms: '200',
    });
    // whs_id may be left out: the session's warehouse.
    expect(asMap((await sg.post(CONF_LIST, { conf_key: ['weak_network_rtt_ms'] })).data.conf_list)).toEqual({ weak_network_rtt_ms: '300' });
  });

  test("the deployment's global value wins over the built-in default", async () => {
    await writeConf(server.database.db, GLOBAL_WHS, 'weak_network_rtt_ms', '450');
    try {
      expect(asMap((await sg.post(CONF_LIST, { conf_key: ['weak_network_rtt_ms', 'scan_interval_ms'] })).data.conf_list)).toEqual({ weak_network_rtt_ms: '450', scan_interval_ms: '200' });
    } finally {
      await server.database.db.delete(confValues).where(and(eq(confValues.whsId, GLOBAL_WHS), eq(confValues.confKey, 'weak_network_rtt_ms')));
    }
  });

  test('a warehouse override wins over the default (VNHCM1 turns the fulfilment chain on)', async () => {
    const inVn = await vn.post(CONF_LIST, { conf_key: ['Enable_Fulfill_Chain', 'weak_network_rtt_ms'], whs_id: 'VNHCM1' });
    expect(asMap(inVn.data.conf_list)).toEqual({ Enable_Fulfill_Chain: '1', weak_network_rtt_ms: '300' });
    const inSg = await sg.post(CONF_LIST, { conf_key: ['Enable_Fulfill_Chain'], whs_id: 'SGSIN1' });
    expect(asMap(inSg.data.conf_list)).toEqual({ Enable_Fulfill_Chain: '0' });
  });

  test('weak_network_domain: unset, it names this server as the request reached it, so a fresh install checks; an empty value turns the check off', async () => {
    const domain = async (client: TestClient, headers: Record<string, string> = {}) =>
      asMap((await client.post(CONF_LIST, { conf_key: ['weak_network_domain'] }, { headers })).data.conf_list).weak_network_domain;
    // The test app answers in-process at http://localhost; behind a trusted proxy, as forwarded.
    expect(await domain(sg)).toBe('http://localhost');
    expect(await domain(operator, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'wms.example.com' })).toBe('https://wms.example.com');
    await writeConf(server.database.db, 'VNHCM1', 'weak_network_domain', '');
    try {
      expect(await domain(vn)).toBe('');
      expect(await domain(sg)).toBe('http://localhost');
    } finally {
      await server.database.db.delete(confValues).where(and(eq(confValues.whsId, 'VNHCM1'), eq(confValues.confKey, 'weak_network_domain')));
    }
  });

  test('whs_id of another warehouse is refused with -100403, even one the user belongs to', async () => {
    const res = await vn.post(CONF_LIST, { conf_key: ['Enable_Fulfill_Chain'], whs_id: 'SGSIN1' });
    expect(res.retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    expect(res.data).toBeNull();
    expect((await operator.post(CONF_LIST, { conf_key: ['Enable_Fulfill_Chain'], whs_id: 'VNHCM1' })).retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
  });

  test('bad input is refused with -100400 naming conf_key', async () => {
    for (const body of [{}, { conf_key: [] }, { conf_key: 'weak_network_rtt_ms' }, { conf_key: [''] }, { conf_key: ['x'.repeat(129)] }, { conf_key: Array.from({ length: 201 }, (_, i) => `k${i}`) }, { conf_key: [42] }]) {
      const res = await sg.post(CONF_LIST, body);
      expect(res.retcode, JSON.stringify(body).slice(0, 80)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain('conf_key');
      expect(res.data.issues[0].path).toMatch(/^conf_key/);
    }
  });

  test('needs the CSRF header (-100408), a session (-100405) and the right tenant (-100407)', async () => {
    const body = { conf_key: ['weak_network_rtt_ms'] };
    expect((await sg.post(CONF_LIST, body, { csrf: false })).retcode).toBe(RET.CSRF_INVALID);
    expect((await server.client().post(CONF_LIST, body)).retcode).toBe(RET.NOT_LOGGED_IN);
    const stale = await sg.post(CONF_LIST, body, { headers: { 'x-tally-whs': 'VNHCM1' } });
    expect(stale.retcode).toBe(RET.WAREHOUSE_MISMATCH);
    expect(stale.data.session_whs_id).toBe('SGSIN1');
  });
});

describe('get_admin_config', () => {
  test('is public and answers enable_tob_login by default', async () => {
    const anonymous = server.client();
    const res = await anonymous.get(ADMIN_CONFIG);
    expect(res).toEqual({ retcode: 0, message: 'success', data: { conf_list: [{ conf_key: 'enable_tob_login', conf_value: '0' }] } });
    expect((await anonymous.get(ADMIN_CONFIG, { configKeyList: 'enable_tob_login' })).data).toEqual(res.data);
  });

  test('exposes only allow-listed keys: weak_network_domain and other settings give nothing', async () => {
    const anonymous = server.client();
    expect((await anonymous.get(ADMIN_CONFIG, { configKeyList: 'weak_network_domain' })).data.conf_list).toEqual([]);
    const mixed = await anonymous.get(ADMIN_CONFIG, { configKeyList: 'weak_network_domain, enable_tob_login ,scan_interval_exempt_permission' });
    expect(mixed.data.conf_list).toEqual([{ conf_key: 'enable_tob_login', conf_value: '0' }]);
    // Signed in makes no difference: it is the login page's endpoint.
    expect((await sg.get(ADMIN_CONFIG, { configKeyList: 'weak_network_domain' })).data.conf_list).toEqual([]);
  });

  test('reflects a change of the setting', async () => {
    await writeConf(server.database.db, '', 'enable_tob_login', '1');
    try {
      expect((await server.client().get(ADMIN_CONFIG)).data.conf_list).toEqual([{ conf_key: 'enable_tob_login', conf_value: '1' }]);
    } finally {
      await writeConf(server.database.db, '', 'enable_tob_login', '0');
    }
  });

  test('an oversized key list is refused with -100400, not a 500', async () => {
    const client = server.client();
    const res = await client.get(ADMIN_CONFIG, { configKeyList: 'enable_tob_login,'.repeat(200) });
    expect(res.retcode).toBe(RET.BAD_INPUT);
    expect(res.message).toContain('configKeyList');
    expect(client.lastStatus).toBeLessThan(500);
  });
});

describe('menu_switch_new/list', () => {
  const flags = async (client: TestClient) => {
    const res = await client.get(MENU_SWITCH);
    expect(res.retcode).toBe(0);
    return Object.fromEntries((res.data.list as { flag: string; enabled: boolean }[]).map((f) => [f.flag, f.enabled]));
  };

  test('lists every feature flag for the current warehouse: fulfilChain on in VNHCM1, off in SGSIN1', async () => {
    const inVn = await flags(vn);
    const inSg = await flags(sg);
    expect(Object.keys(inSg).sort()).toEqual(Object.keys(FEATURE_FLAGS).sort());
    expect(inVn.fulfilChain).toBe(true);
    expect(inSg.fulfilChain).toBe(false);
    // The diversion putaway rule flag is on while its setting is falsy (spec §4).
    expect(inSg.inboundDiversionPutawayRule).toBe(true);
    expect(inSg.parcelCounting).toBe(false);
  });

  test('follows the warehouse setting', async () => {
    await writeConf(server.database.db, 'SGSIN1', 'Inbound_Parcel_Counting', '1');
    await writeConf(server.database.db, 'SGSIN1', 'Enable_Fulfill_Chain_Inbound_Diversion_Putaway_Rule', '1');
    try {
      const inSg = await flags(sg);
      expect(inSg.parcelCounting).toBe(true);
      expect(inSg.inboundDiversionPutawayRule).toBe(false);
      expect((await flags(vn)).parcelCounting).toBe(false);
    } finally {
      await writeConf(server.database.db, 'SGSIN1', 'Inbound_Parcel_Counting', '0');
      await writeConf(server.database.db, 'SGSIN1', 'Enable_Fulfill_Chain_Inbound_Diversion_Putaway_Rule', '0');
    }
  });
});

describe('domain enums', () => {
  test('lists every coded enum as {value, name}; inbound status has PENDING 0', async () => {
    const res = await operator.get(ENUMS);
    expect(res.retcode).toBe(0);
    const enums = res.data.enums as Record<string, { value: number | string; name: string }[]>;
    expect(Object.keys(enums).sort()).toEqual(Object.keys(DOMAIN_ENUMS).sort());
    expect(enums.inbound_status).toContainEqual({ value: 0, name: 'Pending' });
    expect(enums.inbound_status).toContainEqual({ value: 15, name: 'Failed' });
    expect(enums.inbound_status!.map((o) => o.value)).toEqual(INBOUND_STATUS.options.map((o) => o.value));
    expect(enums.yes_no).toEqual([{ value: 0, name: 'No' }, { value: 1, name: 'Yes' }]);
    for (const [name, list] of Object.entries(DOMAIN_ENUMS)) {
      expect(enums[name]!.map((o) => o.value), name).toEqual(list.options.map((o) => o.value));
      for (const o of enums[name]!) expect(o.name, `${name} ${o.value}`).not.toBe('');
    }
  });

  test('needs a session', async () => {
    expect((await server.client().get(ENUMS)).retcode).toBe(RET.NOT_LOGGED_IN);
  });
});

describe('get_warehouse_switch_time and get_cycle_count_switch', () => {
  test('switch times of the three modules as 10-digit seconds', async () => {
    const res = await sg.get(SWITCH_TIME);
    expect(res.retcode).toBe(0);
    const list = res.data.list as { module: string; switch_time: number }[];
    expect(list.map((e) => e.module).sort()).toEqual(['INBOUND', 'INVENTORY', 'OUTBOUND']);
    for (const e of list) {
      expect(String(e.switch_time)).toMatch(/^\d{10}$/);
      expect(e.switch_time).toBe(Date.UTC(2026, 0, 1) / 1000);
    }
  });

  test('the full stock count flag is off in the seed and follows the warehouse setting', async () => {
    expect(await sg.get(CC_SWITCH)).toEqual({ retcode: 0, message: 'success', data: { is_open_full_stock_count: false } });
    await writeConf(server.database.db, 'SGSIN1', 'is_open_full_stock_count', '1');
    try {
      expect((await sg.get(CC_SWITCH)).data.is_open_full_stock_count).toBe(true);
      expect((await vn.get(CC_SWITCH)).data.is_open_full_stock_count).toBe(false);
    } finally {
      await writeConf(server.database.db, 'SGSIN1', 'is_open_full_stock_count', '0');
    }
  });
});

describe('get_my_menu_key and get_my_perm', () => {
  const listOf = async (client: TestClient, path: string) => {
    const res = await client.get(path);
    expect(res.retcode).toBe(0);
    return res.data.list as string[];
  };

  test('a super admin holds every permission, and every route permission as a menu key', async () => {
    expect(await listOf(sg, PERM)).toEqual([...ALL_PERMISSIONS].sort());
    expect(await listOf(sg, MENU_KEY)).toEqual([...MENU_PERMISSIONS].sort());
  });

  test('an operator holds only the operation screens and their work, no user administration', async () => {
    const perms = await listOf(operator, PERM);
    const menu = await listOf(operator, MENU_KEY);
    expect(perms.length).toBeGreaterThan(0);
    expect(perms.length).toBeLessThan(MENU_PERMISSIONS.length);
    expect(perms).toEqual([...OPERATION_PERMISSIONS].sort());
    expect(perms.filter((p) => p.startsWith('PC.User.'))).toEqual([]);
    expect(perms.filter((p) => p in ACTION_PERMISSIONS)).toEqual([]);
    // The screens are menu keys; their work (…Action) is not.
    expect(menu).toEqual(perms.filter((p) => MENU_PERMISSIONS.includes(p)));
    expect(perms.filter((p) => !menu.includes(p)).every((p) => p.endsWith('.Action'))).toBe(true);
    expect(perms).toContain('PC.Inbound.Counting.View');
    expect(perms).toContain('PC.Inbound.Counting.Action');
    expect(perms).toContain(derivePerm('/inbound/qc'));
    // Task lists whose paths start like an operation screen's are not operation screens.
    for (const list of ['/inbound/qctask', '/inbound/boxingtask']) expect(MENU_PERMISSIONS).toContain(derivePerm(list));
    expect(perms).not.toContain(derivePerm('/inbound/qctask'));
    expect(perms).not.toContain(derivePerm('/inbound/boxingtask'));
  });

  test('a supervisor has the action permissions but no user administration; menu keys ⊆ permissions', async () => {
    const perms = await listOf(vn, PERM);
    const menu = await listOf(vn, MENU_KEY);
    const userAdministration = (p: string) => /^PC\.(User|Wmsconfig\.(Userlist|Userrole|Rolelist))\./.test(p);
    for (const a of [...Object.keys(ACTION_PERMISSIONS), ...PAGE_ACTIONS.map((p) => p.perm)].filter((p) => !userAdministration(p))) expect(perms).toContain(a);
    expect(perms.filter(userAdministration)).toEqual([]);
    for (const m of menu) expect(perms).toContain(m);
    for (const m of menu) expect(MENU_PERMISSIONS).toContain(m);
    expect([...perms].sort()).toEqual(perms);
  });

  test('permissions are those of the current warehouse', async () => {
    // An operator in SGSIN1 who is a supervisor in IDJKT1.
    const { email, userId } = await server.createUser({ email: 'split@demo.local', warehouses: ['SGSIN1', 'IDJKT1'], role: 'Operator' });
    const db = server.database.db;
    const [supervisorRole] = await db.select().from(roles).where(and(eq(roles.whsId, 'IDJKT1'), eq(roles.roleName, 'Supervisor')));
    await db.update(userWarehouses).set({ roleId: supervisorRole!.roleId }).where(and(eq(userWarehouses.userId, userId), eq(userWarehouses.whsId, 'IDJKT1')));
    const client = await server.login(email);
    expect((await client.post('/apps/system/user/switch_user_setting', { type: 'whs', value: 'IDJKT1' })).retcode).toBe(0);
    const inId = await listOf(client, PERM);
    expect(inId).toEqual(await listOf(vn, PERM));
    expect((await client.post('/apps/system/user/switch_user_setting', { type: 'whs', value: 'SGSIN1' })).retcode).toBe(0);
    const inSg = await listOf(client, PERM);
    expect(inSg).toEqual(await listOf(operator, PERM));
    expect(inSg.length).toBeLessThan(inId.length);
  });

  test('need a session and the current tenant', async () => {
    for (const path of [PERM, MENU_KEY]) {
      expect((await server.client().get(path)).retcode).toBe(RET.NOT_LOGGED_IN);
      const stale = await operator.get(path, undefined, { headers: { 'x-tally-whs': 'VNHCM1' } });
      expect(stale.retcode).toBe(RET.WAREHOUSE_MISMATCH);
      expect(stale.data.session_whs_id).toBe(operator.whsId);
    }
  });
});
