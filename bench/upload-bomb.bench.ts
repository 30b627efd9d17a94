import { strToU8, zipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { userWarehouses, users } from '../src/server/db/schema';
import { contract } from '../src/shared/contract';
import { userImportTaskResource } from '../src/shared/resources/user-import.resource';
import { RET } from '../src/shared/retcodes';
import { startBuiltServer } from '../tests/support/built-server';
import { HttpSession } from '../tests/support/http-session';
import type { StandaloneBenchModule } from './support/bench';
import { createFreshDatabase, dropDatabase } from './support/postgres';
import { OPERATOR_PASSWORD, prepareDatabase } from './support/putaway-data';
import { DIST } from './support/server';
import { percentile, round, summary } from './support/stats';

/**
 * import_quiet_others_p50/p99_ms and import_bomb_others_p50/p99_ms: the built server on
 * PostgreSQL answers a steady stream of small calls (OTHERS sessions, each calling
 * search_upload_task again as soon as it is answered), first alone for QUIET_MS (after
 * WARM_UP_MS not counted), then while
 * ATTACKERS administrators each send upload_user_file a 40 KB workbook whose sheet unpacks to
 * 14.5 MB (read whole: it is within the limits, then refused as too long), again as soon as
 * answered, until each is refused -100429 (its slots held by its refused uploads) or BOMB_MS
 * passed. The figures are the small calls' latency percentiles in each phase.
 */

const OTHERS = 4;
const ATTACKERS = 4;
const WARM_UP_MS = 3_000;
const QUIET_MS = 10_000;
const BOMB_MS = 90_000;
const DB_NAME = 'tally_bench_upload';
const BOMB_SHEET_BYTES = 14.5 * 1024 * 1024;

/** An .xlsx of about 40 KB whose one sheet unpacks to BOMB_SHEET_BYTES of one-cell rows. */
function zipBomb(): Uint8Array {
  const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const row = '<row><c><v>0</v></c></row>';
  return zipSync({
    'xl/workbook.xml': strToU8(`<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    'xl/worksheets/sheet1.xml': strToU8(`<worksheet xmlns="${NS}"><sheetData>${row.repeat(Math.floor(BOMB_SHEET_BYTES / row.length))}</sheetData></worksheet>`),
  }, { level: 9 });
}

const attackerEmail = (i: number) => `bench-attacker-${i}@bench.local`;
const otherEmail = (i: number) => `bench-other-${i}@bench.local`;

/**
 * Calls search_upload_task one after another until `stop()` says so; the latency of each, in ms.
 * A call the server never answers (the connection timed out while its event loop was blocked)
 * counts with the time it took to fail, and in `failures`.
 */
async function steadyCalls(baseURL: string, session: HttpSession, stop: () => boolean, failures: { n: number }): Promise<number[]> {
  const samples: number[] = [];
  while (!stop()) {
    const started = performance.now();
    const res = await session.call(baseURL, 'GET', userImportTaskResource.api!.list!.path).catch(() => null);
    if (res === null) failures.n++;
    else if (res.retcode !== 0) throw new Error(`search_upload_task answered ${res.retcode} ${res.message}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

interface BombOutcome {
  retcodes: Record<string, number>;
  /** How long each refusal after reading took to answer (ms). */
  read_ms: number[];
}

/** Sends the bomb again as soon as it is answered, until refused -100429 or `stop()`. */
async function bombUploads(baseURL: string, session: HttpSession, content: string, stop: () => boolean, outcome: BombOutcome): Promise<void> {
  while (!stop()) {
    const started = performance.now();
    const res = await session.call(baseURL, 'POST', contract.uploadUserFile.path, { file_name: 'staff.xlsx', content }).catch(() => null);
    const answer = res === null ? 'no answer' : String(res.retcode);
    outcome.retcodes[answer] = (outcome.retcodes[answer] ?? 0) + 1;
    if (res?.retcode === RET.RATE_LIMITED) return;
    outcome.read_ms.push(round(performance.now() - started, 0));
  }
}

const signedIn = async (baseURL: string, email: string) => {
  const session = new HttpSession();
  await session.signIn(baseURL, email, OPERATOR_PASSWORD);
  return session;
};

export const uploadBombBench: StandaloneBenchModule = {
  name: 'upload-bomb',
  keys: ['import_quiet_others_p50_ms', 'import_quiet_others_p99_ms', 'import_bomb_others_p50_ms', 'import_bomb_others_p99_ms'],
  standalone: true,
  async run({ log }) {
    const databaseUrl = await createFreshDatabase(DB_NAME);
    try {
      // Administrators like the demo's (super admins of its warehouses, its password), one session each.
      await prepareDatabase({ databaseUrl }, async (db) => {
        const [admin] = await db.select({ userId: users.userId, passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'admin@demo.local'));
        const memberships = await db.select().from(userWarehouses).where(eq(userWarehouses.userId, admin!.userId));
        const emails = [...Array.from({ length: ATTACKERS }, (_, i) => attackerEmail(i)), ...Array.from({ length: OTHERS }, (_, i) => otherEmail(i))];
        const added = await db.insert(users).values(emails.map((email) => ({ email, displayName: email, passwordHash: admin!.passwordHash, isSuperAdmin: true })))
          .returning({ userId: users.userId });
        await db.insert(userWarehouses).values(added.flatMap(({ userId }) => memberships.map((m) => ({ ...m, userId }))));
      });
      const bomb = zipBomb();
      const content = Buffer.from(bomb).toString('base64');
      const server = await startBuiltServer(DIST, 'tally-bench-upload-', { databaseUrl, apiOnly: true });
      try {
        const others = await Promise.all(Array.from({ length: OTHERS }, (_, i) => signedIn(server.baseURL, otherEmail(i))));
        const attackers = await Promise.all(Array.from({ length: ATTACKERS }, (_, i) => signedIn(server.baseURL, attackerEmail(i))));

        const warmUntil = Date.now() + WARM_UP_MS;
        await Promise.all(others.map((s) => steadyCalls(server.baseURL, s, () => Date.now() >= warmUntil, { n: 0 })));
        const quietUntil = Date.now() + QUIET_MS;
        const quietFailures = { n: 0 };
        const quiet = (await Promise.all(others.map((s) => steadyCalls(server.baseURL, s, () => Date.now() >= quietUntil, quietFailures)))).flat();
        log(`quiet: ${quiet.length} calls, p50 ${round(percentile(quiet, 50))} ms, p99 ${round(percentile(quiet, 99))} ms`);

        const bombsUntil = Date.now() + BOMB_MS;
        const outcome: BombOutcome = { retcodes: {}, read_ms: [] };
        const bombFailures = { n: 0 };
        let attacking = true;
        const attack = Promise.all(attackers.map((s) => bombUploads(server.baseURL, s, content, () => Date.now() >= bombsUntil, outcome)))
          .finally(() => (attacking = false));
        const underBombs = (await Promise.all([
          ...others.map((s) => steadyCalls(server.baseURL, s, () => !attacking, bombFailures)),
          attack.then(() => []),
        ])).flat();
        log(`bombs: ${underBombs.length} calls, p50 ${round(percentile(underBombs, 50))} ms, p99 ${round(percentile(underBombs, 99))} ms; uploads answered ${JSON.stringify(outcome.retcodes)}`);

        return {
          figures: {
            import_quiet_others_p50_ms: round(percentile(quiet, 50)), import_quiet_others_p99_ms: round(percentile(quiet, 99)),
            import_bomb_others_p50_ms: round(percentile(underBombs, 50)), import_bomb_others_p99_ms: round(percentile(underBombs, 99)),
          },
          details: {
            database: 'PostgreSQL (a database of its own)', other_sessions: OTHERS, attackers: ATTACKERS,
            bomb: { bytes: bomb.length, sheet_unpacks_to_bytes: BOMB_SHEET_BYTES },
            quiet: { ...summary(quiet), p99: round(percentile(quiet, 99)), unanswered: quietFailures.n, ms: QUIET_MS },
            under_bombs: { ...summary(underBombs), p99: round(percentile(underBombs, 99)), unanswered: bombFailures.n, upload_retcodes: outcome.retcodes, bomb_answer_ms: outcome.read_ms.length > 0 ? summary(outcome.read_ms) : null },
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
