import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp } from '../../src/server/app';
import { configFromEnv, type ServerConfig } from '../../src/server/config';
import { and, eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { roles, userWarehouses, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/db/seed';
import { hashPassword } from '../../src/server/modules/system/passwords';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER, TENANT_HEADER, type Envelope } from '../../src/shared/contract/define';
import { hashPasswordForTransport } from '../../src/shared/password-hash';

/**
 * API tests run through the Hono app in process: against PGlite by default, and against
 * PostgreSQL in a fresh schema (dropped afterwards) when DATABASE_URL is set.
 */
export interface TestServer {
  app: ReturnType<typeof createApp>;
  database: Database;
  config: ServerConfig;
  client(): TestClient;
  /** Signs in an account (demo password by default) and returns its client. */
  login(email: string, password?: string, extra?: { is_simple_password?: boolean }): Promise<TestClient>;
  /**
   * Adds an account of its own for a test (so password and rate-limit tests do not disturb the
   * demo accounts), member of `warehouses` with the named seeded role.
   */
  createUser(opts: { email: string; password?: string; warehouses?: readonly string[]; role?: 'Administrator' | 'Supervisor' | 'Operator'; superAdmin?: boolean; active?: boolean }): Promise<{ userId: number; email: string }>;
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const databaseUrl = process.env.DATABASE_URL;
  const schemaName = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase(databaseUrl ? { databaseUrl, schemaName } : {});
  await seedDemo(database.db);
  const config: ServerConfig = { ...configFromEnv({ ...process.env, DATABASE_URL: '' }), staticDir: undefined, envName: 'test', ...overrides };
  const app = createApp({ db: database.db, config });
  const server: TestServer = {
    app, database, config,
    client: () => new TestClient(app),
    async login(email, password = DEMO_PASSWORD, extra = {}) {
      const client = new TestClient(app);
      const res = await client.post('/apps/system/user/user_login', { email, password: hashPasswordForTransport(password), ...extra });
      if (res.retcode !== 0) throw new Error(`login ${email} failed: ${res.retcode} ${res.message}`);
      return client;
    },
    async createUser({ email, password = DEMO_PASSWORD, warehouses = ['SGSIN1'], role = 'Operator', superAdmin = false, active = true }) {
      const db = database.db;
      const [user] = await db.insert(users).values({
        email, displayName: email.split('@')[0]!, passwordHash: await hashPassword(hashPasswordForTransport(password)), isSuperAdmin: superAdmin, isActive: active,
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
    async close() {
      await database.close();
      if (databaseUrl && schemaName) {
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
        await admin.end();
      }
    },
  };
  return server;
}

type App = ReturnType<typeof createApp>;

/** A browser-like client: keeps cookies, sends the CSRF and tenant headers like the app does. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Warehouse sent in the tenant header; set from the login answer. */
  whsId: string | undefined;
  lastStatus = 0;
  /** Raw Set-Cookie lines of the last response, to check cookie attributes. */
  lastSetCookies: string[] = [];

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
    const res = await this.app.request(url, { method, body, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
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
