import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { Hono } from 'hono';
import { z } from 'zod';
import { and, count, eq } from 'drizzle-orm';
import { SKIP_POSTGRES, startTestServer, usePostgresServer, TestClient, type TestServer } from '../support/api-harness';
import { createApp, handlers } from '../../src/server/app';
import { syncOps, syncStreams, userSettings } from '../../src/server/db/schema';
import { ApiError } from '../../src/server/http/errors';
import { envelope, registerContract } from '../../src/server/http/register';
import { saveUserSetting } from '../../src/server/modules/system/user-settings';
import type { OpApply } from '../../src/server/common/op-apply';
import { OP_KINDS, serverOp } from '../../src/server/modules/sync/ops';
import { defineOp, type OfflineOp } from '../../src/shared/ops';
import { syncHandlersWith } from '../../src/server/modules/sync/sync.handlers';
import { contract } from '../../src/shared/contract';
import { RET } from '../../src/shared/retcodes';

const PUSH = '/apps/system/sync/push_ops';
const HEARTBEAT = '/apps/system/sync/device_heartbeat';
const QUEUE = '/apps/system/sync/search_device_queue';
const REJECTED = '/apps/system/sync/search_rejected_ops';
const RESOLVE = '/apps/system/sync/resolve_rejected_op';
const SET_SETTING = 'system.user.set_user_setting';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Op { op_id: string; seq: number; kind: string; payload: Record<string, unknown>; created_at: number }
const op = (seq: number, payload: Record<string, unknown>, kind = SET_SETTING): Op => ({ op_id: uuidv7(), seq, kind, payload, created_at: Date.now() - 60_000 });
const setting = (seq: number, name: string, value: string) => op(seq, { name, value });

let userCounter = 0;
/** A fresh account signed in to `whsId`, so each test owns its settings and streams. */
async function signedIn(role: 'Operator' | 'Supervisor' = 'Operator', warehouses: readonly string[] = ['SGSIN1']) {
  const user = await server.createUser({ email: `sync${++userCounter}.${role.toLowerCase()}@demo.local`, role, warehouses });
  const client = await server.login(user.email);
  if (client.whsId !== warehouses[0]) {
    expect((await client.post('/apps/system/user/switch_user_setting', { type: 'whs', value: warehouses[0] })).retcode).toBe(0);
  }
  return { ...user, client };
}

const db = () => server.database.db;
const settingsCount = async (userId: number) => (await db().select({ n: count() }).from(userSettings).where(eq(userSettings.userId, userId)))[0]!.n;
const settingOf = async (userId: number, name: string) =>
  (await db().select().from(userSettings).where(and(eq(userSettings.userId, userId), eq(userSettings.name, name))))[0]?.value;
const recordsOf = (deviceId: string) => db().select().from(syncOps).where(eq(syncOps.deviceId, deviceId)).orderBy(syncOps.seq);

