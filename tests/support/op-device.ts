import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import type { TestClient } from './api-harness';

const PUSH = '/apps/system/sync/push_ops';

/** An op as a device queues it (its outbox row). */
export interface Op { op_id: string; seq: number; kind: string; payload: Record<string, unknown>; created_at: number }
/** The server's answer to one op of a push. */
export interface OpAnswer { op_id: string; seq: number; status: 'applied' | 'duplicate' | 'rejected'; retcode: number; message: string; data: any }

/** A device of a signed-in user: its own op stream (device id, sequence), pushed through `push_ops`. */
export class Device {
  readonly id = randomUUID();
  private seq = 0;
  constructor(readonly client: TestClient) {}
  op(kind: string, payload: Record<string, unknown>): Op {
    return { op_id: uuidv7(), seq: ++this.seq, kind, payload, created_at: Date.now() };
  }
  async send(...ops: Op[]): Promise<OpAnswer[]> {
    const res = await this.client.post(PUSH, { device_id: this.id, ops });
    expect(res.retcode, res.message).toBe(0);
    return res.data.results;
  }
  async push(kind: string, payload: Record<string, unknown>): Promise<OpAnswer> {
    return (await this.send(this.op(kind, payload)))[0]!;
  }
}
