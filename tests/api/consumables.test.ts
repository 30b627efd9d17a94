import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { consumableBalances, consumableTxns, consumables, salesOrderLines, salesOrders, skus } from '../../src/server/db/schema';
import { returnConsumables, takeConsumables, type ConsumableLine } from '../../src/server/modules/inventory/consumable-stock';
import { ACTIVE_STATUS, CONSUMABLE_REF_TYPE, CONSUMABLE_STOCK_STATUS, CONSUMABLE_TYPE, WEIGHT_TOLERANCE_UNIT } from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';

/**
 * Consumables (docs/consumables.md): the master and its stock list, inbound, the stock calls the
 * packing station makes in its transaction (all or nothing, concurrent takes), the packaging
 * rule's suggestion for an order, and the weight validation bands with their verdict.
 */

const WHS = 'SGSIN1';
const OTHER = 'MYKUL1';
const MASTER = '/apps/consumables/consumable';
const INBOUND = '/apps/consumables/inbound';
const PACKAGING = '/apps/rulecenter/packagingrule';
const WEIGHT = '/apps/rulecenter/weightvalidation';
const SUGGEST = '/apps/process/outbound/packing/suggest_packaging';
const CHECK_WEIGHT = '/apps/process/outbound/checking/check_parcel_weight';
const { ACTIVE, INACTIVE } = ACTIVE_STATUS.values;
const PACKING = CONSUMABLE_REF_TYPE.values.PACKING;

let server: TestServer;
let supervisor: TestClient;
const db = () => server.database.db;
let counter = 0;
const next = (prefix: string) => `${prefix}${++counter}`;
const newUser = (role: 'Supervisor' | 'Operator', warehouses = [WHS]) => server.createUser({ email: `consumables${++counter}@demo.local`, role, warehouses });

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await server.login((await newUser('Supervisor')).email);
});
afterAll(async () => {
  await server?.close();
});

/** A box of the test's own (an id no demo consumable has), created through the API, with `stock` received. */
async function newBox(stock = 0, more: Record<string, unknown> = {}): Promise<string> {
  const id = next('TBOX');
  const created = await supervisor.post(`${MASTER}/create_consumable`, {
    consumable_id: id, consumable_name: `Test box ${id}`, consumable_type: CONSUMABLE_TYPE.values.PACKING_BOX,
    inner_length_mm: 300, inner_width_mm: 200, inner_height_mm: 100, max_load_g: 5000, tare_weight_g: 120, low_stock_threshold: 5, ...more,
  });
  expect(created.retcode, created.message).toBe(0);
  if (stock > 0) expect((await supervisor.post(`${INBOUND}/create_consumable_receipt`, { consumable_id: id, qty: stock })).retcode).toBe(0);
  return id;
}

const stockOf = async (id: string, whsId = WHS) =>
  (await db().select({ qty: consumableBalances.qty }).from(consumableBalances).where(and(eq(consumableBalances.whsId, whsId), eq(consumableBalances.consumableId, id))))[0]?.qty;
const txnsOf = (id: string) => db().select().from(consumableTxns).where(and(eq(consumableTxns.whsId, WHS), eq(consumableTxns.consumableId, id)));
const take = (lines: ConsumableLine[], refNo = next('PCL')) =>
  db().transaction((tx) => takeConsumables(tx, WHS, lines, { refType: PACKING, refNo, operatorId: null }));
/** The retcode a promise is refused with (0 when it resolves). */
const refusal = (p: Promise<unknown>) => p.then(() => 0, (e: { retcode?: number }) => e.retcode ?? -1);

