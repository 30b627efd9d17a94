import os from 'node:os';
import { sql } from 'drizzle-orm';
import { PG_POOL_MAX, openDatabase } from '../src/server/db/client';
import { API_BASE } from '../src/shared/contract/define';
import { skuResource } from '../src/shared/resources/sku.resource';
import { startBuiltServer } from '../tests/support/built-server';
import { DEMO_PASSWORD } from '../tests/support/chromium';
import { HttpSession } from '../tests/support/http-session';
import type { StandaloneBenchModule } from './support/bench';
import type { GetLoadConfig, GetLoadResult } from './support/get-load';
import { cpuSeconds, cpuUsedBetween, runLoadProcess, sampleRss } from './support/load-process';
import { backendPids, createFreshDatabase, dropDatabase } from './support/postgres';
import { prepareDatabase } from './support/putaway-data';
import { DIST, statusMb } from './support/server';
import { round } from './support/stats';

/**
 * list_p99_ms_under_load and server_rss_mb_under_load: the built server on PostgreSQL, its
 * signed-in warehouse holding the demo data and SKUS more SKUs, loaded from a second process on
 * loopback (autocannon, bench/support/get-load.ts) by CLIENTS clients at once, each asking the
 * SKU list's pages of 200 (`search_sku?page_size=200`) again as soon as it is answered. A warm-up
 * round, then ROUNDS measured rounds of REQUESTS calls; the figures are the worst round's p99 and
 * the most resident memory seen (sampled every 250 ms from the warm-up on). Details: every
 * round's p50/p99/max, its retcodes and what one answer weighs, and a round of page 50
 * (`page_no=50`: 9,800 rows skipped), whose cost grows with the offset. (It was page 200 until
 * 2026-11-28; lists now refuse pages past their 10,000-row count, so that round measured a refusal.)
 */

const DB_NAME = 'tally_bench_list_load';
const SKUS = 100_000;
const CLIENTS = 50;
const REQUESTS = 2_000;
const WARM_UP_REQUESTS = 500;
const ROUNDS = 2;
const ADMIN_EMAIL = 'admin@demo.local';
const LIST_PATH = `${API_BASE}${skuResource.api!.list.path}?page_size=200`;
const DEEP_PAGE_PATH = `${LIST_PATH}&page_no=50`;
const DEEP_PAGE_REQUESTS = 1_000;

/** SKUS items in `whsId`, every field filled as an imported catalogue fills them. */
async function addSkus(databaseUrl: string, whsId: string): Promise<void> {
  const { db, close } = await openDatabase({ databaseUrl });
  try {
    await db.execute(sql`insert into skus (whs_id, sku_id, sku_name, barcode, category, unit, selling_type, sale_status, abc_class,
        temperature_zone, is_bulky, is_high_value, length_mm, width_mm, height_mm, weight_g, shelf_life_days)
      select ${whsId}, 'LD' || lpad(g::text, 8, '0'), 'Product ' || left(md5(g::text), 12) || ' ' || (g % 500) || 'g pack of ' || (1 + g % 24),
        '899' || lpad((g * 7919 % 10000000000)::text, 10, '0'), 'Category ' || (g % 40), 'pcs', 1 + g % 2, 1 + g % 3, 1 + g % 4,
        g % 4, (g % 17 = 0)::int, (g % 23 = 0)::int, 100 + g % 400, 80 + g % 300, 30 + g % 200, g % 50000, g % 700
      from generate_series(1, ${SKUS}) g`);
    await db.execute(sql`analyze skus`);
  } finally {
    await close();
  }
}

/** A run of the load, with what it cost the server and the database per answer. */
interface Round extends GetLoadResult {
  answers_per_s: number;
  server_cpu_ms_per_answer: number;
  database_cpu_ms_per_answer: number;
  /** The machine's load average at the end of the run: how much else wanted its cores. */
  machine_load_1m: number;
}

