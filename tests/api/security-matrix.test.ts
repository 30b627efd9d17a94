import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { SWEEP_SKIPPED, startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { ChangeWatch, rowsOf } from '../support/db-state';
import { actingInputs, carries } from '../support/acting-inputs';
import { asQuery, memberKind, memberSchema, objectMembers, toJson, validSample } from '../support/hostile-inputs';
import { rolePermissions, roles, userWarehouses, users } from '../../src/server/db/schema';
import { writeConf } from '../../src/server/common/conf';
import { servedResources } from '../../src/server/modules/resources';
import { OP_KINDS } from '../../src/server/modules/sync/ops';
import { contract } from '../../src/shared/contract';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER, TENANT_HEADER, accessPerms, isMutation, type EndpointDef } from '../../src/shared/contract/define';
import { ALL_PERMISSIONS, FEATURE_FLAGS } from '../../src/shared/permissions';
import { inMenu, permOf } from '../../src/shared/routes/derive';
import { ROUTES } from '../../src/shared/routes/manifest';
import type { ResourceDef } from '../../src/shared/resources/define';
import { RET } from '../../src/shared/retcodes';

/**
 * Security matrix: first, every change needs a permission of its own: each mutation and
 * each offline op kind names an Edit/Create/Delete/Action-style permission of its page, never the
 * View that opens it (spec §6), unless it is on the short list of changes any signed-in user
 * makes to their own things. Then one row per contract entry, derived from the contract, so a new entry
 * gets its row without anything to list here. Each row: anonymous; signed in without the entry's
 * permission (and, as a control, with only it); a mutation without the CSRF header; another
 * warehouse in the tenant header. Every refused cell sends input the schema would refuse, so the
 * refusal is shown to come before the input is read, and leaves the database as it was.
 * Then cross-warehouse: every warehouse-scoped resource's detail and update entries, asked for a
 * key that exists only in another warehouse, and every entry taking an id (`*_id`, `*_ids`)
 * given an id only another warehouse has, by a user holding every permission in one warehouse.
 */

const HOME = 'SGSIN1';
const OTHER = 'IDJKT1';
const entries = Object.entries(contract) as [string, EndpointDef][];

let server: TestServer;
let watch: ChangeWatch;
/** The demo admin (super admin) in HOME. */
let admin: TestClient;
/** Member of HOME with a role granting nothing. */
let bare: TestClient;
/** Member of HOME with a role whose permissions each row sets. */
let probe: TestClient;
let probeRoleId: number;
/** Member of HOME only, with the all-permission role there: what another warehouse's ids are tried as. */
let member: TestClient;

const db = () => server.database.db;

/** The client again, or signed in afresh when a row's call ended its session (user_logout is an entry for any session). */
async function stillSignedIn(client: TestClient, email: string): Promise<TestClient> {
  const info = await client.get('/apps/system/user/get_login_info');
  return info.retcode === RET.OK && info.data.whs_id === HOME ? client : signedIn(email);
}

async function signedIn(email: string): Promise<TestClient> {
  const client = await server.login(email);
  if (client.whsId !== HOME) expect((await client.post('/apps/system/user/switch_user_setting', { type: 'whs', value: HOME })).retcode).toBe(0);
  return client;
}

/** A HOME member holding a role made for the matrix (roles are seeded with names the harness knows; these are new). */
async function memberWithOwnRole(email: string, roleName: string): Promise<{ client: TestClient; roleId: number }> {
  const [role] = await db().insert(roles).values({ whsId: HOME, roleName }).returning();
  const user = await server.createUser({ email, warehouses: [HOME], role: 'Operator' });
  await db().update(userWarehouses).set({ roleId: role!.roleId }).where(eq(userWarehouses.userId, user.userId));
  return { client: await signedIn(email), roleId: role!.roleId };
}

beforeAll(async () => {
  server = await startTestServer();
  watch = new ChangeWatch(db());
  // Warehouse planning answers only where the fulfilment chain is on (-100413 first otherwise): on in HOME, so its rows are checked too.
  await writeConf(db(), HOME, FEATURE_FLAGS.fulfilChain.confKey, '1');
  // Zone colours likewise answer only where zone_by_color is on (the demo has it on in IDJKT1, OTHER here).
  await writeConf(db(), HOME, FEATURE_FLAGS.zoneByColor.confKey, '1');
  admin = await signedIn('admin@demo.local');
  bare = (await memberWithOwnRole('matrix.bare@demo.local', 'Matrix: nothing')).client;
  ({ client: probe, roleId: probeRoleId } = await memberWithOwnRole('matrix.probe@demo.local', 'Matrix: probe'));
  await server.createUser({ email: 'matrix.member@demo.local', warehouses: [HOME], role: 'Administrator' });
  member = await signedIn('matrix.member@demo.local');
});
afterAll(async () => {
  await server?.close();
});

