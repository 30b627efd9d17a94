import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { interceptPrint, launchBrowser, opStates, printed, scanInto } from './browser';
import { api, openAt } from './asn-helpers';
import { consumableStock, labelBarcodes } from './outbound-steps';
import { PARCEL_STATUS, SALES_ORDER_STATUS } from '../../src/shared/codes';
import { packingContract, type PackingWork } from '../../src/shared/contract/packing.contract';

/**
 * Packing (docs/outbound.md "Packing") over the demo warehouse IDJKT1: a checked order of the demo
 * is packed at station PCK-02 with a keyboard-wedge scanner and a scale that types its grams — the
 * medium carton scanned in place of the small one checking took (taken from consumable stock, the
 * small one back), the weight, the order's number to pack — with the network cut. The shipping label
 * prints at once (print() intercepted) and its barcode, rendered, reads back the tracking number;
 * back online the pack reaches the server once: the order Packed with its parcel.
 */
const WHS = 'IDJKT1';
const STATION = 'PCK-02';
const BOX = 'CB-M';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('packing', () => {
  test('a checked order packed at a station by scans only, offline: its label prints and scans back, the pack lands once', async () => {
    const office = await openAt(browser, 'supervisor@demo.local', WHS, '/salesoutbound/task/packing');
    const { list } = await api<{ list: { order_no: string }[] }>(office.page, 'GET', '/apps/process/outbound/salesorder/search_sales_order', { status: String(SALES_ORDER_STATUS.values.CHECKED) }, WHS);
    const orderNo = list[0]!.order_no;
    const boxesBefore = await consumableStock(office.page, WHS, BOX);

    const station = await openAt(browser, 'operator@demo.local', WHS, '/salesoutbound/packing', { viewport: { width: 1280, height: 860 } });
    await interceptPrint(station.context);
    const { page } = station;
    await page.reload();
    await scanInto(page, 'packing-station-scan', STATION);
    await scanInto(page, 'packing-order-scan', orderNo);
    await expect.poll(() => page.getByTestId('packing-order').textContent()).toContain(orderNo);
    const trackingNo = (await page.getByTestId('packing-tracking').textContent())!.trim();
    // Not a box, filler or unit of the order: refused on screen.
    await scanInto(page, 'packing-scan', 'NO-SUCH-THING');
    await expect.poll(() => page.getByTestId('packing-refused').count()).toBe(1);
    await scanInto(page, 'packing-scan', BOX);
    await expect.poll(() => page.getByTestId('packing-parcel-box').textContent()).toContain('Carton box M');

    await station.context.setOffline(true);
    const work = await api<PackingWork>(office.page, 'GET', packingContract.getPackingTaskDetail.path, { task_no: await taskNoOf(office.page, orderNo) }, WHS);
    const grams = work.lines.reduce((sum, l) => sum + l.qty * (l.unit_weight_g ?? 0), 0) + work.boxes.find((b) => b.consumable_id === BOX)!.tare_weight_g;
    await scanInto(page, 'packing-scan', String(grams));
    await expect.poll(() => page.getByTestId('packing-parcel-weight').inputValue()).toBe(String(grams));
    await page.screenshot({ path: 'test-results/packing-station.png', fullPage: true });
    await scanInto(page, 'packing-scan', orderNo);
    await expect.poll(() => page.getByTestId('packing-done').count()).toBe(1);
    expect(await opStates(page)).toContain('pending');
    await expect.poll(async () => (await printed(page)).length).toBe(2);
    await page.screenshot({ path: 'test-results/packing-packed.png', fullPage: true });

    // The label as the printer gets it: its barcode reads back the parcel's tracking number.
    const [labelHtml] = await printed(page);
    expect(labelHtml).toContain(`data-barcode-text="${trackingNo}"`);
    expect((await labelBarcodes(station.context, labelHtml!, 'test-results/packing-label.png')).code128).toBe(trackingNo);

    await station.context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done']);
    const parcels = await api<{ parcels: { tracking_no: string; status: number; box_id: string }[] }>(office.page, 'GET', packingContract.getOrderParcels.path, { order_no: orderNo }, WHS);
    expect(parcels.parcels).toEqual([expect.objectContaining({ tracking_no: trackingNo, status: PARCEL_STATUS.values.PACKED, box_id: BOX })]);
    expect(await consumableStock(office.page, WHS, BOX)).toBe(boxesBefore - 1);
    await office.page.goto(`/v2/salesoutbound/order/detail/${orderNo}`);
    await expect.poll(() => office.page.getByTestId('order-parcels').textContent()).toContain(trackingNo);
    await office.page.screenshot({ path: 'test-results/packing-order-detail.png', fullPage: true });
    await office.context.close();
    await station.context.close();
  });
});

async function taskNoOf(page: Page, orderNo: string): Promise<string> {
  const { list } = await api<{ list: { task_no: string }[] }>(page, 'GET', '/apps/process/outbound/packing/search_packing_task', { order_no: orderNo }, WHS);
  return list[0]!.task_no;
}
