import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { ChangeWatch, rowsOf } from '../support/db-state';
import { addStock, inTransaction, refusedUnchanged, testItem } from '../support/stock-fixture';
import { cells, inventoryLockLogs, locationInventory } from '../../src/server/db/schema';
import { lockStock } from '../../src/server/modules/inventory/ledger';
import { INVENTORY_LOCK_ACTION, LOCATION_STATUS, QUALITY } from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';

/**
 * Block and unblock of stock and locations (spec §2 Inventory Management, §3 location status
 * Blocked 2): logged, refused when the stock is not there, and a blocked location holds its stock
 * until the location itself is unblocked.
 */
const STOCK = '/apps/process/inventory/stockblock';
const LOCATION = '/apps/process/inventory/locationblock';
/** The Storage Area Setting's cell calls (update_cell: the cell's edit form). */
const CELL_FORM = '/apps/basic/location';
const MAP = '/apps/process/inventory/inventorymap';
const WHS = 'SGSIN1';
const OTHER = 'IDJKT1';
const { GOOD, DAMAGED } = QUALITY.values;
const { NORMAL, BLOCKED } = LOCATION_STATUS.values;

let server: TestServer;
let admin: TestClient;
let other: TestClient;
let operator: TestClient;
let watch: ChangeWatch;

const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginAt('admin@demo.local', WHS);
  other = await server.loginAt('supervisor@demo.local', OTHER);
  operator = await server.login('operator@demo.local');
  watch = new ChangeWatch(db());
});
afterAll(async () => {
  await server?.close();
});

/** An item of this file's own with `qty` units at `location`, as the block calls name a balance. */
async function stocked(location: string, qty: number, quality: 1 | 2 = GOOD) {
  const item = await testItem(db(), WHS, 'BLKSKU');
  await addStock(db(), WHS, item, location, qty, quality);
  return { location_id: location, sku_id: item.skuId, batch_id: item.batchId, quality };
}
const balance = async (stock: { location_id: string; sku_id: string; batch_id: string; quality: number }) => {
  const [row] = await db().select({ onhand: locationInventory.onhandQty, locked: locationInventory.lockedQty, available: locationInventory.availableQty })
    .from(locationInventory).where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, stock.location_id),
      eq(locationInventory.skuId, stock.sku_id), eq(locationInventory.batchId, stock.batch_id), eq(locationInventory.quality, stock.quality)));
  return row;
};
const statusOf = async (whsId: string, code: string) => (await db().select({ status: cells.status }).from(cells)
  .where(and(eq(cells.whsId, whsId), eq(cells.locationCode, code))))[0]!.status;
const logsAt = (code: string) => db().select().from(inventoryLockLogs)
  .where(and(eq(inventoryLockLogs.whsId, WHS), eq(inventoryLockLogs.locationId, code))).orderBy(asc(inventoryLockLogs.logId));
/** Normal cells of the warehouse holding no stock, a different one each time asked. */
let emptyTaken = 0;
async function emptyCell(): Promise<string> {
  const rows = rowsOf<{ code: string }>(await db().execute(sql`select c.location_code as code from ${cells} c where c.whs_id = ${WHS} and c.status = ${NORMAL}
    and c.location_code like 'A%' and not exists (select 1 from ${locationInventory} b where b.whs_id = c.whs_id and b.location_id = c.location_code and b.onhand_qty > 0)
    order by c.location_code limit 1 offset ${emptyTaken++}`));
  return rows[0]!.code;
}
const refused = (run: () => Promise<{ retcode: number; message: string }>, retcode: number) => refusedUnchanged(watch, run, retcode);

