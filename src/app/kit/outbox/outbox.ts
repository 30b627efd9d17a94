import { Dexie, liveQuery, type Subscription } from 'dexie';
import { v7 as uuidv7 } from 'uuid';
import type { InputOf, OutputOf } from '../../../shared/contract/define';
import type { QueuedOp, syncContract } from '../../../shared/contract/sync.contract';
import type { OfflineOp, PayloadOf } from '../../../shared/ops/define';
import { RET } from '../../../shared/retcodes';
import { deviceIdOf, nextSeqKey, type OpError, type OutboxDb, type OutboxOp } from './db';

/**
 * The outbox drainer (DESIGN.md "Offline and scanning"): ops are written to Dexie
 * first and pushed to `push_ops` in seq order, in batches, by one drainer per stream across
 * the browser's tabs. The server applies each op id once, so resending after a lost answer is
 * safe; the drainer only has to keep the order and never give up on an op the server has not
 * answered. No React here: the hook lives in use-outbox-status.ts.
 */

/** Thrown by enqueue for a payload its op's check refuses (the op's `invalid`); nothing is queued. */
export class OpValidationError extends Error {
  override readonly name = 'OpValidationError';
  /** `refusal` is the op's `invalid`: English, and the message id the app translates it by. */
  constructor(readonly kind: string, readonly refusal: string) {
    super(refusal);
  }
}

type PushInput = InputOf<typeof syncContract.pushOps>;
type PushOutput = OutputOf<typeof syncContract.pushOps>;
type HeartbeatInput = InputOf<typeof syncContract.deviceHeartbeat>;
type HeartbeatOutput = OutputOf<typeof syncContract.deviceHeartbeat>;

/**
 * How the drainer reaches the server. A failure throws: an error with a numeric `retcode`
 * (and `data`) is an answer of the server, anything else a network failure or timeout.
 */
export interface OutboxTransport {
  pushOps(input: PushInput): Promise<PushOutput>;
  deviceHeartbeat(input: HeartbeatInput): Promise<HeartbeatOutput>;
  /**
   * The user of the browser's current session. The session cookie is shared by every tab, so
   * another user may have signed in elsewhere since this tab started: checked once per drain
   * run so that an op is never pushed under another user's session.
   */
  sessionUserId?(): Promise<number>;
}

export interface OutboxContext {
  userId: number;
  whsId: string;
}

export type DrainState = 'signed-out' | 'idle' | 'draining' | 'backoff' | 'auth-required';

