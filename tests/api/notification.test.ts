import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { notificationSounds } from '../../src/server/db/schema';
import {
  DEVICE_PLATFORM, NOTIFICATION_MODULES, NOTIFICATION_NODES, defaultSoundSetting,
  type DevicePlatform, type SoundSetting,
} from '../../src/shared/notification-sounds';
import { RET } from '../../src/shared/retcodes';

const TREE = '/apps/config/notification/get_notification_tree_v2';
const LIST = '/apps/config/notification/get_notification_sound_list_v2';
const UPDATE = '/apps/config/notification/update_notification_sound_v2';
const PERM = '/apps/system/authorization/get_my_perm';
const EDIT_PERM = 'PC.Wmsconfig.NotificationCenter.Sound.Edit';
const { PC, PDA } = DEVICE_PLATFORM;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const defaults = (platform: DevicePlatform): SoundSetting[] => NOTIFICATION_NODES.map((n) => defaultSoundSetting(n, platform));
/** The default list with some nodes replaced. */
const withChanges = (platform: DevicePlatform, changes: readonly SoundSetting[]) =>
  defaults(platform).map((d) => changes.find((c) => c.node_name === d.node_name) ?? d);

async function signIn(email: string, whsId: string): Promise<TestClient> {
  const client = await server.login(email);
  if (client.whsId !== whsId) expect((await client.post('/apps/system/user/switch_user_setting', { type: 'whs', value: whsId })).retcode).toBe(0);
  return client;
}

let userCounter = 0;
/** A fresh account of `role`, signed in to `whsId`: each test owns the settings of its warehouse. */
async function freshUser(role: 'Supervisor' | 'Operator', whsId: string) {
  const user = await server.createUser({ email: `sound${++userCounter}.${role.toLowerCase()}@demo.local`, role, warehouses: [whsId] });
  return { ...user, client: await signIn(user.email, whsId) };
}

const listOf = async (client: TestClient, platform: DevicePlatform) => {
  const res = await client.get(LIST, { platform });
  expect(res.retcode, res.message).toBe(0);
  return res.data.list as SoundSetting[];
};
const storedRows = (whsId: string) => server.database.db.select().from(notificationSounds).where(eq(notificationSounds.whsId, whsId));

describe('get_notification_tree_v2', () => {
  test('lists every node of the catalog under its module, with English labels, kind and default clip', async () => {
    const { client } = await freshUser('Operator', 'SGSIN1');
    const res = await client.get(TREE);
    expect(res.retcode).toBe(0);
    expect(res.data.tree.map((m: { module: string }) => m.module)).toEqual(NOTIFICATION_MODULES.map((m) => m.module));
    const scan = res.data.tree.find((m: { module: string }) => m.module === 'scan');
    expect(scan.label).toBe('Scanning');
    expect(scan.nodes).toContainEqual({ node_name: 'scan.refused', label: 'Scan refused', kind: 'error', default_clip: 'B' });
    const nodes = res.data.tree.flatMap((m: { nodes: { node_name: string }[] }) => m.nodes.map((n) => n.node_name));
    expect(nodes.sort()).toEqual(NOTIFICATION_NODES.map((n) => n.node).sort());
  });
});