describe('stock', () => {
  test('blocks available units with a reason and unblocks them; each is logged with who and why', async () => {
    const stock = await stocked('A01-02-01-1', 20);
    const blocked = await admin.post(`${STOCK}/block_stock`, { ...stock, qty: 8, reason: '  Suspected water damage ' });
    expect(blocked.data).toEqual({ ...stock, onhand_qty: 20, locked_qty: 8, available_qty: 12 });
    const unblocked = await admin.post(`${STOCK}/unblock_stock`, { ...stock, qty: 3, reason: 'Inspected: dry' });
    expect(unblocked.data).toMatchObject({ locked_qty: 5, available_qty: 15 });
    const logs = (await logsAt('A01-02-01-1')).filter((l) => l.skuId === stock.sku_id);
    expect(logs.map((l) => [l.action, l.qty, l.lockedAfter, l.reason, l.refType])).toEqual([
      [INVENTORY_LOCK_ACTION.values.BLOCK, 8, 8, 'Suspected water damage', null],
      [INVENTORY_LOCK_ACTION.values.UNBLOCK, 3, 5, 'Inspected: dry', null],
    ]);
    expect(logs[0]!.operatorId).not.toBeNull();
    // The stock block page lists it.
    const page = await admin.get<{ list: Record<string, unknown>[] }>(`${STOCK}/search_block_stock`, { sku_id: stock.sku_id });
    expect(page.data.list).toMatchObject([{ location_id: 'A01-02-01-1', onhand_qty: 20, locked_qty: 5, available_qty: 15 }]);
  });

  test('refusals change nothing: more than available or blocked, unknown stock, bad input', async () => {
    const stock = await stocked('A01-02-01-2', 5, DAMAGED);
    expect(await refused(() => admin.post(`${STOCK}/block_stock`, { ...stock, qty: 6, reason: 'x' }), RET.INSUFFICIENT_STOCK)).toContain('wanted 6, available 5');
    await refused(() => admin.post(`${STOCK}/unblock_stock`, { ...stock, qty: 1, reason: 'x' }), RET.INSUFFICIENT_STOCK);
    await refused(() => admin.post(`${STOCK}/block_stock`, { ...stock, location_id: 'NOWHERE', qty: 1, reason: 'x' }), RET.NOT_FOUND);
    await refused(() => admin.post(`${STOCK}/block_stock`, { ...stock, batch_id: 'NO-LOT', qty: 1, reason: 'x' }), RET.NOT_FOUND);
    for (const [body, field] of [
      [{ ...stock, qty: 1, reason: '   ' }, 'reason'], [{ ...stock, qty: 0, reason: 'x' }, 'qty'], [{ ...stock, qty: 1, reason: 'x'.repeat(201) }, 'reason'],
      [{ ...stock, quality: 3, qty: 1, reason: 'x' }, 'quality'],
    ] as const) {
      expect(await refused(() => admin.post(`${STOCK}/block_stock`, body), RET.BAD_INPUT)).toContain(field);
    }
    // Another warehouse has the same cell codes but none of this stock.
    await refused(() => other.post(`${STOCK}/block_stock`, { ...stock, qty: 1, reason: 'x' }), RET.NOT_FOUND);
    await refused(() => operator.post(`${STOCK}/block_stock`, { ...stock, qty: 1, reason: 'x' }), RET.PERMISSION_DENIED);
    expect((await operator.get(`${STOCK}/search_block_stock`)).retcode).toBe(RET.PERMISSION_DENIED);
  });
});

