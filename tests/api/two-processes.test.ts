import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type pg from 'pg';
import { ROOT, buildServer, startBuiltServer, type BuiltServer } from '../support/built-server';
import { HttpSession } from '../support/http-session';
import { databaseAt, withClient } from '../support/pg-admin';
import { POSTGRES_ADMIN_URL, SKIP_POSTGRES } from '../support/api-harness';
import { contract } from '../../src/shared/contract';
import { RET } from '../../src/shared/retcodes';
import { DEMO_ACCOUNTS, DEMO_STAFF } from '../../src/server/db/seed';

/**
 * Two real server processes (the built server) on one fresh PostgreSQL database, started at the
 * same moment (both migrate and seed it), and one device's offline ops pushed to both at once:
 * overlapping windows, duplicated batches, resends from behind the acknowledged seq, as outboxes
 * on a flaky network do. Every op must be applied exactly once and in order.
 *
 * The server is built from the current sources for the run (a few seconds), so a stale dist/
 * is never what is tested. Needs PostgreSQL: DATABASE_URL's server when set, else
 * postgres://postgres@127.0.0.1:5432/postgres (CI has it). Where there is none,
 * TALLY_SKIP_POSTGRES=1 skips this file; otherwise it fails saying so.
 */

const SET_SETTING = 'system.user.set_user_setting';
const TOTAL_OPS = 240;
/** Settings the ops write in turn: the last value of each shows the ops ran in seq order. */
const SETTING_NAMES = 7;

const admin = <T>(work: (client: pg.Client) => Promise<T>, database = POSTGRES_ADMIN_URL): Promise<T> => withClient(database, work);

interface Op { op_id: string; seq: number; kind: string; payload: { name: string; value: string }; created_at: number }
interface PushAnswer { results: { op_id: string; seq: number; status: 'applied' | 'duplicate' | 'rejected'; retcode: number }[]; acked_seq: number }

let databaseName: string | undefined;
let servers: BuiltServer[] = [];
/** The server built from the current sources for this run (not dist/, which may be stale); inside the package, so it finds the migrations. */
const bundleDir = path.join(ROOT, 'node_modules/.cache', `tally-two-processes-${process.pid}-${randomBytes(3).toString('hex')}`);

async function dropDatabase() {
  if (databaseName) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  databaseName = undefined;
}

