import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from './browser';
import { approveAllocateRelease, pickOfflineOnPda } from './outbound-steps';
import { api, openAt, stockedSku } from './asn-helpers';
import { RTS_STATUS, SALES_ORDER_STATUS } from '../../src/shared/codes';
import { mtOrderContract, type MtOrder, type MtOrderDetail } from '../../src/shared/contract/mt-order.contract';

/**
 * A move-transfer order of IDJKT1 to SGSIN1 (docs/outbound.md "Order types and MT orders"): the
 * supervisor makes it, the admin approves, allocates and releases it on its page (never the
 * creator), and an operator picks it on a PDA at 360 × 640 with the network cut, on the MT Picking
 * screen (the sales picking flow over MT tasks). Back online each pick lands once: the order is
 * Picked, its document Outbounding, and its task is on the MT picking list, not the sales one.
 */
const WHS = 'IDJKT1';
const BASKET = 'BSK025';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('MT outbound', () => {
  test('an MT order approved, allocated and released on its page is picked offline on the PDA, each pick once', async () => {
    const creator = await openAt(browser, 'supervisor@demo.local', WHS, '/mtoutbound/order');
    const sku = await stockedSku(creator.page, WHS, 2);
    const { order } = await api<{ order: MtOrder }>(creator.page, 'POST', mtOrderContract.createMtOrder.path, {
      dest_whs_id: 'SGSIN1', remark: 'E2E move to Singapore', lines: [{ sku_id: sku, qty: 2 }],
    }, WHS);
    const orderNo = order.order_no;
    expect(order.doc_status).toBe(RTS_STATUS.values.PENDING);
    await creator.context.close();

    // Another user decides: approve, allocate, release — each a button on the order's page.
    const office = await openAt(browser, 'admin@demo.local', WHS, `/mtoutbound/order/approve/${orderNo}`);
    await approveAllocateRelease(office.page, 'mt-order-header');
    await office.page.screenshot({ path: 'test-results/mt-order-released.png', fullPage: true });
    const released = await api<MtOrderDetail>(office.page, 'GET', mtOrderContract.getMtOrderDetail.path, { order_no: orderNo }, WHS);
    expect(released.tasks).toHaveLength(1);
    const taskNo = released.tasks[0]!.task_no;
    const stops = released.allocations.map((a) => ({ location: a.location_id, qty: a.qty }));

    // The operator's PDA: the task and the basket claimed online, the picks made offline.
    await pickOfflineOnPda(browser, WHS, '/mtoutbound/picking', { taskNo, basket: BASKET, sku, stops, screenshot: 'test-results/mt-picking-offline.png' });

    // The server's view: picked once, the document outbounding; the task on the MT list only.
    const picked = await api<MtOrderDetail>(office.page, 'GET', mtOrderContract.getMtOrderDetail.path, { order_no: orderNo }, WHS);
    expect(picked.order).toMatchObject({ status: SALES_ORDER_STATUS.values.PICKED, doc_status: RTS_STATUS.values.OUTBOUNDING, picked_qty: 2 });
    const listed = (path: string) => api<{ list: { task_no: string }[] }>(office.page, 'GET', path, { task_no: taskNo, page_no: '1', page_size: '20' }, WHS)
      .then((r) => r.list.map((t) => t.task_no));
    expect(await listed('/apps/process/outbound/mtorder/search_mt_picking_task')).toEqual([taskNo]);
    expect(await listed('/apps/process/outbound/pickingtask/search_picking_task')).toEqual([]);
    await office.page.goto(`/v2/mtoutbound/order/detail?order_no=${orderNo}`);
    await expect.poll(() => office.page.getByTestId('mt-order-header').textContent()).toContain('Picked');
    await office.page.screenshot({ path: 'test-results/mt-order-picked.png', fullPage: true });
    await office.context.close();
  });
});
