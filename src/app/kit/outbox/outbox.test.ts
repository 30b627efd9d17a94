import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { userSettingsOps } from '../../../shared/ops/user-settings.ops';
import { RET } from '../../../shared/retcodes';
import { OutboxDb } from './db';
import { FakeSyncServer, ServerError } from './fake-server';
import { BACKOFF_MAX_MS, backoffDelay, OpValidationError, Outbox, type Timers } from './outbox';

const SETTING = userSettingsOps.setUserSetting;
const ALICE = { userId: 7, whsId: 'SGSIN1' };
const BOB = { userId: 8, whsId: 'SGSIN1' };

let dbCounter = 0;
const opened: OutboxDb[] = [];
const outboxes: Outbox[] = [];

/** Timers that never fire on their own: the test advances the clock and drains itself. */
function manualTimers(): Timers & { scheduled: number[] } {
  const scheduled: number[] = [];
  return { scheduled, setTimeout: (_fn, ms) => scheduled.push(ms), clearTimeout: () => undefined };
}

function setup(opts: { server?: FakeSyncServer; name?: string; batchSize?: number; ctx?: typeof ALICE | null } = {}) {
  const name = opts.name ?? `outbox-test-${++dbCounter}`;
  const db = new OutboxDb(name);
  opened.push(db);
  const server = opts.server ?? new FakeSyncServer(ALICE);
  const clock = { t: 1_700_000_000_000 };
  const timers = manualTimers();
  const outbox = new Outbox({
    db, transport: server.transport(), now: () => clock.t, random: () => 0.5, locks: null, timers, batchSize: opts.batchSize,
    appVersion: 'test', userAgent: 'vitest',
  });
  outboxes.push(outbox);
  if (opts.ctx !== null) outbox.setContext(opts.ctx ?? ALICE);
  return { db, name, server, clock, timers, outbox };
}

const setting = (i: number) => ({ name: `s${i % 7}`, value: `v${i}` });

/** Enqueues `n` ops while the server is unreachable, so the queue builds up before draining. */
async function enqueueOffline(outbox: Outbox, server: FakeSyncServer, n: number) {
  const ops = [];
  for (let i = 1; i <= n; i++) {
    server.failBefore.push(new TypeError('offline'));
    ops.push(await outbox.enqueue(SETTING, setting(i)));
  }
  await outbox.drain();
  server.failBefore.length = 0;
  return ops;
}

afterEach(async () => {
  for (const o of outboxes.splice(0)) {
    o.stop();
    o.setContext(null);
    await o.drain(); // a run still in flight ends before its database closes
  }
  for (const db of opened.splice(0)) db.close();
});

