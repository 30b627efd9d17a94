import { OutboxDb } from '../../src/app/kit/outbox/db';
import { Outbox, type OutboxTransport, type Timers } from '../../src/app/kit/outbox/outbox';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER, TENANT_HEADER, type Envelope } from '../../src/shared/contract/define';
import { syncContract } from '../../src/shared/contract/sync.contract';
import { sessionContract } from '../../src/shared/contract/session.contract';
import type { OfflineOp, PayloadOf } from '../../src/shared/ops/define';
import { ALL_OPS } from '../../src/shared/ops';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import { RET } from '../../src/shared/retcodes';
import { seededRandom } from '../support/stats';
import type { DrainInPage, DrainRequest, FaultLog, QueueRequest, ReplayPage } from '../support/replay-page';

/**
 * Runs in Chromium at the server's origin (bundled by support/replay-engine.ts): the device of the
 * replay benches. The app's Outbox on the page's real IndexedDB (strict durability) queues the
 * scenario's ops (putaway puts, picks) with the network gone, then drains them over the
 * browser's own network stack to the server, through a transport that injects the bench's faults. Killing the server is asked of
 * the bench process (`__benchKillIn`, timed there so the kill lands while the push is in flight);
 * it starts again on the same port, so the origin and its IndexedDB stay the same.
 */

declare global {
  interface Window {
    __benchKillIn(ms: number): Promise<void>;
    __benchRestarting(): Promise<boolean>;
    __replay: ReplayPage;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A nonzero retcode: the server's answer, as the app's transport throws it (the Outbox reads `retcode` and `data`). */
class EnvelopeError extends Error {
  constructor(readonly retcode: number, message: string, readonly data: unknown) {
    super(message);
  }
}

const csrfToken = () => document.cookie.split('; ').find((c) => c.startsWith(`${CSRF_COOKIE}=`))?.slice(CSRF_COOKIE.length + 1) ?? '';

let whsId = '';

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { [CSRF_HEADER]: csrfToken() };
  if (whsId) headers[TENANT_HEADER] = whsId;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(API_BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  if (res.status >= 500) throw new TypeError(`HTTP ${res.status}`);
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.retcode !== RET.OK) throw new EnvelopeError(envelope.retcode, envelope.message, envelope.data);
  return envelope.data;
}

/** The app's calls over this page's fetch: what the Outbox's transport does in the app, without the app's shell. */
const network = {
  push: (input: Parameters<OutboxTransport['pushOps']>[0]) => call<Awaited<ReturnType<OutboxTransport['pushOps']>>>('POST', syncContract.pushOps.path, input),
  deviceHeartbeat: (input: Parameters<OutboxTransport['deviceHeartbeat']>[0]) => call<Awaited<ReturnType<OutboxTransport['deviceHeartbeat']>>>('POST', syncContract.deviceHeartbeat.path, input),
  sessionUserId: async () => (await call<{ user_id: number }>('GET', sessionContract.getLoginInfo.path)).user_id,
};

async function signIn(email: string, password: string): Promise<{ whs_id: string; user_id: number }> {
  await call('GET', sessionContract.getLangSetting.path);
  const me = await call<{ whs_id: string; user_id: number }>('POST', sessionContract.userLogin.path, { email, password: hashPasswordForTransport(password) });
  whsId = me.whs_id;
  return me;
}

/** The ops a replay scenario may queue, by kind: every declared op kind. */
const QUEUEABLE = new Map<string, OfflineOp>(ALL_OPS.map((op) => [op.kind, op as OfflineOp]));

/** The operator scans with the network gone: every op is queued through `enqueue`, nothing is sent. Returns each enqueue's time. */
async function queue({ dbName, context, ops }: QueueRequest): Promise<number[]> {
  const db = new OutboxDb(dbName);
  const offline = () => Promise.reject(new TypeError('offline'));
  const timers: Timers = { setTimeout: () => null, clearTimeout: () => undefined };
  const scanner = new Outbox({ db, transport: { pushOps: offline, deviceHeartbeat: offline, sessionUserId: offline }, locks: null, timers });
  scanner.setContext(context);
  const samples: number[] = [];
  try {
    for (const { kind, payload } of ops) {
      const op = QUEUEABLE.get(kind);
      if (!op) throw new Error(`The replay page cannot queue ${kind}: add its op to QUEUEABLE`);
      const started = performance.now();
      await scanner.enqueue(op, payload as PayloadOf<typeof op>);
      samples.push(performance.now() - started);
    }
    await scanner.drain();
  } finally {
    scanner.setContext(null);
    db.close();
  }
  return samples;
}

/**
 * The network with the fault plan: each push draws its fate from the seeded source. A kill has
 * the server killed part of a typical push's time after the push is sent and lets the push fail
 * (its answer, if it came first, is lost with the connection); the server starts again while the
 * device backs off and retries.
 */
function faultyTransport(plan: NonNullable<DrainRequest['plan']>, random: () => number): { transport: OutboxTransport; log: FaultLog } {
  const log: FaultLog = {
    pushes: 0, dropped_before_send: 0, answers_lost_after_commit: 0, server_kills: 0, kills_mid_request: 0, failed_server_down: 0, ops_answered_duplicate: 0,
  };
  const gap = () => plan.killGap[0] + Math.floor(random() * (plan.killGap[1] - plan.killGap[0] + 1));
  let nextKillAt = gap();
  let lastPushMs = 50;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof TypeError) log.failed_server_down += 1;
      throw error;
    }
  };
  const transport: OutboxTransport = {
    async pushOps(input) {
      log.pushes += 1;
      if (log.kills_mid_request < plan.killsMidRequest && log.pushes >= nextKillAt && !(await window.__benchRestarting())) {
        nextKillAt = log.pushes + gap();
        await window.__benchKillIn(lastPushMs * (0.1 + 0.5 * random()));
        log.server_kills += 1;
        const answered = await network.push(input).then(() => true, () => false);
        if (!answered) log.kills_mid_request += 1;
        throw new TypeError('fetch failed: the server was killed with this push in flight (injected)');
      }
      const fate = random();
      if (fate < plan.dropBeforeSend) {
        log.dropped_before_send += 1;
        throw new TypeError('fetch failed: the request was dropped before it was sent (injected)');
      }
      const started = performance.now();
      const answer = await counted(() => network.push(input));
      lastPushMs = performance.now() - started;
      log.ops_answered_duplicate += answer.results.filter((r) => r.status === 'duplicate').length;
      if (fate < plan.dropBeforeSend + plan.answerLost) {
        log.answers_lost_after_commit += 1;
        throw new TypeError('fetch failed: the connection dropped after the server committed (injected)');
      }
      return answer;
    },
    deviceHeartbeat: (input) => counted(() => network.deviceHeartbeat(input)),
    sessionUserId: () => counted(() => network.sessionUserId()),
  };
  return { transport, log };
}

