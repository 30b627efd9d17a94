import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser, opStates, scanInto } from './browser';
import { api, openAt } from './asn-helpers';
import { checkedMtOrder } from './outbound-steps';
import { INBOUND_STATUS, INVENTORY_TRANSACTION_TYPE, RTS_STATUS, TRANSIT_DIRECTION } from '../../src/shared/codes';
import { mtOrderContract, type MtOrderDetail } from '../../src/shared/contract/mt-order.contract';
import { mtShippingContract } from '../../src/shared/contract/mt-shipping.contract';

/**
 * The move transfer journey of issue 20 (docs/transfer.md): IDJKT1 ships an MT order of two SKUs —
 * packed on a PDA into two boxes on two pallets, shipped by pallet with the network cut at the dock
 * (the ops wait in the outbox and land once back online) — the units are in transit on both
 * warehouses' in-transit maps and in neither's available stock; SGSIN1 arrives the MTBs on a PDA with
 * the network cut at its dock, counts one unit short and receives it on the PDA; the shortage shows on
 * both sides and the ledgers agree
 * (source 21 = destination 20 + short). The steps before packing (order, approval, allocation,
 * release, picking, checking) are proved in the browser elsewhere and done here through the API.
 */
const SRC = 'IDJKT1';
const DEST = 'SGSIN1';
/** A basket per picking task (the SKUs may lie in two zones). */
const BASKETS = ['BSK023', 'BSK019'];
const STATION = 'CHK-01';
const MAP = '/apps/process/inventory/inventorymap';
const TRANSIT = '/apps/process/transfer/transit';
const ARRIVAL = '/apps/process/inbound/transferinbound/trarrival';
const COUNTING = '/apps/process/inbound/counting';
const TX = INVENTORY_TRANSACTION_TYPE.values;
/** Demo products a QC rule of the destination picks (high-value electronics, beauty): this journey receives without QC. */
const QC_PICKED = /Earbuds|USB-C|Smartphone|Shampoo|Sunscreen/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const available = async (page: Page, whsId: string, skuId: string) => (await api<{ list: { available_qty: number }[] }>(
  page, 'GET', `${MAP}/search_available_inventory`, { sku_id: skuId, page_size: '100' }, whsId,
)).list.reduce((n, r) => n + r.available_qty, 0);

const ledger = async (page: Page, whsId: string, refNo: string) => (await api<{ list: { txn_type: number; sku_id: string; qty: number }[] }>(
  page, 'GET', `${MAP}/search_inventory_transaction`, { ref_no: refNo, page_size: '100' }, whsId,
)).list;

const sumOf = (rows: readonly { txn_type: number; sku_id: string; qty: number }[], type: number, skuId: string) =>
  rows.filter((r) => r.txn_type === type && r.sku_id === skuId).reduce((n, r) => n + Math.abs(r.qty), 0);

/**
 * `count` SKUs of the warehouse with at least `qty` units available each, all of whose stock lies in
 * one zone (so an order of them is one picking task), none of them a product a destination QC rule picks.
 */
async function skusOfOneZone(page: Page, whsId: string, count: number, qty: number): Promise<string[]> {
  const { list: stock } = await api<{ list: { sku_id: string; sku_name: string; available_qty: number }[] }>(
    page, 'GET', `${MAP}/search_available_inventory`, { page_size: '100' }, whsId,
  );
  const zonesOf = new Map<string, Set<string>>();
  for (let pageNo = 1; pageNo <= 10; pageNo++) {
    const { list } = await api<{ list: { sku_id: string; zone_id: string | null }[] }>(
      page, 'GET', `${MAP}/search_historical_inventory`, { page_no: String(pageNo), page_size: '100' }, whsId,
    );
    for (const row of list) zonesOf.set(row.sku_id, (zonesOf.get(row.sku_id) ?? new Set()).add(row.zone_id ?? ''));
    if (list.length < 100) break;
  }
  const byZone = new Map<string, string[]>();
  for (const row of stock) {
    const zones = [...(zonesOf.get(row.sku_id) ?? [])];
    if (row.available_qty < qty || QC_PICKED.test(row.sku_name) || zones.length !== 1 || !zones[0]) continue;
    byZone.set(zones[0], [...(byZone.get(zones[0]) ?? []), row.sku_id]);
  }
  const found = [...byZone.values()].find((skus) => skus.length >= count);
  if (!found) throw new Error(`${whsId} has no zone holding all the stock of ${count} SKUs with ${qty} units available`);
  return found.slice(-count);
}

/** The cells of the table row holding `text`, as shown. */
const rowCells = (page: Page, testId: string, text: string) => page.getByTestId(testId).locator('tbody tr').filter({ hasText: text }).locator('td').allInnerTexts();

