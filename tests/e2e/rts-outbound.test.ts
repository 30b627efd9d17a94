import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from './browser';
import { approveAllocateRelease, pickOfflineOnPda } from './outbound-steps';
import { api, openAt, stockedSku } from './asn-helpers';
import { INVENTORY_TRANSACTION_TYPE, RTS_STATUS, RTS_TYPE, SALES_ORDER_STATUS } from '../../src/shared/codes';
import { rtsOrderContract, type RtsOrder, type RtsOrderDetail } from '../../src/shared/contract/rts-order.contract';

/**
 * A return-to-supplier order of IDJKT1 (docs/outbound.md "RTS orders"): the supervisor makes it, the
 * admin approves, allocates and releases it on its page, an operator picks it on a PDA at 360 × 640
 * with the network cut (the one picking screen, over RTS tasks), and the admin ships the finished
 * task with the manifest auto-print on: the units leave as return to supplier (4), the manifest is
 * in the print log, the order Outbound and its document Done.
 */
const WHS = 'IDJKT1';
const SUPPLIER = 'SUPID0002';
const BASKET = 'BSK018';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('RTS outbound', () => {
  test('an RTS order approved and released on its page, picked offline on the PDA, shipped with its manifest', async () => {
    const creator = await openAt(browser, 'supervisor@demo.local', WHS, '/rtsoutbound/order');
    const sku = await stockedSku(creator.page, WHS, 2);
    const { order } = await api<{ order: RtsOrder }>(creator.page, 'POST', rtsOrderContract.createRtsOrder.path, {
      supplier_id: SUPPLIER, rts_type: RTS_TYPE.values.REAL_RTS, reason_code: 'R1', removal_disposal: null, remark: 'E2E return to supplier',
      lines: [{ sku_id: sku, qty: 2 }],
    }, WHS);
    const orderNo = order.order_no;
    expect(order.doc_status).toBe(RTS_STATUS.values.PENDING);
    // The form's supplier is chosen from the warehouse's suppliers, searched by name.
    await creator.page.goto('/v2/rtsoutbound/create');
    await creator.page.getByRole('combobox', { name: 'Supplier ID' }).click();
    await creator.page.getByRole('option', { name: new RegExp(`^${SUPPLIER} · `) }).waitFor();
    await creator.page.screenshot({ path: 'test-results/rts-order-form-supplier.png' });
    await creator.context.close();

    // Another user decides: approve, allocate, release — each a button on the order's page.
    const office = await openAt(browser, 'admin@demo.local', WHS, `/rtsoutbound/approve/${orderNo}`);
    await approveAllocateRelease(office.page, 'rts-order-header');
    const released = await api<RtsOrderDetail>(office.page, 'GET', rtsOrderContract.getRtsOrderDetail.path, { order_no: orderNo }, WHS);
    expect(released.tasks).toHaveLength(1);
    const taskNo = released.tasks[0]!.task_no;
    const stops = released.allocations.map((a) => ({ location: a.location_id, qty: a.qty }));

    // The operator's PDA: the task and the basket claimed online, the picks made offline.
    await pickOfflineOnPda(browser, WHS, '/rtsoutbound/picking', { taskNo, basket: BASKET, sku, stops, screenshot: 'test-results/rts-picking-offline.png' });

    // The picking task list: the order's row opens the task's detail for that order, picked in the basket.
    await office.page.goto('/v2/rtsoutbound/task/picking');
    const taskRow = office.page.getByRole('row').filter({ hasText: orderNo });
    await taskRow.getByTestId('rts-task-link').waitFor();
    await office.page.screenshot({ path: 'test-results/rts-picking-task-list.png' });
    await taskRow.getByTestId('rts-task-link').click();
    await office.page.waitForURL(`**/rtsoutbound/task/picking/detail/${taskNo}/${orderNo}`);
    await expect.poll(() => office.page.getByTestId('task-header').textContent()).toContain(BASKET);
    expect(await office.page.getByTestId('task-header').textContent()).toContain('Done');
    expect(await office.page.getByTestId('task-orders').textContent()).toContain(orderNo);
    expect(await office.page.getByTestId('task-lines').textContent()).toContain(sku);
    await office.page.screenshot({ path: 'test-results/rts-picking-task-detail.png', fullPage: true });
    // An order not on the task: the page says so and offers the task's order.
    await office.page.goto(`/v2/rtsoutbound/task/picking/detail/${taskNo}/RTS000000000000`);
    const notOnTask = office.page.getByTestId('order-not-on-task');
    await expect.poll(() => notOnTask.textContent()).toContain(`RTS order RTS000000000000 is not on picking task ${taskNo}.`);
    await notOnTask.getByRole('link', { name: orderNo }).waitFor();

    // Shipping: the manifest printed at once, the finished task shipped from its own page.
    await office.page.goto('/v2/rtsoutbound/shipping');
    const autoPrint = office.page.getByTestId('rts-manifest-auto-print');
    if (!(await autoPrint.isChecked())) await autoPrint.click({ force: true });
    await expect.poll(() => autoPrint.isChecked()).toBe(true);
    const row = office.page.getByRole('row').filter({ hasText: taskNo });
    await row.getByRole('link', { name: 'Ship', exact: true }).click();
    await office.page.waitForURL(`**/rtsoutbound/shipping/create/${taskNo}`);
    await office.page.getByLabel('Carrier').fill('JNE Cargo');
    await office.page.getByLabel('Tracking No.').fill('JNE-E2E-0001');
    await office.page.screenshot({ path: 'test-results/rts-shipping-create.png', fullPage: true });
    await office.page.getByRole('button', { name: 'Ship', exact: true }).click();
    await office.page.waitForURL('**/rtsoutbound/shipping');

    // The server's view: shipped once, the document Done; return to supplier 4 for both units; the manifest logged.
    const shipped = await api<RtsOrderDetail>(office.page, 'GET', rtsOrderContract.getRtsOrderDetail.path, { order_no: orderNo }, WHS);
    expect(shipped.order).toMatchObject({ status: SALES_ORDER_STATUS.values.OUTBOUND, doc_status: RTS_STATUS.values.DONE });
    expect(shipped.shipments).toEqual([expect.objectContaining({ task_no: taskNo, qty: 2, carrier_name: 'JNE Cargo', tracking_no: 'JNE-E2E-0001' })]);
    const shipmentNo = shipped.shipments[0]!.shipment_no;
    const ledger = await api<{ list: { txn_type: number; qty: number; sku_id: string }[] }>(
      office.page, 'GET', '/apps/process/inventory/inventorymap/search_inventory_transaction', { ref_no: shipmentNo, page_size: '50' }, WHS,
    );
    expect(ledger.list.filter((r) => r.txn_type === INVENTORY_TRANSACTION_TYPE.values.RETURN_TO_SUPPLIER).reduce((n, r) => n + Math.abs(r.qty), 0)).toBe(2);
    const jobs = await api<{ list: { kind: string; ref_no: string }[] }>(office.page, 'GET', '/apps/config/print/search_print_job', { ref_no: shipmentNo }, WHS);
    expect(jobs.list).toEqual([expect.objectContaining({ kind: 'MANIFEST', ref_no: shipmentNo })]);
    await office.page.goto(`/v2/rtsoutbound/detail/${orderNo}`);
    await expect.poll(() => office.page.getByTestId('rts-order-shipments').textContent()).toContain(shipmentNo);
    await office.page.screenshot({ path: 'test-results/rts-order-shipped.png', fullPage: true });
    await office.context.close();
  });
});
