import autocannon from 'autocannon';

/**
 * A load generator for read calls, run in a process of its own (so its CPU is not the server's
 * or the bench's): `connections` clients at once, each sending the same GET again as soon as it
 * is answered, `requests` in all. Started with the config as JSON in GET_LOAD_CONFIG; prints one
 * JSON line with what it saw: latencies and the answers' retcodes.
 */

export interface GetLoadConfig {
  url: string;
  path: string;
  headers: Record<string, string>;
  connections: number;
  requests: number;
}

export interface GetLoadResult {
  /** From the start to the last answer. */
  wall_ms: number;
  answered: number;
  /** Answers by retcode (`unparsed` when the body is no envelope). */
  retcodes: Record<string, number>;
  mean_body_bytes: number;
  errors: number;
  timeouts: number;
  non_2xx: number;
  latency_ms: { p50: number; p90: number; p99: number; max: number; mean: number };
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.GET_LOAD_CONFIG ?? '') as GetLoadConfig;
  const retcodes: Record<string, number> = {};
  let bodyBytes = 0;
  let answered = 0;
  let lastAnswerAt = 0;
  const startedAt = performance.now();
  const result = await autocannon({
    url: config.url,
    connections: config.connections,
    pipelining: 1,
    timeout: 60,
    amount: config.requests,
    requests: [{
      method: 'GET',
      path: config.path,
      headers: config.headers,
      onResponse: (_status, body) => {
        lastAnswerAt = performance.now();
        answered += 1;
        bodyBytes += Buffer.byteLength(body);
        let retcode = 'unparsed';
        try {
          retcode = String((JSON.parse(body) as { retcode?: unknown }).retcode ?? 'unparsed');
        } catch {
          // counted as unparsed
        }
        retcodes[retcode] = (retcodes[retcode] ?? 0) + 1;
      },
    }],
  });
  const report: GetLoadResult = {
    wall_ms: Math.round(lastAnswerAt - startedAt),
    answered,
    retcodes,
    mean_body_bytes: answered ? Math.round(bodyBytes / answered) : 0,
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