interface Answer { status: number; retcode: number; message: string; data: any }

/** Sends `input` to an entry as `client` would (cookies, CSRF and tenant headers), with the header changes of `opts`. */
async function call(client: TestClient, def: EndpointDef, input: Record<string, unknown>, opts: { csrf?: boolean | string; tenant?: string | null } = {}): Promise<Answer> {
  if (!client.cookies.has(CSRF_COOKIE)) await client.raw('GET', `${API_BASE}/apps/system/user/get_lang_setting`);
  const headers: Record<string, string> = {};
  if (opts.csrf !== false) headers[CSRF_HEADER] = typeof opts.csrf === 'string' ? opts.csrf : client.cookies.get(CSRF_COOKIE) ?? '';
  const tenant = opts.tenant === undefined ? client.whsId : opts.tenant;
  if (tenant) headers[TENANT_HEADER] = tenant;
  let url = API_BASE + def.path;
  let body: string | undefined;
  if (def.method === 'GET') {
    const query = new URLSearchParams(asQuery(input)).toString();
    if (query) url += `?${query}`;
  } else {
    body = toJson(input);
    headers['content-type'] = 'application/json';
  }
  const res = await client.raw(def.method, url, body, headers);
  return { status: res.status, ...(await res.json()) };
}

/** Input the entry's schema refuses (every member of the wrong type), or {} for an entry without members. */
function refusedInput(def: EndpointDef): Record<string, unknown> {
  return Object.fromEntries(objectMembers(def.input).map((m) => [m.name, { matrix: 'not a value' }]));
}

/** Sets the probe role's permissions. */
async function grantProbe(perms: readonly string[]) {
  await db().delete(rolePermissions).where(eq(rolePermissions.roleId, probeRoleId));
  if (perms.length > 0) await db().insert(rolePermissions).values(perms.map((perm) => ({ whsId: HOME, roleId: probeRoleId, perm })));
}

/** Calls and expects a refusal with `retcode` (and HTTP `status`) that changed nothing. */
async function expectRefused(what: string, send: () => Promise<Answer>, retcode: number, status?: number): Promise<Answer> {
  await watch.mark();
  const res = await send();
  expect(res.retcode, `${what}: ${res.message}`).toBe(retcode);
  if (status !== undefined) expect(res.status, what).toBe(status);
  expect(await watch.changes(), `${what} changed the database`).toEqual([]);
  return res;
}

/**
 * Changes a caller makes without a permission of their own, and why none is needed. Anything else
 * that changes state names a permission.
 */
const OPEN_MUTATIONS: Record<string, string> = {
  userLogin: 'signs in',
  userForgot: 'asks for a reset link: the same answer whether the account exists or not',
  userPasswordReset: 'sets a password with the token the reset mail carried',
  userLogout: 'ends the caller\'s own session',
  resetMyPwd: 'changes the caller\'s own password, knowing the current one',
  setUserSetting: 'the caller\'s own settings (language)',
  switchWarehouse: 'moves the caller\'s own session to another warehouse they are a member of',
  createBookmark: 'the caller\'s own bookmarks',
  updateBookmark: 'the caller\'s own bookmarks',
  deleteBookmark: 'the caller\'s own bookmarks',
  createFilterTemplate: 'the caller\'s own saved filters',
  updateFilterTemplate: 'the caller\'s own saved filters',
  deleteFilterTemplate: 'the caller\'s own saved filters',
  setPagingHeader: 'the caller\'s own list columns',
  deviceHeartbeat: 'the caller\'s device reports its own outbox',
  pushOps: 'applies each op only with its kind\'s permission (op kinds are checked below)',
  createExportTask: 'a file of a list the caller may read: the handler checks that list\'s permission',
  getConfList: 'a read spec §7 makes a POST: changes nothing',
  operateFullStockCount: 'each direction checks its own permission in the handler: StartFullStockCount to start, EndFullStockCount to end',
};

/** Op kinds any signed-in user may queue, and why. */
const OPEN_OP_KINDS: Record<string, string> = {
  'system.user.set_user_setting': 'the caller\'s own settings, as set_user_setting',
};

