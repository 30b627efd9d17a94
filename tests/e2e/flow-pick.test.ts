import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, opStates, scanInto, signIn } from './browser';
import { startOwnServer, type OwnServer } from './own-server';
import { HttpSession } from '../support/http-session';
import { createTestSku } from '../support/putaway-fixture';
import type { Database, Db } from '../../src/server/db/client';
import { cells, containers, flowPickSettings, flowPickingSkills, pathways, pickingSkills, roles, userWarehouses, users, zones } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { hashPassword } from '../../src/server/common/passwords';
import { ensureBatch } from '../../src/server/modules/inventory/batches';
import { postStock } from '../../src/server/modules/inventory/ledger';
import {
  CONTAINER_TYPE, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QUALITY, RACK_TYPE, STORAGE_AREA, TASK_STATUS, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import { pickingContract, type PickingWork } from '../../src/shared/contract/picking.contract';
import { salesOrderContract, type SalesOrder } from '../../src/shared/contract/sales-order.contract';
import { waveContract, type Wave } from '../../src/shared/contract/wave.contract';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';

/**
 * Flow pick on a PDA (docs/outbound.md "Flow pick"), against a server of this file's own: two
 * orders wait, allocated, in a zone of their own; a picker with a flow picking skill there asks for
 * the next task and gets a flow task of both orders at once, and picks it with the network cut
 * for the last stop. The wave is a flow wave and is done once the queue drains.
 */

const WHS = 'IDJKT1';
const ZONE = 'FPE2E';
const CELL = (n: number) => `${ZONE}-01-01-${n}`;
const CART = 'FPE2E-CART-01';
const PICKER = 'flow.picker@demo.local';

let browser: Browser;
let server: OwnServer;
let skuA: string;
let skuB: string;

/**
 * Written before the server owns the data: zone FPE2E (A in cell 1, B in cell 2), a cart, and a
 * picker who picks and flow picks only there; flow pick in IDJKT1 takes every zone.
 */
async function prepare(database: Database) {
  const db = database.db;
  const common = {
    whsId: WHS, storageArea: STORAGE_AREA.values.PICKING_AREA, rackType: RACK_TYPE.values.GROUND_STACKED, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  await db.insert(zones).values({ ...common, zoneId: ZONE, zoneName: 'Flow pick E2E', zoneClusterId: 'ZC-BULK', pickSequence: 1 });
  await db.insert(pathways).values({ whsId: WHS, pathwayId: `${ZONE}-01`, zoneId: ZONE, pickSequence: 1 });
  await db.insert(cells).values([1, 2].map((i) => ({ ...common, locationCode: CELL(i), zoneId: ZONE, pathwayId: `${ZONE}-01`, maxQty: 1000, pickSequence: i })));
  await db.insert(containers).values({ whsId: WHS, containerCode: CART, containerType: CONTAINER_TYPE.values.PICK_CART });
  skuA = await createTestSku(db, WHS, 'FPA');
  skuB = await createTestSku(db, WHS, 'FPB');
  for (const [skuId, location] of [[skuA, CELL(1)], [skuB, CELL(2)]] as const) {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const batchId = await ensureBatch(tx, WHS, { skuId, supplierId: null, inboundRef: `FPE2E-${location}` });
      await postStock(tx, WHS, [{
        location, skuId, batchId, quality: QUALITY.values.GOOD, qty: 5, txnType: INVENTORY_TRANSACTION_TYPE.values.ADJUST_INCREASE,
        direction: INVENTORY_TRANSACTION_DIRECTION.values.DEBIT,
      }], { refType: INVENTORY_REF_TYPE.values.OPENING_BALANCE, refNo: 'FPE2E', operatorId: null });
    });
  }
  const [user] = await db.insert(users).values({
    email: PICKER, displayName: 'Fajar Flow', passwordHash: await hashPassword(hashPasswordForTransport(DEMO_PASSWORD)),
  }).returning();
  const [operatorRole] = await db.select({ roleId: roles.roleId }).from(roles).where(and(eq(roles.whsId, WHS), eq(roles.roleName, 'Operator')));
  await db.insert(userWarehouses).values({ whsId: WHS, userId: user!.userId, roleId: operatorRole!.roleId });
  await db.insert(pickingSkills).values({ whsId: WHS, userId: user!.userId, zoneIds: ZONE });
  await db.insert(flowPickingSkills).values({ whsId: WHS, userId: user!.userId, zoneIds: ZONE });
  await db.update(flowPickSettings).set({ enabled: true, zoneIds: '', maxOrders: 5, maxUnits: 30 }).where(eq(flowPickSettings.whsId, WHS));
}

