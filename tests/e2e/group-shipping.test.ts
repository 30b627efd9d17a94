import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { interceptPrint, launchBrowser, opStates, PDA_USER_AGENT, PDA_VIEWPORT, printed, scanInto } from './browser';
import { api, openAt } from './asn-helpers';
import { INVENTORY_TRANSACTION_TYPE, SALES_ORDER_STATUS } from '../../src/shared/codes';
import { checkingContract, type CheckingWork } from '../../src/shared/contract/checking.contract';
import { pickingContract, type PickingWork } from '../../src/shared/contract/picking.contract';
import { salesOrderContract, type SalesOrderDetail } from '../../src/shared/contract/sales-order.contract';
import { shippingContract, type HandoverDetail } from '../../src/shared/contract/shipping.contract';
import { syncContract } from '../../src/shared/contract/sync.contract';
import { waveContract } from '../../src/shared/contract/wave.contract';
import { checkingOps } from '../../src/shared/ops/checking.ops';
import { packingOps } from '../../src/shared/ops/packing.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';

/**
 * Group shipping at the dock (docs/outbound.md "Shipping") in the demo warehouse IDJKT1, where Ninja
 * Van ships by group with one master AWB (shipping.seed.ts): two orders of its own are picked,
 * checked and packed through the API (as the stations before the dock would), then an operator on a
 * PDA opens a bag for Ninja Van, the network is cut, the two parcels are scanned (a repeat is
 * refused at once) and the bag handed over, its manifest printed. Back online the ops reach the
 * server once: both orders Outbound, their units credited by ship order rows, nothing doubled.
 */
const WHS = 'IDJKT1';
const BASKET = 'BSK027';
const CARRIER = 'Ninja Van';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Pushes ops as one device of the page's user. */
async function push(page: Page, ops: { kind: string; payload: Record<string, unknown> }[]) {
  const answer = await api<{ results: { status: string; message: string }[] }>(page, 'POST', syncContract.pushOps.path, {
    device_id: randomUUID(), ops: ops.map((op, i) => ({ op_id: uuidv7(), seq: i + 1, kind: op.kind, created_at: Date.now(), payload: op.payload })),
  }, WHS);
  for (const r of answer.results) expect(r.status, r.message).toBe('applied');
}

/** Two orders of `carrier` picked into a basket, checked at CHK-01 and packed at PCK-01 by the API; answers their numbers and tracking numbers. */
async function packedOrders(page: Page): Promise<{ orderNo: string; trackingNo: string }[]> {
  const { list: stock } = await api<{ list: { sku_id: string; available_qty: number }[] }>(
    page, 'GET', '/apps/process/inventory/inventorymap/search_available_inventory', { page_size: '100' }, WHS,
  );
  const sku = stock.find((row) => row.available_qty >= 4)!.sku_id;
  const orderNos: string[] = [];
  for (let i = 0; i < 2; i++) {
    const { order } = await api<{ order: { order_no: string } }>(page, 'POST', salesOrderContract.createSalesOrder.path, {
      external_no: `E2E-GSH-${Date.now().toString(36)}-${i}`, lines: [{ sku_id: sku, qty: 2 }], carrier: CARRIER,
      receiver: { name: 'Dewi', phone: null, address: 'Jl. Dermaga 1, Jakarta' },
    }, WHS);
    orderNos.push(order.order_no);
  }
  const wave = await api<{ task_nos: string[] }>(page, 'POST', waveContract.createManualWave.path, { order_nos: orderNos, picking_type: 2 }, WHS);
  const work = await api<PickingWork>(page, 'POST', pickingContract.claimPickingTask.path, { task_no: wave.task_nos[0], container_code: BASKET }, WHS);
  await push(page, work.lines.map((line) => ({
    kind: pickingOps.pick.kind, payload: { task_no: work.task.task_no, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty, ...(line.slot_no ? { slot_no: line.slot_no } : {}) },
  })));
  const checking = await api<CheckingWork>(page, 'POST', checkingContract.startCheckingTask.path, { station_id: 'CHK-01', container_code: BASKET }, WHS);
  const first = (types: readonly number[]) => checking.packaging.find((p) => types.includes(p.consumable_type))?.consumable_id ?? null;
  await push(page, checking.orders.map((o) => ({
    kind: checkingOps.check.kind,
    payload: {
      task_no: checking.task.task_no, order_no: o.order_no, units: o.lines.map((l) => ({ sku_id: l.sku_id, qty: l.qty })),
      inner_packaging: checking.task.need_scan_inner_packaging ? first([2, 5]) : null, outer_packaging: checking.task.need_scan_outer_packaging ? first([1]) : null,
      weight_g: checking.task.remove_weight_input ? null : o.expected_weight_g,
    },
  })));
  const packed: { orderNo: string; trackingNo: string }[] = [];
  for (const orderNo of orderNos) {
    const packing = await api(page, 'POST', '/apps/process/outbound/packing/start_packing', { station_id: 'PCK-01', order: orderNo }, WHS);
    const box = packing.boxes.find((b: { consumable_id: string }) => b.consumable_id === packing.checked_box_id) ?? null;
    const unitsG = packing.lines.reduce((sum: number, l: { qty: number; unit_weight_g: number | null }) => sum + l.qty * (l.unit_weight_g ?? 0), 0);
    await push(page, [{
      kind: packingOps.pack.kind,
      payload: {
        task_no: packing.task.task_no, labelled_at: Math.floor(Date.now() / 1000),
        parcels: [{ box_id: box?.consumable_id ?? null, weight_g: Math.max(1, unitsG + (box?.tare_weight_g ?? 0)), items: packing.lines.map((l: { sku_id: string; qty: number }) => ({ sku_id: l.sku_id, qty: l.qty })) }],
      },
    }]);
    packed.push({ orderNo, trackingNo: packing.order.tracking_no });
  }
  return packed;
}