export interface OutboxStatus {
  state: DrainState;
  stream: string | null;
  /** Pending and in-flight ops of this stream. */
  pending: number;
  rejected: number;
  oldestPendingAt: number | null;
  /** The latest ops of this stream, newest first (at most STATUS_OPS). */
  ops: readonly OutboxOp[];
  /** When the next automatic retry runs (backoff), ms since epoch. */
  retryAt: number | null;
  /** The delay of the current backoff (0 when not backing off). */
  retryDelayMs: number;
  /** The last batch-level failure (network, server), cleared by a success. */
  lastError: OpError | null;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface OutboxOptions {
  db: OutboxDb;
  transport: OutboxTransport;
  appVersion?: string;
  userAgent?: string;
  now?: () => number;
  random?: () => number;
  /** Web Locks; null runs the drainer in this tab only. Defaults to navigator.locks. */
  locks?: LockManager | null;
  timers?: Timers;
  batchSize?: number;
}

export const BATCH_SIZE = 100;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;
export const DRAIN_INTERVAL_MS = 15_000;
export const HEARTBEAT_INTERVAL_MS = 60_000;
/** A busy lock means another tab is sending right now; look again shortly for ops it missed. */
const LOCK_RETRY_MS = 1_000;
export const STATUS_OPS = 200;
/** Done ops stay listed in the panel for a day, then are pruned. */
export const DONE_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A server that keeps answering "out of sequence" without moving is treated as a failure. */
const MAX_REWINDS_PER_RUN = 5;

/** Capped exponential backoff with ±20 % jitter: 1 s, 2 s, 4 s … 60 s. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(Math.min(BACKOFF_MAX_MS, base * (0.8 + 0.4 * random())));
}

export const streamOf = (ctx: OutboxContext, deviceId: string): string => `${ctx.whsId}:${deviceId}:${ctx.userId}`;

function retcodeOf(error: unknown): number | null {
  if (typeof error === 'object' && error !== null && typeof (error as { retcode?: unknown }).retcode === 'number') {
    return (error as { retcode: number }).retcode;
  }
  return null;
}

/**
 * Answers that say the session cannot send now, not that the ops are wrong: signed out, or a
 * temporary password to change first. The drain pauses with every op still pending (nothing is
 * rejected or recorded) until the session is bound again (setContext after sign-in or the change).
 */
const pausesTheSession = (error: unknown): boolean => {
  const retcode = retcodeOf(error);
  return retcode === RET.NOT_LOGGED_IN || retcode === RET.PASSWORD_CHANGE_REQUIRED;
};

function errorOf(error: unknown): OpError {
  const retcode = retcodeOf(error) ?? RET.INTERNAL;
  const message = error instanceof Error ? error.message : String(error);
  return { retcode, message };
}

function ackedSeqOf(error: unknown): number | null {
  const data = (error as { data?: unknown }).data;
  const acked = (data as { acked_seq?: unknown } | null | undefined)?.acked_seq;
  return typeof acked === 'number' && Number.isInteger(acked) && acked >= 0 ? acked : null;
}

const toQueued = (op: OutboxOp): QueuedOp => ({ op_id: op.op_id, seq: op.seq, kind: op.kind, payload: op.payload, created_at: op.created_at });

interface DbPart {
  stream: string | null;
  pending: number;
  rejected: number;
  oldestPendingAt: number | null;
  ops: readonly OutboxOp[];
}

const EMPTY_DB_PART: DbPart = { stream: null, pending: 0, rejected: 0, oldestPendingAt: null, ops: [] };

export class Outbox {
  readonly db: OutboxDb;
  private readonly transport: OutboxTransport;
  private readonly appVersion: string;
  private readonly userAgent: string;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly locks: LockManager | null;
  private readonly timers: Timers;
  private readonly batchSize: number;

  private context: OutboxContext | null = null;
  /** Bumped by every setContext: a late failure of an older session must not pause a newer one. */
  private contextGen = 0;
  private deviceIdPromise: Promise<string> | null = null;
  /** The device id once read: enqueue then shows its op without waiting a turn. */
  private knownDeviceId: string | null = null;
  private authRequired = false;
  private failures = 0;
  private retryAt: number | null = null;
  private retryDelayMs = 0;
  private lastError: OpError | null = null;
  private sending = false;
  private running: Promise<void> | null = null;
  private again = false;
  private lastPrune = 0;

  private retryTimer: unknown = null;
  private lockTimer: unknown = null;
  private intervalTimer: unknown = null;
  private heartbeatTimer: unknown = null;
  private stopListening: (() => void) | null = null;

  private readonly listeners = new Set<() => void>();
  private dbPart: DbPart = EMPTY_DB_PART;
  /**
   * Ops being written, shown in the status from the moment `enqueue` is called until a read of
   * the database holds them: a screen judging the next scan by its ops must see the one before,
   * however long the write takes.
   */
  private writing: OutboxOp[] = [];
  private live: Subscription | null = null;
  private liveGeneration = 0;
  private snapshot: OutboxStatus;

  constructor(opts: OutboxOptions) {
    this.db = opts.db;
    this.transport = opts.transport;
    this.appVersion = opts.appVersion ?? '';
    this.userAgent = opts.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.locks = opts.locks !== undefined ? opts.locks : (typeof navigator !== 'undefined' && navigator.locks) || null;
    this.timers = opts.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
    this.batchSize = Math.min(200, Math.max(1, opts.batchSize ?? BATCH_SIZE));
    this.snapshot = this.buildSnapshot();
  }

