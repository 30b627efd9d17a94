import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../src/server/app';
import { configFromEnv, type ServerConfig } from '../../src/server/config';
import { PGLITE_EXTENSIONS, openDatabase, type Database, type Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/db/seed';
import { hashPassword } from '../../src/server/common/passwords';
import { databaseAt, dropWhenClosed, withClient } from './pg-admin';
import { sourcesKey } from './sources-key';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER, TENANT_HEADER, type Envelope } from '../../src/shared/contract/define';
import { hashPasswordForTransport } from '../../src/shared/password-hash';

/**
 * API tests run through the Hono app in process: against PGlite by default, and against
 * PostgreSQL in a fresh database (dropped afterwards) when DATABASE_URL is set.
 */
export interface TestServer {
  app: ReturnType<typeof createApp>;
  database: Database;
  config: ServerConfig;
  client(): TestClient;
  /** Signs in an account (demo password by default) and returns its client. */
  login(email: string, password?: string, extra?: { is_simple_password?: boolean }): Promise<TestClient>;
  /** Signs an account in (demo password) with `whsId` as its session's warehouse. */
  loginAt(email: string, whsId: string): Promise<TestClient>;
  /**
   * Adds an account of its own for a test (so password and rate-limit tests do not disturb the
   * demo accounts), member of `warehouses` with the named seeded role.
   */
  createUser(opts: { email: string; password?: string; warehouses?: readonly string[]; role?: 'Administrator' | 'Supervisor' | 'Operator'; superAdmin?: boolean; active?: boolean }): Promise<{ userId: number; email: string }>;
  close(): Promise<void>;
}

const { roles, userWarehouses, users } = schema;
const root = fileURLToPath(new URL('../../', import.meta.url));
const migrationsFolder = path.join(root, 'src/server/db/migrations');

const TEMPLATE_PREFIX = 'tally-api-pglite-';

/** Templates kept besides the newest: runs of other checkouts of the tree (worktrees) at once each keep theirs. */
const TEMPLATES_KEPT = 4;

function dropStaleTemplates(): void {
  const dir = tmpdir();
  const mtime = (name: string) => {
    try {
      return statSync(path.join(dir, name)).mtimeMs;
    } catch {
      return 0; // dropped by another run meanwhile
    }
  };
  const templates = readdirSync(dir).filter((f) => f.startsWith(TEMPLATE_PREFIX) && f.endsWith('.tar'))
    .map((name) => ({ name, at: mtime(name) })).sort((a, b) => b.at - a.at);
  for (const { name } of templates.slice(TEMPLATES_KEPT)) rmSync(path.join(dir, name), { force: true });
}

/**
 * A PGlite data directory with the migrations applied and the demo data seeded, dumped once and
 * loaded by every test file: creating, migrating and seeding a cluster costs seconds, loading a
 * dump well under one. Keyed by the sources it is made from, so any change makes a new one.
 */
async function seededTemplate(): Promise<Blob> {
  const name = `${TEMPLATE_PREFIX}${sourcesKey()}.tar`;
  const file = path.join(tmpdir(), name);
  if (existsSync(file)) {
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // replaced by a run on newer sources meanwhile: build our own below
    }
  }
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  await seedDemo(db as unknown as Db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file); // atomic: parallel test files never read a half-written template
  dropStaleTemplates();
  return dump;
}

const PG_TEMPLATE_PREFIX = 'tally_api_template_';
/** Serialises building the template between the test files of a run (any key; pg_advisory_lock is per server). */
const PG_TEMPLATE_LOCK = 0x7a11_7e57;

/**
 * PostgreSQL's counterpart of the PGlite template: a database migrated and seeded once per
 * version of the sources (same key), from which each test file's database is copied with
 * CREATE DATABASE … TEMPLATE — a file copy, instead of 14 migrations and the seed per file.
 * Built under an advisory lock as `…_building` and renamed when whole; older ones are dropped.
 */
async function copyOfTemplate(databaseUrl: string, copy: string): Promise<void> {
  await withTemplate(databaseUrl, (c, name) => c.query(`CREATE DATABASE ${copy} TEMPLATE ${name}`));
}

