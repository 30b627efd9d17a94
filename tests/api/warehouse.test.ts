import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { userSettings, userWarehouses, warehouses } from '../../src/server/db/schema';
import { RET } from '../../src/shared/retcodes';

const SWITCH = '/apps/system/user/switch_user_setting';
const LOGIN_INFO = '/apps/system/user/get_login_info';
const DETAIL = '/apps/basic/location/get_warehouse_detail';
const MENU_SWITCH = '/menu_switch_new/list';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const rememberedWarehouse = async (userId: number) =>
  (await server.database.db.select().from(userSettings).where(and(eq(userSettings.userId, userId), eq(userSettings.name, 'setting_whs_v2'))))[0]?.value;
const flag = async (client: TestClient, name: string) =>
  ((await client.get(MENU_SWITCH)).data.list as { flag: string; enabled: boolean }[]).find((f) => f.flag === name)?.enabled;

describe('switch_user_setting {type: whs}', () => {
  /** A supervisor of IDJKT1, SGSIN1 and VNHCM1 like the demo one, with no remembered warehouse yet. */
  const newSupervisor = async (email: string) => {
    await server.createUser({ email, warehouses: ['IDJKT1', 'SGSIN1', 'VNHCM1'], role: 'Supervisor' });
    return server.login(email);
  };

  test('to a member warehouse: the session moves, and reload_required tells when is_rms flips', async () => {
    const client = await newSupervisor('switcher@demo.local');
    expect(client.whsId).toBe('IDJKT1');
    const toSg = await client.post(SWITCH, { type: 'whs', value: 'SGSIN1' });
    expect(toSg).toEqual({ retcode: 0, message: 'success', data: { whs_id: 'SGSIN1', is_rms: false, reload_required: false } });
    expect((await client.get(LOGIN_INFO)).data.whs_id).toBe('SGSIN1');

    const toVn = await client.post(SWITCH, { type: 'whs', value: 'VNHCM1' });
    expect(toVn.data).toEqual({ whs_id: 'VNHCM1', is_rms: true, reload_required: true });
    expect((await client.get(LOGIN_INFO)).data.whs_id).toBe('VNHCM1');
    // Warehouse data now comes from VNHCM1.
    expect((await client.get(DETAIL)).data.whs_id).toBe('VNHCM1');
    expect(await flag(client, 'fulfilChain')).toBe(true);

    const back = await client.post(SWITCH, { type: 'whs', value: 'SGSIN1' });
    expect(back.data).toEqual({ whs_id: 'SGSIN1', is_rms: false, reload_required: true });
    // Switching to the warehouse already in use is harmless.
    expect((await client.post(SWITCH, { type: 'whs', value: 'SGSIN1' })).data.reload_required).toBe(false);
  });

  test('the demo supervisor goes from SGSIN1 to the RMS warehouse VNHCM1 with a reload', async () => {
    const client = await server.login('supervisor@demo.local');
    expect((await client.post(SWITCH, { type: 'whs', value: 'SGSIN1' })).retcode).toBe(0);
    expect((await client.post(SWITCH, { type: 'whs', value: 'VNHCM1' })).data).toEqual({ whs_id: 'VNHCM1', is_rms: true, reload_required: true });
  });

  test('another tab still sending the old tenant header gets -100407 with the session warehouse', async () => {
    const client = await newSupervisor('twotabs@demo.local');
    const otherTab = client.clone();
    expect(otherTab.whsId).toBe('IDJKT1');
    expect((await client.post(SWITCH, { type: 'whs', value: 'VNHCM1' })).retcode).toBe(0);
    const stale = await otherTab.get('/apps/system/authorization/get_my_perm');
    expect(stale.retcode).toBe(RET.WAREHOUSE_MISMATCH);
    expect(stale.data).toEqual({ session_whs_id: 'VNHCM1', request_whs_id: 'IDJKT1' });
    expect(stale.message).toContain('VNHCM1');
    // The stale tab cannot switch either without reloading first.
    expect((await otherTab.post(SWITCH, { type: 'whs', value: 'SGSIN1' })).retcode).toBe(RET.WAREHOUSE_MISMATCH);
    expect((await client.get(LOGIN_INFO)).data.whs_id).toBe('VNHCM1');
    // After the reload (get_login_info tells the warehouse) it works again.
    const reloaded = await otherTab.get(LOGIN_INFO);
    expect(reloaded.data.whs_id).toBe('VNHCM1');
    expect(otherTab.whsId).toBe('VNHCM1');
    expect((await otherTab.get('/apps/system/authorization/get_my_perm')).retcode).toBe(0);
  });

  test('to a warehouse the user does not belong to, or that does not exist: -100403 and nothing changes', async () => {
    const { email, userId } = await server.createUser({ email: 'stayput@demo.local', warehouses: ['SGSIN1', 'IDJKT1'] });
    const client = await server.login(email);
    expect((await client.post(SWITCH, { type: 'whs', value: 'SGSIN1' })).retcode).toBe(0);
    for (const value of ['VNHCM1', 'MYKUL1', 'ZZNOPE9', 'sgsin1']) {
      const res = await client.post(SWITCH, { type: 'whs', value });
      expect(res.retcode, value).toBe(RET.WAREHOUSE_FORBIDDEN);
      expect(res.message).toContain(value);
    }
    expect((await client.get(LOGIN_INFO)).data.whs_id).toBe('SGSIN1');
    expect(await rememberedWarehouse(userId)).toBe('SGSIN1');
    expect((await client.get('/apps/system/authorization/get_my_perm')).retcode).toBe(0);
  });

  test('bad input (-100400 naming the field), no CSRF header (-100408) and no session (-100405) change nothing', async () => {
    const client = await server.login('operator@demo.local');
    const start = client.whsId;
    const target = start === 'SGSIN1' ? 'IDJKT1' : 'SGSIN1';
    const badType = await client.post(SWITCH, { type: 'lang', value: target });
    expect(badType.retcode).toBe(RET.BAD_INPUT);
    expect(badType.data.issues.map((i: { path: string }) => i.path)).toEqual(['type']);
    const noValue = await client.post(SWITCH, { type: 'whs', value: '   ' });
    expect(noValue.retcode).toBe(RET.BAD_INPUT);
    expect(noValue.message).toContain('value');
    expect((await client.post(SWITCH, { type: 'whs', value: target }, { csrf: false })).retcode).toBe(RET.CSRF_INVALID);
    expect((await server.client().post(SWITCH, { type: 'whs', value: target })).retcode).toBe(RET.NOT_LOGGED_IN);
    expect((await client.get(LOGIN_INFO)).data.whs_id).toBe(start);
  });

  test('the chosen warehouse is remembered at the next sign-in', async () => {
    const { email, userId } = await server.createUser({ email: 'rememberme@demo.local', warehouses: ['IDJKT1', 'SGSIN1', 'VNHCM1'], role: 'Supervisor' });
    const first = await server.login(email);
    expect(first.whsId).toBe('IDJKT1');
    expect((await first.post(SWITCH, { type: 'whs', value: 'VNHCM1' })).retcode).toBe(0);
    expect(await rememberedWarehouse(userId)).toBe('VNHCM1');
    const next = await server.login(email);
    expect(next.whsId).toBe('VNHCM1');
    expect((await next.get(LOGIN_INFO)).data.whs_id).toBe('VNHCM1');
  });

  test('removed from the warehouse in use: the session ends, and the next sign-in lands in one still allowed', async () => {
    const { email, userId } = await server.createUser({ email: 'moved@demo.local', warehouses: ['SGSIN1', 'THBKK1'] });
    const client = await server.login(email);
    const otherDevice = await server.login(email);
    expect((await client.post(SWITCH, { type: 'whs', value: 'THBKK1' })).retcode).toBe(0);
    expect((await otherDevice.post(SWITCH, { type: 'whs', value: 'SGSIN1' })).retcode).toBe(0);
    await server.database.db.delete(userWarehouses).where(and(eq(userWarehouses.userId, userId), eq(userWarehouses.whsId, 'THBKK1')));
    expect((await client.get('/apps/system/authorization/get_my_perm')).retcode).toBe(RET.NOT_LOGGED_IN);
    expect((await client.get(LOGIN_INFO)).retcode).toBe(RET.NOT_LOGGED_IN);
    // The session working in a warehouse the user still has goes on.
    expect((await otherDevice.get(LOGIN_INFO)).data.whs_id).toBe('SGSIN1');
    // THBKK1 is still the remembered warehouse, but no longer allowed.
    expect(await rememberedWarehouse(userId)).toBe('SGSIN1');
    await server.database.db.update(userSettings).set({ value: 'THBKK1' }).where(and(eq(userSettings.userId, userId), eq(userSettings.name, 'setting_whs_v2')));
    const next = await server.login(email);
    expect(next.whsId).toBe('SGSIN1');
    expect((await next.get(DETAIL, { whs_id: 'THBKK1' })).retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
  });

  test('a super admin may switch to every warehouse', async () => {
    const admin = await server.login('admin@demo.local');
    for (const value of ['MYKUL1', 'THBKK1', 'PHMNL1', 'VNHCM1', 'IDJKT1', 'SGSIN1']) {
      const res = await admin.post(SWITCH, { type: 'whs', value });
      expect(res.retcode, value).toBe(0);
      expect(res.data.whs_id).toBe(value);
    }
    expect((await admin.post(SWITCH, { type: 'whs', value: 'ZZNOPE9' })).retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
  });
});

describe('get_warehouse_detail', () => {
  test('without whs_id: the current warehouse, with country, time zone, is_rms and currency', async () => {
    const client = await server.login('operator@demo.local');
    await client.post(SWITCH, { type: 'whs', value: 'SGSIN1' });
    const res = await client.get(DETAIL);
    expect(res.retcode).toBe(0);
    // Yes/no fields are 1/0 (spec §9), as every resource row carries them.
    expect(res.data).toMatchObject({
      whs_id: 'SGSIN1', whs_name: 'Singapore Tuas DC', whs_no: '101', country: 'SG', time_region: 'Asia/Singapore',
      is_rms: 0, is_use_channel: 0, quota_mode: 0, currency: 'SGD',
    });
  });

  test('another member warehouse by whs_id', async () => {
    const client = await server.login('supervisor@demo.local');
    const res = await client.get(DETAIL, { whs_id: 'VNHCM1' });
    expect(res.retcode).toBe(0);
    expect(res.data).toMatchObject({ whs_id: 'VNHCM1', country: 'VN', time_region: 'Asia/Ho_Chi_Minh', is_rms: 1, currency: 'VND' });
    const id = await client.get(DETAIL, { whs_id: 'IDJKT1' });
    expect(id.data).toMatchObject({ country: 'ID', currency: 'IDR', time_region: 'Asia/Jakarta', is_rms: 0 });
  });

  test('a non-member warehouse and an unknown one get the same -100403 (existence is not revealed)', async () => {
    const client = await server.login('operator@demo.local');
    const nonMember = await client.get(DETAIL, { whs_id: 'MYKUL1' });
    const unknown = await client.get(DETAIL, { whs_id: 'ZZNOPE9' });
    expect(nonMember.retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    expect(unknown.retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    expect(unknown.message.replace('ZZNOPE9', 'X')).toBe(nonMember.message.replace('MYKUL1', 'X'));
    expect(nonMember.data).toBeNull();
    // A super admin sees every existing warehouse; they may list them all, so an unknown one is simply not found.
    const admin = await server.login('admin@demo.local');
    expect((await admin.get(DETAIL, { whs_id: 'MYKUL1' })).data).toMatchObject({ country: 'MY', currency: 'MYR' });
    expect((await admin.get(DETAIL, { whs_id: 'ZZNOPE9' })).retcode).toBe(RET.NOT_FOUND);
  });

  test('a missing or invalid time zone reads as Asia/Shanghai', async () => {
    const admin = await server.login('admin@demo.local');
    await server.database.db.update(warehouses).set({ timeRegion: null }).where(eq(warehouses.whsId, 'PHMNL1'));
    await server.database.db.update(warehouses).set({ timeRegion: 'Mars/Olympus' }).where(eq(warehouses.whsId, 'THBKK1'));
    try {
      expect((await admin.get(DETAIL, { whs_id: 'PHMNL1' })).data).toMatchObject({ time_region: 'Asia/Shanghai', currency: 'PHP' });
      expect((await admin.get(DETAIL, { whs_id: 'THBKK1' })).data).toMatchObject({ time_region: 'Asia/Shanghai', currency: 'THB' });
    } finally {
      await server.database.db.update(warehouses).set({ timeRegion: 'Asia/Manila' }).where(eq(warehouses.whsId, 'PHMNL1'));
      await server.database.db.update(warehouses).set({ timeRegion: 'Asia/Bangkok' }).where(eq(warehouses.whsId, 'THBKK1'));
    }
  });

  test('bad input (-100400), a stale tenant (-100407) and no session (-100405)', async () => {
    const client = await server.login('operator@demo.local');
    const empty = await client.get(DETAIL, { whs_id: '' });
    expect(empty.retcode).toBe(RET.BAD_INPUT);
    expect(empty.data.issues[0].path).toBe('whs_id');
    const long = await client.get(DETAIL, { whs_id: 'X'.repeat(500) });
    expect(long.retcode).toBe(RET.BAD_INPUT);
    expect(long.message).toContain('whs_id');
    const stale = await client.get(DETAIL, undefined, { headers: { 'x-tally-whs': 'MYKUL1' } });
    expect(stale.retcode).toBe(RET.WAREHOUSE_MISMATCH);
    expect(stale.data.session_whs_id).toBe(client.whsId);
    expect((await server.client().get(DETAIL)).retcode).toBe(RET.NOT_LOGGED_IN);
  });
});