/**
 * The network is back: a drainer on the device's queue sends everything; timed from its start
 * until it is idle with nothing left unsent. Its backoff waits are capped (the figure measures
 * replaying, not the retry policy); what the policy asked for is returned.
 */
async function drain({ dbName, context, plan, seed, retryCapMs, timeoutMs }: DrainRequest): Promise<DrainInPage> {
  const db = new OutboxDb(dbName);
  let backoffRequestedMs = 0;
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      backoffRequestedMs += ms;
      return setTimeout(fn, Math.min(ms, retryCapMs));
    },
    clearTimeout: (handle) => clearTimeout(handle as number),
  };
  const faulty = plan ? faultyTransport(plan, seededRandom(seed)) : null;
  const transport: OutboxTransport = faulty?.transport ?? { pushOps: network.push, deviceHeartbeat: network.deviceHeartbeat, sessionUserId: network.sessionUserId };
  const outbox = new Outbox({ db, transport, locks: null, timers, random: seededRandom(seed + 1), appVersion: 'bench', userAgent: navigator.userAgent });
  try {
    const started = performance.now();
    outbox.setContext(context);
    const stream = (await outbox.currentStream())!;
    // Counted only when the drainer says it is idle: a count walks the index beside the drainer.
    const unsent = async () => (await db.ops.where('[stream+state]').equals([stream, 'pending']).count())
      + (await db.ops.where('[stream+state]').equals([stream, 'sending']).count());
    for (;;) {
      const { state } = outbox.getSnapshot();
      if (state === 'idle' && (await unsent()) === 0) break;
      if (state === 'auth-required') throw new Error('The drain stopped: the server no longer takes this session');
      if (performance.now() - started > timeoutMs) throw new Error(`${await unsent()} ops still unsent after ${timeoutMs / 60_000} min`);
      await pause(5);
    }
    const wallMs = performance.now() - started;
    outbox.setContext(null);
    await outbox.drain();
    const ops = await db.ops.toArray();
    const states: Record<string, number> = {};
    for (const op of ops) states[op.state] = (states[op.state] ?? 0) + 1;
    return { wallMs, backoffRequestedMs, deviceId: await outbox.deviceId(), opIds: ops.map((op) => op.op_id), states, faults: faulty?.log ?? null };
  } finally {
    outbox.stop();
    db.close();
  }
}

window.__replay = { signIn, queue, drain };