describe.skipIf(SKIP_POSTGRES)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    try {
      await admin((c) => c.query('select 1'));
    } catch (err) {
      throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${(err as Error).message}). This test needs it (CI starts it in .ci/run); set TALLY_SKIP_POSTGRES=1 to skip it on a machine without one.`);
    }
    await buildServer(bundleDir);
    databaseName = `tally_two_processes_${randomBytes(5).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${databaseName}`));
    const url = databaseAt(POSTGRES_ADMIN_URL, databaseName);
    // Started together on the empty database: both migrate and seed it, one after the other.
    const started = await Promise.allSettled([0, 1].map((i) => startBuiltServer(bundleDir, `tally-two-processes-${i}-`, { databaseUrl: url, apiOnly: true })));
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await dropDatabase();
    rmSync(bundleDir, { recursive: true, force: true });
  }, 60_000);

  test('both answer from the one database, seeded once', async () => {
    const rows = await admin((c) => c.query<{ n: number }>('select count(*)::int as n from users'), databaseAt(POSTGRES_ADMIN_URL, databaseName!));
    expect(rows.rows[0]!.n).toBe(DEMO_ACCOUNTS.length + DEMO_STAFF.length); // seeded once, not twice
    for (const server of servers) {
      const res = await new HttpSession().call<{ default: string }>(server.baseURL, 'GET', contract.getLangSetting.path);
      expect(res.retcode).toBe(0);
    }
  });

  test('one device pushing to both at once: every op applied exactly once, in order', async () => {
    const [a, b] = servers.map((s) => s.baseURL) as [string, string];
    const session = new HttpSession();
    const login = await session.signIn(a, 'operator@demo.local', 'Demo1234');
    expect((await session.call(b, 'GET', contract.getLoginInfo.path)).retcode).toBe(0); // the same session on the other process

    const device = randomUUID();
    const ops: Op[] = Array.from({ length: TOTAL_OPS }, (_, i) => ({
      op_id: uuidv7(), seq: i + 1, kind: SET_SETTING, created_at: Date.now() - 60_000,
      payload: { name: `two_processes_${(i + 1) % SETTING_NAMES}`, value: String(i + 1) },
    }));
    const applied = new Map<string, number>();
    let pushes = 0;

    /**
     * An outbox draining to `baseURL`: windows of varying size from where the server says it is,
     * sometimes resending from behind it (as after a lost answer), until every op is acknowledged.
     */
    async function drain(baseURL: string, window: number, resendBehind: number) {
      let next = 1;
      for (let round = 0; next <= TOTAL_OPS; round++) {
        if (round > 400) throw new Error(`${baseURL}: not drained after 400 pushes (next ${next})`);
        const from = Math.max(1, round % 3 === 2 ? next - resendBehind : next);
        const batch = ops.slice(from - 1, Math.min(TOTAL_OPS, from - 1 + window + (round % 4)));
        pushes++;
        const res = await session.call<PushAnswer | { acked_seq: number }>(baseURL, 'POST', contract.pushOps.path, { device_id: device, ops: batch });
        expect(res.status, res.message).toBeLessThan(500);
        if (res.retcode === RET.OUT_OF_SEQUENCE) {
          next = res.data.acked_seq + 1;
          continue;
        }
        expect(res.retcode, res.message).toBe(0);
        const answer = res.data as PushAnswer;
        for (const r of answer.results) {
          expect(['applied', 'duplicate'], `${r.seq}: ${r.status} ${r.retcode}`).toContain(r.status);
          if (r.status === 'applied') applied.set(r.op_id, (applied.get(r.op_id) ?? 0) + 1);
        }
        next = answer.acked_seq + 1;
      }
    }

    // Four outboxes of the same device and session: two per process, with different windows.
    await Promise.all([drain(a, 20, 5), drain(b, 20, 5), drain(a, 37, 12), drain(b, 8, 3)]);

    // Each op was answered "applied" exactly once, whichever process applied it.
    expect([...applied.values()].every((n) => n === 1)).toBe(true);
    expect(applied.size).toBe(TOTAL_OPS);
    expect(pushes).toBeGreaterThan(4 * (TOTAL_OPS / 40));

    await admin(async (c) => {
      const records = (await c.query<{ op_id: string; seq: string; status: string }>(
        'select op_id, seq, status from sync_ops where device_id = $1 order by seq', [device])).rows;
      expect(records.map((r) => Number(r.seq))).toEqual(ops.map((o) => o.seq));
      expect(records.map((r) => r.op_id)).toEqual(ops.map((o) => o.op_id));
      expect(records.every((r) => r.status === 'applied')).toBe(true);
      const stream = (await c.query<{ acked_seq: string }>('select acked_seq from sync_streams where device_id = $1', [device])).rows;
      expect(stream.map((s) => Number(s.acked_seq))).toEqual([TOTAL_OPS]);
      // The effect, in order: each setting holds the value of the last op that wrote it (ops applied out of order would leave an earlier one).
      const settings = (await c.query<{ name: string; value: string }>(
        "select name, value from user_settings where user_id = $1 and name like 'two_processes_%' order by name", [login.user_id])).rows;
      const expected = Array.from({ length: SETTING_NAMES }, (_, r) => {
        const last = Math.max(...ops.filter((o) => o.seq % SETTING_NAMES === r).map((o) => o.seq));
        return { name: `two_processes_${r}`, value: String(last) };
      });
      expect(settings).toEqual(expected);
    }, databaseAt(POSTGRES_ADMIN_URL, databaseName!));

    for (const server of servers) expect(server.output(), 'a request failed with a 500').not.toMatch(/\[api\] .* failed/);
  }, 120_000);
});