describe('push_ops', () => {
  test('applies ops in order and acknowledges the last seq; each op is recorded with its answer', async () => {
    const { client, userId } = await signedIn();
    const device: string = randomUUID();
    const ops = [setting(1, 'lang', 'vi'), setting(2, 'sidebar_collapsed', '1'), setting(3, 'lang', 'th')];
    const res = await client.post(PUSH, { device_id: device, ops });
    expect(res.retcode).toBe(0);
    expect(res.data.acked_seq).toBe(3);
    expect(res.data.results).toEqual(ops.map((o) => ({ op_id: o.op_id, seq: o.seq, status: 'applied', retcode: 0, message: 'success', data: {} })));
    expect(await settingOf(userId, 'lang')).toBe('th');
    expect(await settingOf(userId, 'sidebar_collapsed')).toBe('1');
    const records = await recordsOf(device);
    expect(records.map((r) => [r.opId, r.seq, r.status, r.userId, r.whsId])).toEqual(ops.map((o) => [o.op_id, o.seq, 'applied', userId, 'SGSIN1']));
    expect(records[0]!.createdAt.getTime()).toBe(ops[0]!.created_at);
    expect((await client.get('/apps/system/user/get_login_info')).data.lang).toBe('th');
  });

  test('the same batch pushed again gets the recorded answers as duplicates and has no second effect', async () => {
    const { client, userId } = await signedIn();
    const device: string = randomUUID();
    const ops = [setting(1, 'note_a', 'first'), setting(2, 'lang', 'xx'), setting(3, 'note_b', 'second')];
    const first = await client.post(PUSH, { device_id: device, ops });
    expect(first.data.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    // Changed since by the user: a replay must not write the old value back.
    expect((await client.post('/apps/system/user/set_user_setting', { name: 'note_a', value: 'changed' })).retcode).toBe(0);
    const rows = await settingsCount(userId);
    const again = await client.post(PUSH, { device_id: device, ops });
    expect(again.retcode).toBe(0);
    expect(again.data.acked_seq).toBe(3);
    expect(again.data.results).toEqual(first.data.results.map((r: Record<string, unknown>) => ({ ...r, status: 'duplicate' })));
    expect(again.data.results[1].retcode).toBe(RET.BAD_INPUT);
    expect(await settingsCount(userId)).toBe(rows);
    expect(await settingOf(userId, 'note_a')).toBe('changed');
    expect(await recordsOf(device)).toHaveLength(3);
  });

  test('a lost response: the device resends the ops with the next ones, and each applies once', async () => {
    const { client } = await signedIn();
    const device: string = randomUUID();
    const ops = [setting(1, 'n1', 'a'), setting(2, 'n2', 'b'), setting(3, 'n3', 'c')];
    expect((await client.post(PUSH, { device_id: device, ops })).data.acked_seq).toBe(3); // the device never saw this answer
    const next = setting(4, 'n4', 'd');
    const res = await client.post(PUSH, { device_id: device, ops: [...ops, next] });
    expect(res.data.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'applied']);
    expect(res.data.acked_seq).toBe(4);
    const records = await recordsOf(device);
    expect(records.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(new Set(records.map((r) => r.opId)).size).toBe(4);
  });

  test('a gap is refused with -100409 and data.acked_seq, and nothing of the batch is applied', async () => {
    const { client, userId } = await signedIn();
    const device: string = randomUUID();
    const gap = await client.post(PUSH, { device_id: device, ops: [setting(2, 'gap_a', '1'), setting(3, 'gap_b', '1')] });
    expect(gap.retcode).toBe(RET.OUT_OF_SEQUENCE);
    expect(gap.data).toEqual({ acked_seq: 0 });
    expect(gap.message).toContain('seq 1');
    expect(client.lastStatus).toBe(200);
    expect((await client.post(PUSH, { device_id: device, ops: [setting(1, 'gap_c', '1')] })).data.acked_seq).toBe(1);
    for (const ops of [[setting(3, 'gap_d', '1')], [setting(2, 'gap_e', '1'), setting(4, 'gap_f', '1')]]) {
      const res = await client.post(PUSH, { device_id: device, ops });
      expect(res.retcode).toBe(RET.OUT_OF_SEQUENCE);
      expect(res.data.acked_seq).toBe(1);
    }
    for (const name of ['gap_a', 'gap_b', 'gap_d', 'gap_e', 'gap_f']) expect(await settingOf(userId, name)).toBeUndefined();
    expect((await recordsOf(device)).map((r) => r.seq)).toEqual([1]);
  });

  test('an acknowledged seq resent with other content, or a recorded op id reused, gets -100410 and changes nothing', async () => {
    const { client, userId } = await signedIn();
    const device: string = randomUUID();
    const original = setting(1, 'conflict', 'kept');
    expect((await client.post(PUSH, { device_id: device, ops: [original] })).data.acked_seq).toBe(1);
    const cases: Op[] = [
      { ...original, payload: { name: 'conflict', value: 'other' } }, // same id and seq, other payload
      { ...setting(1, 'conflict', 'kept') }, // same seq, another id
    ];
    for (const resent of cases) {
      const res = await client.post(PUSH, { device_id: device, ops: [resent] });
      expect(res.retcode).toBe(0);
      expect(res.data.results).toEqual([expect.objectContaining({ op_id: resent.op_id, status: 'rejected', retcode: RET.OP_CONFLICT })]);
      expect(res.data.acked_seq).toBe(1);
    }
    // A new op reusing a recorded id cannot be recorded again: refused, and its seq is used up so the queue moves on.
    const reused = await client.post(PUSH, { device_id: device, ops: [{ ...original, seq: 2 }, setting(3, 'after_conflict', 'yes')] });
    expect(reused.data.results.map((r: { status: string; retcode: number }) => [r.status, r.retcode])).toEqual([['rejected', RET.OP_CONFLICT], ['applied', 0]]);
    expect(reused.data.acked_seq).toBe(3);
    expect(await settingOf(userId, 'conflict')).toBe('kept');
    expect(await settingOf(userId, 'after_conflict')).toBe('yes');
    expect((await recordsOf(device)).map((r) => r.seq)).toEqual([1, 3]);
  });

  test('a business rejection is recorded with its retcode and message, and later ops still apply', async () => {
    const { client, userId } = await signedIn();
    const device: string = randomUUID();
    const ops = [setting(1, 'lang', 'zz'), setting(2, 'after_reject', 'yes'), setting(3, 'setting_whs_v2', 'IDJKT1')];
    const res = await client.post(PUSH, { device_id: device, ops });
    expect(res.data.acked_seq).toBe(3);
    const [bad, good, whs] = res.data.results;
    expect(bad).toMatchObject({ status: 'rejected', retcode: RET.BAD_INPUT, data: { issues: [{ path: 'value' }] } });
    expect(bad.message).toContain('language must be one of');
    expect(good).toMatchObject({ status: 'applied', retcode: 0 });
    expect(whs).toMatchObject({ status: 'rejected', retcode: RET.BAD_INPUT });
    expect(whs.message).toContain('warehouse switch');
    expect(await settingOf(userId, 'lang')).toBeUndefined();
    expect(await settingOf(userId, 'after_reject')).toBe('yes');
    const records = await recordsOf(device);
    expect(records.map((r) => [r.status, r.retcode])).toEqual([['rejected', RET.BAD_INPUT], ['applied', 0], ['rejected', RET.BAD_INPUT]]);
    expect(records[0]!.message).toBe(bad.message);
    expect(records[0]!.payload).toEqual({ name: 'lang', value: 'zz' });
  });

  test('an unknown kind, a payload failing its schema and unstorable text are rejected ops, not failed batches', async () => {
    const { client } = await signedIn();
    const device: string = randomUUID();
    const ops = [
      op(1, { anything: 1 }, 'inbound.counting.not_a_kind'),
      op(2, { name: 'lang' }),
      op(3, { name: 'note', value: 'nul \u0000 here' }),
      setting(4, 'after_unknown', 'yes'),
    ];
    const res = await client.post(PUSH, { device_id: device, ops });
    expect(res.retcode).toBe(0);
    const [unknown, invalid, nul, ok] = res.data.results;
    expect(unknown).toMatchObject({ status: 'rejected', retcode: RET.UNKNOWN_API });
    expect(unknown.message).toContain('inbound.counting.not_a_kind');
    expect(invalid).toMatchObject({ status: 'rejected', retcode: RET.BAD_INPUT, data: { issues: [{ path: 'payload.value' }] } });
    expect(nul).toMatchObject({ status: 'rejected', retcode: RET.BAD_INPUT });
    expect(ok).toMatchObject({ status: 'applied' });
    expect((await recordsOf(device)).map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'applied']);
  });

  test('ops belong to the user who pushes them: each user of a shared device has a stream of their own', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const device: string = randomUUID();
    expect((await a.client.post(PUSH, { device_id: device, ops: [setting(1, 'mine', 'a')] })).data.acked_seq).toBe(1);
    const res = await b.client.post(PUSH, { device_id: device, ops: [setting(1, 'mine', 'b')] });
    expect(res.data.results[0].status).toBe('applied');
    expect(await settingOf(a.userId, 'mine')).toBe('a');
    expect(await settingOf(b.userId, 'mine')).toBe('b');
    const streams = await db().select().from(syncStreams).where(eq(syncStreams.deviceId, device));
    expect(streams.map((s) => s.userId).sort()).toEqual([a.userId, b.userId].sort());
  });

  test('bad batches are -100400 naming the field, never a 500', async () => {
    const { client } = await signedIn();
    const device: string = randomUUID();
    const cases: [unknown, string][] = [
      [{ device_id: 'not-a-uuid', ops: [setting(1, 'a', 'b')] }, 'device_id'],
      [{ device_id: device, ops: [] }, 'ops'],
      [{ device_id: device, ops: [{ ...setting(1, 'a', 'b'), op_id: randomUUID().replace(/^(.{14})./, '$14') }] }, 'ops.0.op_id'],
      [{ device_id: device, ops: [{ ...setting(1, 'a', 'b'), seq: 0 }] }, 'ops.0.seq'],
      [{ device_id: device, ops: [{ ...setting(1, 'a', 'b'), created_at: 1e17 }] }, 'ops.0.created_at'],
      [{ device_id: device, ops: [{ ...setting(1, 'a', 'b'), kind: 'bad kind\u0000' }] }, 'ops.0.kind'],
      [{ device_id: device, ops: Array.from({ length: 201 }, (_, i) => setting(i + 1, 'a', 'b')) }, 'ops'],
    ];
    for (const [body, field] of cases) {
      const res = await client.post(PUSH, body);
      expect(res.retcode, field).toBe(RET.BAD_INPUT);
      expect(res.data.issues.map((i: { path: string }) => i.path), field).toContain(field);
    }
    expect(await recordsOf(device)).toHaveLength(0);
  });

  test('op kinds: partial effects of a refusal roll back, a missing permission is a rejection, a crash fails the whole batch', async () => {
    const note = z.object({ value: z.string() });
    // Server-only kinds: no device queues them, so their device-side message is never shown.
    const testOp = (kind: string, access: OfflineOp['access'], how: OpApply<z.infer<typeof note>>) =>
      serverOp(defineOp({ kind, access, payload: note, invalid: kind }), how);
    const kinds = new Map([
      ...OP_KINDS.values(),
      testOp('test.write_then_refuse', 'session', {
        apply: async (tx, p, ctx) => {
          await saveUserSetting(tx, ctx.userId, { name: 'partial', value: p.value });
          throw new ApiError(RET.NOT_FOUND, 'Location blocked since the scan.', { location: 'A-01' });
        },
      }),
      testOp('test.supervised', { perm: 'PC.Wmsconfig.Syncqueue.View' }, {
        apply: async (tx, p, ctx) => {
          await saveUserSetting(tx, ctx.userId, { name: 'supervised', value: p.value });
          return { seq: ctx.seq, device: ctx.deviceId };
        },
      }),
      testOp('test.crash', 'session', { apply: () => Promise.reject(new Error('disk on fire')) }),
    ].map((k) => [k.kind, k]));
    const app = new Hono();
    app.onError((err, c) => (err instanceof ApiError
      ? c.json(envelope(err.data, err.retcode, err.message), err.httpStatus as 200)
      : c.json(envelope(null, RET.INTERNAL, 'Internal server error'), 500)));
    registerContract(app, { db: db(), config: server.config }, contract, { ...handlers, ...syncHandlersWith(kinds) });
    const asTestApp = (client: TestClient) => {
      const other = new TestClient(app as unknown as ReturnType<typeof createApp>);
      for (const [k, v] of client.cookies) other.cookies.set(k, v);
      other.whsId = client.whsId;
      return other;
    };
    const operator = await signedIn();
    const supervisor = await signedIn('Supervisor');
    const client = asTestApp(operator.client);
    const device: string = randomUUID();

    const res = await client.post(PUSH, { device_id: device, ops: [
      op(1, { value: 'x' }, 'test.write_then_refuse'),
      op(2, { value: 'y' }, 'test.supervised'),
      setting(3, 'after_kinds', 'yes'),
    ] });
    expect(res.retcode).toBe(0);
    expect(res.data.results[0]).toMatchObject({ status: 'rejected', retcode: RET.NOT_FOUND, message: 'Location blocked since the scan.', data: { location: 'A-01' } });
    expect(res.data.results[1]).toMatchObject({ status: 'rejected', retcode: RET.PERMISSION_DENIED, data: { perm: 'PC.Wmsconfig.Syncqueue.View' } });
    expect(res.data.results[2]).toMatchObject({ status: 'applied' });
    expect(await settingOf(operator.userId, 'partial')).toBeUndefined();
    expect(await settingOf(operator.userId, 'supervised')).toBeUndefined();
    expect(await settingOf(operator.userId, 'after_kinds')).toBe('yes');

    const supervised = await asTestApp(supervisor.client).post(PUSH, { device_id: device, ops: [op(1, { value: 'z' }, 'test.supervised')] });
    expect(supervised.data.results[0]).toMatchObject({ status: 'applied', data: { seq: 1, device } });
    expect(await settingOf(supervisor.userId, 'supervised')).toBe('z');

    const crash = await client.post(PUSH, { device_id: device, ops: [setting(4, 'before_crash', 'yes'), op(5, { value: 'x' }, 'test.crash')] });
    expect(client.lastStatus).toBe(500);
    expect(crash.retcode).toBe(RET.INTERNAL);
    expect(await settingOf(operator.userId, 'before_crash')).toBeUndefined();
    expect((await recordsOf(device)).filter((r) => r.userId === operator.userId).map((r) => r.seq)).toEqual([1, 2, 3]);
    const retry = await client.post(PUSH, { device_id: device, ops: [setting(4, 'before_crash', 'yes')] });
    expect(retry.data).toMatchObject({ acked_seq: 4, results: [{ status: 'applied' }] });
  });
});