const summaryOf = (r: Round) => `p50 ${r.latency_ms.p50} ms, p99 ${r.latency_ms.p99} ms, max ${r.latency_ms.max} ms, ${r.answers_per_s}/s; `
  + `CPU per answer: server ${r.server_cpu_ms_per_answer} ms, database ${r.database_cpu_ms_per_answer} ms; load ${r.machine_load_1m}; retcodes ${JSON.stringify(r.retcodes)}`;

export const listLoadBench: StandaloneBenchModule = {
  name: 'list-load',
  keys: ['list_p99_ms_under_load', 'server_rss_mb_under_load'],
  standalone: true,
  async run({ log }) {
    const databaseUrl = await createFreshDatabase(DB_NAME);
    try {
      await prepareDatabase({ databaseUrl }, async () => undefined);
      const server = await startBuiltServer(DIST, 'tally-bench-list-load-', { databaseUrl, apiOnly: true });
      try {
        const session = new HttpSession();
        const { whs_id: whsId } = await session.signIn(server.baseURL, ADMIN_EMAIL, DEMO_PASSWORD);
        await addSkus(databaseUrl, whsId);
        const rssAtStartMb = round(statusMb(server.pid, 'VmRSS'), 1);
        // Each run with the CPU the server and its database backends spent per answer: a figure the
        // other work of a shared machine moves far less than the latencies.
        const load = async (requests: number, path = LIST_PATH): Promise<Round> => {
          const readCpu = async () => ({ server: cpuSeconds([server.pid]), database: cpuSeconds(await backendPids(DB_NAME)) });
          const before = await readCpu();
          const result = await runLoadProcess<GetLoadConfig, GetLoadResult>('get-load.ts', 'GET_LOAD_CONFIG', {
            url: server.baseURL, path, headers: session.headers(false), connections: CLIENTS, requests,
          });
          const after = await readCpu();
          const perAnswerMs = (seconds: number) => round((seconds * 1000) / result.answered, 2);
          return {
            ...result,
            answers_per_s: round(result.answered / (result.wall_ms / 1000), 1),
            server_cpu_ms_per_answer: perAnswerMs(cpuUsedBetween(before.server, after.server)),
            database_cpu_ms_per_answer: perAnswerMs(cpuUsedBetween(before.database, after.database)),
            machine_load_1m: round(os.loadavg()[0]!, 1),
          };
        };
        const stopSampling = sampleRss(server.pid);
        const warmUp = await load(WARM_UP_REQUESTS);
        const rounds: Round[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const measured = await load(REQUESTS);
          rounds.push(measured);
          log(`round ${i + 1}: ${summaryOf(measured)}`);
        }
        const rss = stopSampling();
        const peakRssMb = round(statusMb(server.pid, 'VmHWM'), 1);
        log(`server RSS under load: mean ${rss.mean_mb} MB, max ${rss.max_mb} MB (at start ${rssAtStartMb} MB)`);
        const deepPage = await load(DEEP_PAGE_REQUESTS, DEEP_PAGE_PATH);
        log(`page 50: ${summaryOf(deepPage)}`);
        const worstP99 = Math.max(...rounds.map((r) => r.latency_ms.p99));
        return {
          figures: { list_p99_ms_under_load: worstP99, server_rss_mb_under_load: rss.max_mb },
          details: {
            call: LIST_PATH, skus_in_warehouse: SKUS, clients: CLIENTS, requests_per_round: REQUESTS, database: 'PostgreSQL (a database of its own)',
            server_pool_max: PG_POOL_MAX,
            rounds, warm_up: { latency_ms: warmUp.latency_ms, retcodes: warmUp.retcodes },
            rss: { ...rss, at_start_mb: rssAtStartMb, peak_since_start_mb: peakRssMb },
            page_50: { call: DEEP_PAGE_PATH, ...deepPage },
          },
        };
      } finally {
        await server.stop();
      }
    } finally {
      await dropDatabase(DB_NAME);
    }
  },
};
