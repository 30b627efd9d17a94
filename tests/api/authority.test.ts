import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { actingInputs, carries } from '../support/acting-inputs';
import { ChangeWatch, fingerprint, fingerprintDiff } from '../support/db-state';
import { asQuery, objectMembers, validSample } from '../support/hostile-inputs';
import { cycleCountSkills, exportFiles, flowPickingSkills, pickingSkills, rolePermissions, sortingSkills, roles, userImportRows, userWarehouses, users, warehouses } from '../../src/server/db/schema';
import { runPendingExports } from '../../src/server/modules/report/export-worker';
import { userPermissions } from '../../src/server/common/access';
import { runPendingUserImports } from '../../src/server/modules/user/user-import-worker';
import { contract } from '../../src/shared/contract';
import { isMutation, type EndpointDef } from '../../src/shared/contract/define';
import { USER_IMPORT_OUTCOME } from '../../src/shared/contract/user-import.contract';
import { ALL_PERMISSIONS } from '../../src/shared/permissions';
import { RET } from '../../src/shared/retcodes';

/**
 * Nobody gets more than they were given (docs/user-admin.md "Who may do what", docs/decisions.md
 * "Warehouses are checked where they are named"): the attacks found against a fresh server, end
 * to end, then the classes they belong to, derived from the contract so that a new entry repeating
 * one of the mistakes fails here:
 * - every change of an existing account (an entry naming `user_id` or `user_ids`, an import row)
 *   by someone holding fewer permissions than the account, somewhere the account belongs, is refused;
 * - every entry naming a `whs_id` checks its permission in that warehouse, not in the session's.
 */

const HOME = 'SGSIN1';
const OTHER = 'IDJKT1';
const entries = Object.entries(contract) as [string, EndpointDef][];

/** The permission an entry needs, as the contract declares it. */
function permOf(def: EndpointDef): string {
  if (typeof def.access !== 'object' || !('perm' in def.access)) throw new Error(`${def.path} needs no single permission`);
  return def.access.perm;
}
/** The View permission of the page an action belongs to (`PC.Wmsconfig.Userlist.ResetPassword` → `PC.Wmsconfig.Userlist.View`). */
const viewOf = (perm: string) => [perm.replace(/\.[^.]+$/, '.View')].filter((view) => ALL_PERMISSIONS.includes(view));

let server: TestServer;
let watch: ChangeWatch;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  watch = new ChangeWatch(db());
});
afterAll(async () => {
  await server?.close();
});

/** Makes the role grant exactly `perms`. */
async function grant(whsId: string, roleId: number, perms: readonly string[]) {
  await db().delete(rolePermissions).where(and(eq(rolePermissions.whsId, whsId), eq(rolePermissions.roleId, roleId)));
  if (perms.length > 0) await db().insert(rolePermissions).values([...new Set(perms)].map((perm) => ({ whsId, roleId, perm })));
}

/** A new role of the warehouse granting exactly `perms`. */
async function roleWith(whsId: string, roleName: string, perms: readonly string[]): Promise<number> {
  const [role] = await db().insert(roles).values({ whsId, roleName }).returning();
  await grant(whsId, role!.roleId, perms);
  return role!.roleId;
}

const seededRole = async (whsId: string, roleName: string) =>
  (await db().select().from(roles).where(and(eq(roles.whsId, whsId), eq(roles.roleName, roleName))))[0]!.roleId;

/** A new account, member of each warehouse with the role given there. */
async function accountIn(email: string, memberships: Record<string, number>): Promise<number> {
  const { userId } = await server.createUser({ email, warehouses: [] });
  await db().insert(userWarehouses).values(Object.entries(memberships).map(([whsId, roleId]) => ({ whsId, userId, roleId })));
  return userId;
}

const userIdOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!.userId;

/** Calls an entry as the app does (a GET's input in the query string). */
const send = (client: TestClient, def: EndpointDef, input: Record<string, unknown>) =>
  client.request(def.method, def.path, def.method === 'GET' ? asQuery(input) : input);

/** Runs the queued exports and answers the text of the task's file. */
async function exported(client: TestClient, resource: string, field: string): Promise<string> {
  const res = await client.post<{ task_id: string }>(contract.createExportTask.path, { resource, format: 'csv', columns: [{ field }] });
  expect(res.retcode, res.message).toBe(0);
  await runPendingExports(db());
  const [file] = await db().select().from(exportFiles).where(eq(exportFiles.taskId, res.data.task_id));
  return Buffer.from(file!.content).toString('utf8');
}

