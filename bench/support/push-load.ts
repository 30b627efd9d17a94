import autocannon from 'autocannon';
import { v7 as uuidv7 } from 'uuid';

/**
 * The load generator of api-throughput.bench.ts, run in a process of its own (so its CPU is not
 * the server's or the bench's): autocannon keeps one connection per simulated device, and each
 * connection pushes that device's stream in order — `opsPerPush` put ops per push, seq 1, 2, 3…
 * — `pushesPerDevice` times. Started with the config as JSON in PUSH_LOAD_CONFIG; prints one
 * JSON line with what it saw.
 */

export interface LoadDevice {
  device_id: string;
  task_no: string;
  line_no: number;
  sku_id: string;
  location: string;
}

export interface LoadConfig {
  url: string;
  path: string;
  headers: Record<string, string>;
  kind: string;
  devices: LoadDevice[];
  opsPerPush: number;
  pushesPerDevice: number;
  outOfSequenceRetcode: number;
}

export interface LoadResult {
  /** From the first request sent to the last answer received. */
  wall_ms: number;
  pushes_answered: number;
  applied_by_answers: number;
  /** Pushes answered "out of sequence" (after a lost request): the device went on from the server's seq. */
  resyncs: number;
  refused_pushes: number;
  first_refusal: string | null;
  rejected_ops: number;
  errors: number;
  timeouts: number;
  non_2xx: number;
  latency_ms: { p50: number; p90: number; p99: number; max: number; mean: number };
}

interface DeviceContext {
  device?: LoadDevice;
  nextSeq?: number;
}

interface PushAnswer {
  retcode: number;
  message: string;
  data: { acked_seq?: number; results?: { status: string }[] } | null;
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.PUSH_LOAD_CONFIG ?? '') as LoadConfig;
  const unassigned = [...config.devices];
  const seen: Omit<LoadResult, 'wall_ms' | 'errors' | 'timeouts' | 'non_2xx' | 'latency_ms'> = {
    pushes_answered: 0, applied_by_answers: 0, resyncs: 0, refused_pushes: 0, first_refusal: null, rejected_ops: 0,
  };
  let lastAnswerAt = 0;

  // autocannon keeps a context per connection; it is reset only when its request list wraps, so
  // the list holds one entry per push and each connection stays one device for the whole run.
  const push: autocannon.Request = {
    method: 'POST',
    path: config.path,
    headers: config.headers,
    setupRequest: (request, context: DeviceContext) => {
      context.device ??= unassigned.shift();
      const device = context.device;
      if (!device) throw new Error('More connections than devices');
      const first = context.nextSeq ?? 1;
      context.nextSeq = first + config.opsPerPush;
      const now = Date.now();
      const ops = Array.from({ length: config.opsPerPush }, (_, i) => ({
        op_id: uuidv7(), seq: first + i, kind: config.kind, created_at: now,
        payload: { task_no: device.task_no, line_no: device.line_no, sku_id: device.sku_id, location: device.location, qty: 1 },
      }));
      return { ...request, body: JSON.stringify({ device_id: device.device_id, ops }) };
    },
    onResponse: (_status, body, context: DeviceContext) => {
      lastAnswerAt = performance.now();
      seen.pushes_answered += 1;
      const answer = JSON.parse(body) as PushAnswer;
      if (answer.retcode === 0) {
        for (const result of answer.data?.results ?? []) {
          if (result.status === 'applied') seen.applied_by_answers += 1;
          else if (result.status === 'rejected') seen.rejected_ops += 1;
        }
      } else if (answer.retcode === config.outOfSequenceRetcode && typeof answer.data?.acked_seq === 'number') {
        seen.resyncs += 1;
        context.nextSeq = answer.data.acked_seq + 1;
      } else {
        seen.refused_pushes += 1;
        seen.first_refusal ??= `${answer.retcode} ${answer.message}`;
      }
    },
  };

  const startedAt = performance.now();
  const result = await autocannon({
    url: config.url,
    connections: config.devices.length,
    pipelining: 1,
    timeout: 60,
    // The run ends when every connection has made its pushes; `duration` only bounds it.
    maxConnectionRequests: config.pushesPerDevice,
    duration: 900,
    requests: Array.from({ length: config.pushesPerDevice }, () => push),
  });
  const report: LoadResult = {
    wall_ms: Math.round(lastAnswerAt - startedAt),
    ...seen,
    errors: result.errors,
    timeouts: result.timeouts,
    non_2xx: result.non2xx,
    latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.average },
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
