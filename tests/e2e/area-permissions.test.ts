import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, newPage, signIn } from './browser';
import { startOwnServer, type OwnServer } from './own-server';
import { rolePermissions, roles, userWarehouses, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/common/passwords';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import { MT_ORDER_ACCESS, MT_PICKING_PAGE } from '../../src/shared/contract/mt-order.contract';
import { PICKING_ACCESS, PICKING_PAGE } from '../../src/shared/contract/picking.contract';
import { derivePerm } from '../../src/shared/routes/derive';

/**
 * Each area's picking page asks its own area's permission (shared/contract/area-access.ts): a
 * picker holding only "Pick MT orders" picks on MT Picking and is told on sales Picking what they
 * miss, and the other way round — though the pick ops are the same.
 */

const WHS = 'SGSIN1';
/** Both pages open for both (their View); each holds one area's Action. */
const VIEWS = [derivePerm(MT_PICKING_PAGE), derivePerm(PICKING_PAGE)];
const PICKERS = { mt: 'area.mt.picker@demo.local', sales: 'area.sales.picker@demo.local' } as const;

let browser: Browser;
let server: OwnServer;

beforeAll(async () => {
  server = await startOwnServer('area-permissions', async ({ db }) => {
    const passwordHash = await hashPassword(hashPasswordForTransport(DEMO_PASSWORD));
    for (const [area, action] of [['mt', MT_ORDER_ACCESS.pick.perm], ['sales', PICKING_ACCESS.pick.perm]] as const) {
      const [role] = await db.insert(roles).values({ whsId: WHS, roleName: `Area ${area} picker` }).returning();
      await db.insert(rolePermissions).values([...VIEWS, action].map((perm) => ({ whsId: WHS, roleId: role!.roleId, perm })));
      const [user] = await db.insert(users).values({ email: PICKERS[area], displayName: `${area} picker`, passwordHash }).returning();
      await db.insert(userWarehouses).values({ whsId: WHS, userId: user!.userId, roleId: role!.roleId });
    }
  });
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('picking pages under their area\'s permission', () => {
  test('the MT picker claims on MT Picking and sees the missing permission on sales Picking; the sales picker the other way round', async () => {
    for (const [area, own, other, missing] of [
      ['mt', '/mtoutbound/picking', '/salesoutbound/picking', PICKING_ACCESS.pick.perm],
      ['sales', '/salesoutbound/picking', '/mtoutbound/picking', MT_ORDER_ACCESS.pick.perm],
    ] as const) {
      const { context, page } = await newPage(browser, { baseURL: server.baseURL, viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
      await page.goto(`/v2/login?redirect_url=${encodeURIComponent(`/v2${own}`)}`);
      await signIn(page, PICKERS[area]);
      await page.getByTestId('picking-task-scan').waitFor();
      expect(await page.getByTestId('missing-permission').count(), `${area} on ${own}`).toBe(0);

      await page.goto(`/v2${other}`);
      const note = page.getByTestId('missing-permission');
      await note.waitFor();
      expect(await note.textContent()).toContain(missing);
      expect(await page.getByTestId('picking-task-scan').count(), `${area} on ${other}`).toBe(0);
      await context.close();
    }
  });
});