/** Permissions that open a page of the menu: they let one look, never change. */
const OPENING_PERMISSIONS = new Set(ROUTES.filter(inMenu).map(permOf).filter((p): p is string => p !== null));

/** Why a permission may not guard a change: a View, a page's opening permission, or unknown to the catalog (Role Detail could not grant it). */
function viewLike(perm: string): string | null {
  if (perm.endsWith('.View')) return 'a View permission';
  if (OPENING_PERMISSIONS.has(perm)) return 'the permission that opens a menu page';
  if (!ALL_PERMISSIONS.includes(perm)) return 'not in the permission catalog';
  return null;
}

describe.skipIf(SWEEP_SKIPPED)('every change needs a permission of its own', () => {
  test('each mutation names an Edit/Create/Delete/Action-style permission of its page, or is a change to the caller\'s own things', () => {
    const wrong: string[] = [];
    for (const [name, def] of entries.filter(([, d]) => isMutation(d))) {
      if (typeof def.access === 'object') {
        for (const perm of accessPerms(def.access)) {
          const why = viewLike(perm);
          if (why) wrong.push(`${name} (${def.path}) needs ${perm}: ${why}`);
        }
      } else if (!(name in OPEN_MUTATIONS)) {
        wrong.push(`${name} (${def.path}) is open to any ${def.access === 'public' ? 'caller' : 'session'}`);
      }
    }
    expect(wrong).toEqual([]);
    // The list names only entries that are open mutations.
    for (const name of Object.keys(OPEN_MUTATIONS)) {
      const def = contract[name as keyof typeof contract] as EndpointDef | undefined;
      expect(def && isMutation(def) && typeof def.access === 'string', `${name} is an open mutation`).toBe(true);
    }
  });

  test('each entry names a permission the catalog holds, one Role Detail can grant', () => {
    const unknown = entries.filter(([, def]) => accessPerms(def.access).some((perm) => !ALL_PERMISSIONS.includes(perm))).map(([name]) => name);
    expect(unknown).toEqual([]);
  });

  test('each offline op kind needs a permission of its own, as the mutations do', () => {
    const wrong: string[] = [];
    for (const op of OP_KINDS.values()) {
      if (op.access === 'session') {
        if (!(op.kind in OPEN_OP_KINDS)) wrong.push(`${op.kind} is open to any session`);
        continue;
      }
      for (const perm of accessPerms(op.access)) {
        const why = viewLike(perm);
        if (why) wrong.push(`${op.kind} needs ${perm}: ${why}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const kind of Object.keys(OPEN_OP_KINDS)) expect(OP_KINDS.get(kind)?.access, kind).toBe('session');
  });
});

describe.skipIf(SWEEP_SKIPPED)('access matrix: one row per contract entry', () => {
  test.each(entries)('%s', async (name, def) => {
    const hostile = refusedInput(def);
    const access = def.access;

    // Anonymous (with a CSRF cookie and header, as a browser would have): only public entries answer.
    const anonymous = server.client();
    if (access === 'public') {
      await watch.mark();
      const res = await call(anonymous, def, hostile);
      expect(res.retcode, `${name} anonymous`).not.toBe(RET.NOT_LOGGED_IN);
      expect(res.status, name).toBeLessThan(500);
      if (!isMutation(def)) expect(await watch.changes(), `${name}: an anonymous read changed the database`).toEqual([]);
    } else {
      await expectRefused(`${name} anonymous`, () => call(anonymous, def, hostile), RET.NOT_LOGGED_IN, 401);
    }

    // Signed in, holding no permission: refused by permission; entries for any session let them through to their input.
    if (typeof access === 'object') {
      const perms = accessPerms(access);
      const res = await expectRefused(`${name} without permissions`, () => call(bare, def, hostile), RET.PERMISSION_DENIED, 403);
      expect(res.data, name).toEqual(perms.length === 1 ? { perm: perms[0] } : { perm: perms[0], perms });
      // Every permission but the entry's (any one of `anyPerm`): still refused. Only one of them: let through (to the input check).
      await grantProbe(ALL_PERMISSIONS.filter((p) => !perms.includes(p)));
      await expectRefused(`${name} with every permission but ${perms.join(', ')}`, () => call(probe, def, hostile), RET.PERMISSION_DENIED, 403);
      for (const perm of perms) {
        await grantProbe([perm]);
        const allowed = await call(probe, def, hostile);
        expect(allowed.retcode, `${name} holding only ${perm}: ${allowed.message}`).not.toBe(RET.PERMISSION_DENIED);
        expect(allowed.status, name).toBeLessThan(500);
        probe = await stillSignedIn(probe, 'matrix.probe@demo.local');
      }
    } else if (access === 'session') {
      const res = await call(bare, def, hostile);
      expect([RET.PERMISSION_DENIED, RET.NOT_LOGGED_IN, RET.WAREHOUSE_MISMATCH, RET.CSRF_INVALID], `${name} for any session: ${res.message}`).not.toContain(res.retcode);
      expect(res.status, name).toBeLessThan(500);
      bare = await stillSignedIn(bare, 'matrix.bare@demo.local');
    }

    // A mutation without the CSRF header, or with another token: refused first, even for the admin.
    if (isMutation(def)) {
      await expectRefused(`${name} without CSRF header`, () => call(admin, def, hostile, { csrf: false }), RET.CSRF_INVALID, 403);
      await expectRefused(`${name} with a wrong CSRF token`, () => call(admin, def, hostile, { csrf: 'forged' }), RET.CSRF_INVALID, 403);
    }

    // Another warehouse in the tenant header (the admin may work there too), or none.
    if (access !== 'public' && !def.tenantExempt) {
      for (const tenant of [OTHER, null]) {
        const res = await expectRefused(`${name} with tenant ${tenant}`, () => call(admin, def, hostile, { tenant }), RET.WAREHOUSE_MISMATCH);
        expect(res.data.session_whs_id, name).toBe(HOME);
      }
    }
  });
});

// ---- cross-warehouse ----

const shapeOf = (schema: EndpointDef['input'] | EndpointDef['output']) => objectMembers(schema).map((m) => m.name);
const isRowOf = (schema: EndpointDef['output'], resource: ResourceDef) => Object.keys(resource.fields).every((f) => shapeOf(schema).includes(f));

/**
 * The detail and update entries of a resource, found by their shape (so however they are derived
 * and named): a detail takes the key alone and answers a row, an update takes the key and
 * optional fields. Resources of the same shape (the three staging location kinds) are told apart
 * by the paths their definition declares.
 */
function entriesOf(resource: ResourceDef) {
  const declared = (def: EndpointDef, call: 'detail' | 'update') => {
    const path = (resource.api as Record<string, { path: string } | undefined> | undefined)?.[call]?.path;
    return path === undefined || path === def.path;
  };
  const detail = entries.filter(([, def]) => def.method === 'GET' && !isMutation(def) && declared(def, 'detail')
    && shapeOf(def.input).join() === resource.key && isRowOf(def.output, resource));
  const update = entries.filter(([, def]) => isMutation(def) && declared(def, 'update') && isRowOf(def.output, resource)
    && objectMembers(def.input).some((m) => m.name === resource.key && m.required)
    && objectMembers(def.input).every((m) => m.name === resource.key ? m.required : !m.required && m.name in resource.fields));
  return { detail, update };
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * A key of `table` that only another warehouse has. The demo warehouses share location codes, so
 * when none exists one is made: a row copied into the other warehouse under an unused key. Null
 * when the table has no row to copy.
 */
async function foreignOnlyKey(table: string, key: string): Promise<string | number | null> {
  const [found] = rowsOf<{ k: string | number }>(await db().execute(sql`
    select x.${ident(key)} as k from ${ident(table)} x where x.whs_id <> ${HOME}
      and not exists (select 1 from ${ident(table)} y where y.whs_id = ${HOME} and y.${ident(key)} = x.${ident(key)})
    order by 1 limit 1`));
  if (found) return found.k;
  // A row of the other warehouse, else one of HOME moved there (the demo warehouses have the same locations to refer to).
  const [source] = rowsOf<{ k: string; w: string }>(await db().execute(sql`
    select x.${ident(key)}::text as k, x.whs_id as w from ${ident(table)} x where x.whs_id in (${OTHER}, ${HOME}) order by x.whs_id = ${OTHER} desc, 2, 1 limit 1`));
  if (!source) return null;
  const columns = rowsOf<{ c: string }>(await db().execute(sql`
    select column_name as c from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`)).map((r) => r.c);
  // Same length, another last character: fits the key's length and format rules.
  for (const last of ['Z', 'Y', 'X', '9', '8', '7']) {
    const candidate = source.k.slice(0, -1) + last;
    const select = columns.map((c) => (c === key ? sql`${candidate}` : c === 'whs_id' ? sql`${OTHER}` : sql`x.${ident(c)}`));
    try {
      const [row] = rowsOf<{ k: string }>(await db().execute(sql`
        insert into ${ident(table)} (${sql.join(columns.map(ident), sql`, `)})
        select ${sql.join(select, sql`, `)} from ${ident(table)} x where x.whs_id = ${source.w} and x.${ident(key)}::text = ${source.k}
        and not exists (select 1 from ${ident(table)} y where y.${ident(key)}::text = ${candidate})
        returning ${ident(key)} as k`));
      if (row) return row.k;
    } catch {
      // a rule of the table refused this key: try the next
    }
  }
  // The key refers to another row (a planning is keyed by its logic area): move a HOME row the other warehouse lacks there…
  const attempts = [
    sql`update ${ident(table)} x set whs_id = ${OTHER} where x.whs_id = ${HOME} and x.${ident(key)} = (
      select h.${ident(key)} from ${ident(table)} h where h.whs_id = ${HOME}
        and not exists (select 1 from ${ident(table)} o where o.whs_id = ${OTHER} and o.${ident(key)} = h.${ident(key)})
      order by 1 limit 1) returning x.${ident(key)} as k`,
    // …or drop HOME's row of a key both have.
    sql`delete from ${ident(table)} x where x.whs_id = ${HOME} and x.${ident(key)} = (
      select o.${ident(key)} from ${ident(table)} o where o.whs_id = ${OTHER} order by 1 limit 1) returning x.${ident(key)} as k`,
  ];
  for (const attempt of attempts) {
    try {
      const [row] = rowsOf<{ k: string }>(await db().execute(attempt));
      if (row) return row.k;
    } catch {
      // the row is referenced: try the next way
    }
  }
  throw new Error(`${table}: could not make a key only ${OTHER} has`);
}

describe.skipIf(SWEEP_SKIPPED)('cross-warehouse: another warehouse\'s rows are out of reach', () => {
  const scoped = () => [...servedResources().values()].filter(({ def }) => def.warehouseScoped);

  test('every warehouse-scoped resource with a detail entry: another warehouse\'s key is not found, and cannot be updated', async () => {
    let checked = 0;
    const empty: string[] = [];
    for (const { def: resource, table } of scoped()) {
      const { detail, update } = entriesOf(resource);
      if (resource.api?.detail) expect(detail.length, `${resource.name}: its detail entry is found by shape`).toBe(1);
      // A read model (no table) has no detail call of the kit's; its own reads are checked with the id-taking entries below.
      if (detail.length === 0 || !table) continue;
      const key = await foreignOnlyKey(getTableConfig(table as PgTable).name, resource.key);
      if (key === null) {
        empty.push(resource.name);
        continue;
      }
      const asText = { [resource.key]: String(key) };
      for (const [name, def] of detail) {
        await watch.mark();
        const res = await call(admin, def, asText);
        expect(res.retcode, `${name} of ${OTHER}'s ${key}: ${res.message}`).toBe(RET.NOT_FOUND);
        expect(await watch.changes(), name).toEqual([]);
        checked++;
      }
      for (const [name, def] of update) {
        // The key and one field to change, each valid: only the warehouse stands in the way.
        const input: Record<string, unknown> = { [resource.key]: memberKind(def.input, resource.key) === 'number' ? Number(key) : key };
        const field = objectMembers(def.input).find((m) => m.name !== resource.key);
        if (field) input[field.name] = validSample(memberSchema(def.input, field.name)!, field.name);
        await expectRefused(`${name} of ${OTHER}'s ${key}`, () => call(admin, def, input), RET.NOT_FOUND);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    // A resource whose table is empty in the demo data has no row to copy: only a handful may be.
    expect(empty.length, `no rows to try: ${empty.join(', ')}`).toBeLessThanOrEqual(2);
  }, 180_000); // every warehouse-scoped resource in turn: grows with the resources (52 s at load 11)

  /**
   * Every record kind in the other warehouse: each mutation called once there with a valid
   * sample, by a user who is a member of that warehouse only. Accounts are put back afterwards,
   * since a sample may reset a password or disable someone.
   */
  async function populateOtherWarehouse() {
    const accounts = await db().select().from(users);
    await server.createUser({ email: 'matrix.elsewhere@demo.local', warehouses: [OTHER], role: 'Administrator' });
    let elsewhere = await server.login('matrix.elsewhere@demo.local');
    for (const [name, def] of entries.filter(([, d]) => isMutation(d) && d.access !== 'public')) {
      const res = await call(elsewhere, def, validSample(def.input) as Record<string, unknown>);
      expect(res.status, name).toBeLessThan(500);
      if ((await elsewhere.get('/apps/system/user/get_login_info')).retcode !== RET.OK || elsewhere.whsId !== OTHER) {
        elsewhere = await server.login('matrix.elsewhere@demo.local');
      }
    }
    for (const { userId, ...account } of accounts) await db().update(users).set(account).where(eq(users.userId, userId));
    member = await stillSignedIn(member, 'matrix.member@demo.local');
  }

  /** The `*_id` members of an entry's input (and `*_ids` lists), each with the column it names. */
  const idMembers = (def: EndpointDef) => objectMembers(def.input)
    .map((m) => ({ ...m, column: m.name.endsWith('_ids') ? m.name.slice(0, -1) : m.name }))
    .filter((m) => m.column.endsWith('_id'));

  /** A value of `column` that rows of other warehouses hold and rows of HOME do not; null when there is none. */
  async function foreignOnlyValue(column: string): Promise<string | number | null> {
    if (column === 'whs_id') return OTHER;
    const tables = rowsOf<{ t: string }>(await db().execute(sql`
      select c.table_name as t from information_schema.columns c
      join information_schema.columns w on w.table_schema = c.table_schema and w.table_name = c.table_name and w.column_name = 'whs_id'
      join information_schema.tables b on b.table_schema = c.table_schema and b.table_name = c.table_name and b.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.column_name = ${column}`)).map((r) => r.t);
    if (tables.length === 0) return null;
    const values = (where: ReturnType<typeof sql>) => sql.join(tables.map((t) => sql`select ${ident(column)}::text as v from ${ident(t)} where ${where}`), sql` union `);
    const [row] = rowsOf<{ v: string }>(await db().execute(sql`
      select v from (${values(sql`whs_id <> ${HOME}`)}) foreign_values where v is not null
      except select v from (${values(sql`whs_id = ${HOME}`)}) home_values order by 1 limit 1`));
    return row?.v ?? null;
  }

  test('every entry taking an id: another warehouse\'s id is refused, or answers nothing of that warehouse and changes nothing there', async () => {
    await populateOtherWarehouse();
    // Fingerprinted again only when something was written since (as `watch`): most calls refused write nothing.
    const outside = new ChangeWatch(db(), { outside: HOME });
    const tried: string[] = [];
    for (const [name, def] of entries.filter(([, d]) => d.access !== 'public')) {
      for (const m of idMembers(def)) {
        const value = await foreignOnlyValue(m.column);
        if (value === null) continue;
        const kind = memberKind(def.input, m.name);
        const one = kind === 'number' || (kind === 'array' && /^\d+$/.test(String(value))) ? Number(value) : String(value);
        const attempt = async (sample: Record<string, unknown>): Promise<Answer> => {
          const input = { ...sample, [m.name]: kind === 'array' ? [one] : one };
          const what = `${name}.${m.name} = ${OTHER}'s ${value} in ${JSON.stringify(input)}`;
          tried.push(what);
          // Only a mutation's call is compared with the database outside HOME before it.
          if (isMutation(def)) await outside.mark();
          await watch.mark();
          const res = await call(member, def, input);
          expect(res.status, what).toBeLessThan(500);
          if (isMutation(def)) {
            if (res.retcode !== RET.OK) expect(await watch.changes(), `${what}: refused, yet changed the database`).toEqual([]);
            expect(await outside.changes(), `${what}: changed rows outside ${HOME}`).toEqual([]);
          }
          // Warehouses are global rows, yet one is answered only to those holding its page there: none of OTHER's here. (A
          // mutation may make a row of HOME under a key OTHER has: keys are per warehouse, but never answer OTHER itself.)
          if (res.retcode === RET.OK && (!isMutation(def) || m.column === 'whs_id')) {
            expect(carries(res.data, m.column, String(value)), `${what}: answered ${OTHER}'s row`).toBe(false);
          }
          return res;
        };
        if (!isMutation(def)) {
          await attempt(validSample(def.input) as Record<string, unknown>);
          continue;
        }
        // A mutation is sent something to change (an update by its key alone changes nothing), one member at a time if need be.
        const { every, each } = actingInputs(def);
        if ((await attempt(every)).retcode === RET.BAD_INPUT) for (const sample of each) await attempt(sample);
      }
    }
    expect(tried.length, tried.join('\n')).toBeGreaterThan(10);
    // Fingerprints of the database for each mutation's id tried that wrote: the walk outgrows the default on a busy machine.
  }, 300_000);
});