describe('the consumables master', () => {
  test('create, detail, edit; a new consumable has a stock of 0 and shows on the stock list', async () => {
    const id = await newBox();
    const detail = await supervisor.get(`${MASTER}/get_consumable_detail`, { consumable_id: id });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data).toMatchObject({ consumable_id: id, inner_length_mm: 300, max_load_g: 5000, tare_weight_g: 120, status: ACTIVE });
    expect(await stockOf(id)).toBe(0);

    const updated = await supervisor.post(`${MASTER}/update_consumable`, { consumable_id: id, consumable_name: 'Renamed box', low_stock_threshold: 10 });
    expect(updated.retcode, updated.message).toBe(0);
    expect(updated.data.consumable_name).toBe('Renamed box');

    const list = await supervisor.get(`${MASTER}/search_consumable_stock`, { consumable_id: id });
    expect(list.retcode, list.message).toBe(0);
    expect(list.data.list).toEqual([expect.objectContaining({
      consumable_id: id, stock_qty: 0, stock_status: CONSUMABLE_STOCK_STATUS.values.EMPTY, inner_size: '300×200×100', low_stock_threshold: 10,
    })]);
    // The demo's consumables are there with their stock.
    const demo = await supervisor.get(`${MASTER}/search_consumable_stock`, { page_size: 100 });
    const byId = Object.fromEntries(demo.data.list.map((r: { consumable_id: string }) => [r.consumable_id, r]));
    expect(byId['CB-S']).toMatchObject({ stock_status: CONSUMABLE_STOCK_STATUS.values.IN_STOCK });
    expect(byId['ST-TAPE']).toMatchObject({ stock_qty: 6, stock_status: CONSUMABLE_STOCK_STATUS.values.LOW });
    expect(byId['SF-500']).toMatchObject({ stock_qty: 0, stock_status: CONSUMABLE_STOCK_STATUS.values.EMPTY });
  });

  test('refusals: a box without its inner size, a taken id, an unknown type, nothing written', async () => {
    const id = next('TBOX');
    const unsized = await supervisor.post(`${MASTER}/create_consumable`, { consumable_id: id, consumable_name: 'No size', consumable_type: CONSUMABLE_TYPE.values.POUCH });
    expect(unsized.retcode).toBe(RET.BAD_INPUT);
    expect(unsized.data.issues[0].path).toBe('inner_length_mm');
    expect((await supervisor.post(`${MASTER}/create_consumable`, { consumable_id: 'CB-S', consumable_name: 'Again', consumable_type: 4 })).retcode).toBe(RET.DUPLICATE);
    expect((await supervisor.post(`${MASTER}/create_consumable`, { consumable_id: id, consumable_name: 'Bad', consumable_type: 7 })).retcode).toBe(RET.BAD_INPUT);
    expect(await db().select().from(consumables).where(and(eq(consumables.whsId, WHS), eq(consumables.consumableId, id)))).toEqual([]);
    // A filler needs no size.
    expect((await supervisor.post(`${MASTER}/create_consumable`, { consumable_id: id, consumable_name: 'Paper fill', consumable_type: CONSUMABLE_TYPE.values.FILLERS })).retcode).toBe(0);
  });

  test('another warehouse\'s consumable is not found, not listed, not received', async () => {
    const foreign = next('FBOX');
    await db().insert(consumables).values({ whsId: OTHER, consumableId: foreign, consumableName: 'Foreign box', consumableType: CONSUMABLE_TYPE.values.FILLERS });
    await db().insert(consumableBalances).values({ whsId: OTHER, consumableId: foreign, qty: 7 });
    expect((await supervisor.get(`${MASTER}/get_consumable_detail`, { consumable_id: foreign })).retcode).toBe(RET.NOT_FOUND);
    expect((await supervisor.post(`${MASTER}/update_consumable`, { consumable_id: foreign, consumable_name: 'Mine' })).retcode).toBe(RET.NOT_FOUND);
    expect((await supervisor.get(`${MASTER}/search_consumable_stock`, { consumable_id: foreign })).data.list).toEqual([]);
    const receipt = await supervisor.post(`${INBOUND}/create_consumable_receipt`, { consumable_id: foreign, qty: 5 });
    expect(receipt.retcode).toBe(RET.BAD_INPUT);
    expect(await stockOf(foreign, OTHER)).toBe(7);
    expect(await refusal(take([{ consumableId: foreign, qty: 1 }]))).toBe(RET.CONSUMABLE_UNUSABLE);
  });

  test('an operator may not administer consumables', async () => {
    const operator = await server.login((await newUser('Operator')).email);
    expect((await operator.get(`${MASTER}/search_consumable_stock`, {})).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.post(`${MASTER}/create_consumable`, { consumable_id: 'X1', consumable_name: 'X', consumable_type: 4 })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.post(`${INBOUND}/create_consumable_receipt`, { consumable_id: 'CB-S', qty: 1 })).retcode).toBe(RET.PERMISSION_DENIED);
  });
});

