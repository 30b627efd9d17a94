import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { interceptPrint, launchBrowser, opStates, PDA_USER_AGENT, PDA_VIEWPORT, printed, scanInto } from './browser';
import { api, openAt } from './asn-helpers';
import { INVENTORY_TRANSACTION_TYPE, SALES_ORDER_STATUS } from '../../src/shared/codes';
import { checkingContract, type CheckingWork } from '../../src/shared/contract/checking.contract';
import { instantDeliveryContract } from '../../src/shared/contract/instant-delivery.contract';
import { pickingContract, type PickingWork } from '../../src/shared/contract/picking.contract';
import { salesOrderContract, type SalesOrderDetail } from '../../src/shared/contract/sales-order.contract';
import type { HandoverDetail } from '../../src/shared/contract/shipping.contract';
import { syncContract } from '../../src/shared/contract/sync.contract';
import { waveContract } from '../../src/shared/contract/wave.contract';
import { checkingOps } from '../../src/shared/ops/checking.ops';
import { packingOps } from '../../src/shared/ops/packing.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';

/**
 * Instant delivery (docs/outbound.md "Instant delivery") in the demo warehouse IDJKT1, where GrabExpress
 * is an instant carrier and Jakarta Selatan is zone JKT-S: a GrabExpress order is picked, checked and
 * packed through the API; an operator on a PDA places its parcel with scans only (the pigeonhole
 * lights, its label is scanned), the network is cut, a rider arrives and takes it offline; back online
 * the ops reach the server once: the order Outbound, its units shipped once.
 */
const WHS = 'IDJKT1';
const BASKET = 'BSK022';
const CARRIER = 'GrabExpress';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function push(page: Page, ops: { kind: string; payload: Record<string, unknown> }[]) {
  const answer = await api<{ results: { status: string; message: string }[] }>(page, 'POST', syncContract.pushOps.path, {
    device_id: randomUUID(), ops: ops.map((op, i) => ({ op_id: uuidv7(), seq: i + 1, kind: op.kind, created_at: Date.now(), payload: op.payload })),
  }, WHS);
  for (const r of answer.results) expect(r.status, r.message).toBe('applied');
}

/** A GrabExpress order to Jakarta Selatan picked into a basket, checked at CHK-01 and packed at PCK-01 by the API. */
async function packedInstantOrder(page: Page): Promise<{ orderNo: string; trackingNo: string }> {
  const { list: stock } = await api<{ list: { sku_id: string; available_qty: number }[] }>(
    page, 'GET', '/apps/process/inventory/inventorymap/search_available_inventory', { page_size: '100' }, WHS,
  );
  const sku = stock.find((row) => row.available_qty >= 2)!.sku_id;
  const { order } = await api<{ order: { order_no: string } }>(page, 'POST', salesOrderContract.createSalesOrder.path, {
    external_no: `E2E-IDT-${Date.now().toString(36)}`, lines: [{ sku_id: sku, qty: 1 }], carrier: CARRIER,
    receiver: { name: 'Dewi', phone: null, address: 'Jl. Wijaya I No. 5, Kebayoran Baru, Jakarta Selatan 12170' },
  }, WHS);
  const orderNo = order.order_no;
  const wave = await api<{ task_nos: string[] }>(page, 'POST', waveContract.createManualWave.path, { order_nos: [orderNo], picking_type: 1 }, WHS);
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
  return { orderNo, trackingNo: packing.order.tracking_no };
}

describe('instant delivery', () => {
  test('a parcel placed by scans, handed to a rider with the network cut: the order Outbound once back online', async () => {
    const office = await openAt(browser, 'supervisor@demo.local', WHS, '/home');
    const { orderNo, trackingNo } = await packedInstantOrder(office.page);

    const pda = await openAt(browser, 'operator@demo.local', WHS, '/salesoutbound/instantDelivery/pigeonhole', { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    const { page, context } = pda;
    await interceptPrint(context);
    await page.reload();

    // Placement by scans only: the parcel, then the label of the pigeonhole that lights.
    await scanInto(page, 'ph-parcel-scan', trackingNo);
    const target = page.getByTestId('ph-target');
    await target.waitFor();
    const hole = (await target.getAttribute('data-pigeonhole'))!;
    expect(hole).toMatch(/^PH-0[123]$/); // Jakarta Selatan: JKT-S
    await page.screenshot({ path: 'test-results/instant-delivery-lit.png', fullPage: true });
    await scanInto(page, 'ph-hole-scan', hole);
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done']);
    await page.reload();
    await page.getByTestId('ph-parcel-scan').waitFor();

    // The rider arrives; the network is gone.
    await context.setOffline(true);
    await page.getByTestId('ph-mode-rider').click();
    await page.getByTestId('ph-carrier').filter({ hasText: CARRIER }).click();
    await scanInto(page, 'ph-booking-scan', 'GRAB-E2E-0001');
    await page.getByTestId('ph-rider').fill('Andi');
    await page.getByTestId('ph-rider-start').click();
    const shippingNo = (await page.getByTestId('ship-handover-no').textContent())!;
    await expect.poll(() => page.getByTestId('ph-rider-parcel').filter({ hasText: trackingNo }).textContent()).toContain(hole);
    await page.screenshot({ path: 'test-results/instant-delivery-rider.png', fullPage: true });
    await scanInto(page, 'ship-parcel-scan', trackingNo);
    await expect.poll(() => page.getByTestId('ship-parcel').count()).toBe(1);
    await page.getByTestId('ship-close').click();
    await expect.poll(() => page.getByTestId('ship-closed').getAttribute('data-confirmed')).toBe('false');
    await expect.poll(async () => (await printed(page)).length).toBe(1);
    expect(await opStates(page)).toEqual(['done', 'pending', 'pending', 'pending']);

    await context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done', 'done', 'done']);
    await expect.poll(() => page.getByTestId('ship-closed').getAttribute('data-confirmed'), { timeout: 30_000 }).toBe('true');

    const detail = await api<SalesOrderDetail>(office.page, 'GET', salesOrderContract.getSalesOrderDetail.path, { order_no: orderNo }, WHS);
    expect(detail.order.status).toBe(SALES_ORDER_STATUS.values.OUTBOUND);
    const task = await api<HandoverDetail>(office.page, 'GET', instantDeliveryContract.getDeliveryTaskDetail.path, { assignment_id: shippingNo }, WHS);
    expect(task.handover).toMatchObject({ booking_no: 'GRAB-E2E-0001', driver_name: 'Andi', parcel_count: 1, dock_code: null });
    const { list: rows } = await api<{ list: { txn_type: number; qty: number }[] }>(
      office.page, 'GET', '/apps/process/inventory/inventorymap/search_inventory_transaction', { ref_no: shippingNo, page_size: '100' }, WHS,
    );
    expect(rows.every((r) => r.txn_type === INVENTORY_TRANSACTION_TYPE.values.SHIP_ORDER)).toBe(true);
    expect(rows.reduce((sum, r) => sum + Math.abs(r.qty), 0)).toBe(1);

    await office.page.goto(`/v2/salesoutbound/task/deliverTask/detail/${shippingNo}`);
    await expect.poll(() => office.page.getByTestId('handover-header').textContent()).toContain('GRAB-E2E-0001');
    await office.page.screenshot({ path: 'test-results/instant-delivery-detail.png', fullPage: true });
    await office.context.close();
    await context.close();
  });
});