describe('enqueue', () => {
  test('stores the op with a UUIDv7, the next seq of the stream and pending state, before any network', async () => {
    const { outbox, server, db } = setup();
    server.failBefore.push(new TypeError('offline'), new TypeError('offline'));
    const a = await outbox.enqueue(SETTING, { name: 'lang', value: 'vi' });
    const b = await outbox.enqueue(SETTING, { name: 'lang', value: 'th' });
    expect(a.op_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.op_id < b.op_id).toBe(true);
    expect([a.seq, b.seq]).toEqual([1, 2]);
    const deviceId = await outbox.deviceId();
    expect(a.stream).toBe(`SGSIN1:${deviceId}:7`);
    expect(a).toMatchObject({ kind: SETTING.kind, state: 'pending', attempts: 0, last_error: null, user_id: 7, whs_id: 'SGSIN1' });
    expect((await db.ops.get(a.op_id))?.payload).toEqual({ name: 'lang', value: 'vi' });
  });

  test('an op is in the status in the turn of the call, before its write commits: a scan right after sees the one before', async () => {
    const { outbox, server } = setup();
    server.failBefore.push(new TypeError('offline'), new TypeError('offline'), new TypeError('offline'));
    const unsubscribe = outbox.subscribe(() => undefined);
    await outbox.deviceId();
    await outbox.readStatus();
    // The device id is known: no turn passes between the call and the status showing the op.
    const first = outbox.enqueue(SETTING, setting(1));
    const shown = outbox.getSnapshot();
    expect(shown.ops.map((op) => op.payload)).toEqual([setting(1)]);
    expect(shown.pending).toBe(1);
    const second = outbox.enqueue(SETTING, setting(2));
    expect(outbox.getSnapshot().ops.map((op) => op.payload)).toEqual([setting(2), setting(1)]);
    const [a, b] = await Promise.all([first, second]);
    expect([a.seq, b.seq]).toEqual([1, 2]);
    await expect.poll(() => outbox.getSnapshot().ops.map((op) => [op.op_id, op.seq])).toEqual([[b.op_id, 2], [a.op_id, 1]]);
    expect(outbox.getSnapshot().pending).toBe(2);
    unsubscribe();
  });

  test('an op whose write fails leaves the status again', async () => {
    const { outbox, db } = setup();
    const unsubscribe = outbox.subscribe(() => undefined);
    await outbox.deviceId();
    db.close();
    await expect(outbox.enqueue(SETTING, setting(1))).rejects.toThrow();
    expect(outbox.getSnapshot().ops).toEqual([]);
    expect(outbox.getSnapshot().pending).toBe(0);
    unsubscribe();
  });

  test('returns before the network answers', async () => {
    const server = new FakeSyncServer(ALICE);
    const hanging = { ...server.transport(), pushOps: () => new Promise<never>(() => undefined) };
    const db = new OutboxDb(`outbox-test-${++dbCounter}`);
    opened.push(db);
    const outbox = new Outbox({ db, transport: hanging, locks: null, timers: manualTimers() });
    outbox.setContext(ALICE);
    const op = await outbox.enqueue(SETTING, setting(1));
    expect(op.seq).toBe(1);
    expect(await db.ops.count()).toBe(1);
    outbox.setContext(null);
  });

  test('refuses a payload its op\'s schema refuses, with the op\'s message, queuing nothing', async () => {
    const { outbox, db } = setup();
    await expect(outbox.enqueue(SETTING, { name: '', value: 'x' })).rejects.toBeInstanceOf(OpValidationError);
    await expect(outbox.enqueue(SETTING, { name: 'lang', value: 'x'.repeat(2001) })).rejects.toThrow(/setting needs a name/);
    expect(await db.ops.count()).toBe(0);
  });

  test('needs a signed-in user', async () => {
    const { outbox } = setup({ ctx: null });
    await expect(outbox.enqueue(SETTING, setting(1))).rejects.toThrow(/sign in/);
  });
});