describe('locations', () => {
  test('blocking a cell blocks its stock with it; unblocking it gives back what its block held, not what was blocked otherwise', async () => {
    const code = await emptyCell();
    const mine = await stocked(code, 30);
    const held = await stocked(code, 10);
    // A quality hold from before the location block, and a cycle count's hold: both outlive it.
    expect((await admin.post(`${STOCK}/block_stock`, { ...held, qty: 4, reason: 'Quality hold' })).retcode).toBe(0);
    await inTransaction(db(), (tx) => lockStock(tx, WHS, [{ location: code, skuId: held.sku_id, batchId: held.batch_id, quality: GOOD, qty: 2 }],
      { reason: 'Counting', refType: 'CYCLE_COUNT', refNo: 'CC-1', operatorId: null }));

    const res = await admin.post(`${LOCATION}/block_location`, { location_code: code, reason: 'Rack damaged by forklift' });
    expect(res.data).toMatchObject({ location_code: code, status: BLOCKED });
    expect(await statusOf(WHS, code)).toBe(BLOCKED);
    expect(await statusOf(OTHER, code)).toBe(NORMAL);
    expect(await balance(mine)).toEqual({ onhand: 30, locked: 30, available: 0 });
    expect(await balance(held)).toEqual({ onhand: 10, locked: 10, available: 0 });
    const byLocation = (await logsAt(code)).filter((l) => l.refType === 'LOCATION_BLOCK');
    expect(byLocation.every((l) => l.refNo === code && l.reason === 'Rack damaged by forklift')).toBe(true);
    expect(byLocation.find((l) => l.skuId === mine.sku_id)?.qty).toBe(30);

    // Blocked units held by the location are not for a hand unblock; blocked by hand, they are.
    expect(await refused(() => admin.post(`${STOCK}/unblock_stock`, { ...held, qty: 5, reason: 'x' }), RET.STOCK_HELD_BY_DOCUMENT)).toContain('unblock the location');
    expect((await admin.post(`${STOCK}/unblock_stock`, { ...held, qty: 4, reason: 'Hold lifted' })).retcode).toBe(0);
    expect(await balance(held)).toEqual({ onhand: 10, locked: 6, available: 4 });
    // The available map no longer counts the cell's units.
    const available = await admin.get<{ list: Record<string, number>[] }>(`${MAP}/search_available_inventory`, { sku_id: mine.sku_id });
    expect(available.data.list[0]).toMatchObject({ available_qty: 0, unsellable_qty: 30 });
    // The location block list shows it.
    const listed = await admin.get<{ list: Record<string, unknown>[] }>(`${LOCATION}/search_block_location`, { location_code: code });
    expect(listed.data.list).toMatchObject([{ location_code: code, status: BLOCKED, onhand_qty: 40, locked_qty: 36 }]);
    await refused(() => admin.post(`${LOCATION}/block_location`, { location_code: code, reason: 'again' }), RET.ILLEGAL_TRANSITION);

    const back = await admin.post(`${LOCATION}/unblock_location`, { location_code: code, reason: 'Rack repaired' });
    expect(back.data).toEqual({ location_code: code, status: NORMAL, qty: 34 });
    expect(await statusOf(WHS, code)).toBe(NORMAL);
    expect(await balance(mine)).toEqual({ onhand: 30, locked: 0, available: 30 });
    // The cycle count's 2 stay blocked.
    expect(await balance(held)).toEqual({ onhand: 10, locked: 2, available: 8 });
    await refused(() => admin.post(`${LOCATION}/unblock_location`, { location_code: code, reason: 'again' }), RET.ILLEGAL_TRANSITION);
  });

  test('a cell edited to Blocked on its edit form (update_cell) blocks its stock as Location Block does, and edited back to Normal releases it', async () => {
    const code = await emptyCell();
    const mine = await stocked(code, 12);
    const held = await stocked(code, 5);
    expect((await admin.post(`${STOCK}/block_stock`, { ...held, qty: 2, reason: 'Quality hold' })).retcode).toBe(0);
    const edit = (status: number) => admin.post(`${CELL_FORM}/update_cell`, { location_code: code, status });

    const blocked = await edit(BLOCKED);
    expect(blocked.retcode, blocked.message).toBe(0);
    expect(blocked.data).toMatchObject({ location_code: code, status: BLOCKED });
    expect(await balance(mine)).toEqual({ onhand: 12, locked: 12, available: 0 });
    expect(await balance(held)).toEqual({ onhand: 5, locked: 5, available: 0 });
    const byLocation = (await logsAt(code)).filter((l) => l.refType === 'LOCATION_BLOCK');
    expect(byLocation.map((l) => [l.skuId, l.qty, l.refNo, l.reason])).toEqual([
      [mine.sku_id, 12, code, 'Cell edited to BLOCKED'], [held.sku_id, 3, code, 'Cell edited to BLOCKED'],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    expect(byLocation.every((l) => l.operatorId !== null)).toBe(true);
    // Held by the location as if blocked there: not for a hand unblock.
    await refused(() => admin.post(`${STOCK}/unblock_stock`, { ...held, qty: 3, reason: 'x' }), RET.STOCK_HELD_BY_DOCUMENT);
    // Out of Blocked only to Normal, into it only from Normal: refused otherwise, nothing changed.
    expect(await refused(() => edit(LOCATION_STATUS.values.FROZEN), RET.ILLEGAL_TRANSITION)).toContain('unblock it');

    const back = await edit(NORMAL);
    expect(back.retcode, back.message).toBe(0);
    expect(await balance(mine)).toEqual({ onhand: 12, locked: 0, available: 12 });
    // The quality hold from before stays.
    expect(await balance(held)).toEqual({ onhand: 5, locked: 2, available: 3 });

    // One meaning on both pages: edited to Blocked, released on Location Block.
    expect((await edit(BLOCKED)).retcode).toBe(0);
    expect((await admin.post(`${LOCATION}/unblock_location`, { location_code: code, reason: 'Checked' })).data).toEqual({ location_code: code, status: NORMAL, qty: 15 });
    await db().update(cells).set({ status: LOCATION_STATUS.values.FROZEN }).where(and(eq(cells.whsId, WHS), eq(cells.locationCode, code)));
    try {
      expect(await refused(() => edit(BLOCKED), RET.ILLEGAL_TRANSITION)).toContain('FROZEN');
      // Other changes of a cell leave its stock alone.
      expect((await admin.post(`${CELL_FORM}/update_cell`, { location_code: code, max_qty: 500 })).retcode).toBe(0);
      expect(await balance(mine)).toEqual({ onhand: 12, locked: 0, available: 12 });
    } finally {
      await db().update(cells).set({ status: NORMAL }).where(and(eq(cells.whsId, WHS), eq(cells.locationCode, code)));
    }
  });

  test('an empty cell blocks and unblocks; refusals: not a cell, not normal, other warehouse, permission, no reason', async () => {
    const code = await emptyCell();
    expect((await admin.post(`${LOCATION}/block_location`, { location_code: code, reason: 'Inspection' })).data).toEqual({ location_code: code, status: BLOCKED, qty: 0 });
    // IDJKT1 has the same code: its cell is its own, still normal, and cannot be unblocked.
    await refused(() => other.post(`${LOCATION}/unblock_location`, { location_code: code, reason: 'x' }), RET.ILLEGAL_TRANSITION);
    expect((await admin.post(`${LOCATION}/unblock_location`, { location_code: code, reason: 'Done' })).data).toEqual({ location_code: code, status: NORMAL, qty: 0 });
    await refused(() => admin.post(`${LOCATION}/block_location`, { location_code: 'IB-PUTAWAY-01', reason: 'x' }), RET.NOT_FOUND);
    await refused(() => admin.post(`${LOCATION}/block_location`, { location_code: 'NOWHERE', reason: 'x' }), RET.NOT_FOUND);
    await refused(() => admin.post(`${LOCATION}/block_location`, { location_code: code, reason: '' }), RET.BAD_INPUT);
    await refused(() => operator.post(`${LOCATION}/block_location`, { location_code: code, reason: 'x' }), RET.PERMISSION_DENIED);
    expect((await operator.get(`${LOCATION}/search_block_location`)).retcode).toBe(RET.PERMISSION_DENIED);
    await db().update(cells).set({ status: LOCATION_STATUS.values.FROZEN }).where(and(eq(cells.whsId, WHS), eq(cells.locationCode, code)));
    try {
      expect(await refused(() => admin.post(`${LOCATION}/block_location`, { location_code: code, reason: 'x' }), RET.ILLEGAL_TRANSITION)).toContain('FROZEN');
    } finally {
      await db().update(cells).set({ status: NORMAL }).where(and(eq(cells.whsId, WHS), eq(cells.locationCode, code)));
    }
  });

  test('the location list: filters by status and zone, deleted cells left out, the warehouse\'s own', async () => {
    const blocked = await admin.get<{ list: { location_code: string; status: number }[]; total: number }>(`${LOCATION}/search_block_location`, { status: BLOCKED });
    expect(blocked.data.list.every((c) => c.status === BLOCKED)).toBe(true);
    const zone = await admin.get<{ list: { zone_id: string }[]; total: number }>(`${LOCATION}/search_block_location`, { zone_id: 'A01', page_size: 200 });
    expect(zone.data.total).toBeGreaterThan(0);
    expect(zone.data.list.every((c) => c.zone_id === 'A01')).toBe(true);
    await db().update(cells).set({ status: LOCATION_STATUS.values.DELETED }).where(and(eq(cells.whsId, WHS), eq(cells.locationCode, 'V01-04-05-4')));
    const all = await admin.get<{ total: number }>(`${LOCATION}/search_block_location`);
    expect(all.data.total).toBe(await db().$count(cells, and(eq(cells.whsId, WHS), ne(cells.status, LOCATION_STATUS.values.DELETED))));
    expect((await admin.get<{ list: unknown[] }>(`${LOCATION}/search_block_location`, { location_code: 'V01-04-05-4' })).data.list).toEqual([]);
  });
});
