import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, count, countDistinct, eq, like } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { syncOps, syncStreams, userSettings } from '../../src/server/db/schema';
import { contract } from '../../src/shared/contract';
import { userSettingsOps } from '../../src/shared/ops/user-settings.ops';
import { RET } from '../../src/shared/retcodes';
import { OutboxDb } from '../../src/app/kit/outbox/db';
import { Outbox, type OutboxTransport } from '../../src/app/kit/outbox/outbox';

/**
 * The real outbox (Dexie over fake-indexeddb) draining to the real Hono app in process, through
 * a transport that drops answers after the server has applied the batch: every op must be
 * applied exactly once, in order.
 */

class EnvelopeError extends Error {
  constructor(readonly retcode: number, message: string, readonly data: unknown) {
    super(message);
  }
}

interface Lossy {
  transport: OutboxTransport;
  pushes: number;
  lost: number;
}

/** push_ops through the test client; with `dropEvery` = 2 every other answer is lost after the server applied it. */
function lossyTransport(client: TestClient, dropEvery: number): Lossy {
  const state: Lossy = { pushes: 0, lost: 0, transport: undefined as unknown as OutboxTransport };
  const call = async <T>(path: string, input: unknown): Promise<T> => {
    const res = await client.post<T>(path.replace(/^\/api/, ''), input);
    if (res.retcode !== RET.OK) throw new EnvelopeError(res.retcode, res.message, res.data);
    return res.data;
  };
  state.transport = {
    pushOps: async (input) => {
      state.pushes += 1;
      const answer = await call<Awaited<ReturnType<OutboxTransport['pushOps']>>>(contract.pushOps.path, input);
      if (dropEvery > 0 && state.pushes % dropEvery === 1) {
        state.lost += 1;
        throw new TypeError('Failed to fetch: the connection dropped before the answer arrived');
      }
      return answer;
    },
    deviceHeartbeat: (input) => call(contract.deviceHeartbeat.path, input),
    sessionUserId: async () => {
      const res = await client.get<{ user_id: number }>(contract.getLoginInfo.path);
      if (res.retcode !== RET.OK) throw new EnvelopeError(res.retcode, res.message, res.data);
      return res.data.user_id;
    },
  };
  return state;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('outbox replay to the server', () => {
  test('200 ops with every other answer lost after the apply: each applied exactly once, in order', async () => {
    const { userId, email } = await server.createUser({ email: 'replay@demo.local' });
    const client = await server.login(email);
    const lossy = lossyTransport(client, 2);
    const db = new OutboxDb('outbox-replay-200');
    const timers = { setTimeout: () => null, clearTimeout: () => undefined };
    const outbox = new Outbox({ db, transport: lossy.transport, locks: null, timers, batchSize: 20, appVersion: 'api-test', userAgent: 'vitest' });
    try {
      outbox.setContext({ userId, whsId: client.whsId! });
      await outbox.drain();
      // Queue everything first while "offline", then let the network come back.
      const offline: OutboxTransport = { ...lossy.transport, pushOps: () => Promise.reject(new TypeError('offline')) };
      const queuing = new Outbox({ db, transport: offline, locks: null, timers, appVersion: 'api-test', userAgent: 'vitest' });
      queuing.setContext({ userId, whsId: client.whsId! });
      const ops = [];
      for (let i = 1; i <= 200; i++) ops.push(await queuing.enqueue(userSettingsOps.setUserSetting, { name: `replay.${i}`, value: `v${i}` }));
      await queuing.drain();
      queuing.setContext(null);
      expect(ops.map((o) => o.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));

      // Each lost answer leaves the drain backing off; "retry now" resumes it, as the timer would.
      for (let round = 0; round < 40 && (await outbox.readStatus()).pending > 0; round++) await outbox.retryNow();
      expect(lossy.lost).toBeGreaterThanOrEqual(10);

      const states = await db.ops.where('state').equals('done').count();
      expect(states).toBe(200);
      const deviceId = await outbox.deviceId();
      const [rows] = await server.database.db.select({ n: count(), ids: countDistinct(syncOps.opId), seqs: countDistinct(syncOps.seq) })
        .from(syncOps).where(and(eq(syncOps.deviceId, deviceId), eq(syncOps.userId, userId)));
      expect(rows).toEqual({ n: 200, ids: 200, seqs: 200 });
      const applied = await server.database.db.select({ status: syncOps.status, n: count() })
        .from(syncOps).where(eq(syncOps.deviceId, deviceId)).groupBy(syncOps.status);
      expect(applied).toEqual([{ status: 'applied', n: 200 }]);
      const settings = await server.database.db.select().from(userSettings)
        .where(and(eq(userSettings.userId, userId), like(userSettings.name, 'replay.%')));
      expect(settings).toHaveLength(200);
      expect(new Map(settings.map((s) => [s.name, s.value]))).toEqual(new Map(ops.map((o) => [o.payload.name, o.payload.value])));
      const [stream] = await server.database.db.select().from(syncStreams)
        .where(and(eq(syncStreams.deviceId, deviceId), eq(syncStreams.userId, userId)));
      expect(stream?.ackedSeq).toBe(200);

      // The heartbeat after the drain reported an empty queue.
      await outbox.heartbeat();
      const [reported] = await server.database.db.select().from(syncStreams)
        .where(and(eq(syncStreams.deviceId, deviceId), eq(syncStreams.userId, userId)));
      expect(reported).toMatchObject({ pending: 0, rejected: 0, oldestPendingAt: null, appVersion: 'api-test', userAgent: 'vitest' });
    } finally {
      outbox.setContext(null);
      await outbox.drain();
      db.close();
    }
  });

  test('a rejected op is recorded with the server message and later ops still apply', async () => {
    const { userId, email } = await server.createUser({ email: 'replay-reject@demo.local' });
    const client = await server.login(email);
    const lossy = lossyTransport(client, 0);
    const db = new OutboxDb('outbox-replay-reject');
    const outbox = new Outbox({ db, transport: lossy.transport, locks: null, timers: { setTimeout: () => null, clearTimeout: () => undefined } });
    try {
      outbox.setContext({ userId, whsId: client.whsId! });
      const a = await outbox.enqueue(userSettingsOps.setUserSetting, { name: 'lang', value: 'xx' }); // not a language: refused by the server
      const b = await outbox.enqueue(userSettingsOps.setUserSetting, { name: 'lang', value: 'vi' });
      await outbox.drain();
      expect(await db.ops.get(a.op_id)).toMatchObject({ state: 'rejected', last_error: { retcode: RET.BAD_INPUT } });
      expect((await db.ops.get(a.op_id))?.last_error?.message).toMatch(/language/);
      expect((await db.ops.get(b.op_id))?.state).toBe('done');
      expect((await client.get(contract.getLoginInfo.path)).data.lang).toBe('vi');
      expect(await outbox.readStatus()).toMatchObject({ pending: 0, rejected: 1 });
    } finally {
      outbox.setContext(null);
      await outbox.drain();
      db.close();
    }
  });
});
