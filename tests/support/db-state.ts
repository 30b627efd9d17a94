import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/**
 * What the reliability runs (tests/api/fuzz.test.ts, security-matrix.test.ts) know of the
 * database: a fingerprint of every table's rows, a cheap way to tell that nothing was written
 * since, and where a string ended up.
 */

/**
 * Left out of the fingerprint because a refused call writes them by design, or a read does:
 * - `rate_limits`: every sign-in, reset request or current-password check is counted there before
 *   it is judged; that count is how attempts are limited.
 * - `upload_slots`: an upload that is read and refused keeps its slot for a while, so refused
 *   reads cannot be repeated without limit.
 * - `sessions.last_seen_at` / `expires_at`: the sliding expiry that any signed-in request may
 *   move (at most every 5 minutes). The rest of a session (its user, its warehouse) is kept, so a
 *   refused warehouse switch that changed it would show.
 */
const BOOKKEEPING_TABLES: readonly string[] = ['rate_limits', 'upload_slots'];
const BOOKKEEPING_COLUMNS: Readonly<Record<string, readonly string[]>> = { sessions: ['last_seen_at', 'expires_at'] };

export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The tables of the schema, each with whether it is warehouse-scoped (has a whs_id column). */
async function baseTables(db: Db): Promise<{ name: string; scoped: boolean }[]> {
  return rowsOf<{ name: string; scoped: boolean }>(await db.execute(sql`
    select t.table_name as name, exists (
      select 1 from information_schema.columns c where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'whs_id'
    ) as scoped
    from information_schema.tables t
    where t.table_schema = current_schema() and t.table_type = 'BASE TABLE' order by t.table_name`));
}

/**
 * Per table: row count and an order-independent digest of its rows (bookkeeping left out).
 * `outside`: only what lies outside that warehouse — other warehouses' rows, and every row of
 * the tables that belong to no warehouse (accounts, their settings).
 */
export async function fingerprint(db: Db, opts: { outside?: string } = {}): Promise<Record<string, string>> {
  const tables = (await baseTables(db)).filter((t) => !BOOKKEEPING_TABLES.includes(t.name));
  if (tables.length === 0) return {};
  // A sum of row hashes: independent of row order, no sort, and a changed row moves it (but for a 2^-32 chance).
  const parts = tables.map(({ name: t, scoped }) => {
    const row = BOOKKEEPING_COLUMNS[t] ? BOOKKEEPING_COLUMNS[t].reduce((expr, column) => `${expr} - ${literal(column)}`, 'to_jsonb(x)') : 'x';
    const where = opts.outside !== undefined && scoped ? ` where x.whs_id is distinct from ${literal(opts.outside)}` : '';
    return `select ${literal(t)} as t, count(*)::text || ':' || coalesce(sum(hashtext((${row})::text)::bigint), 0)::text as h from ${ident(t)} x${where}`;
  });
  const rows = rowsOf<{ t: string; h: string }>(await db.execute(sql.raw(parts.join(' union all '))));
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** The next transaction id to be given out: it moves whenever anything writes (or tries to), and never on reads. */
async function nextXid(db: Db): Promise<string> {
  return rowsOf<{ x: string }>(await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0]!.x;
}

/** Tables whose fingerprint differs, with before and after. */
export function fingerprintDiff(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.filter((t) => before[t] !== after[t]).map((t) => `${t}: ${before[t] ?? '(missing)'} → ${after[t] ?? '(missing)'}`);
}

/**
 * Watches the database for changes between calls. The full fingerprint (tens of ms) is taken
 * only when the transaction counter moved: a read-only call costs one cheap query.
 */
export class ChangeWatch {
  private base: { xid: string; print: Record<string, string> } | undefined;
  private prior: Record<string, string> | undefined;

  /** `outside`: watch only what lies outside that warehouse (as `fingerprint`). */
  constructor(private readonly db: Db, private readonly opts: { outside?: string } = {}) {}

  /** Takes the state to compare with (reuses the last one when nothing was written since). */
  async mark(): Promise<void> {
    const xid = await nextXid(this.db);
    if (this.base?.xid !== xid) this.base = { xid, print: await fingerprint(this.db, this.opts) };
  }

  /** Tables changed since `mark` (empty when none); the current state becomes the new mark. */
  async changes(): Promise<string[]> {
    if (!this.base) throw new Error('ChangeWatch.changes() before mark()');
    const xid = await nextXid(this.db);
    if (xid === this.base.xid) return [];
    const print = await fingerprint(this.db, this.opts);
    const diff = fingerprintDiff(this.base.print, print);
    this.prior = this.base.print;
    this.base = { xid, print };
    return diff;
  }

  /** Tables that had rows at the last `mark` and have none now (a DELETE or DROP that ran). */
  emptied(): string[] {
    const before = this.prior ?? {};
    const rows = (print: Record<string, string>, t: string) => Number((print[t] ?? '0:').split(':')[0]);
    return Object.keys(before).filter((t) => rows(before, t) > 0 && (this.base?.print[t] === undefined || rows(this.base.print, t) === 0));
  }

  /** The current fingerprint (after `changes`, the state it compared with). */
  get current(): Record<string, string> {
    if (!this.base) throw new Error('ChangeWatch.current before mark()');
    return this.base.print;
  }
}

/**
 * Tables holding `text` exactly (trimmed) in a text column or as a JSON string value anywhere in a
 * jsonb column; `caseless` also matches text columns in another case (ids are upper-cased, emails
 * lower-cased when stored).
 */
export async function tablesHolding(db: Db, text: string, opts: { caseless?: boolean } = {}): Promise<string[]> {
  const columns = rowsOf<{ t: string; c: string; type: string }>(await db.execute(sql`
    select table_name as t, column_name as c, data_type as type from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb')
      and table_name in (select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE')`));
  const byTable = new Map<string, SQL[]>();
  const value = text.trim();
  for (const { t, c, type } of columns) {
    const column = sql.raw(`x.${ident(c)}`);
    const match = type === 'jsonb'
      ? sql`jsonb_path_exists(${column}, 'strict $.** ? (@ == $v)', jsonb_build_object('v', ${value}::text))`
      : opts.caseless ? sql`lower(${column}) = lower(${value})` : sql`${column} = ${value}`;
    byTable.set(t, [...(byTable.get(t) ?? []), match]);
  }
  const probes = [...byTable].map(([t, matches]) =>
    sql`(select ${t}::text as t from ${sql.raw(ident(t))} x where ${sql.join(matches, sql` or `)} limit 1)`);
  if (probes.length === 0) return [];
  return rowsOf<{ t: string }>(await db.execute(sql.join(probes, sql` union all `))).map((r) => r.t);
}
