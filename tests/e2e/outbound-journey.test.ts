import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, interceptPrint, launchBrowser, opStates, printed, scanInto } from './browser';
import { api, openAt } from './asn-helpers';
import { consumableStock, labelBarcodes, pickInto, shownTaskNo } from './outbound-steps';
import { startOwnServer, type OwnServer } from './own-server';
import { createTestSku } from '../support/putaway-fixture';
import type { Database, Db } from '../../src/server/db/client';
import { cells, containers, pathways, skus, zones } from '../../src/server/db/schema';
import { ensureBatch } from '../../src/server/modules/inventory/batches';
import { postStock } from '../../src/server/modules/inventory/ledger';
import {
  CONTAINER_TYPE, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, PARCEL_STATUS, PICKING_TYPE, QUALITY, RACK_TYPE,
  SALES_ORDER_STATUS, STORAGE_AREA, TASK_STATUS, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { checkingContract, type CheckingWork } from '../../src/shared/contract/checking.contract';
import { pickingContract, type PickingWork } from '../../src/shared/contract/picking.contract';
import { mergingContract, type MergeLane } from '../../src/shared/contract/merging.contract';
import { packingContract, type PackingWork } from '../../src/shared/contract/packing.contract';
import { salesOrderContract, type SalesOrderDetail } from '../../src/shared/contract/sales-order.contract';
import { shippingContract, type HandoverDetail } from '../../src/shared/contract/shipping.contract';
import { sortingContract, type SortingWork } from '../../src/shared/contract/sorting.contract';
import { waveContract } from '../../src/shared/contract/wave.contract';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';

/**
 * Issue 18's journey on a PDA, over a server of this file's own with the demo warehouse IDJKT1: its
 * sorting rule sends Pick to Wave baskets of two orders or more to put wall SRT-02, its merge rule
 * sends an order picked in several zones to a merge lane, its checking station CHK-01 has the box
 * scanned and the parcel weighed, Ninja Van ships by group with one master AWB. One batch wave of
 * three Ninja Van orders is picked through the API, as a picker's PDA would: two single-zone orders
 * into one basket, one order of two zones into two carts. Then one operator's PDA, by scans only:
 * the carts arrive on the merge lane, the basket is sorted at the put wall (each slot lit, its label
 * scanned), each order is checked (one wrong unit refused, on screen and recorded), packed (a medium
 * carton taken from consumable stock; the label printed and its barcode read back), and handed over
 * in a bag at the dock with the network cut (a repeated parcel refused, the manifest printed). Back online the outbox drains: every order Outbound,
 * one ship order row per order line for exactly its units, every op done once.
 */
const WHS = 'IDJKT1';
const WALL = 'SRT-02';
const LANES = ['MRG-01', 'MRG-02'];
const CHECKING_STATION = 'CHK-01';
const PACKING_STATION = 'PCK-03';
const BOX = 'CB-M';
const CARRIER = 'Ninja Van';
/** A zone of one cell a SKU: A holds the basket's two SKUs, B and C one each of the merged order. */
const ZONES = { A: 2, B: 1, C: 1 } as const;
const zoneId = (zone: keyof typeof ZONES) => `JRN${zone}`;
/** The basket and carts of a run: a retry (CI) starts from containers no task has claimed. */
const RUNS = 2;
const containersOf = (run: number) => ({ basket: `JRN-BSK-${run}`, carts: [`JRN-CART-B-${run}`, `JRN-CART-C-${run}`] as const });
let run = 0;
const UNIT_G = 300;

let browser: Browser;
let server: OwnServer;
/** The SKUs by zone, in cell order. */
const skusOf: Record<keyof typeof ZONES, string[]> = { A: [], B: [], C: [] };

async function prepare(database: Database) {
  const db: Db = database.db;
  const common = {
    whsId: WHS, storageArea: STORAGE_AREA.values.PICKING_AREA, rackType: RACK_TYPE.values.GROUND_STACKED, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  for (const [zone, cellCount] of Object.entries(ZONES) as [keyof typeof ZONES, number][]) {
    const id = zoneId(zone);
    await db.insert(zones).values({ ...common, zoneId: id, zoneName: `Journey E2E ${zone}`, zoneClusterId: 'ZC-BULK', pickSequence: 1 });
    await db.insert(pathways).values({ whsId: WHS, pathwayId: `${id}-01`, zoneId: id, pickSequence: 1 });
    for (let c = 1; c <= cellCount; c++) {
      const cell = `${id}-01-01-${c}`;
      await db.insert(cells).values({ ...common, locationCode: cell, zoneId: id, pathwayId: `${id}-01`, maxQty: 1000, pickSequence: c });
      const skuId = await createTestSku(db, WHS, 'JRN');
      await db.update(skus).set({ weightG: UNIT_G }).where(and(eq(skus.whsId, WHS), eq(skus.skuId, skuId)));
      skusOf[zone].push(skuId);
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const batchId = await ensureBatch(tx, WHS, { skuId, supplierId: null, inboundRef: `JRN-${cell}` });
        await postStock(tx, WHS, [{
          location: cell, skuId, batchId, quality: QUALITY.values.GOOD, qty: 10,
          txnType: INVENTORY_TRANSACTION_TYPE.values.ADJUST_INCREASE, direction: INVENTORY_TRANSACTION_DIRECTION.values.DEBIT,
        }], { refType: INVENTORY_REF_TYPE.values.OPENING_BALANCE, refNo: 'JRN', operatorId: null });
      });
    }
  }
  for (let r = 1; r <= RUNS; r++) {
    const { basket, carts } = containersOf(r);
    await db.insert(containers).values([
      { whsId: WHS, containerCode: basket, containerType: CONTAINER_TYPE.values.BASKET },
      ...carts.map((containerCode) => ({ whsId: WHS, containerCode, containerType: CONTAINER_TYPE.values.PICK_CART })),
    ]);
  }
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer('journey', prepare), launchBrowser()]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/journey-${name}.png`, fullPage: true });

/** A PDA screen at this step (screenshot `name`): it fits the PDA's width, nothing to scroll sideways. */
async function pdaShot(page: Page, name: string) {
  await shot(page, name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: wider than the PDA`).toBeLessThanOrEqual(PDA_VIEWPORT.width);
}