describe('a move transfer between two warehouses', () => {
  test('two pallets shipped offline at the dock → in transit on both maps → received one short → discrepancy on both sides, ledgers agree', async () => {
    const creator = await openAt(browser, 'supervisor@demo.local', SRC, '/home');
    const office = await openAt(browser, 'admin@demo.local', SRC, '/home');
    const pda = await openAt(browser, 'operator@demo.local', SRC, '/mtoutbound/packing/edit', { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    const { page } = pda;

    // Two SKUs of the source with stock to spare in one zone (one picking task, no merge lane), neither one a QC rule of the destination picks.
    const [skuA, skuB] = await skusOfOneZone(office.page, SRC, 2, 6) as [string, string];
    const QTY = { [skuA]: 3, [skuB]: 2 } as Record<string, number>;
    const before = { a: await available(office.page, SRC, skuA), b: await available(office.page, SRC, skuB) };
    const orderNo = await checkedMtOrder({ creator: creator.page, approver: office.page, operator: page }, SRC, {
      destWhsId: DEST, remark: 'E2E two pallets to Singapore', containers: BASKETS, station: STATION,
      lines: [{ sku_id: skuA, qty: QTY[skuA]! }, { sku_id: skuB, qty: QTY[skuB]! }],
    });
    await creator.context.close();

    // Packing on the PDA, the service worker in control: a box per SKU, a pallet per box.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const tag = Date.now().toString(36).toUpperCase();
    const boxes = [`MTB-${tag}-1`, `MTB-${tag}-2`];
    const pallets = [`PLT-${tag}-1`, `PLT-${tag}-2`];
    await scanInto(page, 'mtpack-order-scan', orderNo);
    await expect.poll(() => page.getByTestId('mtpack-order').textContent()).toBe(orderNo);
    let boxed = 0;
    for (const [i, sku] of [skuA, skuB].entries()) {
      await scanInto(page, 'mtpack-box-scan', boxes[i]!);
      await page.getByTestId('mtpack-open-box').waitFor();
      for (let n = 0; n < QTY[sku]!; n++) {
        await scanInto(page, 'mtpack-sku-scan', sku);
        boxed += 1;
        await expect.poll(() => page.getByTestId('mtpack-count').textContent()).toBe(`${boxed} of 5 units boxed`);
      }
      await page.getByTestId('mtpack-close-box').click();
      await page.getByTestId('mtpack-open-box').waitFor({ state: 'detached' });
    }
    await page.getByTestId('mtpack-packed').waitFor();
    for (const [i, pallet] of pallets.entries()) {
      await scanInto(page, 'mtpack-pallet-scan', pallet);
      await scanInto(page, 'mtpack-pallet-box-scan', boxes[i]!);
      await expect.poll(() => page.getByTestId('mtpack-pallet').textContent()).toContain(`Pallet ${pallet}: 1 boxes`);
      await page.getByTestId('mtpack-close-pallet').click();
      await expect.poll(() => page.getByTestId('mtpack-pallet').textContent()).toContain(`Pallet ${pallet} is closed.`);
      await page.getByRole('button', { name: 'Other pallet' }).click();
    }
    const packingOps = 2 * 2 + 5 + 2 * 2;
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(Array(packingOps).fill('done'));
    // The screen reads the task again once every scan is answered: both boxes on their pallets.
    for (const [i, box] of boxes.entries()) await expect.poll(() => page.getByRole('row').filter({ hasText: box }).textContent()).toContain(pallets[i]!);
    await expect.poll(() => page.getByTestId('mtpack-packed').textContent()).toContain('Every box is on a closed pallet (2)');
    await page.screenshot({ path: 'test-results/mt-transfer-packed.png', fullPage: true });

    // At the dock the network is gone: the shipment opened, both pallets loaded, closed — all queued.
    await page.goto('/v2/mtoutbound/shipping');
    await page.getByTestId('mtship-dest-scan').waitFor();
    await page.waitForLoadState('networkidle');
    await pda.context.setOffline(true);
    await scanInto(page, 'mtship-dest-scan', DEST);
    await page.getByTestId('mtship-id').waitFor();
    const shippingId = (await page.getByTestId('mtship-id').textContent())!;
    for (const [i, pallet] of pallets.entries()) {
      await scanInto(page, 'mtship-scan', pallet);
      await expect.poll(() => page.getByTestId('mtship-count').textContent()).toBe(`${i + 1} pallets`);
    }
    await page.getByTestId('mtship-close').click();
    await page.getByTestId('mtship-closing').waitFor();
    expect(await opStates(page)).toEqual([...Array(packingOps).fill('done'), 'pending', 'pending', 'pending', 'pending']);
    await page.screenshot({ path: 'test-results/mt-transfer-shipping-offline.png', fullPage: true });
    await pda.context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(Array(packingOps + 4).fill('done'));
    await page.getByTestId('mtship-dispatched').waitFor();
    await page.screenshot({ path: 'test-results/mt-transfer-dispatched.png', fullPage: true });
    await pda.context.close();

    // Landed once: one dispatch, one transit shipment of the order.
    const shipment = await api<{ dispatches: { order_no: string; transit_shipment_no: string; dest_asn_no: string; qty: number }[] }>(
      office.page, 'GET', mtShippingContract.getMtShipmentDetail.path, { shipping_id: shippingId }, SRC,
    );
    expect(shipment.dispatches).toEqual([expect.objectContaining({ order_no: orderNo, qty: 5 })]);
    const { transit_shipment_no: shipmentNo, dest_asn_no: asnNo } = shipment.dispatches[0]!;
    const transits = await api<{ list: { shipment_no: string }[] }>(office.page, 'GET', `${TRANSIT}/search_transit_shipment`, { order_no: orderNo, page_size: '20' }, SRC);
    expect(transits.list.map((r) => r.shipment_no)).toEqual([shipmentNo]);

    // In transit on both maps; available in neither warehouse.
    await office.page.goto(`/v2/inventorymap/instransitInventoryMap?asn_no=${asnNo}`);
    for (const sku of [skuA, skuB]) await office.page.getByRole('row').filter({ hasText: sku }).first().waitFor();
    await office.page.screenshot({ path: 'test-results/mt-transfer-in-transit-source.png', fullPage: true });
    const dest = await openAt(browser, 'admin@demo.local', DEST, `/inventorymap/instransitInventoryMap?asn_no=${asnNo}`);
    for (const sku of [skuA, skuB]) await dest.page.getByRole('row').filter({ hasText: sku }).first().waitFor();
    await dest.page.screenshot({ path: 'test-results/mt-transfer-in-transit-destination.png', fullPage: true });
    const inTransit = async (p: Page, whsId: string) => (await api<{ list: { direction: number; sku_id: string; in_transit_qty: number; counterpart_whs_id: string | null }[] }>(
      p, 'GET', `${MAP}/search_in_transit_inventory`, { asn_no: asnNo, page_size: '50' }, whsId,
    )).list.map((r) => [r.direction, r.sku_id, r.in_transit_qty, r.counterpart_whs_id]).sort();
    const { OUTGOING, INCOMING } = TRANSIT_DIRECTION.values;
    expect(await inTransit(office.page, SRC)).toEqual([[OUTGOING, skuA, 3, DEST], [OUTGOING, skuB, 2, DEST]].sort());
    expect(await inTransit(dest.page, DEST)).toEqual([[INCOMING, skuA, 3, SRC], [INCOMING, skuB, 2, SRC]].sort());
    expect(await available(office.page, SRC, skuA)).toBe(before.a - 3);
    expect(await available(office.page, SRC, skuB)).toBe(before.b - 2);
    expect(await available(dest.page, DEST, skuA)).toBe(0);
    expect(await available(dest.page, DEST, skuB)).toBe(0);

    // The destination's dock: the sheet opened online, then the network gone — the pallets (MTBs)
    // scanned and the arrival completed offline, landing once back online.
    const receiver = await openAt(browser, 'operator@demo.local', DEST, '/moveinbound/move/arrving', { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    const dock = receiver.page;
    await dock.waitForLoadState('networkidle');
    await scanInto(dock, 'arrival-sheet-scan', asnNo);
    await dock.getByTestId('arrival-box-scan').waitFor();
    await expect.poll(() => opStates(dock)).toEqual(['done']);
    await receiver.context.setOffline(true);
    for (const [n, pallet] of pallets.entries()) {
      await scanInto(dock, 'arrival-box-scan', pallet);
      await expect.poll(() => dock.getByTestId('count-checked').textContent()).toContain(String(n + 1));
    }
    await dock.getByTestId('arrival-complete').click();
    await expect.poll(() => dock.getByTestId('arrival-sheet').textContent()).toContain('Arrived');
    expect(await opStates(dock)).toEqual(['done', 'pending', 'pending', 'pending']);
    await dock.screenshot({ path: 'test-results/mt-transfer-arrival-offline.png', fullPage: true });
    await receiver.context.setOffline(false);
    await expect.poll(() => opStates(dock), { timeout: 60_000 }).toEqual(['done', 'done', 'done', 'done']);
    const arrival = (await api<{ sheet: { group_no: string; missing_count: number; asn_list: { status: number }[] } }>(
      dock, 'GET', `${ARRIVAL}/get_arrival_sheet`, { sheet_id: asnNo }, DEST,
    )).sheet;
    expect([arrival.missing_count, arrival.asn_list.map((a) => a.status)]).toEqual([0, [INBOUND_STATUS.values.ARRIVED]]);

    // Counted one unit of SKU B short, received on the PDA.
    for (const [sku, qty] of [[skuA, 3], [skuB, 1]] as const) {
      await api(dock, 'POST', `${COUNTING}/save_counting_record`, { group_no: arrival.group_no, sku_id: sku, qty, confirm_surplus: true }, DEST);
    }
    const counted = await api<{ asns: { asn_no: string; qc_required: boolean }[] }>(dock, 'POST', `${COUNTING}/create_group_complete_record`, { group_no: arrival.group_no }, DEST);
    expect(counted.asns).toEqual([expect.objectContaining({ asn_no: asnNo, qc_required: false })]);
    await dock.goto(`/v2/moveinbound/mtreceiving?asn=${asnNo}`);
    await dock.getByTestId('receiving-complete').click();
    await dock.getByTestId('receiving-done').waitFor({ timeout: 15_000 });
    await dock.screenshot({ path: 'test-results/mt-transfer-received.png', fullPage: true });
    await receiver.context.close();

    // The shortage on both sides: the destination's MT Order detail, the source's Transfer Task detail.
    await dest.page.goto(`/v2/moveinbound/mtorder/detail/${shipmentNo}`);
    await expect.poll(() => rowCells(dest.page, 'shipment-lines', skuB)).toEqual([skuB, expect.any(String), expect.any(String), 'Good', '2', '1', '0', '1', '0', '0']);
    expect(await rowCells(dest.page, 'shipment-lines', skuA)).toEqual([skuA, expect.any(String), expect.any(String), 'Good', '3', '3', '0', '0', '0', '0']);
    await dest.page.screenshot({ path: 'test-results/mt-transfer-discrepancy-destination.png', fullPage: true });
    await office.page.goto(`/v2/transfer/transferTask/detail/${orderNo}`);
    await expect.poll(() => rowCells(office.page, 'transfer-task-lines', skuB)).toEqual([skuB, expect.any(String), '2', '2', '2', '1', '1', '0', '0']);
    expect(await rowCells(office.page, 'transfer-task-lines', skuA)).toEqual([skuA, expect.any(String), '3', '3', '3', '3', '0', '0', '0']);
    await office.page.screenshot({ path: 'test-results/mt-transfer-discrepancy-source.png', fullPage: true });

    // The ledgers agree: 21 for 5 units at the source, 20 for 4 at the destination, 1 short recorded, nothing in transit.
    const out = await ledger(office.page, SRC, shipmentNo);
    const into = await ledger(dest.page, DEST, asnNo);
    expect([sumOf(out, TX.MOVE_OUTBOUND, skuA), sumOf(out, TX.MOVE_OUTBOUND, skuB)]).toEqual([3, 2]);
    expect([sumOf(into, TX.MOVE_INBOUND, skuA), sumOf(into, TX.MOVE_INBOUND, skuB)]).toEqual([3, 1]);
    expect(into.filter((r) => r.txn_type === TX.RECEIVED)).toEqual([]);
    const settled = await api<{ lines: { sku_id: string; dispatched_qty: number; received_qty: number; short_qty: number; over_qty: number; in_transit_qty: number }[] }>(
      office.page, 'GET', `${TRANSIT}/get_transit_shipment`, { shipment_no: shipmentNo }, SRC,
    );
    expect(settled.lines.map((l) => [l.sku_id, l.dispatched_qty, l.received_qty, l.short_qty, l.over_qty, l.in_transit_qty]))
      .toEqual([[skuA, 3, 3, 0, 0, 0], [skuB, 2, 1, 1, 0, 0]]);
    for (const sku of [skuA, skuB]) {
      const line = settled.lines.find((l) => l.sku_id === sku)!;
      expect(sumOf(out, TX.MOVE_OUTBOUND, sku)).toBe(sumOf(into, TX.MOVE_INBOUND, sku) + line.short_qty + line.in_transit_qty - line.over_qty);
    }
    expect(await inTransit(office.page, SRC)).toEqual([]);
    expect(await inTransit(dest.page, DEST)).toEqual([]);
    // The source's MT document followed its shipment: received at the destination, it is Inbounding.
    const mt = await api<MtOrderDetail>(office.page, 'GET', mtOrderContract.getMtOrderDetail.path, { order_no: orderNo }, SRC);
    expect(mt.order.doc_status).toBe(RTS_STATUS.values.INBOUNDING);
    await dest.context.close();
    await office.context.close();

  });
});
