import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { PDA_USER_AGENT, PDA_VIEWPORT, launchBrowser } from './browser';
import { api, openAt, wedgeScan } from './asn-helpers';

/** Arrival on a PDA (spec §2 /inbound/arriving; §7 the trarrival calls): scan the sheet, its boxes, complete. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PDA = { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT };

/** A new ASN of SGSIN1 with three boxes, booked for tomorrow morning (made by the admin through the API). */
async function newAsnWithBoxes(): Promise<{ asnNo: string; boxes: string[] }> {
  const { context, page } = await openAt(browser, 'admin@demo.local', 'SGSIN1', '/home');
  const options = await api<{ today: string }>(page, 'GET', '/apps/process/inbound/asn/get_asn_form_options', {}, 'SGSIN1');
  const tomorrow = new Date(Date.parse(`${options.today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const shifts = await api<{ list: { shift_id: number; shift_name: string }[] }>(page, 'GET', '/apps/conf/inboundshift/search_inbound_shift', {}, 'SGSIN1');
  const tag = Date.now().toString(36).toUpperCase();
  const boxes = [1, 2, 3].map((n) => `ARR-${tag}-${n}`);
  const created = await api<{ asn_no: string }>(page, 'POST', '/apps/process/inbound/asn/create_asn', {
    inbound_type: 1, purchase_type: 0, supplier_id: 'SUPSG0002', slot_date: tomorrow,
    shift_id: shifts.list.find((s) => s.shift_name === 'Morning')!.shift_id, expected_cartons: 3,
    lines: [{ sku_id: 'SGSKU00051', expected_qty: 30 }], tracking_ids: boxes.map((tracking_id) => ({ tracking_id })),
  }, 'SGSIN1');
  await context.close();
  return { asnNo: created.asn_no, boxes };
}

describe('Arriving & Pre-QC', () => {
  test('the operator scans the sheet and two of its three boxes, marks one damaged, completes: the third is recorded missing', async () => {
    const { asnNo, boxes } = await newAsnWithBoxes();
    const { context, page } = await openAt(browser, 'operator@demo.local', 'SGSIN1', '/inbound/arriving', PDA);
    const sheetField = page.getByTestId('arrival-sheet-scan');
    await sheetField.waitFor();
    // The scan settings (the 200 ms rule) and the worker are ready once the page is quiet.
    await page.waitForLoadState('networkidle');
    await sheetField.focus();
    await wedgeScan(page, asnNo);
    const sheet = page.getByTestId('arrival-sheet');
    await expect.poll(() => sheet.textContent()).toContain('Arriving');
    expect(await page.getByTestId('count-expected').textContent()).toContain('3');

    const boxField = page.getByTestId('arrival-box-scan');
    await boxField.waitFor();
    for (const box of boxes.slice(0, 2)) {
      await boxField.focus();
      await wedgeScan(page, box);
      await expect.poll(() => page.getByTestId('count-checked').textContent()).toContain(String(boxes.indexOf(box) + 1));
    }
    // A box scanned twice is a warning; the count stays.
    await boxField.focus();
    await wedgeScan(page, boxes[0]!);
    await expect.poll(() => page.getByText(`Box ${boxes[0]} was checked already.`).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('count-checked').textContent()).toContain('2');

    // Pre-QC: the first box came damaged.
    const lists = page.getByTestId('box-lists');
    await lists.getByText('Checked', { exact: true }).click();
    const damaged = page.getByRole('switch', { name: `Box ${boxes[0]} damaged` });
    // The switch follows the server: it turns on once the box is saved damaged.
    await damaged.click({ force: true });
    await expect.poll(() => page.getByTestId('boxes-checked').textContent()).toContain('Exception');

    await page.getByTestId('arrival-complete').click();
    await expect.poll(() => sheet.textContent()).toContain('Arrived');
    expect(await page.getByTestId('count-missing').textContent()).toContain('1');
    await lists.getByText('Missing', { exact: true }).click();
    await expect.poll(() => page.getByTestId('boxes-missing').textContent()).toContain(boxes[2]!);
    // Back to the first step for the next truck.
    expect(await page.getByTestId('arrival-sheet-scan').count()).toBe(1);
    await context.close();
  });

  test('the MT arriving menu entry reads Arriving & Pre-QC where boxes are scanned', async () => {
    const { context, page } = await openAt(browser, 'admin@demo.local', 'SGSIN1', '/moveinbound/move/arrving');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Arriving & Pre-QC');
    // The page is open, so its menu group is too.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.getByText('Arriving & Pre-QC', { exact: true }).count()).toBe(1);
    await context.close();
  });
});
