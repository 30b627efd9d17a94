import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, opStates, scanInto, signIn } from './browser';
import { startOwnServer, type OwnServer } from './own-server';
import { HttpSession } from '../support/http-session';
import { createTestSku } from '../support/putaway-fixture';
import type { Database, Db } from '../../src/server/db/client';
import { cells, containers, mergeRules, mergeTaskContainers, pathways, stations, syncOps, zones } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { ensureBatch } from '../../src/server/modules/inventory/batches';
import { postStock } from '../../src/server/modules/inventory/ledger';
import {
  CONTAINER_TYPE, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QUALITY, RACK_TYPE, STATION_STATUS, STATION_TYPE,
  STORAGE_AREA, TASK_STATUS, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { mergingContract, type MergeTask } from '../../src/shared/contract/merging.contract';
import { pickingContract, type PickingWork } from '../../src/shared/contract/picking.contract';
import { salesOrderContract, type SalesOrder } from '../../src/shared/contract/sales-order.contract';
import { syncContract, type OpResult } from '../../src/shared/contract/sync.contract';
import { waveContract } from '../../src/shared/contract/wave.contract';
import { mergingOps } from '../../src/shared/ops/merging.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';

/**
 * Merging on a PDA at the lane, against a server of this file's own: an order picked in two zones
 * (through the API) waits on the merge lane its rule names; the operator scans the lane, then both
 * containers with the network cut — each scan says the order and slot at once, a second scan of a
 * container is refused on the device — and back online the arrivals reach the server once and the
 * order is complete on the lane, ready for checking.
 */

const WHS = 'IDJKT1';
const ZONES = ['MGE2A', 'MGE2B'] as const;
const CELL = (zone: string) => `${zone}-01-01-1`;
const CARTS = ['MGE2-CART-A', 'MGE2-CART-B'] as const;
const LANE = 'MGE2-LANE';

let browser: Browser;
let server: OwnServer;
const skus: string[] = [];

/** Two picking zones of a cell each with a SKU of its own, two carts, the lane and its merge rule (before the demo's catch-all rule). */
async function prepare(database: Database) {
  const db: Db = database.db;
  const common = {
    whsId: WHS, storageArea: STORAGE_AREA.values.PICKING_AREA, rackType: RACK_TYPE.values.GROUND_STACKED, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  for (const zoneId of ZONES) {
    await db.insert(zones).values({ ...common, zoneId, zoneName: `Merging E2E ${zoneId}`, zoneClusterId: 'ZC-BULK', pickSequence: 1 });
    await db.insert(pathways).values({ whsId: WHS, pathwayId: `${zoneId}-01`, zoneId, pickSequence: 1 });
    await db.insert(cells).values({ ...common, locationCode: CELL(zoneId), zoneId, pathwayId: `${zoneId}-01`, maxQty: 1000, pickSequence: 1 });
    const skuId = await createTestSku(db, WHS, 'MGE');
    skus.push(skuId);
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const batchId = await ensureBatch(tx, WHS, { skuId, supplierId: null, inboundRef: `MGE2-${zoneId}` });
      await postStock(tx, WHS, [{
        location: CELL(zoneId), skuId, batchId, quality: QUALITY.values.GOOD, qty: 5,
        txnType: INVENTORY_TRANSACTION_TYPE.values.ADJUST_INCREASE, direction: INVENTORY_TRANSACTION_DIRECTION.values.DEBIT,
      }], { refType: INVENTORY_REF_TYPE.values.OPENING_BALANCE, refNo: 'MGE2', operatorId: null });
    });
  }
  await db.insert(containers).values(CARTS.map((containerCode) => ({ whsId: WHS, containerCode, containerType: CONTAINER_TYPE.values.PICK_CART })));
  await db.insert(stations).values({ whsId: WHS, stationId: LANE, stationName: 'Merging E2E lane', stationType: STATION_TYPE.values.MERGE_LANE, status: STATION_STATUS.values.ENABLED });
  await db.insert(mergeRules).values({ whsId: WHS, ruleName: 'Merging E2E zones', priority: 1, stationIds: LANE, zoneIds: ZONES.join(','), laneSlots: 6 });
}