  /** This browser profile's device id. */
  deviceId(): Promise<string> {
    this.deviceIdPromise ??= deviceIdOf(this.db).then((id) => {
      this.knownDeviceId = id;
      return id;
    });
    return this.deviceIdPromise;
  }

  /** The stream of the current session, or null when signed out. */
  async currentStream(): Promise<string | null> {
    const ctx = this.context;
    return ctx ? streamOf(ctx, await this.deviceId()) : null;
  }

  /**
   * The signed-in user and warehouse of this tab (null: signed out). Setting it again after a
   * sign-in resumes a drain paused for authentication; ops of other users or warehouses stay
   * on the device untouched until their own session returns.
   */
  setContext(ctx: OutboxContext | null): void {
    const prev = this.context;
    const same = prev !== null && ctx !== null && prev.userId === ctx.userId && prev.whsId === ctx.whsId;
    this.context = ctx;
    this.contextGen += 1;
    this.authRequired = false;
    if (!same) {
      this.failures = 0;
      this.clearRetry();
      this.lastError = null;
      this.restartLive();
    }
    this.publish();
    if (ctx) {
      this.kick();
      void this.heartbeat(); // the supervisor's "last contact" as soon as the session starts
    }
  }

  /** A drain started in the background (after enqueue, sign-in, timers, events). */
  private kick(): void {
    this.drain().catch((error: unknown) => console.error('Outbox drain failed', error));
  }

  /**
   * Queues an op of this session: its payload checked against the op's schema, given the next seq
   * of the stream and written in one transaction (strict durability). Resolves once it is stored,
   * before any network; the drain starts in the background. Throws OpValidationError for a refused
   * payload. The payload is stored as given: the server parses it again when applying.
   */
  async enqueue<O extends OfflineOp>(op: O, payload: PayloadOf<O>): Promise<OutboxOp> {
    const ctx = this.context;
    if (!ctx) throw new Error('The outbox has no signed-in user: sign in before queuing operations.');
    const { kind } = op;
    if (!op.payload.safeParse(payload).success) throw new OpValidationError(kind, op.invalid);
    // Shown in the same turn as the call (once the device id is known): the screen's next scan,
    // however soon it comes, is judged with this op in the status.
    const stream = streamOf(ctx, this.knownDeviceId ?? await this.deviceId());
    const db = this.db;
    const shown: OutboxOp = {
      op_id: uuidv7(), stream, seq: Number.NaN, kind, payload: payload as Record<string, unknown>, created_at: this.now(), state: 'pending',
      attempts: 0, last_error: null, result: null, user_id: ctx.userId, whs_id: ctx.whsId,
    };
    this.showWriting([...this.writing, shown]);
    let stored: OutboxOp;
    try {
      stored = await db.transaction('rw', db.ops, db.meta, async () => {
        const row = await db.meta.get(nextSeqKey(stream));
        const seq = typeof row?.value === 'number' ? row.value : 1;
        const queued: OutboxOp = { ...shown, seq };
        await db.ops.add(queued);
        await db.meta.put({ key: nextSeqKey(stream), value: seq + 1 });
        return queued;
      });
    } catch (error) {
      this.showWriting(this.writing.filter((op) => op !== shown));
      throw error;
    }
    // Shown as stored until the live query's next read has it (none runs without listeners).
    this.showWriting(this.listeners.size === 0 ? this.writing.filter((op) => op !== shown) : this.writing.map((op) => (op === shown ? stored : op)));
    this.kick();
    return stored;
  }

  /**
   * Sends the stream's pending ops (one run at a time in this tab; a call during a run makes it
   * look again when done). During a backoff it waits for the retry timer unless `force`.
   */
  drain(opts: { force?: boolean } = {}): Promise<void> {
    if (opts.force) this.clearRetry();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      do {
        this.again = false;
        await this.runOnce();
      } while (this.again);
    };
    this.running = run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** "Retry now": forget the backoff and send at once. */
  retryNow(): Promise<void> {
    this.failures = 0;
    return this.drain({ force: true });
  }

