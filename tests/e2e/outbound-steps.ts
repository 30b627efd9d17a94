import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { api } from './asn-helpers';
import { decodeBarcode } from '../support/decode-barcode';
import { pickingContract, type PickingWork } from '../../src/shared/contract/picking.contract';
import { syncContract } from '../../src/shared/contract/sync.contract';
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