describe('get_notification_sound_list_v2', () => {
  test('every node has its default until someone changes it: Open, its default clip, voice on PDAs only', async () => {
    const admin = await signIn('admin@demo.local', 'VNHCM1');
    const pc = await admin.get(LIST, { platform: PC });
    expect(pc).toEqual({ retcode: 0, message: 'success', data: { platform: 1, list: defaults(PC) } });
    expect(pc.data.list.every((s: SoundSetting) => s.sound_type === 1 && s.voice === 0)).toBe(true);
    const pda = await admin.get(LIST, { platform: PDA });
    expect(pda.data).toEqual({ platform: 2, list: defaults(PDA) });
    expect(pda.data.list.every((s: SoundSetting) => s.sound_type === 1 && s.voice === 1)).toBe(true);
    expect(pda.data.list.find((s: SoundSetting) => s.node_name === 'scan.manual_refused').clip).toBe('C');
  });

  test('every operator reads it (session start); a refused platform gets -100400 naming platform', async () => {
    const operator = await signIn('operator@demo.local', 'SGSIN1');
    expect((await operator.get(LIST, { platform: PDA })).retcode).toBe(0);
    for (const platform of [0, 3, 'pc', '1.5', '', -1]) {
      const res = await operator.get(LIST, { platform });
      expect(res.retcode, String(platform)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain('platform');
      expect(res.data.issues.map((i: { path: string }) => i.path)).toEqual(['platform']);
    }
    expect((await operator.get(LIST)).retcode).toBe(RET.BAD_INPUT);
  });

  test('a stored row of a node no longer in the catalog is left out', async () => {
    const { userId, client } = await freshUser('Supervisor', 'PHMNL1');
    await server.database.db.insert(notificationSounds).values({
      whsId: 'PHMNL1', platform: PC, nodeName: 'retired.node', soundType: 2, clip: 'A', voice: 0, updatedBy: userId,
    });
    expect(await listOf(client, PC)).toEqual(defaults(PC));
  });
});

describe('update_notification_sound_v2', () => {
  test('stores the listed nodes and answers the whole list; the list call shows it, with who changed it', async () => {
    const { userId, client } = await freshUser('Supervisor', 'MYKUL1');
    const changes: SoundSetting[] = [
      { node_name: 'scan.accepted', sound_type: 2, clip: 'A', voice: 0 },
      { node_name: 'inventory.location_blocked', sound_type: 1, clip: 'C', voice: 0 },
    ];
    const res = await client.post(UPDATE, { platform: PDA, list: changes });
    expect(res).toEqual({ retcode: 0, message: 'success', data: { platform: 2, list: withChanges(PDA, changes) } });
    expect(await listOf(client, PDA)).toEqual(withChanges(PDA, changes));

    const rows = await storedRows('MYKUL1');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ platform: PDA, updatedBy: userId });
      expect(row.updatedAt).toBeInstanceOf(Date);
    }

    // A later save of the same node replaces it, by whoever saved last.
    const other = await freshUser('Supervisor', 'MYKUL1');
    const again = { node_name: 'scan.accepted', sound_type: 1, clip: 'B', voice: 1 } as const;
    expect((await other.client.post(UPDATE, { platform: PDA, list: [again] })).retcode).toBe(0);
    expect(await listOf(client, PDA)).toEqual(withChanges(PDA, [again, changes[1]!]));
    const [row] = await server.database.db.select().from(notificationSounds)
      .where(and(eq(notificationSounds.whsId, 'MYKUL1'), eq(notificationSounds.nodeName, 'scan.accepted')));
    expect(row).toMatchObject({ soundType: 1, clip: 'B', voice: 1, updatedBy: other.userId });
  });

  test('settings are per platform: a PDA change leaves the PC settings alone', async () => {
    const { client } = await freshUser('Supervisor', 'THBKK1');
    const change = { node_name: 'sync.op_rejected', sound_type: 2, clip: 'B', voice: 1 } as const;
    expect((await client.post(UPDATE, { platform: PDA, list: [change] })).retcode).toBe(0);
    expect(await listOf(client, PDA)).toEqual(withChanges(PDA, [change]));
    expect(await listOf(client, PC)).toEqual(defaults(PC));
  });

  test('settings are per warehouse: a change in SGSIN1 is not seen in IDJKT1, nor the other way', async () => {
    const sg = await signIn('supervisor@demo.local', 'SGSIN1');
    const id = await signIn('supervisor@demo.local', 'IDJKT1');
    const sgChange = { node_name: 'inbound.counting_mismatch', sound_type: 2, clip: 'C', voice: 0 } as const;
    expect((await sg.post(UPDATE, { platform: PC, list: [sgChange] })).retcode).toBe(0);
    expect(await listOf(id, PC)).toEqual(defaults(PC));

    const idChange = { node_name: 'inbound.putaway_done', sound_type: 1, clip: 'B', voice: 1 } as const;
    expect((await id.post(UPDATE, { platform: PC, list: [idChange] })).retcode).toBe(0);
    expect(await listOf(sg, PC)).toEqual(withChanges(PC, [sgChange]));
    expect(await listOf(id, PC)).toEqual(withChanges(PC, [idChange]));
    // An operator of the warehouse hears what its supervisor set.
    expect(await listOf(await signIn('operator@demo.local', 'SGSIN1'), PC)).toEqual(withChanges(PC, [sgChange]));
  });

  test('the demo supervisor holds the Edit permission, the operator does not and is refused with -100406', async () => {
    const supervisor = await signIn('supervisor@demo.local', 'SGSIN1');
    expect((await supervisor.get(PERM)).data.list).toContain(EDIT_PERM);
    const operator = await signIn('operator@demo.local', 'IDJKT1');
    expect((await operator.get(PERM)).data.list).not.toContain(EDIT_PERM);
    const before = await listOf(operator, PDA);
    const res = await operator.post(UPDATE, { platform: PDA, list: [{ node_name: 'scan.accepted', sound_type: 2, clip: 'A', voice: 0 }] });
    expect(res.retcode).toBe(RET.PERMISSION_DENIED);
    expect(res.data).toEqual({ perm: EDIT_PERM });
    expect(operator.lastStatus).toBe(403);
    expect(await listOf(operator, PDA)).toEqual(before);
  });

  test('bad input gets -100400 naming the field, and nothing is stored', async () => {
    const { client } = await freshUser('Supervisor', 'PHMNL1');
    const ok = { node_name: 'scan.accepted', sound_type: 2, clip: 'A', voice: 0 };
    const cases: { body: unknown; path: string; says?: string }[] = [
      { body: { platform: 3, list: [ok] }, path: 'platform', says: '1 (PC) or 2 (PDA)' },
      { body: { platform: '2', list: [ok] }, path: 'platform' },
      { body: { list: [ok] }, path: 'platform' },
      { body: { platform: PC, list: [ok, { ...ok, node_name: 'scan.nope' }] }, path: 'list.1.node_name', says: 'unknown notification node scan.nope' },
      { body: { platform: PC, list: [{ ...ok, clip: 'D' }] }, path: 'list.0.clip', says: 'A, B, C' },
      { body: { platform: PC, list: [{ ...ok, clip: 'a' }] }, path: 'list.0.clip' },
      { body: { platform: PC, list: [ok, { ...ok, clip: 'B' }] }, path: 'list.1.node_name', says: 'scan.accepted is listed twice' },
      { body: { platform: PC, list: [{ ...ok, sound_type: 0 }] }, path: 'list.0.sound_type' },
      { body: { platform: PC, list: [{ ...ok, voice: 2 }] }, path: 'list.0.voice' },
      { body: { platform: PC, list: [{ ...ok, voice: true }] }, path: 'list.0.voice' },
      { body: { platform: PC, list: [] }, path: 'list' },
      { body: { platform: PC, list: Array.from({ length: 501 }, (_, i) => ({ ...ok, node_name: `scan.n${i}` })) }, path: 'list' },
    ];
    for (const { body, path, says } of cases) {
      const res = await client.post(UPDATE, body);
      const what = JSON.stringify(body).slice(0, 120);
      expect(res.retcode, what).toBe(RET.BAD_INPUT);
      expect(res.data.issues.map((i: { path: string }) => i.path), what).toContain(path);
      if (says) expect(res.message, what).toContain(says);
    }
    expect(await storedRows('PHMNL1').then((rows) => rows.filter((r) => r.nodeName !== 'retired.node'))).toEqual([]);
    expect(await listOf(client, PC)).toEqual(defaults(PC));
  });

  test('no CSRF header (-100408), a stale tenant (-100407) or no session (-100405) change nothing', async () => {
    const { client } = await freshUser('Supervisor', 'SGSIN1');
    const body = { platform: PC, list: [{ node_name: 'scan.refused', sound_type: 2, clip: 'C', voice: 1 }] };
    const before = await listOf(client, PC);
    expect((await client.post(UPDATE, body, { csrf: false })).retcode).toBe(RET.CSRF_INVALID);
    expect(client.lastStatus).toBe(403);
    expect((await client.post(UPDATE, body, { headers: { 'x-tally-whs': 'IDJKT1' } })).retcode).toBe(RET.WAREHOUSE_MISMATCH);
    const anonymous = server.client();
    for (const res of [await anonymous.post(UPDATE, body), await anonymous.get(LIST, { platform: PC }), await anonymous.get(TREE)]) {
      expect(res.retcode).toBe(RET.NOT_LOGGED_IN);
    }
    expect(await listOf(client, PC)).toEqual(before);
  });
});

