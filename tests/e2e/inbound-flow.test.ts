import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDA_USER_AGENT, PDA_VIEWPORT, chooseOption, launchBrowser, loseNextPushAnswer, opStates, scanInto as scan, signIn } from './browser';
import { api } from './asn-helpers';
import { startOwnServer, type OwnServer } from './own-server';
import { CREATE_BPO_USER, CREATE_ROLE, receivingSetup } from '../support/new-warehouse';
import { asnOrders, inventoryTransactions, locationInventory, skuBatches, syncOps } from '../../src/server/db/schema';
import { NEW_WAREHOUSE_LAYOUT } from '../../src/server/modules/basic/warehouse.hooks';
import { INBOUND_STATUS, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE } from '../../src/shared/codes';
import { INBOUND_STAGING_TYPE } from '../../src/shared/resources/location-codes';

/**
 * The inbound journey in Chromium: a brand-new warehouse, created and set up by an administrator
 * through the app (docs/new-warehouse.md), receives goods from ASN to shelf — arrival, counting with
 * the network cut half way (and a reload offline), QC, receiving, standard putaway partly offline
 * with an answer lost on the way back — and then the on-hand map and the ledger agree to the unit,
 * with nothing applied twice. The operator is a new BPO account of that warehouse on a PDA; the
 * administrator works on a PC. The server is this file's own, so its data can be read once it has stopped.
 */

const WHS = 'IDBDG1';
const setup = receivingSetup(WHS);
const PHONE = setup.skus.phone.sku_id;
const SHIRT = setup.skus.shirt.sku_id;
const QTY: Readonly<Record<string, number>> = { [PHONE]: 10, [SHIRT]: 6 };
/** Receiving's staging location: the new warehouse's own Putaway one. */
const STAGING = NEW_WAREHOUSE_LAYOUT.inboundStaging.find((s) => s.stagingType === INBOUND_STAGING_TYPE.values.PUTAWAY)!.locationCode;
const PC = { width: 1366, height: 800 };
const OPERATOR = { email: `op.${WHS.toLowerCase()}@agency.example`, password: 'Receive2026' };

let browser: Browser;
let server: OwnServer;

beforeAll(async () => {
  server = await startOwnServer('inbound-flow');
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), `tally-flow-${name}.png`), fullPage: true });

/** Signs in on a PC or a PDA and opens `to`; the administrator (whose session starts elsewhere) is moved to the new warehouse first. */
async function signedIn(email: string, to: string, device: 'pc' | 'pda', password?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseURL, locale: 'en-US', ...(device === 'pda' ? { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT } : { viewport: PC }),
  });
  const page = await context.newPage();
  await page.goto(`/v2/login?redirect_url=${encodeURIComponent(`/v2${to}`)}`);
  await signIn(page, email, password);
  await page.waitForURL(`**/v2${to.split('?')[0]}**`);
  const info = await api<{ whs_id: string; whs_id_country: { whs_id: string }[] }>(page, 'GET', '/apps/system/user/get_login_info');
  if (info.whs_id !== WHS && info.whs_id_country.some((w) => w.whs_id === WHS)) {
    await api(page, 'POST', '/apps/system/user/switch_user_setting', { type: 'whs', value: WHS }, info.whs_id);
    await page.reload();
  }
  return { context, page };
}

/** Waits until the service worker controls the page: it answers the shell and cached reads offline. */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

