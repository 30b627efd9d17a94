import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/api-harness';
import { rolePermissions, roles } from '../../src/server/db/schema';
import { PAGE_ACTIONS } from '../../src/shared/permissions';
import { permOf } from '../../src/shared/routes/derive';

/**
 * Existing databases after the change that gave each page's work its own permission: the
 * migration grants an operation page's Action to every role holding the page's View, so operators
 * keep working, and grants no administrator's Edit (those were the hole: Role Detail grants them).
 */

const WHS = 'SGSIN1';
const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
const MIGRATION = readdirSync(MIGRATIONS).find((f) => f.endsWith('_operation_action_permissions.sql'));

/** The work that needed only its page's View before: what View holders keep doing. */
const OPERATION_ACTIONS = [
  'PC.Inbound.Arriving', 'PC.Inbound.Counting', 'PC.Inbound.Massputaway', 'PC.Inbound.Massputaway.Reportexception', 'PC.Inbound.Qc',
  'PC.Inbound.Receiving', 'PC.Inbound.Receiving.Reportexception', 'PC.Inbound.Reprocess', 'PC.Inbound.Standardputaway',
  'PC.Inbound.Standardputaway.Reportexception', 'PC.InventoryManagement.Adjust.Adjust', 'PC.InventoryManagement.Locationblock',
  'PC.InventoryManagement.Stockblock', 'PC.Wmsconfig.Syncqueue',
].map((page) => `${page}.Action`).sort();

let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function roleWith(roleName: string, perms: readonly string[]): Promise<number> {
  const [role] = await db().insert(roles).values({ whsId: WHS, roleName }).returning();
  await db().insert(rolePermissions).values(perms.map((perm) => ({ whsId: WHS, roleId: role!.roleId, perm })));
  return role!.roleId;
}

const permsOf = async (roleId: number) => (await db().select({ perm: rolePermissions.perm }).from(rolePermissions)
  .where(and(eq(rolePermissions.whsId, WHS), eq(rolePermissions.roleId, roleId)))).map((r) => r.perm).sort();

async function migrate() {
  const statements = readFileSync(path.join(MIGRATIONS, MIGRATION!), 'utf8').split('--> statement-breakpoint');
  for (const statement of statements) await db().execute(sql.raw(statement));
}

describe('upgrading a database: the action permissions of existing roles', () => {
  test('a View holder of an operation page gets its Action; administrators\' Edits are not granted; other roles are untouched', async () => {
    expect(MIGRATION).toBeDefined();
    const viewOf = (route: (typeof PAGE_ACTIONS)[number]['route']) => permOf(route)!;
    const views = [...new Set(PAGE_ACTIONS.map((a) => viewOf(a.route)))];
    const viewer = await roleWith('Upgrade: every page\'s View', views);
    const unrelated = await roleWith('Upgrade: supplier list', ['PC.WMSBasic.Supplier.View']);
    // Already granted by hand before the upgrade: kept once.
    const partly = await roleWith('Upgrade: counting', ['PC.Inbound.Counting.View', 'PC.Inbound.Counting.Action']);

    await migrate();
    await migrate();

    const granted = (await permsOf(viewer)).filter((p) => !views.includes(p));
    expect(granted).toEqual(OPERATION_ACTIONS);
    for (const edit of ['PC.WMSBasic.Skuitems.Edit', 'PC.WMSBasic.StationManagement.RecordSettings.Edit']) expect(granted).not.toContain(edit);
    expect(await permsOf(unrelated)).toEqual(['PC.WMSBasic.Supplier.View']);
    expect(await permsOf(partly)).toEqual(['PC.Inbound.Counting.Action', 'PC.Inbound.Counting.View']);
  });
});