beforeAll(async () => {
  server = await startOwnServer('merging', prepare);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Api = <T>(method: 'GET' | 'POST', apiPath: string, body: Record<string, unknown>) => Promise<T>;

/** An API session of `email` in the test's warehouse; calls throw on a refusal. */
async function apiAs(email: string): Promise<Api> {
  const session = new HttpSession();
  const login = await session.signIn(server.baseURL, email, DEMO_PASSWORD);
  if (login.whs_id !== WHS) {
    const switched = await session.call(server.baseURL, 'POST', '/apps/system/user/switch_user_setting', { type: 'whs', value: WHS });
    if (switched.retcode !== 0) throw new Error(`switching to ${WHS}: ${switched.message}`);
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

const shot = (page: import('playwright-core').Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), `merging-${name}.png`), fullPage: true });

describe('merging on a PDA at the lane, offline for the arrival scans', () => {
  test('each container scanned says its order and slot; the arrivals reach the server once; the order is complete on the lane', async () => {
    const admin = await apiAs('admin@demo.local');
    const operator = await apiAs('operator@demo.local');
    const made = await admin<{ order: SalesOrder }>('POST', salesOrderContract.createSalesOrder.path, {
      external_no: `MGE2-${Date.now()}`, lines: skus.map((sku_id) => ({ sku_id, qty: 1 })),
    });
    const orderNo = made.order.order_no;
    const { task_nos: taskNos } = await admin<{ task_nos: string[] }>('POST', waveContract.createManualWave.path, { order_nos: [orderNo] });
    expect(taskNos).toHaveLength(2);
    // Both zones picked through the API, each into its cart.
    const deviceId = randomUUID();
    let seq = 0;
    for (const [i, taskNo] of taskNos.entries()) {
      const work = await operator<PickingWork>('POST', pickingContract.claimPickingTask.path, { task_no: taskNo, container_code: CARTS[i] });
      const { results } = await operator<{ results: OpResult[] }>('POST', syncContract.pushOps.path, {
        device_id: deviceId,
        ops: work.lines.map((l) => ({
          op_id: uuidv7(), seq: ++seq, kind: pickingOps.pick.kind, created_at: Date.now(),
          payload: { task_no: taskNo, alloc_id: l.alloc_id, location: l.location_id, sku_id: l.sku_id, qty: l.qty },
        })),
      });
      expect(results.map((r) => r.status)).toEqual(['applied']);
    }

    // The lane operator's PDA: the lane, read online (the service worker keeps it), then the network goes.
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fsalesoutbound%2FmergeLane');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/salesoutbound/mergeLane');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await scanInto(page, 'merge-lane-scan', LANE);
    await expect.poll(() => page.getByTestId('merge-lane-id').textContent()).toBe(LANE);
    const order = page.locator(`[data-testid="merge-lane-order"][data-order="${orderNo}"]`);
    await expect.poll(() => order.getByTestId('merge-order-slot').textContent()).toBe('1');
    expect(await order.getByTestId('merge-container').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(['coming', 'coming']);
    await shot(page, 'lane-online');

    await context.setOffline(true);
    // The first cart: slot 1 of the order, which still waits for the second.
    await scanInto(page, 'merge-container-scan', CARTS[0]);
    await expect.poll(() => page.getByTestId('merge-arrival-slot').textContent()).toBe('1');
    expect(await page.getByTestId('merge-arrival-order').textContent()).toBe(`Order ${orderNo}`);
    await expect.poll(() => page.getByTestId('merge-arrival').textContent()).toContain(`Still waiting for ${CARTS[1]}`);
    // Scanned again: refused on the device, nothing queued.
    await scanInto(page, 'merge-container-scan', CARTS[0]);
    await expect.poll(() => page.getByTestId('merge-refused').textContent()).toBe(`${CARTS[0]} is on the lane already: order ${orderNo}, slot 1.`);
    // The second: the order is complete.
    await scanInto(page, 'merge-container-scan', CARTS[1]);
    await expect.poll(() => page.getByTestId('merge-arrival').getAttribute('data-complete')).toBe('true');
    expect(await page.getByTestId('merge-arrival-ready').isVisible()).toBe(true);
    await expect.poll(() => order.getAttribute('data-complete')).toBe('true');
    expect(await opStates(page)).toEqual(['pending', 'pending']);
    await shot(page, 'lane-offline');

    // Back online: both sent once, the lane read again from the server.
    await context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done']);
    await expect.poll(() => order.getByTestId('merge-container').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(['arrived', 'arrived']);
    expect(await order.getByTestId('merge-order-ready').isVisible()).toBe(true);
    await shot(page, 'lane-synced');
    await context.close();

    const lane = await operator<{ tasks: MergeTask[] }>('GET', mergingContract.getMergeLane.path, { station_id: LANE });
    const task = lane.tasks.find((t) => t.order_no === orderNo)!;
    expect(task).toMatchObject({ status: TASK_STATUS.values.DONE, slot_no: 1, arrived_count: 2, container_count: 2 });

    // Applied once each: one op recorded per arrival, each container marked by its op.
    const recorded = await server.readDatabase(async (db) => ({
      ops: await db.select({ opId: syncOps.opId }).from(syncOps).where(and(eq(syncOps.whsId, WHS), eq(syncOps.kind, mergingOps.arrive.kind))),
      lines: await db.select({ opId: mergeTaskContainers.opId }).from(mergeTaskContainers).where(and(eq(mergeTaskContainers.whsId, WHS), eq(mergeTaskContainers.taskNo, task.task_no))),
    }));
    const own = recorded.ops.map((o) => o.opId).filter((id) => recorded.lines.some((l) => l.opId === id));
    expect(own).toHaveLength(2);
    expect(new Set(recorded.lines.map((l) => l.opId)).size).toBe(2);
  });
});