describe('group shipping', () => {
  test('a bag handed over at the dock with the network cut: orders Outbound once back online, ledger ship rows, nothing doubled', async () => {
    const office = await openAt(browser, 'supervisor@demo.local', WHS, '/home');
    const parcels = await packedOrders(office.page);

    const dock = await openAt(browser, 'operator@demo.local', WHS, '/salesoutbound/groupshipping', { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    const { page, context } = dock;
    await interceptPrint(context);
    await page.reload();
    await page.getByTestId('ship-carrier').filter({ hasText: CARRIER }).click();
    await page.getByText('Bag', { exact: true }).click();
    const bag = `BAG-E2E-${Date.now().toString(36).toUpperCase()}`;
    await scanInto(page, 'ship-group-scan', bag);
    const shippingNo = (await page.getByTestId('ship-handover-no').textContent())!;
    await expect.poll(() => opStates(page)).toEqual(['done']);

    // The dock's Wi-Fi drops: the scans and the handover wait on the device.
    await context.setOffline(true);
    await scanInto(page, 'ship-parcel-scan', parcels[0]!.trackingNo);
    await expect.poll(() => page.getByTestId('ship-parcel').count()).toBe(1);
    await scanInto(page, 'ship-parcel-scan', parcels[0]!.trackingNo);
    await expect.poll(() => page.getByTestId('ship-refused').textContent()).toContain('loaded on this handover already');
    await scanInto(page, 'ship-parcel-scan', parcels[1]!.trackingNo);
    await expect.poll(() => page.getByTestId('ship-count').textContent()).toContain('2 of 30 parcels');
    await page.screenshot({ path: 'test-results/group-shipping-offline.png', fullPage: true });
    await page.getByTestId('ship-close').click();
    await expect.poll(() => page.getByTestId('ship-closed').getAttribute('data-confirmed')).toBe('false');
    await expect.poll(async () => (await printed(page)).length).toBe(2);
    const [manifest, label] = await printed(page);
    expect(manifest).toContain('Shipping Manifest');
    expect(manifest).toContain(parcels[1]!.trackingNo);
    expect(label).toContain(`M${shippingNo}`);
    expect(await opStates(page)).toEqual(['done', 'pending', 'pending', 'pending']);

    await context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done', 'done', 'done']);
    await expect.poll(() => page.getByTestId('ship-closed').getAttribute('data-confirmed'), { timeout: 30_000 }).toBe('true');
    await page.screenshot({ path: 'test-results/group-shipping-handed-over.png', fullPage: true });

    for (const { orderNo } of parcels) {
      const detail = await api<SalesOrderDetail>(office.page, 'GET', salesOrderContract.getSalesOrderDetail.path, { order_no: orderNo }, WHS);
      expect(detail.order.status).toBe(SALES_ORDER_STATUS.values.OUTBOUND);
    }
    const handover = await api<HandoverDetail>(office.page, 'GET', shippingContract.getHandoverDetail.path, { shipping_no: shippingNo }, WHS);
    expect(handover.handover).toMatchObject({ group_code: bag, parcel_count: 2, qty: 4, master_awb: `M${shippingNo}` });
    const { list: rows } = await api<{ list: { txn_type: number; qty: number; location_id: string }[] }>(
      office.page, 'GET', '/apps/process/inventory/inventorymap/search_inventory_transaction', { ref_no: shippingNo, page_size: '100' }, WHS,
    );
    expect(rows.every((r) => r.txn_type === INVENTORY_TRANSACTION_TYPE.values.SHIP_ORDER)).toBe(true);
    expect(rows.reduce((sum, r) => sum + Math.abs(r.qty), 0)).toBe(4);
    expect(new Set(rows.map((r) => r.location_id))).toEqual(new Set(parcels.map((p) => p.orderNo)));

    await office.page.goto(`/v2/salesoutbound/groupshipping/detail/${shippingNo}`);
    await expect.poll(() => office.page.getByTestId('handover-header').textContent()).toContain('Shipped');
    await office.page.screenshot({ path: 'test-results/group-shipping-detail.png', fullPage: true });
    await office.context.close();
    await context.close();
  });
});