describe('consumables inbound', () => {
  test('a receipt goes into stock with its log row, and lists', async () => {
    const id = await newBox();
    const receipt = await supervisor.post(`${INBOUND}/create_consumable_receipt`, { consumable_id: id, qty: 40, supplier_name: 'Asia Pack Supplies' });
    expect(receipt.retcode, receipt.message).toBe(0);
    expect(receipt.data.received_by).toContain('@demo.local');
    expect(await stockOf(id)).toBe(40);
    const [txn] = await txnsOf(id);
    expect(txn).toMatchObject({ direction: 1, qty: 40, balanceAfter: 40, refType: CONSUMABLE_REF_TYPE.values.INBOUND, refNo: `CR${receipt.data.receipt_id}` });
    const list = await supervisor.get(`${INBOUND}/search_consumable_receipt`, { consumable_id: id });
    expect(list.data.list.map((r: { qty: number }) => r.qty)).toEqual([40]);
    const stock = await supervisor.get(`${MASTER}/search_consumable_stock`, { consumable_id: id });
    expect(stock.data.list[0]).toMatchObject({ stock_qty: 40, stock_status: CONSUMABLE_STOCK_STATUS.values.IN_STOCK });
  });

  test('an inactive consumable, or no quantity, is refused and nothing is received', async () => {
    const id = await newBox();
    expect((await supervisor.post(`${MASTER}/update_consumable`, { consumable_id: id, status: INACTIVE })).retcode).toBe(0);
    const inactive = await supervisor.post(`${INBOUND}/create_consumable_receipt`, { consumable_id: id, qty: 5 });
    expect(inactive.retcode).toBe(RET.BAD_INPUT);
    expect(inactive.data.issues[0].path).toBe('consumable_id');
    expect((await supervisor.post(`${INBOUND}/create_consumable_receipt`, { consumable_id: 'CB-S', qty: 0 })).retcode).toBe(RET.BAD_INPUT);
    expect(await stockOf(id)).toBe(0);
  });
});

