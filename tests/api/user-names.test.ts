import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { userWarehouses, users } from '../../src/server/db/schema';
import { RET } from '../../src/shared/retcodes';

/** get_warehouse_user_names: how lists name the users their rows hold by id. */
const NAMES = '/apps/config/userlist/get_warehouse_user_names';

interface Names { list: { user_id: number; display_name: string }[] }

let server: TestServer;
let operator: TestClient;
let jakartaId: number;
let bothId: number;
let singaporeId: number;

beforeAll(async () => {
  server = await startTestServer();
  jakartaId = (await server.createUser({ email: 'names-jkt@test.local', warehouses: ['IDJKT1'] })).userId;
  singaporeId = (await server.createUser({ email: 'names-sg@test.local', warehouses: ['SGSIN1'] })).userId;
  bothId = (await server.createUser({ email: 'names-both@test.local', warehouses: ['SGSIN1', 'IDJKT1'] })).userId;
  operator = await server.loginAt('operator@demo.local', 'SGSIN1');
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const namesOf = async (client: TestClient) => {
  const res = await client.get<Names>(NAMES);
  expect(res.retcode, res.message).toBe(0);
  return new Map(res.data.list.map((u) => [u.user_id, u.display_name]));
};

describe('get_warehouse_user_names', () => {
  test('any session of the warehouse reads the names of its members, and only theirs: ids and names, nothing else', async () => {
    const db = server.database.db;
    const res = await operator.get<Names>(NAMES);
    expect(res.retcode).toBe(0);
    for (const row of res.data.list) expect(Object.keys(row).sort()).toEqual(['display_name', 'user_id']);
    const members = await db.select({ userId: userWarehouses.userId }).from(userWarehouses).where(eq(userWarehouses.whsId, 'SGSIN1'));
    expect(res.data.list.map((u) => u.user_id).sort((a, b) => a - b)).toEqual(members.map((m) => m.userId).sort((a, b) => a - b));
    const [me] = await db.select().from(users).where(eq(users.email, 'operator@demo.local'));
    const names = await namesOf(operator);
    expect(names.get(me!.userId)).toBe(me!.displayName);
    // Another warehouse's user is not answered; one of both warehouses is.
    expect(names.has(jakartaId)).toBe(false);
    expect(names.has(singaporeId)).toBe(true);
    expect(names.has(bothId)).toBe(true);
    // Read in the warehouse of the session: the same member seen from Jakarta, without SGSIN1's own.
    const jakarta = await server.loginAt('names-both@test.local', 'IDJKT1');
    const jakartaNames = await namesOf(jakarta);
    expect(jakartaNames.has(jakartaId)).toBe(true);
    expect(jakartaNames.has(bothId)).toBe(true);
    expect(jakartaNames.has(singaporeId)).toBe(false);
  });

  test('a member without a name is named by their email', async () => {
    await server.database.db.update(users).set({ displayName: '  ' }).where(eq(users.userId, bothId));
    expect((await namesOf(operator)).get(bothId)).toBe('names-both@test.local');
  });

  test('a session is required', async () => {
    expect((await server.client().get(NAMES)).retcode).toBe(RET.NOT_LOGGED_IN);
  });
});