  /** Gives up on a rejected op (the reason stays on this device). */
  async discard(opId: string, reason: string): Promise<void> {
    const why = reason.trim();
    if (!why) throw new Error('A reason is required to discard an operation.');
    await this.db.transaction('rw', this.db.ops, async () => {
      const op = await this.db.ops.get(opId);
      if (!op) throw new Error(`Unknown operation ${opId}`);
      if (op.state !== 'rejected') throw new Error(`Only a rejected operation can be discarded (this one is ${op.state}).`);
      await this.db.ops.update(opId, { state: 'discarded', discard_reason: why, discarded_at: this.now() });
    });
    void this.heartbeat();
  }

  /** Ops of `userId` on this device not yet applied (any warehouse): what logging out leaves behind. */
  pendingCountOfUser(userId: number): Promise<number> {
    return this.db.ops.where('state').anyOf('pending', 'sending').filter((op) => op.user_id === userId).count();
  }

  /**
   * Starts the automatic triggers: the `online` event, a drain every 15 s and a heartbeat every
   * 60 s. Returns the stop function.
   */
  start(): () => void {
    this.stop();
    const onOnline = () => {
      this.failures = 0;
      this.clearRetry();
      this.kick();
    };
    if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
    const tick = () => {
      this.intervalTimer = this.timers.setTimeout(tick, DRAIN_INTERVAL_MS);
      this.kick();
    };
    const beat = () => {
      this.heartbeatTimer = this.timers.setTimeout(beat, HEARTBEAT_INTERVAL_MS);
      void this.heartbeat();
    };
    this.intervalTimer = this.timers.setTimeout(tick, DRAIN_INTERVAL_MS);
    this.heartbeatTimer = this.timers.setTimeout(beat, HEARTBEAT_INTERVAL_MS);
    this.stopListening = () => {
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    };
    return () => this.stop();
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
    for (const handle of [this.intervalTimer, this.heartbeatTimer, this.lockTimer, this.retryTimer]) {
      if (handle !== null) this.timers.clearTimeout(handle);
    }
    this.intervalTimer = this.heartbeatTimer = this.lockTimer = this.retryTimer = null;
  }

  /** Reports this stream's queue to the server (pending depth, rejected, oldest pending). */
  async heartbeat(): Promise<void> {
    const ctx = this.context;
    const gen = this.contextGen;
    if (!ctx || this.authRequired) return;
    try {
      // Counts of this user's stream are only reported under this user's session.
      if (this.transport.sessionUserId && (await this.transport.sessionUserId()) !== ctx.userId) {
        this.pauseForAuth(gen);
        return;
      }
      const deviceId = await this.deviceId();
      const counts = await this.readCounts(streamOf(ctx, deviceId));
      await this.transport.deviceHeartbeat({
        device_id: deviceId, pending: counts.pending, rejected: counts.rejected,
        oldest_pending_at: counts.oldestPendingAt, app_version: this.appVersion.slice(0, 64), user_agent: this.userAgent.slice(0, 512),
      });
    } catch (error) {
      if (pausesTheSession(error)) this.pauseForAuth(gen);
      // Anything else: the next heartbeat reports again.
    }
  }

  // ---- status store -------------------------------------------------------------------------

