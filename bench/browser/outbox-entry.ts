import { OutboxDb } from '../../src/app/kit/outbox/db';
import { Outbox, type OutboxTransport } from '../../src/app/kit/outbox/outbox';
import { z } from 'zod';
import { defineOp } from '../../src/shared/ops/define';

/**
 * Runs in the page (bundled by outbox.bench.ts): the app's Outbox on the origin's real
 * `tally-outbox` IndexedDB (strict durability), timing each `await enqueue(...)`.
 */

const BENCH_USER_ID = 900_001;
const BENCH_WHS = 'bench-whs';

/** A counting scan as a screen would queue it, its payload checked by its schema like a real op's. */
const code = z.string().min(1).max(64);
const countScanOp = defineOp({
  kind: 'bench.counting.save_counting_record',
  access: 'session',
  payload: z.object({ asn_no: code, sku_code: code, barcode: code, qty: z.number().int().min(1).max(99_999), cell_code: code, scanned_at: z.number() }),
  invalid: 'bad scan',
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * paused: the session belongs to someone else, so the drainer stops at its first look and only
 * enqueue touches the database. draining: a stub server applies every batch after 20 ms, so the
 * drainer's own writes (sending, done) compete with the enqueues, as online in the app.
 */
function transportFor(mode: 'paused' | 'draining'): OutboxTransport {
  return {
    sessionUserId: async () => (mode === 'paused' ? BENCH_USER_ID + 1 : BENCH_USER_ID),
    deviceHeartbeat: async () => ({ acked_seq: 0, server_time: Date.now() }),
    pushOps: async ({ ops }) => {
      await pause(20);
      return {
        acked_seq: ops[ops.length - 1]?.seq ?? 0,
        results: ops.map((op) => ({ op_id: op.op_id, seq: op.seq, status: 'applied' as const, retcode: 0, message: '', data: null })),
      };
    },
  };
}

async function benchOutbox(n: number, mode: 'paused' | 'draining'): Promise<{ samples: number[]; stored: number; drained: number }> {
  const db = new OutboxDb();
  const outbox = new Outbox({ db, transport: transportFor(mode), locks: null });
  // A warehouse per mode: each run starts its own stream at seq 1.
  outbox.setContext({ userId: BENCH_USER_ID, whsId: `${BENCH_WHS}-${mode}` });
  await outbox.deviceId();
  await pause(100); // let setContext's heartbeat settle (and pause the drainer in 'paused')
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const payload = {
      asn_no: `ASN-VN01-${String(20260000 + i)}`,
      sku_code: `SKU-${String(100000 + (i % 997)).padStart(8, '0')}`,
      barcode: String(8_991_234_000_000 + i * 7),
      qty: 1 + (i % 12),
      cell_code: `A-${String(1 + (i % 40)).padStart(2, '0')}-${String(1 + (i % 8)).padStart(2, '0')}`,
      scanned_at: Date.now(),
    };
    const started = performance.now();
    await outbox.enqueue(countScanOp, payload);
    samples.push(performance.now() - started);
  }
  const stream = await outbox.currentStream();
  if (mode === 'draining') {
    // Give the drainer time to finish, so the count shows it really ran.
    for (let i = 0; i < 100 && (await db.ops.where('[stream+state]').equals([stream!, 'pending']).count()) > 0; i++) await pause(50);
  }
  const stored = await db.ops.where('[stream+seq]').between([stream!, 0], [stream!, Number.MAX_SAFE_INTEGER]).count();
  const drained = await db.ops.where('[stream+state]').equals([stream!, 'done']).count();
  outbox.stop();
  outbox.setContext(null);
  db.close();
  return { samples, stored, drained };
}

(window as unknown as { __benchOutbox: typeof benchOutbox }).__benchOutbox = benchOutbox;
