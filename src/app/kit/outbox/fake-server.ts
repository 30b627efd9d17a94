import type { OpResult, QueuedOp } from '../../../shared/contract/sync.contract';
import { RET } from '../../../shared/retcodes';
import type { OutboxTransport } from './outbox';

/**
 * An in-memory push_ops server with the semantics of src/server/modules/sync (for unit tests
 * and benchmarks of the drainer): a stream per (warehouse, device, user) of the session; ops at
 * or below the acknowledged seq answer as duplicates with the recorded result; a batch that
 * leaves a gap after it is refused with OUT_OF_SEQUENCE and data.acked_seq.
 */
export class ServerError extends Error {
  constructor(readonly retcode: number, message: string, readonly data: unknown = null) {
    super(message);
  }
}

interface Recorded {
  seq: number;
  kind: string;
  payload: string;
  result: OpResult;
}

export interface FakeServerOptions {
  /** A business refusal for this op (recorded as rejected), or null to apply it. */
  reject?: (op: QueuedOp) => { retcode: number; message: string } | null;
}

export class FakeSyncServer {
  session: { userId: number; whsId: string } | null;
  readonly acked = new Map<string, number>();
  readonly records = new Map<string, Map<string, Recorded>>();
  /** Every op applied, in apply order (op_id per apply: a double apply shows twice). */
  readonly applied: QueuedOp[] = [];
  /** Every push_ops call: the seqs it carried. */
  readonly pushes: number[][] = [];
  readonly heartbeats: unknown[] = [];
  /** Failures for the next calls, consumed in order: thrown before the server does anything. */
  readonly failBefore: unknown[] = [];
  /** The next pushes are applied but their answer is lost (a network error reaches the client). */
  dropAnswers = 0;

  constructor(session: { userId: number; whsId: string }, private readonly opts: FakeServerOptions = {}) {
    this.session = session;
  }

  appliedIds(): string[] {
    return this.applied.map((op) => op.op_id);
  }

  private streamKey(deviceId: string): string {
    const s = this.session!;
    return `${s.whsId}:${deviceId}:${s.userId}`;
  }

  push(deviceId: string, ops: QueuedOp[]): { results: OpResult[]; acked_seq: number } {
    if (!this.session) throw new ServerError(RET.NOT_LOGGED_IN, 'Not logged in');
    const key = this.streamKey(deviceId);
    const ackedBefore = this.acked.get(key) ?? 0;
    const records = this.records.get(key) ?? new Map<string, Recorded>();
    this.records.set(key, records);
    const first = ops[0]!.seq;
    const last = first + ops.length - 1;
    const contiguous = ops.every((op, i) => op.seq === first + i);
    if (!contiguous || (last > ackedBefore && first > ackedBefore + 1)) {
      throw new ServerError(RET.OUT_OF_SEQUENCE, `Resend from seq ${ackedBefore + 1}`, { acked_seq: ackedBefore });
    }
    let acked = ackedBefore;
    const results: OpResult[] = [];
    for (const op of ops) {
      const prior = records.get(op.op_id);
      if (op.seq <= ackedBefore) {
        if (prior && prior.seq === op.seq && prior.payload === JSON.stringify(op.payload)) {
          results.push({ ...prior.result, status: 'duplicate' });
        } else {
          results.push({ op_id: op.op_id, seq: op.seq, status: 'rejected', retcode: RET.OP_CONFLICT, message: 'conflict', data: null });
        }
        continue;
      }
      acked = op.seq;
      const refusal = this.opts.reject?.(op) ?? null;
      const result: OpResult = refusal
        ? { op_id: op.op_id, seq: op.seq, status: 'rejected', retcode: refusal.retcode, message: refusal.message, data: null }
        : { op_id: op.op_id, seq: op.seq, status: 'applied', retcode: 0, message: 'success', data: { seq: op.seq } };
      if (!refusal) this.applied.push(op);
      records.set(op.op_id, { seq: op.seq, kind: op.kind, payload: JSON.stringify(op.payload), result });
      results.push(result);
    }
    this.acked.set(key, acked);
    return { results, acked_seq: acked };
  }

  transport(): OutboxTransport {
    return {
      pushOps: async ({ device_id, ops }) => {
        this.pushes.push(ops.map((op) => op.seq));
        await Promise.resolve();
        if (this.failBefore.length > 0) throw this.failBefore.shift();
        const answer = this.push(device_id, ops);
        if (this.dropAnswers > 0) {
          this.dropAnswers -= 1;
          throw new TypeError('Failed to fetch (answer lost)');
        }
        return answer;
      },
      deviceHeartbeat: async (input) => {
        await Promise.resolve();
        if (!this.session) throw new ServerError(RET.NOT_LOGGED_IN, 'Not logged in');
        this.heartbeats.push(input);
        return { acked_seq: this.acked.get(this.streamKey(input.device_id)) ?? 0, server_time: Date.now() };
      },
      sessionUserId: async () => {
        await Promise.resolve();
        if (!this.session) throw new ServerError(RET.NOT_LOGGED_IN, 'Not logged in');
        return this.session.userId;
      },
    };
  }
}