describe('drain', () => {
  test('sends every op in strict seq order across batches, each applied once', async () => {
    const { outbox, server, db } = setup({ batchSize: 10 });
    const ops = await enqueueOffline(outbox, server, 35);
    server.pushes.length = 0;
    await outbox.retryNow();
    expect(server.appliedIds()).toEqual(ops.map((o) => o.op_id));
    expect(server.pushes.map((p) => p.length)).toEqual([10, 10, 10, 5]);
    expect(server.pushes.flat()).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
    expect(await db.ops.where('state').equals('done').count()).toBe(35);
    expect((await db.ops.get(ops[4]!.op_id))?.result).toEqual({ seq: 5 });
    const status = await outbox.readStatus();
    expect(status).toMatchObject({ state: 'idle', pending: 0, rejected: 0, oldestPendingAt: null });
  });

  test('a lost answer (applied, then crash before the ack) is resent, answered as duplicate and applied once', async () => {
    const { outbox, server, db, clock } = setup({ batchSize: 5 });
    const ops = await enqueueOffline(outbox, server, 12);
    server.dropAnswers = 1;
    await outbox.retryNow(); // first batch applied, its answer lost: the head stays pending
    expect(server.applied).toHaveLength(5);
    expect(await db.ops.where('state').equals('pending').count()).toBe(12);
    expect((await db.ops.get(ops[0]!.op_id))?.last_error).toMatchObject({ retcode: RET.INTERNAL });

    // A "crash": a fresh outbox on the same database resumes.
    const again = new Outbox({ db, transport: server.transport(), now: () => clock.t, locks: null, timers: manualTimers(), random: () => 0.5 });
    outboxes.push(again);
    again.setContext(ALICE);
    await again.drain();
    expect(server.appliedIds()).toEqual(ops.map((o) => o.op_id));
    expect(new Set(server.appliedIds()).size).toBe(12);
    expect(await db.ops.where('state').equals('done').count()).toBe(12);
    expect((await db.ops.get(ops[0]!.op_id))?.attempts).toBeGreaterThanOrEqual(2);
  });

  test('one drainer per stream across tabs: a busy Web Lock means another tab sends; this one looks again shortly', async () => {
    const server = new FakeSyncServer(ALICE);
    const requested: string[] = [];
    let busy = true;
    const locks = {
      request: async (name: string, opts: LockOptions, fn: (lock: Lock | null) => Promise<unknown>) => {
        requested.push(`${name} ${String(opts.ifAvailable)}`);
        return fn(busy ? null : ({ name, mode: 'exclusive' } as Lock));
      },
      query: async () => ({}),
    } as unknown as LockManager;
    const db = new OutboxDb(`outbox-test-${++dbCounter}`);
    opened.push(db);
    const timers = manualTimers();
    const outbox = new Outbox({ db, transport: server.transport(), locks, timers });
    outboxes.push(outbox);
    outbox.setContext(ALICE);
    const op = await outbox.enqueue(SETTING, setting(1));
    await outbox.drain();
    expect(server.pushes).toEqual([]);
    expect(requested.at(-1)).toBe(`tally-outbox:${op.stream} true`);
    expect(timers.scheduled).toContain(1000);
    busy = false;
    await outbox.drain();
    expect(server.appliedIds()).toEqual([op.op_id]);
  });

  test('ops left "sending" by a tab that died mid-push are sent again', async () => {
    const { outbox, server, db } = setup();
    const [op] = await enqueueOffline(outbox, server, 1);
    await db.ops.update(op!.op_id, { state: 'sending' });
    await outbox.retryNow();
    expect(server.appliedIds()).toEqual([op!.op_id]);
    expect((await db.ops.get(op!.op_id))?.state).toBe('done');
  });

  test('a rejection is recorded with its retcode and message and does not block later ops', async () => {
    const server = new FakeSyncServer(ALICE, { reject: (op) => (op.payload.value === 'v2' ? { retcode: -123456, message: 'Location blocked' } : null) });
    const { outbox, db } = setup({ server });
    const ops = await enqueueOffline(outbox, server, 4);
    await outbox.retryNow();
    const states = await Promise.all(ops.map(async (o) => (await db.ops.get(o.op_id))!.state));
    expect(states).toEqual(['done', 'rejected', 'done', 'done']);
    expect((await db.ops.get(ops[1]!.op_id))?.last_error).toEqual({ retcode: -123456, message: 'Location blocked' });
    expect(server.applied.map((o) => o.seq)).toEqual([1, 3, 4]);
    expect(await outbox.readStatus()).toMatchObject({ pending: 0, rejected: 1 });

    await expect(outbox.discard(ops[1]!.op_id, '  ')).rejects.toThrow(/reason/);
    await expect(outbox.discard(ops[0]!.op_id, 'why')).rejects.toThrow(/rejected/);
    await outbox.discard(ops[1]!.op_id, 'Location unblocked by hand');
    expect(await db.ops.get(ops[1]!.op_id)).toMatchObject({ state: 'discarded', discard_reason: 'Location unblocked by hand' });
    expect(await outbox.readStatus()).toMatchObject({ rejected: 0 });
  });

  test('a rejection whose answer was lost comes back as a duplicate with its retcode and is shown as rejected', async () => {
    const server = new FakeSyncServer(ALICE, { reject: (op) => (op.payload.value === 'v1' ? { retcode: -123456, message: 'Location blocked' } : null) });
    const { outbox, db } = setup({ server });
    const ops = await enqueueOffline(outbox, server, 3);
    server.dropAnswers = 1;
    await outbox.retryNow();
    await outbox.retryNow();
    expect((await db.ops.get(ops[0]!.op_id))).toMatchObject({ state: 'rejected', last_error: { retcode: -123456, message: 'Location blocked' } });
    expect(await db.ops.where('state').equals('done').count()).toBe(2);
  });

  test('network errors, timeouts and 5xx keep the head and back off 1 s doubling to 60 s, reset by a success', async () => {
    const { outbox, server, clock, timers } = setup();
    const [op] = await enqueueOffline(outbox, server, 1);
    expect(outbox.getSnapshot()).toMatchObject({ state: 'backoff', retryDelayMs: 1000 });
    const delays = [outbox.getSnapshot().retryDelayMs];
    for (let i = 0; i < 8; i++) {
      server.failBefore.push(i % 2 ? new ServerError(RET.INTERNAL, 'Server error (HTTP 502)') : new TypeError('timeout'));
      await outbox.drain(); // during the backoff: nothing is sent
      clock.t += outbox.getSnapshot().retryDelayMs;
      await outbox.drain();
      delays.push(outbox.getSnapshot().retryDelayMs);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    expect(timers.scheduled).toEqual(expect.arrayContaining([1000, 2000, 60000]));
    expect(server.applied).toHaveLength(0);
    expect(outbox.getSnapshot().lastError).toMatchObject({ retcode: RET.INTERNAL });

    clock.t += BACKOFF_MAX_MS;
    await outbox.drain();
    expect(server.appliedIds()).toEqual([op!.op_id]);
    expect(outbox.getSnapshot()).toMatchObject({ state: 'idle', retryDelayMs: 0, retryAt: null, lastError: null });
    // After the success the next failure starts again at 1 s.
    server.failBefore.push(new TypeError('offline'));
    await outbox.enqueue(SETTING, setting(2));
    await outbox.drain();
    expect(outbox.getSnapshot().retryDelayMs).toBe(1000);
  });

  test('backoff jitter stays within ±20 % and never passes the cap', () => {
    expect(backoffDelay(1, () => 0)).toBe(800);
    expect(backoffDelay(1, () => 1)).toBe(1200);
    expect(backoffDelay(3, () => 0.5)).toBe(4000);
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(30, () => 0)).toBe(48_000);
  });

  test('OUT_OF_SEQUENCE: ops up to acked_seq are done, sending resumes at acked_seq + 1', async () => {
    const { outbox, server, db } = setup({ batchSize: 3 });
    const ops = await enqueueOffline(outbox, server, 8);
    // The server applied seq 1..5 from an earlier push whose answers were all lost, and this
    // device somehow believes 1..6 are done: it sends from 7 and is told to resume at 6.
    for (const op of ops.slice(0, 5)) server.push(await outbox.deviceId(), [{ op_id: op.op_id, seq: op.seq, kind: op.kind, payload: op.payload, created_at: op.created_at }]);
    await db.ops.update(ops[5]!.op_id, { state: 'done' });
    server.pushes.length = 0;
    await outbox.retryNow();
    expect(server.pushes[0]).toEqual([1, 2, 3]); // duplicates: the recorded answers come back
    server.pushes.length = 0;
    const states = async () => Promise.all(ops.map(async (o) => (await db.ops.get(o.op_id))!.state));
    expect(await states()).toEqual(Array(8).fill('done'));
    expect(new Set(server.appliedIds()).size).toBe(8);
    expect(server.applied).toHaveLength(8);

    // Now a real gap: the device is ahead of the server (acked 8, device sends 10 after 9 went missing).
    const more = await enqueueOffline(outbox, server, 3); // seq 9, 10, 11
    await db.ops.update(more[0]!.op_id, { state: 'done' });
    server.pushes.length = 0;
    await outbox.retryNow();
    expect(server.pushes).toEqual([[10, 11], [9, 10, 11]]);
    expect(server.applied.map((o) => o.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  test('OUT_OF_SEQUENCE with acked_seq past the batch head marks the acknowledged ops done', async () => {
    const { outbox, server, db } = setup();
    const ops = await enqueueOffline(outbox, server, 3);
    server.failBefore.push(new ServerError(RET.OUT_OF_SEQUENCE, 'out of sequence', { acked_seq: 2 }));
    // Make the server's own record agree: 1 and 2 were applied.
    const deviceId = await outbox.deviceId();
    server.push(deviceId, ops.slice(0, 2).map((o) => ({ op_id: o.op_id, seq: o.seq, kind: o.kind, payload: o.payload, created_at: o.created_at })));
    server.pushes.length = 0;
    await outbox.retryNow();
    expect(server.pushes).toEqual([[1, 2, 3], [3]]);
    expect(await db.ops.where('state').equals('done').count()).toBe(3);
    expect(server.applied).toHaveLength(3);
  });

  test('NOT_LOGGED_IN pauses in auth-required, losing nothing, until the same user signs in', async () => {
    const { outbox, server, db } = setup();
    const ops = await enqueueOffline(outbox, server, 3);
    server.session = null;
    await outbox.retryNow();
    expect(outbox.getSnapshot().state).toBe('auth-required');
    expect(await db.ops.where('state').equals('pending').count()).toBe(3);
    const pushes = server.pushes.length;
    await outbox.retryNow(); // paused: nothing is tried
    expect(server.pushes.length).toBe(pushes);

    server.session = ALICE;
    outbox.setContext(ALICE); // signed in again
    await outbox.drain();
    expect(outbox.getSnapshot().state).toBe('idle');
    expect(server.appliedIds()).toEqual(ops.map((o) => o.op_id));
  });

  test('a push refused with NOT_LOGGED_IN keeps the ops pending', async () => {
    const { outbox, server, db } = setup();
    await enqueueOffline(outbox, server, 2);
    server.failBefore.push(new ServerError(RET.NOT_LOGGED_IN, 'Not logged in'));
    // The session check passes, the push itself finds the session gone.
    await outbox.retryNow();
    expect(outbox.getSnapshot().state).toBe('auth-required');
    expect(await db.ops.where('state').equals('pending').count()).toBe(2);
  });

  test('a push refused until a temporary password is changed pauses, rejects nothing and resumes after the change', async () => {
    const { outbox, server, db } = setup();
    const ops = await enqueueOffline(outbox, server, 2);
    server.failBefore.push(new ServerError(RET.PASSWORD_CHANGE_REQUIRED, 'Change your temporary password'));
    await outbox.retryNow();
    expect(outbox.getSnapshot().state).toBe('auth-required');
    expect(outbox.getSnapshot().retryAt).toBeNull(); // a pause, not a backoff
    expect(await db.ops.where('state').equals('pending').count()).toBe(2);
    expect(await db.ops.where('state').equals('rejected').count()).toBe(0);
    expect(server.applied).toHaveLength(0);

    outbox.setContext(ALICE); // the shell binds the session again once the password is changed
    await outbox.drain();
    expect(outbox.getSnapshot().state).toBe('idle');
    expect(server.appliedIds()).toEqual(ops.map((o) => o.op_id));
  });

  test("another user's ops are never sent by this session", async () => {
    const { outbox, server, db } = setup();
    const alices = await enqueueOffline(outbox, server, 2);
    // Bob signs in on the same device.
    server.session = BOB;
    outbox.setContext(BOB);
    const bobs = await outbox.enqueue(SETTING, setting(9));
    await outbox.drain();
    expect(server.appliedIds()).toEqual([bobs.op_id]);
    expect(bobs.seq).toBe(1); // his own stream
    expect(await outbox.pendingCountOfUser(ALICE.userId)).toBe(2);
    // Alice's tab still thinks she is signed in, but the shared session is Bob's: it waits.
    outbox.setContext(ALICE);
    await outbox.drain();
    expect(outbox.getSnapshot().state).toBe('auth-required');
    expect(server.appliedIds()).toEqual([bobs.op_id]);
    // Alice signs in again: her ops go, under her session.
    server.session = ALICE;
    outbox.setContext(ALICE);
    await outbox.drain();
    expect(server.appliedIds()).toEqual([bobs.op_id, ...alices.map((o) => o.op_id)]);
    expect(await db.ops.where('state').equals('done').count()).toBe(3);
  });

  test('ops of another warehouse wait for that warehouse', async () => {
    const { outbox, server } = setup();
    await enqueueOffline(outbox, server, 1);
    const otherWhs = { userId: ALICE.userId, whsId: 'MYKUL1' };
    server.session = otherWhs;
    outbox.setContext(otherWhs);
    await outbox.retryNow();
    expect(server.applied).toHaveLength(0);
    expect((await outbox.readStatus()).pending).toBe(0);
  });

  test('survives closing and reopening the database: same device id, seq continues, ops still pending', async () => {
    const { outbox, server, db, name } = setup();
    const before = await enqueueOffline(outbox, server, 2);
    const deviceId = await outbox.deviceId();
    outbox.setContext(null);
    db.close();

    const { outbox: reopened, db: db2 } = setup({ name, server });
    server.failBefore.push(new TypeError('offline'));
    await reopened.drain();
    expect(reopened.getSnapshot().state).toBe('backoff');
    expect(await reopened.deviceId()).toBe(deviceId);
    const next = await reopened.enqueue(SETTING, setting(3));
    expect(next.seq).toBe(3);
    expect(await db2.ops.where('state').equals('pending').count()).toBe(3);
    await reopened.drain();
    await reopened.retryNow();
    expect(server.appliedIds()).toEqual([...before.map((o) => o.op_id), next.op_id]);
  });

  test('heartbeat reports the pending depth, rejected count and oldest pending op after a drain', async () => {
    const server = new FakeSyncServer(ALICE, { reject: (op) => (op.seq === 1 ? { retcode: -1, message: 'no' } : null) });
    const { outbox, clock } = setup({ server });
    await enqueueOffline(outbox, server, 2);
    await outbox.retryNow();
    await outbox.heartbeat();
    const deviceId = await outbox.deviceId();
    expect(server.heartbeats.at(-1)).toEqual({
      device_id: deviceId, pending: 0, rejected: 1, oldest_pending_at: null, app_version: 'test', user_agent: 'vitest',
    });
    server.failBefore.push(new TypeError('offline'));
    await outbox.enqueue(SETTING, setting(3));
    await outbox.heartbeat();
    expect(server.heartbeats.at(-1)).toMatchObject({ pending: 1, rejected: 1, oldest_pending_at: clock.t });
  });

  test('the status store notifies subscribers with counts and the stream ops', async () => {
    const { outbox, server } = setup();
    const seen: number[] = [];
    const unsubscribe = outbox.subscribe(() => seen.push(outbox.getSnapshot().pending));
    await enqueueOffline(outbox, server, 2);
    await expect.poll(() => outbox.getSnapshot().pending).toBe(2);
    expect(outbox.getSnapshot().ops.map((o) => o.seq)).toEqual([2, 1]);
    await outbox.retryNow();
    await expect.poll(() => outbox.getSnapshot().pending).toBe(0);
    expect(seen).toContain(2);
    unsubscribe();
  });
});