describe('takeConsumables and returnConsumables (the packing station\'s transaction)', () => {
  test('takes every line, logging the balance after', async () => {
    const [a, b] = [await newBox(10), await newBox(3)];
    const moves = await take([{ consumableId: b, qty: 1 }, { consumableId: a, qty: 2 }, { consumableId: a, qty: 1 }], 'PCL-OK');
    expect(moves.map((m) => [m.consumableId, m.qty, m.balanceAfter])).toEqual([[a, 3, 7], [b, 1, 2]].sort((x, y) => (x[0]! < y[0]! ? -1 : 1)));
    const [, out] = await txnsOf(a);
    expect(out).toMatchObject({ direction: 2, qty: 3, balanceAfter: 7, refType: PACKING, refNo: 'PCL-OK' });
  });

  test('all or nothing: a short, unknown or inactive line refuses the call naming it, and nothing is written', async () => {
    const [a, b] = [await newBox(10), await newBox(1)];
    const inactive = await newBox(5);
    await db().update(consumables).set({ status: INACTIVE }).where(and(eq(consumables.whsId, WHS), eq(consumables.consumableId, inactive)));
    const short = await take([{ consumableId: a, qty: 2 }, { consumableId: b, qty: 2 }]).catch((e: unknown) => e as { retcode: number; message: string; data: unknown });
    expect(short).toMatchObject({ retcode: RET.CONSUMABLE_SHORT, data: { consumable_id: b, wanted: 2, available: 1 } });
    expect((short as { message: string }).message).toContain(b);
    const unknown = await take([{ consumableId: a, qty: 1 }, { consumableId: 'NO-SUCH-BOX', qty: 1 }]).catch((e: unknown) => e as { retcode: number; data: unknown });
    expect(unknown).toMatchObject({ retcode: RET.CONSUMABLE_UNUSABLE, data: { consumable_id: 'NO-SUCH-BOX', reason: 'unknown' } });
    expect(await take([{ consumableId: inactive, qty: 1 }]).catch((e: { data: unknown }) => e.data)).toEqual({ consumable_id: inactive, reason: 'inactive' });
    expect(await refusal(take([{ consumableId: a, qty: 0 }]))).toBe(RET.BAD_INPUT);
    expect([await stockOf(a), await stockOf(b), await stockOf(inactive)]).toEqual([10, 1, 5]);
    expect((await txnsOf(a)).filter((t) => t.direction === 2)).toEqual([]);
  });

  test('the caller\'s transaction rolls the take back with its own work', async () => {
    const a = await newBox(4);
    await expect(db().transaction(async (tx) => {
      await takeConsumables(tx, WHS, [{ consumableId: a, qty: 2 }], { refType: PACKING, refNo: 'PCL-RB', operatorId: null });
      throw new Error('the parcel could not be closed');
    })).rejects.toThrow('the parcel could not be closed');
    expect(await stockOf(a)).toBe(4);
  });

  test('two stations take the last box at once: one gets it, the other is refused short', async () => {
    const a = await newBox(1);
    const results = await Promise.all([refusal(take([{ consumableId: a, qty: 1 }])), refusal(take([{ consumableId: a, qty: 1 }]))]);
    expect(results.sort()).toEqual([RET.CONSUMABLE_SHORT, 0].sort());
    expect(await stockOf(a)).toBe(0);
    expect((await txnsOf(a)).filter((t) => t.direction === 2)).toHaveLength(1);
  });

  test('a cancelled parcel gives back what it took, never more', async () => {
    const a = await newBox(5);
    await take([{ consumableId: a, qty: 2 }], 'PCL-CANCEL');
    const back = (qty: number) => db().transaction((tx) => returnConsumables(tx, WHS, [{ consumableId: a, qty }], { refType: PACKING, refNo: 'PCL-CANCEL', operatorId: null }));
    expect(await refusal(back(3))).toBe(RET.CONSUMABLE_RETURN_EXCEEDS);
    expect((await back(2))[0]).toMatchObject({ qty: 2, balanceAfter: 5 });
    expect(await refusal(back(1))).toBe(RET.CONSUMABLE_RETURN_EXCEEDS);
    const returned = (await txnsOf(a)).filter((t) => t.refType === CONSUMABLE_REF_TYPE.values.PARCEL_CANCELLED);
    expect(returned).toEqual([expect.objectContaining({ direction: 1, qty: 2, refNo: 'PCL-CANCEL' })]);
  });
});

