import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, opStates, scanInto } from './browser';
import { api, openAt, stockedSku } from './asn-helpers';
import { pickInto, shownTaskNo } from './outbound-steps';
import { PICKING_TYPE, SALES_ORDER_STATUS, SORTING_STAGE, TASK_STATUS } from '../../src/shared/codes';
import { salesOrderContract, type SalesOrderDetail } from '../../src/shared/contract/sales-order.contract';
import { sortingContract, type SortingWork } from '../../src/shared/contract/sorting.contract';
import { waveContract } from '../../src/shared/contract/wave.contract';

/**
 * Sorting at a put wall (docs/outbound.md "Sorting") over the demo warehouse IDJKT1, whose sorting
 * rule sends Pick to Wave baskets of two orders or more to put wall SRT-02: two orders of one SKU are
 * picked into one basket (through the API, as a picker's PDA would), then the demo operator (a
 * sorter) sorts it on a PDA with a keyboard-wedge scanner only: the wall, the basket, each unit — its
 * slot lit big — and the slot's label; one wrong slot refused and recorded. The network is cut after
 * the first unit: the rest is sorted offline, and back online every op reaches the server once.
 * Pre-sorting the same way at pre-sorting station PRS-02: each unit's wall lit big, its tote scanned
 * (the basket itself refused), offline; then the tote sorted at its wall.
 */
const WHS = 'IDJKT1';
const WALL = 'SRT-02';
const BASKET = 'BSK024';
const PRE_STATION = 'PRS-02';
const PRE_BASKET = 'BSK026';
const TOTE = 'BSK028';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Two orders of one SKU (1 and 2 units) released in one Pick to Wave wave as the office does, and
 * picked whole into `basket` as a picker's PDA would (through the API), then the PDA open at the
 * Sorting screen: answers the pages, the SKU and the orders.
 */
