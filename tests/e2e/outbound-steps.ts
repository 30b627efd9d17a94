import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { api, openAt } from './asn-helpers';
import { PDA_USER_AGENT, PDA_VIEWPORT, opStates, scanInto } from './browser';
import { decodeBarcode } from '../support/decode-barcode';
import { CHECKING_PACKAGING_TYPES, type CheckingWork } from '../../src/shared/contract/checking.contract';
import { mtOrderContract, type MtOrder, type MtOrderDetail } from '../../src/shared/contract/mt-order.contract';
import { mtShippingContract } from '../../src/shared/contract/mt-shipping.contract';
import { pickingContract, type PickingWork } from '../../src/shared/contract/picking.contract';
import { syncContract } from '../../src/shared/contract/sync.contract';
import { checkingOps } from '../../src/shared/ops/checking.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';

/** What the outbound station browser tests share: the steps before a station done through the API, and what they read back. */

/** Pushes ops as one new device of the page's user (its session), in order; each must be applied. */
export async function pushAsDevice(page: Page, whsId: string, ops: readonly { kind: string; payload: Record<string, unknown> }[]): Promise<void> {
  const answer = await api<{ results: { status: string; message: string }[] }>(page, 'POST', syncContract.pushOps.path, {
    device_id: randomUUID(), ops: ops.map((op, i) => ({ op_id: uuidv7(), seq: i + 1, kind: op.kind, created_at: Date.now(), payload: op.payload })),
  }, whsId);
  for (const r of answer.results) expect(r.status, r.message).toBe('applied');
}

/** A picker's PDA, through the API as the page's user: the picking task claimed into `container` and picked whole. */
export async function pickInto(page: Page, whsId: string, taskNo: string, container: string): Promise<void> {
  const work = await api<PickingWork>(page, 'POST', pickingContract.claimPickingTask.path, { task_no: taskNo, container_code: container }, whsId);
  await pushAsDevice(page, whsId, work.lines.map((line) => ({
    kind: pickingOps.pick.kind,
    payload: { task_no: work.task.task_no, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty, ...(line.slot_no ? { slot_no: line.slot_no } : {}) },
  })));
}

/** The task number a station screen shows in the element of `testId` ("Task … <number>"). */
export async function shownTaskNo(page: Page, testId: string): Promise<string> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  return text.split(' ').at(-1)!;
}

/** The stock of a consumable (box, filler) of the warehouse. */
export async function consumableStock(page: Page, whsId: string, consumableId: string): Promise<number> {
  const { list } = await api<{ list: { consumable_id: string; stock_qty: number }[] }>(page, 'GET', '/apps/consumables/consumable/search_consumable_stock', { page_size: '100' }, whsId);
  return list.find((c) => c.consumable_id === consumableId)!.stock_qty;
}

/**
 * A printed label as the printer gets it, rendered in a page of `context` (a screenshot at
 * `screenshot`): answers what its first Code 128 barcode reads, and its QR code when it has one.
 */
export async function labelBarcodes(context: BrowserContext, labelHtml: string, screenshot: string): Promise<{ code128: string; qrcode: string | null }> {
  const label = await context.newPage();
  try {
    await label.setContent(labelHtml);
    await label.screenshot({ path: screenshot });
    const qr = label.locator('svg[data-barcode="qrcode"]').first();
    return {
      code128: (await decodeBarcode(label.locator('svg[data-barcode="code128"]').first(), ['code128'])).text,
      qrcode: (await qr.count()) > 0 ? (await decodeBarcode(qr, ['qrcode'])).text : null,
    };
  } finally {
    await label.close();
  }
}

/**
 * A checking station through the API (the start call of the order's type: the sales one or the MT
 * one): the container started at `station` and each of its orders checked whole, with the
 * packaging and the weight the station asks.
 */
export async function checkViaApi(page: Page, whsId: string, startPath: string, station: string, container: string): Promise<CheckingWork> {
  const work = await api<CheckingWork>(page, 'POST', startPath, { station_id: station, container_code: container }, whsId);
  const first = (kind: 'inner' | 'outer') => work.packaging.find((p) => CHECKING_PACKAGING_TYPES[kind].includes(p.consumable_type))?.consumable_id ?? null;
  await pushAsDevice(page, whsId, work.orders.map((o) => ({
    kind: checkingOps.check.kind,
    payload: {
      task_no: work.task.task_no, order_no: o.order_no, units: o.lines.map((l) => ({ sku_id: l.sku_id, qty: l.qty })),
      inner_packaging: work.task.need_scan_inner_packaging ? first('inner') : null, outer_packaging: work.task.need_scan_outer_packaging ? first('outer') : null,
      weight_g: work.task.remove_weight_input ? null : (o.expected_weight_g ?? 500),
    },
  })));
  return work;
}