beforeAll(async () => {
  server = await startOwnServer('flowpick', prepare);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The admin's API session in the test's warehouse; calls throw on a refusal. */
async function adminApi() {
  const session = new HttpSession();
  const login = await session.signIn(server.baseURL, 'admin@demo.local', DEMO_PASSWORD);
  if (login.whs_id !== WHS) {
    await session.call(server.baseURL, 'POST', '/apps/system/user/switch_user_setting', { type: 'whs', value: WHS });
    session.whsId = WHS;
  }
  return async <T>(method: 'GET' | 'POST', apiPath: string, body: Record<string, unknown>): Promise<T> => {
    const answer = method === 'GET'
      ? await session.call<T>(server.baseURL, 'GET', `${apiPath}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()}`)
      : await session.call<T>(server.baseURL, 'POST', apiPath, body);
    if (answer.retcode !== 0) throw new Error(`${apiPath}: ${answer.retcode} ${answer.message}`);
    return answer.data;
  };
}

describe('flow pick on a PDA', () => {
  test('"Next task" with nothing released makes a flow task of the waiting orders; picked with the network cut for the last stop', async () => {
    const api = await adminApi();
    const orderNos: string[] = [];
    for (const [i, skuId] of [skuA, skuB].entries()) {
      const made = await api<{ order: SalesOrder }>('POST', salesOrderContract.createSalesOrder.path, { external_no: `FPE2E-${Date.now()}-${i}`, lines: [{ sku_id: skuId, qty: 2 }] });
      orderNos.push(made.order.order_no);
    }
    await api('POST', salesOrderContract.allocateSalesOrders.path, { order_nos: orderNos });

    const context = await browser.newContext({ baseURL: server.baseURL, viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fsalesoutbound%2Fpicking');
    await signIn(page, PICKER);
    await page.waitForURL('**/v2/salesoutbound/picking');
    await page.getByTestId('picking-next-task').click();
    await expect.poll(() => page.getByTestId('picking-claimed').textContent()).toMatch(/Task \S+ is yours: 2 stops, 4 units/);
    const taskNo = /Task (\S+) is yours/.exec((await page.getByTestId('picking-claimed').textContent()) ?? '')![1]!;
    await scanInto(page, 'picking-container-scan', CART);
    await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(CELL(1));
    await scanInto(page, 'picking-location-scan', CELL(1));
    for (let i = 0; i < 2; i++) await scanInto(page, 'picking-sku-scan', skuA);
    await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(CELL(2));
    await context.setOffline(true);
    await scanInto(page, 'picking-location-scan', CELL(2));
    for (let i = 0; i < 2; i++) await scanInto(page, 'picking-sku-scan', skuB);
    await expect.poll(() => page.getByTestId('picking-complete').isVisible()).toBe(true);
    await context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done']);
    await context.close();

    const task = await api<PickingWork>('GET', pickingContract.getPickingTaskDetail.path, { task_no: taskNo });
    expect(task.task.status).toBe(TASK_STATUS.values.DONE);
    expect([...new Set(task.lines.map((l) => l.order_no))].sort()).toEqual([...orderNos].sort());
    const { wave } = await api<{ wave: Wave }>('GET', waveContract.getWaveDetail.path, { wave_no: task.task.wave_no! });
    expect(wave).toMatchObject({ is_flow: true, is_manual: false, order_count: 2, unit_count: 4, status: TASK_STATUS.values.DONE });

    // The supervisor's Flow Pick screen lists it among today's flow waves, and the zone's flow picker.
    const office = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const screen = await office.newPage();
    await screen.goto('/v2/login?redirect_url=%2Fv2%2Fsalesoutbound%2FflowPick');
    await signIn(screen, 'supervisor@demo.local');
    await screen.waitForURL('**/v2/salesoutbound/flowPick');
    await expect.poll(() => screen.getByTestId('flow-pick-waves').textContent()).toContain(wave.wave_no);
    expect(await screen.locator(`[data-zone="${ZONE}"]`).textContent()).toContain('Fajar Flow');
    await screen.screenshot({ path: path.join(os.tmpdir(), 'flow-pick-screen.png'), fullPage: true });
    await office.close();
  });
});