/** Runs `work` with this sources' template built, under the lock (a run on other sources never drops a template being copied). */
async function withTemplate(databaseUrl: string, work: (c: pg.Client, name: string) => Promise<unknown>): Promise<void> {
  const name = `${PG_TEMPLATE_PREFIX}${sourcesKey()}`;
  await withClient(databaseUrl, async (c) => {
    await c.query('select pg_advisory_lock($1)', [PG_TEMPLATE_LOCK]);
    try {
      const { rows } = await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${PG_TEMPLATE_PREFIX}%`]);
      if (!rows.some((r) => r.datname === name)) await buildTemplate(c, databaseUrl, name, rows.map((r) => r.datname));
      await work(c, name);
    } finally {
      await c.query('select pg_advisory_unlock($1)', [PG_TEMPLATE_LOCK]);
    }
  });
}

/**
 * Builds the seeded template of these sources once, before any test file starts (the api
 * project's globalSetup): building it takes a minute on a busy machine, which no file's
 * beforeAll should pay within its hook timeout.
 */
export async function prepareTemplate(databaseUrl = process.env.DATABASE_URL?.trim()): Promise<void> {
  if (databaseUrl) await withTemplate(databaseUrl, async () => undefined);
  else await seededTemplate();
}

async function buildTemplate(c: pg.Client, databaseUrl: string, name: string, older: readonly string[]): Promise<void> {
  const building = `${name}_building`;
  await c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  await c.query(`CREATE DATABASE ${building}`);
  const database = await openDatabase({ databaseUrl: databaseAt(databaseUrl, building), prepare: (db) => seedDemo(db) });
  await database.close();
  for (let tries = 0; ; tries++) {
    try {
      await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      break;
    } catch (err) {
      if (tries >= 100) throw err; // the pool's connections are still closing: wait for them
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  for (const old of older) await c.query(`DROP DATABASE IF EXISTS ${old} WITH (FORCE)`);
}

/**
 * PostgreSQL: a fresh database per test server, copied from the seeded template and dropped on
 * close. (A schema per server does not work: drizzle-kit writes foreign keys as
 * `REFERENCES "public"."users"`.)
 */
async function openPostgresTestDatabase(databaseUrl: string): Promise<Database> {
  const name = `tally_test_${randomBytes(6).toString('hex')}`;
  await copyOfTemplate(databaseUrl, name);
  const drop = () => withClient(databaseUrl, (c) => dropWhenClosed(c, name));
  try {
    const database = await openDatabase({ databaseUrl: databaseAt(databaseUrl, name) });
    return { ...database, close: () => database.close().finally(drop) };
  } catch (err) {
    await drop();
    throw err;
  }
}

async function openTestDatabase(databaseUrl = process.env.DATABASE_URL?.trim()): Promise<Database> {
  if (databaseUrl) return openPostgresTestDatabase(databaseUrl);
  const client = new PGlite({ loadDataDir: await seededTemplate(), extensions: PGLITE_EXTENSIONS });
  const db = drizzle(client, { schema });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** `databaseUrl`: a PostgreSQL server to make the test database on, whatever DATABASE_URL says. */
export async function startTestServer(overrides: Partial<ServerConfig> = {}, opts: { databaseUrl?: string } = {}): Promise<TestServer> {
  const database = await openTestDatabase(opts.databaseUrl);
  try {
    await seedDemo(database.db); // a no-op on the seeded PGlite template
  } catch (err) {
    await database.close();
    throw err;
  }
  const config: ServerConfig = { ...configFromEnv({ ...process.env, DATABASE_URL: '' }), staticDir: undefined, envName: 'test', trustProxy: true, slowRequestMs: 0, ...overrides };
  const app = createApp({ db: database.db, config });
  /** scrypt costs ~50 ms: accounts created with the same password share one stored hash (salt included). */
  const storedHashes = new Map<string, Promise<string>>();
  const server: TestServer = {
    app, database, config,
    client: () => new TestClient(app),
    async login(email, password = DEMO_PASSWORD, extra = {}) {
      const client = new TestClient(app);
      const res = await client.post('/apps/system/user/user_login', { email, password: hashPasswordForTransport(password), ...extra });
      if (res.retcode !== 0) throw new Error(`login ${email} failed: ${res.retcode} ${res.message}`);
      return client;
    },
    async loginAt(email, whsId) {
      const client = await server.login(email);
      if (client.whsId !== whsId) {
        const res = await client.post('/apps/system/user/switch_user_setting', { type: 'whs', value: whsId });
        if (res.retcode !== 0) throw new Error(`switch ${email} to ${whsId}: ${res.retcode} ${res.message}`);
      }
      return client;
    },
    async createUser({ email, password = DEMO_PASSWORD, warehouses = ['SGSIN1'], role = 'Operator', superAdmin = false, active = true }) {
      const db = database.db;
      let stored = storedHashes.get(password);
      if (!stored) storedHashes.set(password, (stored = hashPassword(hashPasswordForTransport(password))));
      const [user] = await db.insert(users).values({
        email, displayName: email.split('@')[0]!, passwordHash: await stored, isSuperAdmin: superAdmin, isActive: active,
      }).returning();
      if (!user) throw new Error(`could not create ${email}`);
      if (warehouses.length > 0) {
        const roleRows = await db.select().from(roles).where(and(inArray(roles.whsId, [...warehouses]), eq(roles.roleName, role)));
        await db.insert(userWarehouses).values(warehouses.map((whsId) => {
          const r = roleRows.find((x) => x.whsId === whsId);
          if (!r) throw new Error(`no role ${role} in ${whsId}`);
          return { whsId, userId: user.userId, roleId: r.roleId };
        }));
      }
      return { userId: user.userId, email: user.email };
    },
    close: () => database.close(),
  };
  return server;
}

/**
 * Where the engine-independent sweeps (fuzz.test.ts, security-matrix.test.ts) skip: on the
 * PostgreSQL run (DATABASE_URL). They drive the server's input checks and permission guards over
 * every contract entry — the same code and the same SQL on both engines, PGlite being PostgreSQL —
 * with some 35,000 calls, a third of that run's time; every area's own tests run on both engines.
 */
export const SWEEP_SKIPPED = Boolean(process.env.DATABASE_URL?.trim());

/** The PostgreSQL server of tests that need one: DATABASE_URL's, else the machine's own (CI starts it in .ci/run). */
export const POSTGRES_ADMIN_URL = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
/** TALLY_SKIP_POSTGRES=1 skips, by name, the tests that need PostgreSQL on a machine without one; otherwise they fail saying so. */
export const SKIP_POSTGRES = /^(1|true|yes)$/i.test(process.env.TALLY_SKIP_POSTGRES ?? '');

/**
 * For a block of tests whose point is PostgreSQL's separate connections (transactions that really
 * overlap, which PGlite's single connection cannot show): registers the block's hooks, which hand
 * `set` a server on PostgreSQL before its tests and the file's server (`get`) back after them.
 * That is the file's server when it runs there already (DATABASE_URL), else one on a fresh
 * database of POSTGRES_ADMIN_URL, dropped afterwards. No PostgreSQL there fails the block saying so.
 */
export function usePostgresServer(get: () => TestServer, set: (server: TestServer) => void): void {
  let fileServer: TestServer | undefined;
  let started: TestServer | undefined;
  beforeAll(async () => {
    fileServer = get();
    if (fileServer.database.kind === 'postgres') return;
    try {
      await withClient(POSTGRES_ADMIN_URL, (c) => c.query('select 1'));
    } catch (err) {
      throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${(err as Error).message}). These tests need it (CI starts it in .ci/run); set TALLY_SKIP_POSTGRES=1 to skip them on a machine without one.`);
    }
    started = await startTestServer({}, { databaseUrl: POSTGRES_ADMIN_URL });
    set(started);
  });
  afterAll(async () => {
    if (fileServer) set(fileServer);
    await started?.close();
  });
}