describe('the packaging suggestion (demo rules: single light items in pouch PB-M; the rest in CB-S/M/L with 2 bubble wrap)', () => {
  let orderCount = 0;
  /** A SKU of the test's own: its size (mm) and weight (g), or none. */
  async function sku(size: [number, number, number] | null, weightG: number | null, whsId = WHS): Promise<string> {
    const skuId = next('PKSKU');
    await db().insert(skus).values({ whsId, skuId, skuName: `Packaging test ${skuId}`, lengthMm: size?.[0], widthMm: size?.[1], heightMm: size?.[2], weightG });
    return skuId;
  }
  async function order(lines: [string, number][], whsId = WHS): Promise<string> {
    const orderNo = `PKSO${++orderCount}${Date.now() % 100000}`;
    await db().insert(salesOrders).values({
      whsId, orderNo, externalNo: orderNo, source: 1, lineCount: lines.length, totalQty: lines.reduce((s, [, q]) => s + q, 0), linesHash: 'test',
    });
    await db().insert(salesOrderLines).values(lines.map(([skuId, qty], i) => ({ whsId, orderNo, lineNo: i + 1, skuId, qty })));
    return orderNo;
  }
  let small: string;
  let big: string;
  beforeAll(async () => {
    small = await sku([200, 150, 50], 300);
    big = await sku([500, 350, 300], 8000);
  });

  test('a single light item: the pouch of the single-item rule', async () => {
    const res = await supervisor.get(SUGGEST, { order_no: await order([[small, 1]]) });
    expect(res.retcode, res.message).toBe(0);
    expect(res.data).toMatchObject({ status: 'fits', rule_name: 'Single light items: mailer pouch', order_weight_g: 300, reason: null });
    expect(res.data.parcels).toEqual([expect.objectContaining({ consumable_id: 'PB-M', items: [{ sku_id: small, qty: 1 }], expected_weight_g: 320, filler: null })]);
  });

  test('fits: the smallest carton that holds the order, with its filler in the expected weight', async () => {
    const other = await sku([100, 100, 100], 200);
    const res = await supervisor.get(SUGGEST, { order_no: await order([[small, 2], [other, 1]]) });
    expect(res.data.status).toBe('fits');
    expect(res.data.rule_name).toBe('Standard: smallest carton, bubble wrap');
    const [parcel] = res.data.parcels;
    // 2 × 1.5 l + 1 l = 4 l: within CB-S's 6 l at 80 %.
    expect(parcel).toMatchObject({ consumable_id: 'CB-S', items_weight_g: 800, expected_weight_g: 800 + 150 + 2 * 10, fill_pct: 67 });
    expect(parcel.filler).toEqual({ consumable_id: 'FL-BUB', consumable_name: 'Bubble wrap sheet 40×40 cm', qty: 2 });
  });

  test('split: items no one box holds are divided into parcels, each in its smallest box', async () => {
    const res = await supervisor.get(SUGGEST, { order_no: await order([[big, 2], [small, 2]]) });
    expect(res.data.status).toBe('split');
    expect(res.data.parcels.map((p: { consumable_id: string; items: unknown }) => [p.consumable_id, p.items])).toEqual([
      ['CB-L', [{ sku_id: big, qty: 1 }, { sku_id: small, qty: 2 }]],
      ['CB-L', [{ sku_id: big, qty: 1 }]],
    ]);
    expect(res.data.parcels.map((p: { parcel_no: number }) => p.parcel_no)).toEqual([1, 2]);
  });

  test('no suggestion: a SKU without dimensions, an item larger than every box — each with its reason', async () => {
    const unsized = await sku(null, 500);
    const noSize = await supervisor.get(SUGGEST, { order_no: await order([[small, 1], [unsized, 1]]) });
    expect(noSize.data).toMatchObject({ status: 'none', parcels: [], reason: { code: 'sku_without_dimensions', sku_ids: [unsized] } });
    expect(noSize.data.reason.message).toContain(unsized);
    const pole = await sku([900, 100, 100], 2000);
    const tooLarge = await supervisor.get(SUGGEST, { order_no: await order([[pole, 1]]) });
    expect(tooLarge.data).toMatchObject({ status: 'none', reason: { code: 'item_too_large', sku_ids: [pole] } });
  });

  test('an order of another warehouse is not found; an operator at the packing station may ask', async () => {
    const foreignSku = await sku([100, 100, 100], 100, OTHER);
    const foreign = await order([[foreignSku, 1]], OTHER);
    expect((await supervisor.get(SUGGEST, { order_no: foreign })).retcode).toBe(RET.NOT_FOUND);
    const operator = await server.login((await newUser('Operator')).email);
    expect((await operator.get(SUGGEST, { order_no: await order([[small, 1]]) })).retcode).toBe(0);
  });
});