/**
 * An MT order through the API as the office and the floor would make it before packing: created by
 * `creator`, approved, allocated and released by `approver` (never the creator), each picking task
 * (one per zone) claimed into its own container of `containers` and picked whole, then each
 * container checked at `station` — by `operator`. Answers the order number; the order is Checked,
 * its units on the order's location.
 */
export async function checkedMtOrder(
  users: { creator: Page; approver: Page; operator: Page }, whsId: string,
  order: { destWhsId: string; remark: string; lines: readonly { sku_id: string; qty: number }[]; containers: readonly string[]; station: string },
): Promise<string> {
  const { creator, approver, operator } = users;
  const created = await api<{ order: MtOrder }>(creator, 'POST', mtOrderContract.createMtOrder.path, { dest_whs_id: order.destWhsId, remark: order.remark, lines: order.lines }, whsId);
  const orderNo = created.order.order_no;
  await api(approver, 'POST', mtOrderContract.approveMtOrder.path, { order_no: orderNo }, whsId);
  await api(approver, 'POST', mtOrderContract.allocateMtOrders.path, { order_nos: [orderNo] }, whsId);
  await api(approver, 'POST', mtOrderContract.releaseMtOrders.path, { order_nos: [orderNo] }, whsId);
  const { tasks } = await api<MtOrderDetail>(approver, 'GET', mtOrderContract.getMtOrderDetail.path, { order_no: orderNo }, whsId);
  if (tasks.length > order.containers.length) throw new Error(`${orderNo} has ${tasks.length} picking tasks: give as many containers`);
  for (const [i, task] of tasks.entries()) {
    const work = await api<PickingWork>(operator, 'POST', mtOrderContract.claimMtPickingTask.path, { task_no: task.task_no, container_code: order.containers[i] }, whsId);
    await pushAsDevice(operator, whsId, work.lines.map((line) => ({
      kind: pickingOps.pick.kind,
      payload: { task_no: work.task.task_no, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty },
    })));
  }
  for (const container of order.containers.slice(0, tasks.length)) {
    await checkViaApi(operator, whsId, mtShippingContract.startMtCheckingTask.path, order.station, container);
  }
  return orderNo;
}

/** Approve, Allocate and Release to Picking, each a button on an MT or RTS order's page; the header (`headerTestId`) follows. */
export async function approveAllocateRelease(page: Page, headerTestId: string): Promise<void> {
  const header = page.getByTestId(headerTestId);
  await expect.poll(() => header.textContent()).toContain('Pending');
  for (const [button, status] of [['Approve', 'Approved'], ['Allocate', 'Allocated'], ['Release to Picking', 'Outbounding']] as const) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect.poll(() => header.textContent()).toContain(status);
  }
}

/**
 * The operator's PDA at a picking page (`path`: MT's or RTS's): the task and the basket claimed
 * online, each stop's location and units scanned with the network cut (every op waiting in the
 * outbox), then back online each pick lands once. Screenshot `screenshot` of the offline finish.
 */
export async function pickOfflineOnPda(browser: Browser, whsId: string, path: string, work: {
  taskNo: string; basket: string; sku: string; stops: readonly { location: string; qty: number }[]; screenshot: string;
}): Promise<void> {
  const pda = await openAt(browser, 'operator@demo.local', whsId, path, { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
  const { page } = pda;
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await scanInto(page, 'picking-task-scan', work.taskNo);
  await scanInto(page, 'picking-container-scan', work.basket);
  await expect.poll(() => page.getByTestId('picking-container').textContent()).toBe(work.basket);
  await pda.context.setOffline(true);
  for (const stop of work.stops) {
    await expect.poll(() => page.getByTestId('picking-location').textContent()).toBe(stop.location);
    await scanInto(page, 'picking-location-scan', stop.location);
    for (let i = 0; i < stop.qty; i++) await scanInto(page, 'picking-sku-scan', work.sku);
  }
  await page.getByTestId('picking-complete').waitFor();
  expect((await opStates(page)).every((s) => s === 'pending')).toBe(true);
  await page.screenshot({ path: work.screenshot });
  await pda.context.setOffline(false);
  await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(work.stops.map(() => 'done'));
  await pda.context.close();
}