/**
 * Two apps over one database (as two server processes would be) push the same ops of one device
 * at once, five rounds: each op is applied by one and answered as a duplicate by the other.
 */
async function pushSameOpsAtOnce() {
  const { client } = await signedIn();
  // A second app over the same database: its requests take other connections of the pool.
  const otherApp = createApp({ db: server.database.db, config: server.config });
  const other = new TestClient(otherApp);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  other.whsId = client.whsId;
  const device: string = randomUUID();
  let seq = 0;
  for (let round = 0; round < 5; round++) {
    const ops = Array.from({ length: 40 }, () => setting(++seq, `race_${seq}`, String(round)));
    const [a, b] = await Promise.all([client.post(PUSH, { device_id: device, ops }), other.post(PUSH, { device_id: device, ops })]);
    expect([a.retcode, b.retcode]).toEqual([0, 0]);
    expect([a.data.acked_seq, b.data.acked_seq]).toEqual([seq, seq]);
    for (let i = 0; i < ops.length; i++) {
      expect([a.data.results[i].status, b.data.results[i].status].sort(), `round ${round} op ${i}`).toEqual(['applied', 'duplicate']);
    }
  }
  const records = await recordsOf(device);
  expect(records.map((r) => r.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
}

describe('the same ops pushed at once (exactly once under concurrency)', () => {
  test('on the file\'s database: PGlite interleaves the two apps\' requests on its one connection', pushSameOpsAtOnce);

  describe.skipIf(SKIP_POSTGRES)('on PostgreSQL', () => {
    usePostgresServer(() => server, (on) => (server = on));
    test('two connections of the pool apply them at the same moment', pushSameOpsAtOnce);
  });
});

describe('device_heartbeat and the supervisor endpoints', () => {
  test('heartbeat reports show in search_device_queue with the unresolved rejected count, latest contact first', async () => {
    const supervisor = await signedIn('Supervisor');
    const worker = await signedIn();
    const quiet = await signedIn();
    const device: string = randomUUID();
    const quietDevice: string = randomUUID();
    const oldest = Date.now() - 5 * 60_000;
    expect((await quiet.client.post(HEARTBEAT, { device_id: quietDevice, pending: 0, rejected: 0, oldest_pending_at: null, app_version: '1.0.0', user_agent: 'Quiet' })).retcode).toBe(0);
    await worker.client.post(PUSH, { device_id: device, ops: [setting(1, 'lang', 'bad'), setting(2, 'ok', '1')] });
    const beat = await worker.client.post(HEARTBEAT, { device_id: device, pending: 7, rejected: 1, oldest_pending_at: oldest, app_version: ' 2.3.4 ', user_agent: 'NQ1000 Chrome' });
    expect(beat.retcode).toBe(0);
    expect(beat.data.acked_seq).toBe(2);
    expect(Math.abs(beat.data.server_time - Date.now())).toBeLessThan(5_000);

    const res = await supervisor.client.get(QUEUE);
    expect(res.retcode).toBe(0);
    const mine = res.data.list.filter((r: { device_id: string }) => [device, quietDevice].includes(r.device_id));
    expect(mine.map((r: { device_id: string }) => r.device_id)).toEqual([device, quietDevice]);
    expect(mine[0]).toMatchObject({
      user_id: worker.userId, email: worker.email, pending: 7, rejected_reported: 1, rejected_unresolved: 1,
      oldest_pending_at: oldest, acked_seq: 2, app_version: '2.3.4', user_agent: 'NQ1000 Chrome',
    });
    expect(mine[1]).toMatchObject({ user_id: quiet.userId, pending: 0, rejected_unresolved: 0, oldest_pending_at: null, acked_seq: 0 });
    const contacts = res.data.list.map((r: { last_contact_at: number }) => r.last_contact_at);
    expect(contacts).toEqual([...contacts].sort((x: number, y: number) => y - x));
  });

  test('the demo supervisor holds the Sync Queue page but no user or role administration; the operator does not', async () => {
    const perms = async (email: string) => ((await (await server.login(email)).get('/apps/system/authorization/get_my_perm')).data.list as string[]);
    const supervisor = await perms('supervisor@demo.local');
    expect(supervisor).toContain('PC.Wmsconfig.Syncqueue.View');
    expect(supervisor).toContain('PC.Wmsconfig.Syncqueue.Action');
    expect(supervisor).toContain('PC.Wmsconfig.Printsettings.View');
    for (const page of ['PC.Wmsconfig.Userlist.View', 'PC.Wmsconfig.Userrole.View', 'PC.Wmsconfig.Rolelist.View']) expect(supervisor).not.toContain(page);
    expect(supervisor.filter((p) => p.startsWith('PC.User.'))).toEqual([]);
    expect(await perms('operator@demo.local')).not.toContain('PC.Wmsconfig.Syncqueue.View');
  });

  test('an operator gets -100406 on every supervisor endpoint; resolving needs the Sync Queue\'s Action beside its View', async () => {
    const { client } = await signedIn();
    for (const res of [await client.get(QUEUE), await client.get(REJECTED)]) {
      expect(res.retcode).toBe(RET.PERMISSION_DENIED);
      expect(res.data.perm).toBe('PC.Wmsconfig.Syncqueue.View');
    }
    const resolve = await client.post(RESOLVE, { op_id: uuidv7(), reason: 'checked on the floor' });
    expect(resolve).toMatchObject({ retcode: RET.PERMISSION_DENIED, data: { perm: 'PC.Wmsconfig.Syncqueue.Action' } });
  });

  test('resolving a rejected op records who, when and why; a second resolve is refused', async () => {
    const supervisor = await signedIn('Supervisor');
    const worker = await signedIn();
    const device: string = randomUUID();
    const bad = setting(1, 'lang', 'nope');
    await worker.client.post(PUSH, { device_id: device, ops: [bad, setting(2, 'fine', '1')] });

    const listed = await supervisor.client.get(REJECTED, { device_id: device });
    expect(listed.retcode).toBe(0);
    expect(listed.data.total).toBe(1);
    expect(listed.data.list[0]).toMatchObject({
      op_id: bad.op_id, device_id: device, seq: 1, kind: SET_SETTING, retcode: RET.BAD_INPUT, user_id: worker.userId,
      email: worker.email, created_at: bad.created_at, resolved_at: null, resolution_reason: null,
    });
    expect(listed.data.list[0].message).toContain('language');

    for (const reason of ['', '  ab  ', 'x'.repeat(501)]) {
      const res = await supervisor.client.post(RESOLVE, { op_id: bad.op_id, reason });
      expect(res.retcode, reason).toBe(RET.BAD_INPUT);
      expect(res.data.issues[0].path).toBe('reason');
    }
    const before = Date.now();
    const resolved = await supervisor.client.post(RESOLVE, { op_id: bad.op_id, reason: '  Language fixed by hand on the device.  ' });
    expect(resolved.retcode).toBe(0);
    const [record] = await db().select().from(syncOps).where(eq(syncOps.opId, bad.op_id));
    expect(record).toMatchObject({ resolvedBy: supervisor.userId, resolutionReason: 'Language fixed by hand on the device.' });
    expect(record!.resolvedAt!.getTime()).toBe(resolved.data.resolved_at);
    expect(record!.resolvedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);

    const twice = await supervisor.client.post(RESOLVE, { op_id: bad.op_id, reason: 'again' });
    expect(twice.retcode).toBe(RET.BAD_INPUT);
    expect(twice.message).toContain('already resolved');
    expect((await db().select().from(syncOps).where(eq(syncOps.opId, bad.op_id)))[0]!.resolutionReason).toBe('Language fixed by hand on the device.');

    expect((await supervisor.client.get(REJECTED, { device_id: device })).data.total).toBe(0);
    const history = await supervisor.client.get(REJECTED, { device_id: device, status: 'resolved' });
    expect(history.data.list[0]).toMatchObject({ op_id: bad.op_id, resolution_reason: 'Language fixed by hand on the device.', resolved_by_name: supervisor.email.split('@')[0] });
    const queue = await supervisor.client.get(QUEUE);
    expect(queue.data.list.find((r: { device_id: string }) => r.device_id === device).rejected_unresolved).toBe(0);
    // An applied op is not a rejection to resolve.
    const applied = (await recordsOf(device))[1]!;
    const notRejected = await supervisor.client.post(RESOLVE, { op_id: applied.opId, reason: 'nothing to do' });
    expect(notRejected.retcode).toBe(RET.BAD_INPUT);
    expect(notRejected.message).toContain('only rejected ops');
  });

  test('search_rejected_ops filters by user and pages; bad filters are -100400', async () => {
    const supervisor = await signedIn('Supervisor');
    const worker = await signedIn();
    const device: string = randomUUID();
    await worker.client.post(PUSH, { device_id: device, ops: Array.from({ length: 25 }, (_, i) => setting(i + 1, 'lang', `bad${i}`)) });
    const page1 = await supervisor.client.get(REJECTED, { user_id: worker.userId });
    expect(page1.data.total).toBe(25);
    expect(page1.data.list).toHaveLength(20);
    const page2 = await supervisor.client.get(REJECTED, { user_id: worker.userId, pageno: 2 });
    expect(page2.data.list).toHaveLength(5);
    const seqs = [...page1.data.list, ...page2.data.list].map((r: { seq: number }) => r.seq);
    expect(new Set(seqs).size).toBe(25);
    expect((await supervisor.client.get(REJECTED, { user_id: worker.userId, count: 50 })).data.list).toHaveLength(25);
    for (const [query, field] of [[{ count: 7 }, 'count'], [{ device_id: 'x' }, 'device_id'], [{ status: 'open' }, 'status'], [{ pageno: 0 }, 'pageno']] as const) {
      const res = await supervisor.client.get(REJECTED, query);
      expect(res.retcode, field).toBe(RET.BAD_INPUT);
      expect(res.data.issues[0].path).toBe(field);
    }
  });

  test("another warehouse's devices and ops are invisible and cannot be resolved", async () => {
    const worker = await signedIn('Operator', ['SGSIN1']);
    const elsewhere = await signedIn('Supervisor', ['IDJKT1', 'SGSIN1']);
    const device: string = randomUUID();
    const bad = setting(1, 'lang', 'nowhere');
    await worker.client.post(PUSH, { device_id: device, ops: [bad] });
    await worker.client.post(HEARTBEAT, { device_id: device, pending: 3, rejected: 1, oldest_pending_at: null, app_version: '1', user_agent: 'x' });

    expect(elsewhere.client.whsId).toBe('IDJKT1');
    const queue = await elsewhere.client.get(QUEUE);
    expect(queue.data.list.some((r: { device_id: string }) => r.device_id === device)).toBe(false);
    expect(queue.data.list.some((r: { user_id: number }) => r.user_id === worker.userId)).toBe(false);
    const rejected = await elsewhere.client.get(REJECTED, { device_id: device });
    expect(rejected.data).toEqual({ list: [], total: 0 });
    expect((await elsewhere.client.get(REJECTED, { status: 'all' })).data.list.some((r: { op_id: string }) => r.op_id === bad.op_id)).toBe(false);
    const resolve = await elsewhere.client.post(RESOLVE, { op_id: bad.op_id, reason: 'not my warehouse' });
    expect(resolve.retcode).toBe(RET.NOT_FOUND);
    expect((await db().select().from(syncOps).where(eq(syncOps.opId, bad.op_id)))[0]!.resolvedAt).toBeNull();

    // The same supervisor in the op's warehouse sees it.
    expect((await elsewhere.client.post('/apps/system/user/switch_user_setting', { type: 'whs', value: 'SGSIN1' })).retcode).toBe(0);
    expect((await elsewhere.client.get(REJECTED, { device_id: device })).data.total).toBe(1);
  });
});