describe('the outbound journey on a PDA', () => {
  test('a batch wave merged, sorted, checked, packed, labelled and handed over offline: orders Outbound, shipped once', async () => {
    const { basket, carts } = containersOf(++run);
    const office = await openAt(browser, 'supervisor@demo.local', WHS, '/home', { baseURL: server.baseURL });
    const call = <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) => api<T>(office.page, method, path, body, WHS);
    const [a1, a2] = skusOf.A as [string, string];
    const [b] = skusOf.B as [string];
    const [c] = skusOf.C as [string];
    const lines = [[{ sku_id: a1, qty: 2 }], [{ sku_id: a2, qty: 1 }], [{ sku_id: b, qty: 1 }, { sku_id: c, qty: 1 }]];
    const orderNos: string[] = [];
    for (const [i, orderLines] of lines.entries()) {
      const { order } = await call<{ order: { order_no: string } }>('POST', salesOrderContract.createSalesOrder.path, {
        external_no: `E2E-JRN-${Date.now().toString(36)}-${i}`, lines: orderLines, carrier: CARRIER,
        receiver: { name: 'Sari', phone: null, address: 'Jl. Pelabuhan 3, Jakarta' },
      });
      orderNos.push(order.order_no);
    }
    const [basketOrder, smallOrder, mergedOrder] = orderNos as [string, string, string];
    const unitsOf = (orderNo: string) => lines[orderNos.indexOf(orderNo)]!.reduce((sum, l) => sum + l.qty, 0);
    const wave = await call<{ task_nos: string[] }>('POST', waveContract.createManualWave.path, { order_nos: orderNos, picking_type: PICKING_TYPE.values.PICK_TO_WAVE });
    expect(wave.task_nos).toHaveLength(3);

    // The operator's PDA; its user picks each zone's task through the API, as a picker's PDA would.
    const pda = await openAt(browser, 'operator@demo.local', WHS, '/salesoutbound/mergeLane', { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT, baseURL: server.baseURL });
    const { page, context } = pda;
    await interceptPrint(context);
    for (const taskNo of wave.task_nos) {
      const { task } = await call<PickingWork>('GET', pickingContract.getPickingTaskDetail.path, { task_no: taskNo });
      const container = { [zoneId('A')]: basket, [zoneId('B')]: carts[0], [zoneId('C')]: carts[1] }[task.zone_id ?? '']!;
      await pickInto(page, WHS, taskNo, container);
    }

    // Merging: the merged order's lane, both carts scanned on it.
    let lane = '';
    for (const id of LANES) {
      const read = await call<MergeLane>('GET', mergingContract.getMergeLane.path, { station_id: id });
      if (read.tasks.some((t) => t.order_no === mergedOrder)) lane = id;
    }
    expect(lane).not.toBe('');
    await page.reload();
    await scanInto(page, 'merge-lane-scan', lane);
    await expect.poll(() => page.getByTestId('merge-lane-id').textContent()).toBe(lane);
    for (const cart of carts) await scanInto(page, 'merge-container-scan', cart);
    await expect.poll(() => page.getByTestId('merge-arrival').getAttribute('data-complete')).toBe('true');
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done']);
    const onLane = page.locator(`[data-testid="merge-lane-order"][data-order="${mergedOrder}"]`);
    await expect.poll(() => onLane.getByTestId('merge-container').evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))), { timeout: 30_000 })
      .toEqual(['arrived', 'arrived']);
    await pdaShot(page, 'merged');

    // Sorting: the basket at the put wall; each unit lights its order's slot, whose label is scanned.
    await page.goto('/v2/salesoutbound/sorting');
    await scanInto(page, 'sorting-wall-scan', WALL);
    await scanInto(page, 'sorting-container-scan', basket);
    await page.getByTestId('sorting-order').first().waitFor();
    const slotOf = async (orderNo: string) => Number(await page.locator(`[data-testid="sorting-order"][data-order="${orderNo}"]`).getByTestId('sorting-order-slot').textContent());
    const slots = new Map([[basketOrder, await slotOf(basketOrder)], [smallOrder, await slotOf(smallOrder)]]);
    const slotLabel = (slot: number) => `${WALL}-${String(slot).padStart(2, '0')}`;
    for (const [orderNo, sku] of [[basketOrder, a1], [basketOrder, a1], [smallOrder, a2]] as const) {
      await scanInto(page, 'sorting-unit-scan', sku);
      await expect.poll(() => page.getByTestId('sorting-slot-no').textContent()).toBe(String(slots.get(orderNo)));
      if (orderNo === smallOrder) await pdaShot(page, 'sorting-slot');
      await scanInto(page, 'sorting-slot-scan', slotLabel(slots.get(orderNo)!));
    }
    await expect.poll(() => page.getByTestId('sorting-complete').textContent(), { timeout: 30_000 }).toContain('ready for checking');
    const sortingTaskNo = await shownTaskNo(page, 'sorting-task-no');
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(Array(5).fill('done'));

    // Checking at CHK-01: each slot, then a cart of the merged order; a unit of another order refused first.
    // Each station screen opens at the station it was last used at on this device (none yet), not the put wall.
    await page.goto('/v2/salesoutbound/checking');
    await scanInto(page, 'checking-station-scan', CHECKING_STATION);
    const checkingTaskNos: string[] = [];
    for (const [orderNo, container, units] of [
      [basketOrder, slotLabel(slots.get(basketOrder)!), [a1, a1]], [smallOrder, slotLabel(slots.get(smallOrder)!), [a2]], [mergedOrder, carts[0], [b, c]],
    ] as const) {
      // The first container at the station's scan, the next ones straight from the done screen: scans only.
      await scanInto(page, checkingTaskNos.length === 0 ? 'checking-container-scan' : 'checking-next-scan', container);
      await expect.poll(() => page.getByTestId('checking-order-card').textContent()).toContain(orderNo);
      if (orderNo === basketOrder) {
        await scanInto(page, 'checking-scan', c);
        await expect.poll(() => page.getByTestId('checking-refused').textContent()).toContain(`${c} is no item of this container`);
        await pdaShot(page, 'checking-refused');
      }
      for (const sku of units) await scanInto(page, 'checking-scan', sku);
      await scanInto(page, 'checking-outer-scan', 'CB-S');
      const taskNo = await shownTaskNo(page, 'checking-task-no');
      checkingTaskNos.push(taskNo);
      const { orders } = await call<CheckingWork>('GET', checkingContract.getCheckingTaskDetail.path, { task_no: taskNo });
      const weight = page.getByTestId('checking-weight');
      await weight.fill(String(orders[0]!.expected_weight_g));
      await weight.press('Enter');
      await expect.poll(() => page.getByTestId('checking-complete').textContent()).toContain(container);
    }
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(Array(9).fill('done'));

    // Packing at PCK-03: the first order in a medium carton from stock, the others in checking's box; each label read back.
    const boxesBefore = await consumableStock(office.page, WHS, BOX);
    await page.goto('/v2/salesoutbound/packing');
    await scanInto(page, 'packing-station-scan', PACKING_STATION);
    const trackingNos: string[] = [];
    for (const orderNo of orderNos) {
      await scanInto(page, 'packing-order-scan', orderNo);
      await expect.poll(() => page.getByTestId('packing-order').textContent()).toContain(orderNo);
      const trackingNo = (await page.getByTestId('packing-tracking').textContent())!.trim();
      trackingNos.push(trackingNo);
      const { list } = await call<{ list: { task_no: string }[] }>('GET', '/apps/process/outbound/packing/search_packing_task', { order_no: orderNo });
      const work = await call<PackingWork>('GET', packingContract.getPackingTaskDetail.path, { task_no: list[0]!.task_no });
      const box = orderNo === basketOrder ? BOX : work.checked_box_id!;
      if (orderNo === basketOrder) {
        await scanInto(page, 'packing-scan', BOX);
        await expect.poll(() => page.getByTestId('packing-parcel-box').textContent()).toContain('Carton box M');
      }
      const grams = unitsOf(orderNo) * UNIT_G + work.boxes.find((x) => x.consumable_id === box)!.tare_weight_g;
      await scanInto(page, 'packing-scan', String(grams));
      await expect.poll(() => page.getByTestId('packing-parcel-weight').inputValue()).toBe(String(grams));
      if (orderNo === basketOrder) await pdaShot(page, 'packing');
      await scanInto(page, 'packing-scan', orderNo);
      await expect.poll(() => page.getByTestId('packing-done').count()).toBe(1);
      const labelOf = async () => (await printed(page)).find((html) => html.includes(`data-barcode-text="${trackingNo}"`));
      await expect.poll(labelOf).toBeDefined();
      const label = (await labelOf())!;
      expect(await labelBarcodes(context, label, `test-results/journey-label-${trackingNos.length}.png`)).toEqual({ code128: trackingNo, qrcode: trackingNo });
    }
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(Array(12).fill('done'));
    expect(await consumableStock(office.page, WHS, BOX)).toBe(boxesBefore - 1);

    // Group shipping at the dock: a bag opened online, then the Wi-Fi drops for the loads and the hand-over.
    await page.goto('/v2/salesoutbound/groupshipping');
    await page.getByTestId('ship-carrier').filter({ hasText: CARRIER }).click();
    await page.getByTestId('ship-dock').first().click();
    await page.getByText('Bag', { exact: true }).click();
    const bag = `BAG-JRN-${Date.now().toString(36).toUpperCase()}`;
    await scanInto(page, 'ship-group-scan', bag);
    const shippingNo = (await page.getByTestId('ship-handover-no').textContent())!;
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(Array(13).fill('done'));
    const printedBefore = (await printed(page)).length;

    await context.setOffline(true);
    await scanInto(page, 'ship-parcel-scan', trackingNos[0]!);
    await expect.poll(() => page.getByTestId('ship-parcel').count()).toBe(1);
    await scanInto(page, 'ship-parcel-scan', trackingNos[0]!);
    await expect.poll(() => page.getByTestId('ship-refused').textContent()).toContain('loaded on this handover already');
    for (const trackingNo of trackingNos.slice(1)) await scanInto(page, 'ship-parcel-scan', trackingNo);
    await expect.poll(() => page.getByTestId('ship-count').textContent()).toContain('3 of 30 parcels');
    await pdaShot(page, 'shipping-offline');
    await page.getByTestId('ship-close').click();
    await expect.poll(() => page.getByTestId('ship-closed').getAttribute('data-confirmed')).toBe('false');
    await expect.poll(async () => (await printed(page)).length).toBe(printedBefore + 2);
    const [manifest, masterLabel] = (await printed(page)).slice(printedBefore);
    expect(manifest).toContain('Shipping Manifest');
    for (const trackingNo of trackingNos) expect(manifest).toContain(trackingNo);
    expect(masterLabel).toContain(`M${shippingNo}`);
    expect((await opStates(page)).slice(13)).toEqual(['pending', 'pending', 'pending', 'pending']);

    await context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(Array(17).fill('done'));
    await expect.poll(() => page.getByTestId('ship-closed').getAttribute('data-confirmed'), { timeout: 30_000 }).toBe('true');
    await pdaShot(page, 'shipped');

    // What the server has: every order Outbound with its parcel shipped; each line's units credited once by the handover.
    for (const orderNo of orderNos) {
      const detail = await call<SalesOrderDetail>('GET', salesOrderContract.getSalesOrderDetail.path, { order_no: orderNo });
      expect(detail.order.status).toBe(SALES_ORDER_STATUS.values.OUTBOUND);
      const { parcels } = await call<{ parcels: { status: number; box_id: string | null }[] }>('GET', packingContract.getOrderParcels.path, { order_no: orderNo });
      expect(parcels.map((p) => p.status)).toEqual([PARCEL_STATUS.values.SHIPPED]);
      if (orderNo === basketOrder) expect(parcels[0]!.box_id).toBe(BOX);
    }
    const handover = await call<HandoverDetail>('GET', shippingContract.getHandoverDetail.path, { shipping_no: shippingNo });
    expect(handover.handover).toMatchObject({ group_code: bag, parcel_count: 3, qty: 5, master_awb: `M${shippingNo}` });
    const { list: rows } = await call<{ list: { txn_type: number; qty: number; location_id: string; sku_id: string }[] }>(
      'GET', '/apps/process/inventory/inventorymap/search_inventory_transaction', { ref_no: shippingNo, page_size: '100' },
    );
    expect(rows.every((r) => r.txn_type === INVENTORY_TRANSACTION_TYPE.values.SHIP_ORDER)).toBe(true);
    const shipped = rows.map((r) => `${r.location_id} ${r.sku_id} ${Math.abs(r.qty)}`).sort();
    const ordered = lines.flatMap((orderLines, i) => orderLines.map((l) => `${orderNos[i]} ${l.sku_id} ${l.qty}`)).sort();
    expect(shipped).toEqual(ordered);

    // The stations' records: the put wall's scans once each, the refused unit on its checking task.
    const sorting = await call<SortingWork>('GET', sortingContract.getSortingTaskDetail.path, { task_no: sortingTaskNo });
    expect(sorting.task).toMatchObject({ status: TASK_STATUS.values.DONE, sorted_qty: 3, total_qty: 3 });
    expect(sorting.scans.filter((s) => s.ok).reduce((sum, s) => sum + s.qty, 0)).toBe(3);
    const refused = await call<CheckingWork>('GET', checkingContract.getCheckingTaskDetail.path, { task_no: checkingTaskNos[0] });
    expect(refused.task).toMatchObject({ status: TASK_STATUS.values.DONE, checked_qty: 2, total_qty: 2 });
    await office.page.goto(`/v2/salesoutbound/task/checking/detail/${checkingTaskNos[0]}`);
    await expect.poll(() => office.page.getByTestId('checking-task-refusals').textContent()).toContain(c);
    await office.page.goto(`/v2/salesoutbound/groupshipping/detail/${shippingNo}`);
    await expect.poll(() => office.page.getByTestId('handover-header').textContent()).toContain('Shipped');
    await shot(office.page, 'handover-detail');
    await office.context.close();
    await context.close();
  }, 240_000);
});
