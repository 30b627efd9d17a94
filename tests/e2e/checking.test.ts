import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, opStates, scanInto } from './browser';
import { api, openAt } from './asn-helpers';
import { pickInto, shownTaskNo } from './outbound-steps';
import { SALES_ORDER_STATUS, TASK_STATUS } from '../../src/shared/codes';
import { checkingContract, type CheckingWork } from '../../src/shared/contract/checking.contract';
import { salesOrderContract, type SalesOrderDetail } from '../../src/shared/contract/sales-order.contract';
import { waveContract } from '../../src/shared/contract/wave.contract';

/**
 * Checking (docs/outbound.md "Checking") over the demo warehouse IDJKT1, whose checking stations
 * weigh parcels: an order of its own is picked into a basket (through the API, as a picker's PDA
 * would), then an operator at checking station CHK-01 checks it with a keyboard-wedge scanner only:
 * the basket, one unit of another SKU (refused at once, on screen, and recorded), every unit, tape
 * scanned as the box (refused) then the carton, then the weight typed by the scale with the network cut. Back online the check reaches the server
 * once: the order is Checked and the refused scan is on the task's detail page.
 */
const WHS = 'IDJKT1';
const BASKET = 'BSK020';
const STATION = 'CHK-01';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('checking', () => {
  test('an operator checks a picked basket at a station by scans only; a wrong unit is refused; the check made offline lands once', async () => {
    const office = await openAt(browser, 'supervisor@demo.local', WHS, '/salesoutbound/task/checking');
    const { list: stock } = await api<{ list: { sku_id: string; available_qty: number }[] }>(
      office.page, 'GET', '/apps/process/inventory/inventorymap/search_available_inventory', { page_size: '100' }, WHS,
    );
    const [sku, other] = [...new Set(stock.filter((row) => row.available_qty >= 3).map((row) => row.sku_id))];
    const { order } = await api<{ order: { order_no: string } }>(office.page, 'POST', salesOrderContract.createSalesOrder.path, {
      external_no: `E2E-CHK-${Date.now().toString(36)}`, lines: [{ sku_id: sku, qty: 3 }],
    }, WHS);
    const orderNo = order.order_no;
    const wave = await api<{ task_nos: string[] }>(office.page, 'POST', waveContract.createManualWave.path, { order_nos: [orderNo] }, WHS);

    const station = await openAt(browser, 'operator@demo.local', WHS, '/salesoutbound/checking', { viewport: { width: 1280, height: 860 } });
    const { page } = station;
    // The picker's PDA, through the API as the same operator: the basket filled.
    await pickInto(page, WHS, wave.task_nos[0]!, BASKET);

    await scanInto(page, 'checking-station-scan', STATION);
    await scanInto(page, 'checking-container-scan', BASKET);
    await expect.poll(() => page.getByTestId('checking-order-card').textContent()).toContain(orderNo);
    await scanInto(page, 'checking-scan', other!);
    await expect.poll(() => page.getByTestId('checking-refused').textContent()).toContain(`${other} is no item of this container`);
    for (let i = 0; i < 3; i++) await scanInto(page, 'checking-scan', sku!);
    // The station has the box scanned (Record Settings): tape is no box, the small carton is.
    await scanInto(page, 'checking-outer-scan', 'ST-TAPE');
    await expect.poll(() => page.getByTestId('checking-finish').textContent()).toContain('ST-TAPE is not outer packaging');
    await scanInto(page, 'checking-outer-scan', 'CB-S');
    const weight = page.getByTestId('checking-weight');
    await weight.waitFor();
    await station.context.setOffline(true);
    const { orders } = await api<CheckingWork>(office.page, 'GET', checkingContract.getCheckingTaskDetail.path, { task_no: await shownTaskNo(page, 'checking-task-no') }, WHS);
    await page.screenshot({ path: 'test-results/checking-weigh.png', fullPage: true });
    await weight.fill(String(orders[0]!.expected_weight_g ?? 900));
    await weight.press('Enter');
    await expect.poll(() => page.getByTestId('checking-complete').textContent()).toContain(BASKET);
    expect(await opStates(page)).toContain('pending');
    await page.screenshot({ path: 'test-results/checking-station.png', fullPage: true });
    await station.context.setOffline(false);
    // The two refused scans recorded, and the check: each once.
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done', 'done']);

    const detail = await api<SalesOrderDetail>(office.page, 'GET', salesOrderContract.getSalesOrderDetail.path, { order_no: orderNo }, WHS);
    expect(detail.order.status).toBe(SALES_ORDER_STATUS.values.CHECKED);
    const taskNo = await shownTaskNo(page, 'checking-task-no');
    await office.page.goto(`/v2/salesoutbound/task/checking/detail/${taskNo}`);
    await expect.poll(() => office.page.getByTestId('task-header').textContent()).toContain('Done');
    const refusals = await office.page.getByTestId('checking-task-refusals').textContent();
    expect(refusals).toContain(other!);
    expect(refusals).toContain('ST-TAPE');
    const done = await api<CheckingWork>(office.page, 'GET', checkingContract.getCheckingTaskDetail.path, { task_no: taskNo }, WHS);
    expect(done.task).toMatchObject({ status: TASK_STATUS.values.DONE, checked_qty: 3, total_qty: 3 });
    await office.page.screenshot({ path: 'test-results/checking-task-detail.png', fullPage: true });
    // The task list names who checked it, not their user id.
    await office.page.goto(`/v2/salesoutbound/task/checking?task_no=${taskNo}`);
    const row = office.page.getByTestId('resource-table').locator('tbody tr', { hasText: taskNo });
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('Oki Operator');
    expect(await office.page.getByTestId('resource-table').locator('thead').textContent()).toContain('Assignee');
    await office.page.screenshot({ path: 'test-results/checking-task-list.png', fullPage: true });
    await office.context.close();
    await station.context.close();
  });
});