  /**
   * A store for useSyncExternalStore. Both are bound once: a subscribe of a new identity on
   * each render would make React resubscribe, restart the live query, publish, render again…
   */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.restartLive();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.liveGeneration += 1;
        this.live?.unsubscribe();
        this.live = null;
      }
    };
  };

  readonly getSnapshot = (): OutboxStatus => this.snapshot;

  /** Reads the status afresh from the database (tests and one-off reads). */
  async readStatus(): Promise<OutboxStatus> {
    const stream = await this.currentStream();
    this.takeDbPart(stream ? await this.readDbPart(stream) : EMPTY_DB_PART);
    return this.snapshot;
  }

  private async readCounts(stream: string): Promise<Omit<DbPart, 'ops' | 'stream'>> {
    const ops = this.db.ops;
    const [pending, sending, rejected, head] = await Promise.all([
      ops.where('[stream+state]').equals([stream, 'pending']).count(),
      ops.where('[stream+state]').equals([stream, 'sending']).count(),
      ops.where('[stream+state]').equals([stream, 'rejected']).count(),
      ops.where('[stream+seq]').between([stream, Dexie.minKey], [stream, Dexie.maxKey])
        .filter((op) => op.state === 'pending' || op.state === 'sending').first(),
    ]);
    return { pending: pending + sending, rejected, oldestPendingAt: head?.created_at ?? null };
  }

  private async readDbPart(stream: string): Promise<DbPart> {
    const [counts, ops] = await Promise.all([
      this.readCounts(stream),
      this.db.ops.where('[stream+seq]').between([stream, Dexie.minKey], [stream, Dexie.maxKey]).reverse().limit(STATUS_OPS).toArray(),
    ]);
    return { stream, ...counts, ops };
  }

  /** Watches the database (this tab's writes and other tabs') while anyone listens. */
  private restartLive(): void {
    this.liveGeneration += 1;
    this.live?.unsubscribe();
    this.live = null;
    this.dbPart = EMPTY_DB_PART;
    this.writing = this.writing.filter((op) => Number.isNaN(op.seq));
    if (this.listeners.size === 0 || !this.context) return;
    const ctx = this.context;
    const generation = ++this.liveGeneration;
    // The stream is worked out first: a live query may only await Dexie's own promises.
    void this.deviceId().then((deviceId) => {
      if (generation !== this.liveGeneration) return;
      const stream = streamOf(ctx, deviceId);
      this.live = liveQuery(() => this.readDbPart(stream)).subscribe({
        next: (part) => {
          if (this.context !== ctx) return;
          this.takeDbPart(part);
        },
        error: (error: unknown) => console.error('Outbox status query failed', error),
      });
    }, (error: unknown) => console.error('Outbox device id unavailable', error));
  }

  private buildSnapshot(): OutboxStatus {
    const state: DrainState = !this.context ? 'signed-out'
      : this.authRequired ? 'auth-required'
      : this.sending ? 'draining'
      : this.retryAt !== null ? 'backoff'
      : 'idle';
    const part = this.dbPart;
    const writing = this.writing.filter((op) => op.stream === part.stream && !part.ops.some((read) => read.op_id === op.op_id));
    return {
      state, stream: part.stream, pending: part.pending + writing.length, rejected: part.rejected,
      oldestPendingAt: part.oldestPendingAt ?? writing[0]?.created_at ?? null,
      ops: writing.length === 0 ? part.ops : [...writing.reverse(), ...part.ops], retryAt: this.retryAt, retryDelayMs: this.retryDelayMs, lastError: this.lastError,
    };
  }

  /** A read of the database: the ops written since are in it, no longer shown on their own. */
  private takeDbPart(part: DbPart): void {
    this.dbPart = part;
    this.writing = this.writing.filter((op) => Number.isNaN(op.seq) || !part.ops.some((read) => read.op_id === op.op_id));
    this.publish();
  }

  private showWriting(writing: OutboxOp[]): void {
    this.writing = writing;
    this.publish();
  }

  private publish(): void {
    const next = this.buildSnapshot();
    const prev = this.snapshot;
    const same = (Object.keys(next) as (keyof OutboxStatus)[]).every((key) => Object.is(next[key], prev[key]) || (key === 'lastError' && JSON.stringify(next.lastError) === JSON.stringify(prev.lastError)));
    if (same) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  // ---- the drain ----------------------------------------------------------------------------

  private clearRetry(): void {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryAt = null;
    this.retryDelayMs = 0;
  }

  private scheduleRetry(error: OpError): void {
    this.failures += 1;
    this.lastError = error;
    this.retryDelayMs = backoffDelay(this.failures, this.random);
    this.retryAt = this.now() + this.retryDelayMs;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.retryAt = null;
      this.kick();
    }, this.retryDelayMs);
  }

  private async runOnce(): Promise<void> {
    const ctx = this.context;
    if (!ctx || this.authRequired) return;
    if (this.retryAt !== null && this.now() < this.retryAt) return; // backing off: the timer drains
    this.retryAt = null;
    const deviceId = await this.deviceId();
    const stream = streamOf(ctx, deviceId);
    if (this.locks) {
      const ran = await this.locks.request(`tally-outbox:${stream}`, { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        await this.drainStream(ctx, stream, deviceId);
        return true;
      });
      if (!ran && this.lockTimer === null) {
        this.lockTimer = this.timers.setTimeout(() => {
          this.lockTimer = null;
          this.kick();
        }, LOCK_RETRY_MS);
      }
    } else {
      // No Web Locks in this browser: only this tab's own runs are serialised. Two tabs may then
      // send the same batch; the server applies each op id once and refuses a batch out of
      // sequence, so that costs a duplicate answer, never a double apply.
      await this.drainStream(ctx, stream, deviceId);
    }
  }

  private async drainStream(ctx: OutboxContext, stream: string, deviceId: string): Promise<void> {
    const db = this.db;
    const gen = this.contextGen;
    // We hold the stream's lock: an op still "sending" was left by a tab that died mid-push.
    await db.ops.where('[stream+state]').equals([stream, 'sending']).modify({ state: 'pending' });
    /** The next pending ops in seq order, from `seq` on. */
    const pendingFrom = (seq: number | typeof Dexie.minKey) => db.ops.where('[stream+state+seq]')
      .between([stream, 'pending', seq], [stream, 'pending', Dexie.maxKey]).limit(this.batchSize).toArray();
    /**
     * Writes the next push need not wait for: a batch marked sending, and the answers of the last
     * push. IndexedDB runs a store's write transactions in the order they were made, so each is
     * awaited before any other write of this run that must follow it, and before the run ends.
     */
    let writing: Promise<unknown> = Promise.resolve();
    const inBackground = (write: Promise<unknown>) => {
      write.catch(() => undefined); // awaited through `writing`
      writing = Promise.all([writing, write]);
    };
    let progressed = false;
    let rewinds = 0;
    try {
      if (this.context !== ctx || this.authRequired) return;
      let batch = await pendingFrom(Dexie.minKey);
      if (batch.length === 0) return;
      this.sending = true;
      this.publish();
      if (this.transport.sessionUserId) {
        try {
          const sessionUser = await this.transport.sessionUserId();
          if (sessionUser !== ctx.userId) {
            // Another user signed in in another tab: these ops wait for their own user.
            this.pauseForAuth(gen);
            return;
          }
        } catch (error) {
          if (pausesTheSession(error)) this.pauseForAuth(gen);
          else this.scheduleRetry(errorOf(error));
          return;
        }
      }

      while (batch.length > 0) {
        const sentAt = batch.map((op) => ({ ...op, state: 'sending' as const, attempts: op.attempts + 1 }));
        // "Sending" is what the panels show: a tab that dies mid-push leaves its ops to be sent
        // again whether or not the mark was stored, so the push does not wait for it.
        inBackground(db.ops.bulkPut(sentAt));
        // The batch after this one, read while the server applies this one.
        const ahead = pendingFrom(sentAt.at(-1)!.seq + 1);
        ahead.catch(() => undefined); // awaited below, or not needed
        let answer: PushOutput;
        try {
          answer = await this.transport.pushOps({ device_id: deviceId, ops: batch.map(toQueued) });
        } catch (error) {
          await writing;
          const retcode = retcodeOf(error);
          const acked = retcode === RET.OUT_OF_SEQUENCE ? ackedSeqOf(error) : null;
          if (acked !== null && rewinds < MAX_REWINDS_PER_RUN && acked !== batch[0]!.seq - 1) {
            rewinds += 1;
            await this.rewind(stream, acked);
            batch = await pendingFrom(Dexie.minKey);
            continue;
          }
          const failure = errorOf(error);
          // The head stays first; the batch shows why it waits.
          await db.ops.bulkPut(sentAt.map((op) => ({ ...op, state: 'pending' as const, last_error: failure })));
          if (pausesTheSession(error)) this.pauseForAuth(gen);
          else this.scheduleRetry(failure);
          return;
        }
        const { updated, moved } = this.resultsOf(sentAt, answer);
        if (moved === 0) {
          await writing;
          await db.ops.bulkPut(updated);
          this.scheduleRetry({ retcode: RET.INTERNAL, message: 'The server answered without applying the batch.' });
          return;
        }
        progressed = true;
        this.failures = 0;
        this.lastError = null;
        this.clearRetry();
        // The answers are stored while the next batch is on its way (their ops are done either way:
        // sent again after a crash, the server answers them as duplicates).
        inBackground(db.ops.bulkPut(updated));
        if (this.context !== ctx || this.authRequired) return;
        if (moved === sentAt.length) {
          batch = await ahead;
        } else {
          // Ops the answer left pending go first again.
          await writing;
          batch = await pendingFrom(Dexie.minKey);
        }
      }
    } finally {
      try {
        await writing;
      } finally {
        this.sending = false;
        this.publish();
        if (progressed) {
          await this.prune();
          void this.heartbeat();
        }
      }
    }
  }

  private pauseForAuth(gen: number): void {
    if (gen !== this.contextGen) return;
    this.authRequired = true;
    this.publish();
  }

  /**
   * The server has applied exactly the ops up to `acked`: those were sent before and their
   * answer was lost, so they are done; sending resumes at acked + 1 (ops after it that the
   * server does not have are pending again, whatever this device believed).
   */
  private async rewind(stream: string, acked: number): Promise<void> {
    const db = this.db;
    await db.transaction('rw', db.ops, async () => {
      await db.ops.where('[stream+seq]').between([stream, Dexie.minKey], [stream, acked], true, true)
        .filter((op) => op.state === 'pending' || op.state === 'sending')
        .modify({ state: 'done', last_error: null });
      await db.ops.where('[stream+seq]').between([stream, acked + 1], [stream, Dexie.maxKey], true, true)
        .filter((op) => op.state !== 'pending')
        .modify({ state: 'pending' });
    });
  }

  /** The sent ops as the server's answers leave them, and how many left the pending state. */
  private resultsOf(sent: readonly OutboxOp[], answer: PushOutput): { updated: OutboxOp[]; moved: number } {
    const byId = new Map(answer.results.map((r) => [r.op_id, r]));
    let moved = 0;
    const updated = sent.map((op): OutboxOp => {
      const r = byId.get(op.op_id);
      // A duplicate carries the recorded answer: a nonzero retcode was a rejection whose first reply was lost.
      const rejected = r?.status === 'rejected' || (r?.status === 'duplicate' && r.retcode !== 0);
      if (!rejected && (r?.status === 'applied' || r?.status === 'duplicate')) {
        moved += 1;
        return { ...op, state: 'done', last_error: null, result: r.data ?? null };
      }
      if (r && rejected) {
        moved += 1;
        return { ...op, state: 'rejected', last_error: { retcode: r.retcode, message: r.message }, result: r.data ?? null };
      }
      if (op.seq <= answer.acked_seq) {
        moved += 1;
        return { ...op, state: 'done', last_error: null };
      }
      return { ...op, state: 'pending' };
    });
    return { updated, moved };
  }

  /** Drops done ops older than a day (at most once an hour). */
  private async prune(): Promise<void> {
    const now = this.now();
    if (now - this.lastPrune < 60 * 60 * 1000) return;
    this.lastPrune = now;
    await this.db.ops.where('state').equals('done').filter((op) => op.created_at < now - DONE_RETENTION_MS).delete();
  }
}