describe('the attacks, end to end', () => {
  test('a password desk of IDJKT1 cannot reset the password of the supervisor, who holds far more there and elsewhere', async () => {
    const reset = permOf(contract.resetUserPassword);
    await accountIn('desk@test.local', { [OTHER]: await roleWith(OTHER, 'Password desk', [...viewOf(reset), reset]) });
    const desk = await server.loginAt('desk@test.local', OTHER);
    await watch.mark();
    const res = await desk.post(contract.resetUserPassword.path, { user_id: await userIdOf('supervisor@demo.local') });
    expect(res.retcode, res.message).toBe(RET.PERMISSION_DENIED);
    expect(desk.lastStatus).toBe(403);
    expect(res.message).toContain(`they hold permissions you do not hold (in ${OTHER}, a warehouse you do not belong to)`);
    expect(res.message).not.toContain('PC.');
    expect(res.data).toBeNull();
    expect(await watch.changes()).toEqual([]);
    await server.login('supervisor@demo.local'); // the password is theirs still
  });

  test('a supervisor of SGSIN1 cannot edit MYKUL1, nor list, read or export it; the warehouses they hold the pages in they may', async () => {
    const supervisor = await server.loginAt('supervisor@demo.local', HOME);
    await watch.mark();
    const res = await supervisor.get(contract.updateWarehouse.path, { whs_id: 'MYKUL1', whs_name: 'Taken over', quota_mode: 1 });
    expect(res.retcode, res.message).toBe(RET.WAREHOUSE_FORBIDDEN);
    // Unknown warehouses are refused alike: the refusal does not tell which ids exist.
    expect((await supervisor.get(contract.updateWarehouse.path, { whs_id: 'MYNOPE9', whs_name: 'Ghost' })).retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    expect(await watch.changes()).toEqual([]);
    expect((await supervisor.get(contract.getWarehouseDetail.path, { whs_id: 'MYKUL1' })).retcode).toBe(RET.WAREHOUSE_FORBIDDEN);
    const listed = await supervisor.get<{ list: { whs_id: string }[] }>(contract.searchWarehouse.path);
    expect(listed.data.list.map((w) => w.whs_id)).toEqual(['IDJKT1', 'SGSIN1', 'VNHCM1']);
    const file = await exported(supervisor, 'warehouse', 'whs_id');
    expect(file).toContain('VNHCM1');
    expect(file).not.toContain('MYKUL1');
    // Where they hold the edit permission, another warehouse than the session's is theirs to edit.
    const [jakarta] = await db().select().from(warehouses).where(eq(warehouses.whsId, OTHER));
    const own = await supervisor.get(contract.updateWarehouse.path, { whs_id: OTHER, whs_no: jakarta!.whsNo });
    expect(own.retcode, own.message).toBe(0);
  });

  test('a supervisor who creates a warehouse joins it with what they hold, not as its Administrator; the user area stays closed to them', async () => {
    const supervisorId = await userIdOf('supervisor@demo.local');
    const supervisor = await server.loginAt('supervisor@demo.local', HOME);
    const created = await supervisor.post(contract.createWarehouse.path, { whs_id: 'SGATK1', whs_name: 'Attack', time_region: 'Asia/Singapore', is_use_channel: 0, quota_mode: 0 });
    expect(created.retcode, created.message).toBe(0);
    const made = await db().select().from(roles).where(eq(roles.whsId, 'SGATK1'));
    expect(made.find((r) => r.roleName === 'Administrator')?.allPermissions).toBe(true);
    const [membership] = await db().select().from(userWarehouses).where(and(eq(userWarehouses.whsId, 'SGATK1'), eq(userWarehouses.userId, supervisorId)));
    expect(made.find((r) => r.roleId === membership!.roleId)).toMatchObject({ roleName: 'Supervisor (SGSIN1)', allPermissions: false });
    const there = [...await userPermissions(db(), supervisorId, 'SGATK1')].sort();
    expect(there).toEqual([...await userPermissions(db(), supervisorId, HOME)].sort());
    expect(there.length).toBeLessThan(ALL_PERMISSIONS.length);

    const inside = await server.loginAt('supervisor@demo.local', 'SGATK1');
    for (const [def, input] of [
      [contract.searchUser, {}], [contract.searchUserWarehouse, {}], [contract.searchWarehouseUser, { whs_id: HOME }],
      [contract.searchWarehouseRole, { whs_id: HOME }], [contract.getUserList, {}], [contract.editUser, { user_id: supervisorId }],
    ] as const) {
      const res = await send(inside, def, input);
      expect(res.retcode, `${def.path}: ${res.message}`).toBe(RET.PERMISSION_DENIED);
    }
  });

  test('the /user lists and their exports show a warehouse\'s accounts only to holders of the list\'s permission there', async () => {
    const admin = await server.login('admin@demo.local');
    expect((await admin.post(contract.createWarehouse.path, { whs_id: 'SGNEW9', whs_name: 'New', time_region: 'Asia/Singapore', is_use_channel: 0, quota_mode: 0 })).retcode).toBe(0);
    // Administrator of the new warehouse, operator in SGSIN1.
    await accountIn('mixed@test.local', { [HOME]: await seededRole(HOME, 'Operator'), SGNEW9: await seededRole('SGNEW9', 'Administrator') });
    const mixed = await server.loginAt('mixed@test.local', 'SGNEW9');
    const accounts = await mixed.get<{ list: { email: string }[] }>(contract.searchUser.path, { page_size: 200 });
    expect(accounts.data.list.map((r) => r.email)).toEqual(['mixed@test.local']);
    const warehousesSeen = await mixed.get<{ list: { whs_id: string }[] }>(contract.searchUserWarehouse.path);
    expect(warehousesSeen.data.list.map((r) => r.whs_id)).toEqual(['SGNEW9']);
    for (const [def, input] of [
      [contract.searchWarehouseUser, { whs_id: HOME }], [contract.searchWarehouseRole, { whs_id: HOME }],
      [contract.getWarehouseUserDetail, { whs_id: HOME, user_id: await userIdOf('operator@demo.local') }],
    ] as const) {
      expect((await send(mixed, def, input)).retcode, def.path).toBe(RET.WAREHOUSE_FORBIDDEN);
    }
    const file = await exported(mixed, 'user_global', 'email');
    expect(file).toContain('mixed@test.local');
    expect(file).not.toContain('operator@demo.local');
  });
});

describe('class: no change of an account stronger than the caller\'s', () => {
  /** Entries acting on existing accounts, by the members naming them. */
  const USER_MEMBERS = ['user_id', 'user_ids'];
  const acting = entries.filter(([, def]) => isMutation(def) && typeof def.access === 'object' && objectMembers(def.input).some((m) => USER_MEMBERS.includes(m.name)));

  let actor: TestClient;
  let actorRole: number;
  /** A role of HOME granting nothing: held by the weaker account, and what entries taking a `role_id` give. */
  let nothing: number;
  let strongerHereRole: number;
  let weaker: number;
  let strongerElsewhere: number;
  let strongerHere: number;

  beforeAll(async () => {
    actorRole = await roleWith(HOME, 'Class: actor', []);
    nothing = await roleWith(HOME, 'Class: nothing', []);
    strongerHereRole = await roleWith(HOME, 'Class: stronger here', []);
    await accountIn('class.actor@test.local', { [HOME]: actorRole });
    actor = await server.loginAt('class.actor@test.local', HOME);
    weaker = await accountIn('class.weaker@test.local', { [HOME]: nothing });
    // Holds nothing here, and a supervisor's permissions in a warehouse the actor does not belong to.
    strongerElsewhere = await accountIn('class.elsewhere@test.local', { [HOME]: nothing, [OTHER]: await seededRole(OTHER, 'Supervisor') });
    strongerHere = await accountIn('class.here@test.local', { [HOME]: strongerHereRole });
  });

  /** A zone and a put wall of HOME (demo data), for entries naming the zones or walls of an account. */
  const ZONE = 'A01';
  const WALL = 'SRT-01';

  /** Valid input naming the account: required members sampled, roles of HOME anyone may give, zones HOME has. */
  function inputFor(def: EndpointDef, userId: number): Record<string, unknown> {
    const input = validSample(def.input) as Record<string, unknown>;
    for (const { name } of objectMembers(def.input)) {
      if (name === 'user_id') input[name] = userId;
      if (name === 'user_ids') input[name] = [userId];
      if (name === 'role_id' && name in input) input[name] = nothing;
      if (name === 'zone_ids') input[name] = ZONE;
      if (name === 'station_ids') input[name] = WALL;
    }
    return input;
  }

  /** Records of the accounts an entry changes, made before it runs: the accounts' picking skills exist for their update, not for their create. */
  const recordsFor: Partial<Record<string, () => Promise<void>>> = {};
  for (const [noun, table] of [['PickingSkill', pickingSkills], ['FlowPickingSkill', flowPickingSkills], ['CycleCountSkill', cycleCountSkills]] as const) {
    recordsFor[`create${noun}`] = async () => {
      await db().delete(table).where(eq(table.whsId, HOME));
    };
    recordsFor[`update${noun}`] = async () => {
      await db().delete(table).where(eq(table.whsId, HOME));
      await db().insert(table).values([strongerElsewhere, strongerHere, weaker].map((userId) => ({ whsId: HOME, userId, zoneIds: ZONE })));
    };
  }
  recordsFor.createSortingSkill = async () => {
    await db().delete(sortingSkills).where(eq(sortingSkills.whsId, HOME));
  };
  recordsFor.updateSortingSkill = async () => {
    await db().delete(sortingSkills).where(eq(sortingSkills.whsId, HOME));
    await db().insert(sortingSkills).values([strongerElsewhere, strongerHere, weaker].map((userId) => ({ whsId: HOME, userId, stationIds: WALL })));
  };

  test('the contract has such entries', () => {
    expect(acting.map(([name]) => name)).toEqual(expect.arrayContaining(['editUser', 'resetUserPassword', 'syncUserToTob', 'assignUserRole']));
  });

  test.each(acting)('%s', async (name, def) => {
    await recordsFor[name]?.();
    // The entry's permission and its page's View, and a permission more for the account stronger here.
    const perms = [permOf(def), ...viewOf(permOf(def))];
    await grant(HOME, actorRole, perms);
    await grant(HOME, strongerHereRole, [...perms, ALL_PERMISSIONS.find((p) => !perms.includes(p))!]);
    for (const [target, userId] of [['stronger elsewhere', strongerElsewhere], ['stronger here', strongerHere]] as const) {
      await watch.mark();
      const res = await send(actor, def, inputFor(def, userId));
      expect(res.retcode, `${name} on the account ${target}: ${res.message}`).toBe(RET.PERMISSION_DENIED);
      expect(actor.lastStatus, name).toBe(403);
      expect(res.message, name).toContain('you do not hold');
      expect(await watch.changes(), `${name} on the account ${target} changed the database`).toEqual([]);
    }
    // The same call on an account holding no more than the actor goes through: only the rule stood in the way.
    const control = await send(actor, def, inputFor(def, weaker));
    expect(control.retcode, `${name} on a weaker account: ${control.message}`).toBe(0);
  });

  test('an import\'s rows: a stronger account\'s row is refused and changes nothing; a weaker one\'s is applied', async () => {
    const edit = permOf(contract.editUser);
    await grant(HOME, actorRole, [permOf(contract.uploadUserFile), edit, ...viewOf(edit)]);
    await grant(HOME, strongerHereRole, [permOf(contract.uploadUserFile), edit, ...viewOf(edit), permOf(contract.resetUserPassword)]);
    const strongIds = [strongerElsewhere, strongerHere];
    const accountsOf = async (ids: number[]) => Promise.all([
      db().select().from(users).where(inArray(users.userId, ids)).orderBy(users.userId),
      db().select().from(userWarehouses).where(inArray(userWarehouses.userId, ids)).orderBy(userWarehouses.userId, userWarehouses.whsId),
    ]);
    const before = await accountsOf(strongIds);
    const csv = ['Email,Name', 'class.elsewhere@test.local,Renamed', 'class.here@test.local,Renamed', 'class.weaker@test.local,Renamed'].join('\r\n');
    const upload = await actor.post<{ task_id: number }>(contract.uploadUserFile.path, { file_name: 'class.csv', content: Buffer.from(csv).toString('base64') });
    expect(upload.retcode, upload.message).toBe(0);
    await runPendingUserImports(db());
    const rows = await db().select().from(userImportRows).where(eq(userImportRows.taskId, upload.data.task_id)).orderBy(userImportRows.rowNo);
    expect(rows.map((r) => r.outcome)).toEqual([USER_IMPORT_OUTCOME.values.REFUSED, USER_IMPORT_OUTCOME.values.REFUSED, USER_IMPORT_OUTCOME.values.UPDATED]);
    for (const row of rows.slice(0, 2)) expect(row.message).toContain('you do not hold');
    expect(await accountsOf(strongIds)).toEqual(before);
  });

  test('changing what a held role grants is changing its holders: refused when one is stronger elsewhere; renaming it is not', async () => {
    const edit = permOf(contract.updateRole);
    await grant(HOME, actorRole, [edit, ...viewOf(edit), 'PC.Inbound.Counting.View']);
    // Held by the account stronger elsewhere, and granting only what the actor holds.
    await grant(HOME, nothing, ['PC.Inbound.Counting.View']);
    await watch.mark();
    const res = await actor.post(contract.updateRole.path, { role_id: nothing, perms: [] });
    expect(res.retcode, res.message).toBe(RET.PERMISSION_DENIED);
    expect(res.message).toContain(`user ${strongerElsewhere}`);
    expect(await watch.changes()).toEqual([]);
    expect((await actor.post(contract.updateRole.path, { role_id: nothing, role_name: 'Class: renamed', perms: ['PC.Inbound.Counting.View'] })).retcode).toBe(0);
  });
});

describe('class: a call naming a warehouse checks its permission there', () => {
  const naming = entries.filter(([, def]) => def.access !== 'public' && objectMembers(def.input).some((m) => m.name === 'whs_id'));
  /** A warehouse id of OTHER's country that no warehouse has: what a read may answer for OTHER is what it answers for this. */
  const NOWHERE = 'IDNONE9';
  /** Holds every permission in HOME and none in OTHER, where it is a member: membership alone opens nothing. */
  let caller: TestClient;

  beforeAll(async () => {
    await accountIn('scope@test.local', { [HOME]: await seededRole(HOME, 'Administrator'), [OTHER]: await roleWith(OTHER, 'Scope: nothing', []) });
    caller = await server.loginAt('scope@test.local', HOME);
  });

  test('the contract has such entries', () => {
    expect(naming.map(([name]) => name)).toEqual(expect.arrayContaining(['updateWarehouse', 'getWarehouseDetail', 'searchWarehouseUser', 'getWarehouseUserDetail']));
  });

  test.each(naming)('%s', async (name, def) => {
    /** Calls with `whs_id` = OTHER: refused or answering nothing of OTHER, and changing nothing there. */
    const attempt = async (input: Record<string, unknown>) => {
      const what = `${name} ${JSON.stringify(input)}`;
      const outside = await fingerprint(db(), { outside: HOME });
      await watch.mark();
      const res = await send(caller, def, { ...input, whs_id: OTHER });
      expect(caller.lastStatus, what).toBeLessThan(500);
      if (res.retcode !== RET.OK) expect(await watch.changes(), `${what}: refused, yet changed the database`).toEqual([]);
      else expect(carries(res.data, 'whs_id', OTHER), `${what}: answered ${OTHER}'s data`).toBe(false);
      expect(fingerprintDiff(outside, await fingerprint(db(), { outside: HOME })), `${what}: changed ${OTHER}`).toEqual([]);
      return res;
    };
    if (!isMutation(def)) {
      // A read tells nothing of OTHER: it answers as it does for a warehouse that does not exist.
      const input = validSample(def.input) as Record<string, unknown>;
      const asked = JSON.stringify(await attempt(input)).replaceAll(OTHER, '<warehouse>');
      const nowhere = JSON.stringify(await send(caller, def, { ...input, whs_id: NOWHERE })).replaceAll(NOWHERE, '<warehouse>');
      expect(asked, `${name}: ${OTHER} is answered otherwise than a warehouse that does not exist`).toBe(nowhere);
      return;
    }
    const { every, each } = actingInputs(def);
    if ((await attempt(every)).retcode === RET.BAD_INPUT) for (const input of each) await attempt(input);
  });
});
