import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/api-harness';
import { userSettings } from '../../src/server/db/schema';
import { LOCALES, LOCALE_NAMES } from '../../src/shared/locales';
import { RET } from '../../src/shared/retcodes';

const SET = '/apps/system/user/set_user_setting';
const LOGIN_INFO = '/apps/system/user/get_login_info';
const LANGS = '/apps/system/user/get_lang_setting';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const settingOf = async (userId: number, name: string) =>
  (await server.database.db.select().from(userSettings).where(and(eq(userSettings.userId, userId), eq(userSettings.name, name))))[0]?.value;

describe('get_lang_setting', () => {
  test('is public and lists the ten languages with their own names, default en', async () => {
    const anonymous = server.client();
    const res = await anonymous.get(LANGS);
    expect(res.retcode).toBe(0);
    expect(res.data.default).toBe('en');
    expect(res.data.optional_lange_list).toHaveLength(10);
    expect(res.data.optional_lange_list.map((l: { lange: string }) => l.lange)).toEqual(['en', 'id', 'ms-MY', 'pt-BR', 'sp-MX', 'th', 'vi', 'zh-CN', 'zh-TW', 'tl-PH']);
    expect(res.data.optional_lange_list).toEqual(LOCALES.map((l) => ({ lange: l, desc: LOCALE_NAMES[l] })));
    expect(res.data.optional_lange_list).toContainEqual({ lange: 'vi', desc: 'Tiếng Việt' });
    expect(res.data.optional_lange_list).toContainEqual({ lange: 'zh-CN', desc: '简体中文' });
    // Also answers a signed-in client, whatever the tenant header says.
    const client = await server.login('operator@demo.local');
    expect((await client.get(LANGS, undefined, { headers: { 'x-tally-whs': 'NOWHERE' } })).data).toEqual(res.data);
  });
});

describe('set_user_setting', () => {
  test('lang to a valid locale persists in get_login_info and in the next session', async () => {
    const { email } = await server.createUser({ email: 'polyglot@demo.local' });
    const client = await server.login(email);
    expect((await client.get(LOGIN_INFO)).data.lang).toBe('en');
    const res = await client.post(SET, { name: 'lang', value: 'vi' });
    expect(res).toEqual({ retcode: 0, message: 'success', data: {} });
    expect((await client.get(LOGIN_INFO)).data.lang).toBe('vi');
    const later = await server.login(email);
    expect((await later.get(LOGIN_INFO)).data.lang).toBe('vi');
    expect((await client.post(SET, { name: 'lang', value: 'zh-TW' })).retcode).toBe(0);
    expect((await later.get(LOGIN_INFO)).data.lang).toBe('zh-TW');
  });

  test('the language belongs to the user: other users keep theirs', async () => {
    const a = await server.createUser({ email: 'thai@demo.local' });
    const b = await server.createUser({ email: 'english@demo.local' });
    const ca = await server.login(a.email);
    const cb = await server.login(b.email);
    expect((await ca.post(SET, { name: 'lang', value: 'th' })).retcode).toBe(0);
    expect((await cb.get(LOGIN_INFO)).data.lang).toBe('en');
  });

  test('an unknown locale is refused with -100400 naming value, and the language stays', async () => {
    const { email, userId } = await server.createUser({ email: 'badlang@demo.local' });
    const client = await server.login(email);
    expect((await client.post(SET, { name: 'lang', value: 'id' })).retcode).toBe(0);
    for (const value of ['xx', 'zh-cn', '', 'en; DROP TABLE users']) {
      const res = await client.post(SET, { name: 'lang', value });
      expect(res.retcode).toBe(RET.BAD_INPUT);
      expect(res.message).toContain('value');
      expect(res.data.issues).toEqual([expect.objectContaining({ path: 'value' })]);
    }
    expect((await client.get(LOGIN_INFO)).data.lang).toBe('id');
    expect(await settingOf(userId, 'lang')).toBe('id');
  });

  test('other settings are stored too, and a setting name is checked', async () => {
    const { email, userId } = await server.createUser({ email: 'tidy@demo.local' });
    const client = await server.login(email);
    expect((await client.post(SET, { name: 'sidebar_collapsed', value: '1' })).retcode).toBe(0);
    expect(await settingOf(userId, 'sidebar_collapsed')).toBe('1');
    expect((await client.post(SET, { name: 'sidebar_collapsed', value: '0' })).retcode).toBe(0);
    expect(await settingOf(userId, 'sidebar_collapsed')).toBe('0');

    for (const body of [{ value: 'vi' }, { name: '', value: 'x' }, { name: 'has space', value: 'x' }, { name: 'x'.repeat(65), value: 'x' }]) {
      const res = await client.post(SET, body);
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.data.issues.map((i: { path: string }) => i.path)).toContain('name');
    }
    const long = await client.post(SET, { name: 'note', value: 'x'.repeat(2001) });
    expect(long.retcode).toBe(RET.BAD_INPUT);
    expect(long.data.issues.map((i: { path: string }) => i.path)).toEqual(['value']);
    expect(await settingOf(userId, 'note')).toBeUndefined();
  });

  test('the remembered warehouse cannot be set this way (only the warehouse switch checks membership)', async () => {
    const { email, userId } = await server.createUser({ email: 'sneaky@demo.local', warehouses: ['SGSIN1'] });
    const client = await server.login(email);
    const res = await client.post(SET, { name: 'setting_whs_v2', value: 'VNHCM1' });
    expect(res.retcode).toBe(RET.BAD_INPUT);
    expect(res.data.issues[0].path).toBe('name');
    expect(await settingOf(userId, 'setting_whs_v2')).toBeUndefined();
    expect((await (await server.login(email)).get(LOGIN_INFO)).data.whs_id).toBe('SGSIN1');
  });

  test('no CSRF header (-100408), a stale tenant (-100407) or no session (-100405) change nothing', async () => {
    const { email, userId } = await server.createUser({ email: 'guarded@demo.local', warehouses: ['SGSIN1', 'IDJKT1'] });
    const client = await server.login(email);
    const body = { name: 'lang', value: 'th' };
    expect((await client.post(SET, body, { csrf: false })).retcode).toBe(RET.CSRF_INVALID);
    expect(client.lastStatus).toBe(403);
    const stale = await client.post(SET, body, { headers: { 'x-tally-whs': client.whsId === 'SGSIN1' ? 'IDJKT1' : 'SGSIN1' } });
    expect(stale.retcode).toBe(RET.WAREHOUSE_MISMATCH);
    expect(stale.data.session_whs_id).toBe(client.whsId);
    expect((await server.client().post(SET, body)).retcode).toBe(RET.NOT_LOGGED_IN);
    expect(await settingOf(userId, 'lang')).toBeUndefined();
    expect((await client.get(LOGIN_INFO)).data.lang).toBe('en');
  });
});
