import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, newPage, opStates, scanInto, signIn } from './browser';
import { api, openAt } from './asn-helpers';
import { SALES_ORDER_STATUS, TASK_STATUS } from '../../src/shared/codes';
import { checkingContract, type CheckingWork } from '../../src/shared/contract/checking.contract';
import { pickingContract, type PickingWork } from '../../src/shared/contract/picking.contract';
import { salesOrderContract, type SalesOrderDetail } from '../../src/shared/contract/sales-order.contract';
import { syncContract } from '../../src/shared/contract/sync.contract';
import { waveContract } from '../../src/shared/contract/wave.contract';
import { checkingOps } from '../../src/shared/ops/checking.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';

/**
 * Cancel after checking (docs/outbound.md) over the demo warehouse IDJKT1: an order of 3 units is
 * picked into a basket and checked at CHK-01 through the API (as the PDA and the station would);
 * the admin cancels it on its page, finds it on Cancel After Checking with its units on the order,
 * an operator puts them back on the PDA-size reverse picking screen with the network cut (queued,
 * sent once back), and the units are back in their cell; the intercept waits on the exception list
 * until the admin confirms the units returned on its detail page.
 */
const WHS = 'IDJKT1';
const BASKET = 'BSK027';
const STATION = 'CHK-01';
const CANCEL_LIST = '/apps/process/outbound/cancelafterchecking/search_cancelled_after_checking';
const TROUBLESHOOT_LIST = '/apps/process/outbound/troubleshoot/search_ob_troubleshoot_task';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('cancel after checking', () => {
  test('a checked order cancelled on its page is listed, its units put back on the PDA (offline) into their cell, the intercept listed', async () => {
    const office = await openAt(browser, 'admin@demo.local', WHS, '/salesoutbound/cancel');
    const { page } = office;
    const { list: stock } = await api<{ list: { sku_id: string; available_qty: number }[] }>(
      page, 'GET', '/apps/process/inventory/inventorymap/search_available_inventory', { page_size: '100' }, WHS,
    );
    // One SKU: one picking task, one basket, one stop to put back.
    const skuA = [...new Set(stock.filter((row) => row.available_qty >= 3).map((row) => row.sku_id))].at(-1)!;
    const { order } = await api<{ order: { order_no: string } }>(page, 'POST', salesOrderContract.createSalesOrder.path, {
      external_no: `E2E-CAN-${Date.now().toString(36)}`, lines: [{ sku_id: skuA, qty: 3 }],
    }, WHS);
    const orderNo = order.order_no;
    const wave = await api<{ task_nos: string[] }>(page, 'POST', waveContract.createManualWave.path, { order_nos: [orderNo] }, WHS);

    // Picked and checked through the API, as the operator's PDA and station would.
    const pda = await newPage(browser, { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    await pda.page.goto('/v2/login?redirect_url=%2Fv2%2Fsalesoutbound%2Fpicking');
    await signIn(pda.page, 'operator@demo.local');
    await pda.page.waitForURL('**/v2/salesoutbound/picking');
    const work = await api<PickingWork>(pda.page, 'POST', pickingContract.claimPickingTask.path, { task_no: wave.task_nos[0], container_code: BASKET }, WHS);
    const cells = Object.fromEntries(work.lines.map((l) => [l.sku_id, l.location_id]));
    const push = (ops: { kind: string; payload: Record<string, unknown> }[]) => api<{ results: { status: string; message: string }[] }>(pda.page, 'POST', syncContract.pushOps.path, {
      device_id: randomUUID(), ops: ops.map((op, i) => ({ op_id: uuidv7(), seq: i + 1, created_at: Date.now(), ...op })),
    }, WHS);
    const picked = await push(work.lines.map((l) => ({
      kind: pickingOps.pick.kind, payload: { task_no: work.task.task_no, alloc_id: l.alloc_id, location: l.location_id, sku_id: l.sku_id, qty: l.qty },
    })));
    expect(picked.results.map((r) => r.status)).toEqual(work.lines.map(() => 'applied'));
    const started = await api<CheckingWork & { task: { task_no: string } }>(pda.page, 'POST', checkingContract.startCheckingTask.path, { station_id: STATION, container_code: BASKET }, WHS);
    const toCheck = started.orders.find((o) => o.order_no === orderNo)!;
    const checked = await push([{
      kind: checkingOps.check.kind,
      payload: {
        task_no: started.task.task_no, order_no: orderNo, units: [{ sku_id: skuA, qty: 3 }],
        inner_packaging: null, outer_packaging: 'CB-S', weight_g: toCheck.expected_weight_g ?? 900,
      },
    }]);
    expect(checked.results[0]!.status, checked.results[0]!.message).toBe('applied');

    // The admin cancels the checked order on its page, with a reason.
    await page.goto(`/v2/salesoutbound/order/detail/${encodeURIComponent(orderNo)}`);
    await expect.poll(() => page.getByTestId('order-header').textContent()).toContain('Checked');
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Buyer cancelled after checking');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expect.poll(() => page.getByTestId('order-header').textContent()).toContain('Cancel');

    // Cancel After Checking lists it: cancelled from Checked, its 3 units still on the order.
    await page.goto('/v2/salesoutbound/cancel');
    const row = page.getByRole('row').filter({ hasText: orderNo });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.textContent()).toContain('Checked');
    await page.screenshot({ path: 'test-results/cancel-after-checking-list.png', fullPage: true });
    const { list: [listed] } = await api<{ list: { task_no: string; on_order_qty: number; returned_qty: number }[] }>(page, 'GET', CANCEL_LIST, { order_no: orderNo }, WHS);
    expect(listed).toMatchObject({ on_order_qty: 3, returned_qty: 0 });
    const returnTask = listed!.task_no;

    // On the PDA: the return task by its number; the units are on the order, each stop suggests its cell.
    await scanInto(pda.page, 'picking-task-scan', returnTask);
    await expect.poll(() => pda.page.getByTestId('picking-progress').textContent()).toBe('0 of 3 units put back or queued');
    expect(await pda.page.getByTestId('picking-container').allTextContents()).toEqual([orderNo]);
    // The network goes before the put: it is queued, and sent once it is back.
    const location = (await pda.page.getByTestId('picking-location').textContent())!;
    expect(location).toBe(cells[skuA]);
    await scanInto(pda.page, 'picking-location-scan', location);
    await expect.poll(() => pda.page.getByTestId('picking-qty').inputValue()).toBe('3');
    await pda.context.setOffline(true);
    await pda.page.getByTestId('picking-confirm').click();
    await pda.page.screenshot({ path: 'test-results/cancel-after-checking-pda.png', fullPage: true });
    await expect.poll(() => pda.page.getByTestId('picking-complete').isVisible()).toBe(true);
    expect(await opStates(pda.page)).toEqual(['pending']);
    await pda.context.setOffline(false);
    await expect.poll(() => opStates(pda.page), { timeout: 60_000 }).toEqual(['done']);
    await pda.context.close();

    // Back in their cells, once: the task done, nothing left on the order.
    const task = await api<PickingWork>(page, 'GET', pickingContract.getPickingTaskDetail.path, { task_no: returnTask }, WHS);
    expect(task.task).toMatchObject({ status: TASK_STATUS.values.DONE, picked_qty: 3 });
    expect(task.lines.map((l) => [l.sku_id, l.location_id, l.returned_qty])).toEqual([[skuA, cells[skuA], 3]]);
    const { list: [after] } = await api<{ list: { on_order_qty: number; returned_qty: number }[] }>(page, 'GET', CANCEL_LIST, { order_no: orderNo }, WHS);
    expect(after).toMatchObject({ on_order_qty: 0, returned_qty: 3 });
    expect((await api<SalesOrderDetail>(page, 'GET', salesOrderContract.getSalesOrderDetail.path, { order_no: orderNo }, WHS)).order.status).toBe(SALES_ORDER_STATUS.values.CANCEL);

    // The intercept waits on the exception list.
    await page.goto('/v2/exceptioncenter/ob-troubleshoot-task');
    const exception = page.getByRole('row').filter({ hasText: orderNo });
    await expect.poll(() => exception.count(), { timeout: 20_000 }).toBe(1);
    expect(await exception.textContent()).toContain('Intercept');
    await page.screenshot({ path: 'test-results/cancel-after-checking-exceptions.png', fullPage: true });
    const { list: exceptions } = await api<{ list: { task_id: string; status: number }[] }>(page, 'GET', TROUBLESHOOT_LIST, { order_no: orderNo }, WHS);
    expect(exceptions).toEqual([expect.objectContaining({ task_id: returnTask, status: 1 })]);
    // Its detail shows the return task done; the admin confirms the units returned.
    await exception.getByRole('link', { name: returnTask }).click();
    await expect.poll(() => page.getByTestId('ob-exception-return').textContent()).toContain('Done');
    await page.getByTestId('ob-exception-decision-select').click();
    await page.getByRole('option', { name: 'Units Returned' }).click();
    await page.getByTestId('ob-exception-note').fill('Units seen back in the cell');
    await page.getByTestId('ob-exception-submit').click();
    await expect.poll(() => page.getByTestId('ob-exception-decision').textContent()).toContain('Units seen back in the cell');
    expect(await page.getByTestId('ob-exception-facts').textContent()).toContain('Handled');
    await page.screenshot({ path: 'test-results/cancel-after-checking-exception-detail.png', fullPage: true });
    await office.context.close();
  });
});