type App = ReturnType<typeof createApp>;

/** A browser-like client: keeps cookies, sends the CSRF and tenant headers like the app does. */
let clientCounter = 0;

export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Warehouse sent in the tenant header; set from the login answer. */
  whsId: string | undefined;
  lastStatus = 0;
  /** Raw Set-Cookie lines of the last response, to check cookie attributes. */
  lastSetCookies: string[] = [];

  /**
   * Each client is its own device: its address (a documentation-range IPv6 value in X-Forwarded-For,
   * which the test server trusts) keeps per-address rate limits of one test from touching another.
   */
  clientIp = `2001:db8::${(++clientCounter).toString(16)}`;

  constructor(private readonly app: App) {}

  /** Another tab of the same browser: same cookies (so the same session) and tenant. */
  clone(): TestClient {
    const other = new TestClient(this.app);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    other.whsId = this.whsId;
    return other;
  }

  async request<T = any>(method: 'GET' | 'POST', path: string, body?: unknown, opts: { headers?: Record<string, string>; csrf?: boolean; tenant?: boolean } = {}): Promise<Envelope<T>> {
    if (!this.cookies.has(CSRF_COOKIE) && opts.csrf !== false) await this.raw('GET', `${API_BASE}/apps/system/user/get_lang_setting`);
    const headers: Record<string, string> = {};
    if (opts.csrf !== false && this.cookies.has(CSRF_COOKIE)) headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE)!;
    if (opts.tenant !== false && this.whsId) headers[TENANT_HEADER] = this.whsId;
    // Explicit headers win, so a test can send a stale tenant or a wrong CSRF token.
    Object.assign(headers, opts.headers);
    let url = API_BASE + path;
    let payload: string | undefined;
    if (method === 'GET' && body && typeof body === 'object') {
      const qs = new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
      if ([...qs].length) url += `?${qs}`;
    } else if (method === 'POST') {
      payload = typeof body === 'string' ? body : JSON.stringify(body ?? {});
      headers['content-type'] = 'application/json';
    }
    const res = await this.raw(method, url, payload, headers);
    const json = (await res.json()) as Envelope<T>;
    if (json.retcode === 0 && json.data && typeof json.data === 'object' && 'whs_id' in json.data && path.includes('/apps/system/user/')) {
      this.whsId = (json.data as { whs_id: string }).whs_id;
    }
    return json;
  }

  get<T = any>(path: string, query?: Record<string, unknown>, opts?: { headers?: Record<string, string>; csrf?: boolean; tenant?: boolean }) {
    return this.request<T>('GET', path, query, opts);
  }

  post<T = any>(path: string, body?: unknown, opts?: { headers?: Record<string, string>; csrf?: boolean; tenant?: boolean }) {
    return this.request<T>('POST', path, body, opts);
  }

  async raw(method: string, url: string, body?: string, headers: Record<string, string> = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.request(url, { method, body, headers: { 'x-forwarded-for': this.clientIp, ...headers, ...(cookie ? { cookie } : {}) } });
    this.lastStatus = res.status;
    this.lastSetCookies = res.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}