describe('a new warehouse receives goods from ASN to shelf, with the network dropping mid-way', () => {
  let asnNo = '';
  let temporaryPassword = '';
  /** Where each SKU was put (the suggested cell). */
  const putTo: Record<string, string> = {};

  test('an administrator creates the warehouse and sets it up for receiving', async () => {
    const { context, page } = await signedIn('admin@demo.local', '/wmsbasic/warehouse/create', 'pc');
    await page.getByLabel('Warehouse ID').fill(WHS);
    await expect.poll(() => page.getByRole('combobox', { name: /^Time Region/ }).inputValue()).toBe('Asia/Jakarta');
    await page.getByLabel('Warehouse Name').fill('Bandung Receiving DC');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`**/v2/wmsbasic/warehouse/detail?whs_id=${WHS}`);
    const info = await api<{ whs_id: string }>(page, 'GET', '/apps/system/user/get_login_info');
    await api(page, 'POST', '/apps/system/user/switch_user_setting', { type: 'whs', value: WHS }, info.whs_id);

    // It starts with its park, zone cluster and inbound staging locations; the rest is made with the app's calls…
    const lastCell = setup.cells.at(-1)!;
    for (const [call, body] of setup.calls.filter(([, body]) => body !== lastCell)) await api(page, 'POST', call, body, WHS);
    // …and the last cell on its page, as an administrator would.
    await page.goto('/v2/wmsbasic/cell/create');
    await page.getByLabel('Location Code').fill(lastCell.location_code);
    await chooseOption(page, /^Zone ID/, new RegExp(`^${lastCell.zone_id}`));
    await chooseOption(page, /^Pathway ID/, new RegExp(`^${lastCell.pathway_id}`));
    await chooseOption(page, /^ABC Class/, 'Undefined');
    await chooseOption(page, /^Storage Area/, 'Storage Area');
    await chooseOption(page, /^Rack Type/, 'Light Rack');
    await chooseOption(page, /^SKU Mixing/, 'Mix SKU');
    await chooseOption(page, /^Supplier Mixing/, 'Mix Suppliers');
    await page.getByLabel('Max Qty').fill(String(lastCell.max_qty));
    await shot(page, 'create-cell');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`**/v2/wmsbasic/cell/detail?location_code=${lastCell.location_code}`);
    await expect.poll(() => page.getByTestId('resource-detail').textContent()).toContain('Mix SKU');
    const cells = await api<{ list: { location_code: string }[] }>(page, 'GET', '/apps/basic/location/search_cell', { zone_id: setup.zone.zone_id }, WHS);
    expect(cells.list.map((c) => c.location_code)).toEqual(setup.cells.map((c) => c.location_code));

    // Its operator: a role with the operation screens, and a BPO account in it with a temporary password.
    const role = await api<{ role_id: number }>(page, 'POST', CREATE_ROLE, setup.operatorRole, WHS);
    const account = await api<{ temporary_password: string }>(page, 'POST', CREATE_BPO_USER, { email: OPERATOR.email, display_name: 'Budi Receiver', role_id: role.role_id }, WHS);
    temporaryPassword = account.temporary_password;
    await context.close();
  }, 120_000);

  test('an ASN is created on a PC: two lines in tomorrow\'s receiving shift', async () => {
    const { context, page } = await signedIn('admin@demo.local', '/inbound/order/createasn', 'pc');
    const form = page.getByTestId('asn-create-form');
    await form.getByRole('combobox', { name: 'Supplier ID' }).click();
    await page.getByRole('option', { name: new RegExp(`^${setup.supplier.supplier_id} · `) }).click();
    await form.getByLabel('Expected Cartons').fill('1');
    await form.getByLabel('Tracking IDs (one per carton)').fill(`FLOW-${Date.now().toString(36).toUpperCase()}`);
    await form.getByLabel('Tracking IDs (one per carton)').press('Enter');
    // The shift the administrator made; the new warehouse sets no quota, so it takes any booking.
    await expect.poll(() => page.getByTestId('asn-slot').getByText('No limit').count()).toBeGreaterThan(0);
    await page.getByRole('radio', { name: /^Day 08:00/ }).check();
    const line = (n: number) => page.getByTestId(`asn-line-${n}`);
    await line(1).getByRole('combobox', { name: 'SKU of line 1' }).fill(PHONE);
    await page.getByRole('option', { name: new RegExp(`^${PHONE} · `) }).click();
    await line(1).getByLabel('Expected Qty of line 1').fill(String(QTY[PHONE]));
    await page.getByRole('button', { name: 'Add Line' }).click();
    await line(2).getByRole('combobox', { name: 'SKU of line 2' }).fill(SHIRT);
    await page.getByRole('option', { name: new RegExp(`^${SHIRT} · `) }).click();
    await line(2).getByLabel('Expected Qty of line 2').fill(String(QTY[SHIRT]));
    const confirm = page.getByRole('button', { name: 'Confirm' });
    await shot(page, 'create-asn');
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL(/\/v2\/inbound\/order\/detail\/ASN\d{12}$/);
    asnNo = decodeURIComponent(page.url().split('/').at(-1)!);
    await expect.poll(() => page.getByTestId('asn-header').textContent()).toContain('Pending');
    await context.close();
  });

  test('arrival, counting (offline half way), QC and receiving on the new operator\'s PDA', async () => {
    // First sign-in: the temporary password is changed before anything else.
    const context = await browser.newContext({ baseURL: server.baseURL, locale: 'en-US', viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    const page = await context.newPage();
    await page.goto(`/v2/login?redirect_url=${encodeURIComponent('/v2/inbound/arriving')}`);
    await signIn(page, OPERATOR.email, temporaryPassword);
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill(temporaryPassword);
    await dialog.getByLabel('New Password').fill(OPERATOR.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/v2/inbound/arriving');

    // Arrival: the truck's sheet is the ASN; this warehouse does not scan boxes.
    await scan(page, 'arrival-sheet-scan', asnNo);
    await expect.poll(() => page.getByTestId('arrival-sheet').textContent()).toContain('Arriving');
    await page.getByTestId('arrival-complete').click();
    await expect.poll(() => page.getByTestId('arrival-sheet').textContent()).toContain('Arrived');
    // The arrival's two ops (start, complete) reach the server before the group is looked for.
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done']);

    // Counting: its own group (an ASN created alone). Online first, then the network goes.
    await page.goto('/v2/inbound/counting');
    await controlled(page);
    await page.getByTestId('counting-group').filter({ hasText: asnNo }).click();
    await expect.poll(() => page.getByTestId('counting-group-no').textContent()).toBe(asnNo);
    const counted = (sku: string) => page.locator(`[data-testid="counting-line"][data-sku="${sku}"] [data-testid="counting-line-counted"]`).textContent();
    const count = async (sku: string, qty: number) => {
      await scan(page, 'counting-scan', sku);
      const field = page.getByLabel('Quantity');
      await field.waitFor();
      await field.fill(String(qty));
      await field.press('Enter');
      await page.getByTestId('counting-scan').waitFor();
    };
    await count(PHONE, 4);
    // The arrival's two ops (start, complete), then the count.
    await expect.poll(() => opStates(page), { timeout: 30_000 }).toEqual(['done', 'done', 'done']);
    // The group is now the operator's own: it is offered to resume.
    await page.getByRole('button', { name: 'Other group' }).click();
    await page.getByTestId('counting-my-group').filter({ hasText: asnNo }).click();
    await expect.poll(() => counted(PHONE)).toBe(`4 / ${QTY[PHONE]}`);

    await context.setOffline(true);
    await count(PHONE, QTY[PHONE]! - 4);
    await count(SHIRT, QTY[SHIRT]!);
    await expect.poll(() => counted(PHONE)).toBe(`${QTY[PHONE]} / ${QTY[PHONE]}`);
    // A reload with the network gone: the group from the worker's cache, the counts from the outbox.
    await page.reload();
    await expect.poll(() => counted(SHIRT)).toBe(`${QTY[SHIRT]} / ${QTY[SHIRT]}`);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(Array(5).fill('done'));
    // Back online with every count sent: completing shows the server's check and the QC sample the administrator's rule asks for.
    await page.getByTestId('counting-complete-open').click();
    await expect.poll(() => page.getByTestId('counting-complete-source').textContent()).toContain('Checked with the server');
    await expect.poll(() => page.getByTestId('counting-complete-qc').textContent()).toContain(`units of ${PHONE} (${setup.qcRule.rule_name})`);
    await shot(page, 'complete-counting');
    await page.getByTestId('counting-complete-confirm').click();
    await expect.poll(() => page.getByTestId('counting-complete').isVisible(), { timeout: 30_000 }).toBe(true);

    // QC: the phone line's sample, as the AQL rule sets it, all passed.
    await page.goto('/v2/inbound/qc');
    await scan(page, 'step-asn-scan', asnNo);
    await expect.poll(() => page.getByTestId('step-asn-no').textContent()).toBe(asnNo);
    await scan(page, 'qc-scan', PHONE);
    await expect.poll(async () => Number(await page.getByTestId('qc-passed').inputValue())).toBeGreaterThan(0);
    await page.getByTestId('qc-save').click();
    await page.getByTestId('qc-complete').click();
    await expect.poll(() => page.getByText('QC is complete').isVisible(), { timeout: 15_000 }).toBe(true);

    // Receiving into the new warehouse's putaway staging: each SKU scanned receives its line.
    await page.goto(`/v2/inbound/receiving?asn=${asnNo}`);
    await expect.poll(() => page.getByTestId('receiving-staging').inputValue()).toBe(STAGING);
    for (const sku of [PHONE, SHIRT]) {
      await scan(page, 'receiving-scan', sku);
      await expect.poll(() => page.getByTestId('receiving-row').filter({ hasText: sku }).textContent()).toContain(`${QTY[sku]} / ${QTY[sku]}`);
    }
    await page.getByTestId('receiving-complete').click();
    await expect.poll(() => page.getByTestId('receiving-done').isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
  }, 240_000);

  test('standard putaway on the PDA: one put online, one offline, the first answer back lost', async () => {
    const { context: office, page: desk } = await signedIn('admin@demo.local', '/home', 'pc');
    const tasks = await api<{ list: { task_no: string }[] }>(desk, 'GET', '/apps/process/inbound/putawaytask/search_putaway_task', { asn_no: asnNo }, WHS);
    expect(tasks.list).toHaveLength(1);
    const taskNo = tasks.list[0]!.task_no;
    await office.close();

    const { context, page } = await signedIn(OPERATOR.email, '/inbound/standardputaway', 'pda', OPERATOR.password);
    await controlled(page);
    await scan(page, 'putaway-task-scan', taskNo);
    const putLine = async () => {
      const sku = (await page.getByTestId('putaway-line-sku').textContent())!;
      const cell = (await page.getByTestId('putaway-suggested').textContent())!;
      const qty = Number(await page.getByTestId('putaway-line-remaining').textContent());
      expect(setup.cells.map((c) => c.location_code)).toContain(cell);
      await scan(page, 'putaway-sku-scan', sku);
      await scan(page, 'putaway-cell-scan', cell);
      await page.getByTestId('putaway-qty').fill(String(qty));
      await page.getByTestId('putaway-put').click();
      await expect.poll(() => page.getByTestId('putaway-notice').textContent()).toContain(`${qty} × ${sku} → ${cell}`);
      putTo[sku] = cell;
    };
    await expect.poll(() => page.getByTestId('putaway-line-sku').textContent()).toMatch(new RegExp(`^${WHS}-`));
    await putLine();
    await expect.poll(() => page.locator('[data-testid="putaway-op"][data-state="done"]').count(), { timeout: 30_000 }).toBe(1);
    await context.setOffline(true);
    await putLine();
    await expect.poll(() => page.getByTestId('putaway-task-complete').isVisible()).toBe(true);
    expect(await opStates(page)).toEqual(['done', 'pending']);
    const dropped = await loseNextPushAnswer(page);
    await context.setOffline(false);
    await expect.poll(() => opStates(page), { timeout: 60_000 }).toEqual(['done', 'done']);
    expect(dropped()).toBe(true);
    await context.close();
  }, 180_000);

  test('the on-hand map shows the stock at its cells', async () => {
    for (const sku of [PHONE, SHIRT]) {
      const { context, page } = await signedIn('admin@demo.local', `/inventorymap/onhand/detail/${sku}`, 'pc');
      const table = page.getByTestId('resource-table');
      const cells = () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
      const holds = (rows: string[][], location: string) => rows.some((row) => row.includes(location) && row.includes(String(QTY[sku])));
      // The SKU's balances in the new warehouse: the cell it was put to holds every unit received; none left in staging.
      await expect.poll(async () => holds(await cells(), putTo[sku]!), { timeout: 15_000 }).toBe(true);
      expect(holds(await cells(), STAGING)).toBe(false);
      await shot(page, `onhand-${sku}`);
      await context.close();
    }
  });

  test('the ledger and the balances agree to the unit, nothing applied twice', async () => {
    await server.readDatabase(async (db) => {
      const [asn] = await db.select().from(asnOrders).where(and(eq(asnOrders.whsId, WHS), eq(asnOrders.asnNo, asnNo)));
      expect(asn?.status).toBe(INBOUND_STATUS.values.DONE);
      // The warehouse's only batches: the ASN's, one per SKU.
      const batches = await db.select().from(skuBatches).where(eq(skuBatches.whsId, WHS));
      expect(batches.map((b) => [b.skuId, b.inboundRef]).sort()).toEqual([[PHONE, asnNo], [SHIRT, asnNo]]);
      // The new warehouse's ledger is this ASN's: every row of it, and nothing else.
      const rows = await db.select().from(inventoryTransactions).where(eq(inventoryTransactions.whsId, WHS));
      expect(new Set(rows.map((r) => r.batchId))).toEqual(new Set(batches.map((b) => b.batchId)));
      const { DEBIT, CREDIT } = INVENTORY_TRANSACTION_DIRECTION.values;
      const T = INVENTORY_TRANSACTION_TYPE.values;
      const sum = (sku: string, type: number, direction: number) =>
        rows.filter((r) => r.skuId === sku && r.txnType === type && r.direction === direction).reduce((n, r) => n + r.qty, 0);
      for (const sku of [PHONE, SHIRT]) {
        expect(sum(sku, T.RECEIVED, DEBIT), `${sku} received`).toBe(QTY[sku]);
        expect(sum(sku, T.PUT_AWAY, CREDIT), `${sku} taken from staging`).toBe(QTY[sku]);
        expect(sum(sku, T.PUT_AWAY, DEBIT), `${sku} put to cells`).toBe(QTY[sku]);
      }
      // One put op each: its credit and debit, once, whatever the device resent.
      const puts = rows.filter((r) => r.txnType === T.PUT_AWAY);
      expect(new Set(puts.map((r) => r.opId)).size).toBe(2);
      expect(puts).toHaveLength(4);
      // Every balance of the warehouse is its ledger's sum; staging is empty, the cells hold every unit.
      const balances = await db.select().from(locationInventory).where(eq(locationInventory.whsId, WHS));
      for (const b of balances) {
        const ledger = rows.filter((r) => r.locationId === b.locationId && r.batchId === b.batchId && r.quality === b.quality)
          .reduce((n, r) => n + (r.direction === DEBIT ? r.qty : -r.qty), 0);
        expect(b.onhandQty, `${b.locationId} ${b.skuId}`).toBe(ledger);
        if (b.locationId === STAGING) expect(b.onhandQty).toBe(0);
      }
      for (const sku of [PHONE, SHIRT]) {
        const inCells = balances.filter((b) => b.skuId === sku && b.locationId !== STAGING);
        expect(inCells.map((b) => [b.locationId, b.onhandQty]), sku).toEqual([[putTo[sku], QTY[sku]]]);
      }
      // Every op the devices queued was applied exactly once.
      const ops = await db.select().from(syncOps).where(eq(syncOps.whsId, WHS));
      const flowOps = ops.filter((o) => o.kind.startsWith('inbound.'));
      expect(flowOps.length).toBeGreaterThanOrEqual(6);
      expect(flowOps.every((o) => o.status === 'applied')).toBe(true);
      expect(new Set(flowOps.map((o) => o.opId)).size).toBe(flowOps.length);
    });
  });
});