describe('packaging rules (Rule Center)', () => {
  test('create with its boxes stored sorted; unknown or unsized boxes and a non-filler filler are refused', async () => {
    const created = await supervisor.post(`${PACKAGING}/create_packaging_rule`, {
      rule_name: 'Mall shops', priority: 50, shop_group_id: 'GRP-MALL', consumable_ids: 'CB-M, CB-S', fill_factor_pct: 75, filler_consumable_id: 'FL-BUB', filler_qty: 3,
    });
    expect(created.retcode, created.message).toBe(0);
    expect(created.data).toMatchObject({ consumable_ids: 'CB-M,CB-S', item_kind: 0, status: ACTIVE });
    const unknown = await supervisor.post(`${PACKAGING}/create_packaging_rule`, { rule_name: 'X', priority: 1, consumable_ids: 'CB-S,NOPE' });
    expect(unknown.retcode).toBe(RET.BAD_INPUT);
    expect(unknown.message).toContain('NOPE');
    expect((await supervisor.post(`${PACKAGING}/create_packaging_rule`, { rule_name: 'X', priority: 1, consumable_ids: 'FL-BUB' })).retcode).toBe(RET.BAD_INPUT);
    const notFiller = await supervisor.post(`${PACKAGING}/create_packaging_rule`, { rule_name: 'X', priority: 1, consumable_ids: 'CB-S', filler_consumable_id: 'CB-M' });
    expect(notFiller.data.issues[0].path).toBe('filler_consumable_id');
    const update = await supervisor.post(`${PACKAGING}/update_packaging_rule`, { rule_id: created.data.rule_id, status: INACTIVE });
    expect(update.retcode, update.message).toBe(0);
  });
});

describe('weight validation', () => {
  test('bands: create, no overlap among active ones, edit; the verdict follows the warehouse\'s bands', async () => {
    const created = await supervisor.post(`${WEIGHT}/create_weight_band`, { from_g: 100000, to_g: 500000, tolerance_unit: WEIGHT_TOLERANCE_UNIT.values.PERCENT, tolerance: 1 });
    expect(created.retcode, created.message).toBe(0);
    const overlap = await supervisor.post(`${WEIGHT}/create_weight_band`, { from_g: 400000, to_g: 600000, tolerance_unit: 1, tolerance: 500 });
    expect(overlap.retcode).toBe(RET.BAD_INPUT);
    expect(overlap.message).toContain(`band ${created.data.band_id}`);
    expect((await supervisor.post(`${WEIGHT}/create_weight_band`, { from_g: 400000, to_g: 600000, tolerance_unit: 1, tolerance: 500, status: INACTIVE })).retcode).toBe(0);
    expect((await supervisor.post(`${WEIGHT}/create_weight_band`, { from_g: 700000, to_g: 600000, tolerance_unit: 1, tolerance: 5 })).retcode).toBe(RET.BAD_INPUT);
    expect((await supervisor.post(`${WEIGHT}/create_weight_band`, { from_g: 800000, to_g: 900000, tolerance_unit: 2, tolerance: 101 })).retcode).toBe(RET.BAD_INPUT);
    const edited = await supervisor.post(`${WEIGHT}/update_weight_band`, { band_id: created.data.band_id, tolerance: 2 });
    expect(edited.retcode, edited.message).toBe(0);

    // Demo bands: below 500 g ±20 g; 500–2000 g ±4 %.
    const verdict = async (expected: number, actual: number) => (await supervisor.get(CHECK_WEIGHT, { expected_g: expected, actual_g: actual })).data;
    expect(await verdict(300, 318)).toMatchObject({ ok: true, min_g: 280, max_g: 320 });
    expect(await verdict(1000, 1050)).toMatchObject({ ok: false, min_g: 960, max_g: 1040, tolerance_g: 40 });
    expect(await verdict(200000, 204000)).toMatchObject({ ok: true, band_id: created.data.band_id, tolerance_g: 4000 });
  });

  test('another warehouse\'s band is not found; without bands the default applies there', async () => {
    const other = await server.loginAt((await newUser('Supervisor', [WHS, OTHER])).email, OTHER);
    const { data: bands } = await other.get(`${WEIGHT}/search_weight_band`, { page_size: 50 });
    expect(bands.list.length).toBeGreaterThan(0);
    expect((await supervisor.get(`${WEIGHT}/get_weight_band_detail`, { band_id: bands.list[0].band_id })).retcode).toBe(RET.NOT_FOUND);
    for (const band of bands.list) await other.post(`${WEIGHT}/update_weight_band`, { band_id: band.band_id, status: INACTIVE });
    const res = await other.get(CHECK_WEIGHT, { expected_g: 1000, actual_g: 1049 });
    expect(res.data).toEqual({ ok: true, min_g: 950, max_g: 1050, tolerance_g: 50, band_id: null });
  });
});