async function pickedBasket(officePath: string, basket: string, tag: string) {
  const office = await openAt(browser, 'supervisor@demo.local', WHS, officePath);
  const sku = await stockedSku(office.page, WHS, 3);
  const orderNos: string[] = [];
  for (const qty of [1, 2]) {
    const { order } = await api<{ order: { order_no: string } }>(office.page, 'POST', salesOrderContract.createSalesOrder.path, {
      external_no: `E2E-${tag}-${Date.now().toString(36)}-${qty}`, lines: [{ sku_id: sku, qty }],
    }, WHS);
    orderNos.push(order.order_no);
  }
  const wave = await api<{ task_nos: string[] }>(office.page, 'POST', waveContract.createManualWave.path, {
    order_nos: orderNos, picking_type: PICKING_TYPE.values.PICK_TO_WAVE,
  }, WHS);
  expect(wave.task_nos).toHaveLength(1);
  const pda = await openAt(browser, 'operator@demo.local', WHS, '/salesoutbound/sorting', { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
  await pickInto(pda.page, WHS, wave.task_nos[0]!, basket);
  return { office, pda, sku, orderNos };
}

describe('sorting', () => {
  test('a basket is sorted at a put wall by scans only: each slot lit big, a wrong slot refused, sorted offline, sent once', async () => {
    const { office, pda, sku, orderNos } = await pickedBasket('/salesoutbound/task/sorting', BASKET, 'SRT');
    const { page } = pda;

    await scanInto(page, 'sorting-wall-scan', WALL);
    await scanInto(page, 'sorting-container-scan', BASKET);
    await page.getByTestId('sorting-order').first().waitFor();
    const slots = await page.getByTestId('sorting-order-slot').allTextContents();
    expect(slots).toHaveLength(2);
    const [first, second] = slots.map(Number) as [number, number];
    const label = (slot: number) => `${WALL}-${String(slot).padStart(2, '0')}`;

    // The first unit: its order's slot lights big; a wrong slot is refused on screen; the right one sorts it.
    await scanInto(page, 'sorting-unit-scan', sku);
    await expect.poll(() => page.getByTestId('sorting-slot-no').textContent()).toBe(String(first));
    await page.screenshot({ path: 'test-results/sorting-slot.png', fullPage: true });
    await scanInto(page, 'sorting-slot-scan', label(second));
    await expect.poll(() => page.getByTestId('sorting-slot-refused').textContent()).toContain(`Wrong slot ${second}`);
    await scanInto(page, 'sorting-slot-scan', label(first));
    await expect.poll(() => page.locator(`[data-testid="sorting-order"][data-order="${orderNos[0]}"]`).getAttribute('data-state')).toBe('complete');
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done']);

    // The network gone: the other order's two units are sorted on the device.
    await pda.context.setOffline(true);
    for (let i = 0; i < 2; i++) {
      await scanInto(page, 'sorting-unit-scan', sku);
      await expect.poll(() => page.getByTestId('sorting-slot-no').textContent()).toBe(String(second));
      await scanInto(page, 'sorting-slot-scan', label(second));
    }
    await expect.poll(() => page.getByTestId('sorting-complete').textContent()).toContain('on this device');
    expect(await opStates(page)).toEqual(['done', 'done', 'pending', 'pending']);
    await page.screenshot({ path: 'test-results/sorting-offline.png', fullPage: true });
    await pda.context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done', 'done', 'done']);
    await expect.poll(() => page.getByTestId('sorting-complete').textContent(), { timeout: 30_000 }).toContain('ready for checking');

    // Once each on the server: both orders sorted, three units in their slots, the wrong slot recorded.
    for (const orderNo of orderNos) {
      const detail = await api<SalesOrderDetail>(office.page, 'GET', salesOrderContract.getSalesOrderDetail.path, { order_no: orderNo }, WHS);
      expect(detail.order.status).toBe(SALES_ORDER_STATUS.values.SORTED);
    }
    const taskNo = await shownTaskNo(page, 'sorting-task-no');
    const done = await api<SortingWork>(office.page, 'GET', sortingContract.getSortingTaskDetail.path, { task_no: taskNo }, WHS);
    expect(done.task).toMatchObject({ status: TASK_STATUS.values.DONE, sorted_qty: 3, total_qty: 3 });
    expect(done.scans.filter((s) => s.ok).reduce((sum, s) => sum + s.qty, 0)).toBe(3);
    expect(done.scans.filter((s) => !s.ok)).toEqual([expect.objectContaining({ scanned: label(second), slot_no: first })]);
    await office.page.goto(`/v2/salesoutbound/task/sorting/detail/${taskNo}`);
    await expect.poll(() => office.page.getByTestId('task-header').textContent()).toContain('Done');
    await office.page.screenshot({ path: 'test-results/sorting-task-detail.png', fullPage: true });
    await office.context.close();
    await pda.context.close();
  });

  test('a basket is pre-sorted into a tote for its wall by scans only, offline, sent once; the tote is then sorted at the wall', async () => {
    const { office, pda, sku, orderNos } = await pickedBasket('/salesoutbound/task/preSorting', PRE_BASKET, 'PRS');
    const { page } = pda;

    await scanInto(page, 'sorting-wall-scan', PRE_STATION);
    await scanInto(page, 'sorting-container-scan', PRE_BASKET);
    await expect.poll(() => page.getByTestId('sorting-group').getAttribute('data-wall')).toBe(WALL);
    // The first unit: its wall lights big, any empty tote; the basket itself is refused, the tote takes it.
    await scanInto(page, 'sorting-unit-scan', sku);
    await expect.poll(() => page.getByTestId('sorting-wall-target').textContent()).toBe(WALL);
    await scanInto(page, 'sorting-slot-scan', PRE_BASKET);
    await expect.poll(() => page.getByTestId('sorting-slot-refused').textContent()).toContain('being pre-sorted');
    await page.screenshot({ path: 'test-results/pre-sorting-wall.png', fullPage: true });
    await scanInto(page, 'sorting-slot-scan', TOTE);
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done']);

    // The network gone: the other units go into the same tote, named now.
    await pda.context.setOffline(true);
    for (let i = 0; i < 2; i++) {
      await scanInto(page, 'sorting-unit-scan', sku);
      await expect.poll(() => page.getByTestId('sorting-tote').textContent()).toContain(TOTE);
      await scanInto(page, 'sorting-slot-scan', TOTE);
    }
    await expect.poll(() => page.getByTestId('sorting-complete').textContent()).toContain('pre-sorted');
    expect(await opStates(page)).toEqual(['done', 'done', 'pending', 'pending']);
    await page.screenshot({ path: 'test-results/pre-sorting-offline.png', fullPage: true });
    await pda.context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done', 'done', 'done']);
    const preTaskNo = await shownTaskNo(page, 'sorting-task-no');
    const pre = await api<SortingWork>(office.page, 'GET', sortingContract.getPreSortingTaskDetail.path, { task_no: preTaskNo }, WHS);
    expect(pre.task).toMatchObject({ stage: SORTING_STAGE.values.PRE_SORTING, status: TASK_STATUS.values.DONE, sorted_qty: 3, total_qty: 3 });
    expect(pre.orders.map((o) => o.tote_code)).toEqual([TOTE, TOTE]);

    // At the wall, the tote is sorted like a basket: its two orders get slots.
    await page.getByTestId('sorting-next-container').click();
    await page.getByRole('button', { name: 'Other station' }).click();
    await scanInto(page, 'sorting-wall-scan', WALL);
    await scanInto(page, 'sorting-container-scan', TOTE);
    await expect.poll(() => page.getByTestId('sorting-order').count()).toBe(2);
    for (let i = 0; i < 3; i++) {
      await scanInto(page, 'sorting-unit-scan', sku);
      const slot = Number(await page.getByTestId('sorting-slot-no').textContent());
      await scanInto(page, 'sorting-slot-scan', `${WALL}-${String(slot).padStart(2, '0')}`);
    }
    await expect.poll(() => page.getByTestId('sorting-complete').textContent(), { timeout: 30_000 }).toContain('ready for checking');
    for (const orderNo of orderNos) {
      const detail = await api<SalesOrderDetail>(office.page, 'GET', salesOrderContract.getSalesOrderDetail.path, { order_no: orderNo }, WHS);
      expect(detail.order.status).toBe(SALES_ORDER_STATUS.values.SORTED);
    }
    await office.page.goto(`/v2/salesoutbound/task/preSorting/detail/${preTaskNo}`);
    await expect.poll(() => office.page.getByTestId('task-header').textContent()).toContain('Done');
    await office.page.screenshot({ path: 'test-results/pre-sorting-task-detail.png', fullPage: true });
    await office.context.close();
    await pda.context.close();
  });
});
