import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { outboundFlow } from '../support/outbound-flow';
import { consumableBalances, consumableTxns, parcelItems, parcels, printJobs, salesOrders, stations } from '../../src/server/db/schema';
import {
  CONSUMABLE_REF_TYPE, PARCEL_SPLIT, PARCEL_STATUS, SALES_ORDER_STATUS, STATION_STATUS, STATION_TYPE, TASK_STATUS,
} from '../../src/shared/codes';
import { packingOps } from '../../src/shared/ops/packing.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Packing at a station (docs/outbound.md "Packing"): a checked order scanned at a packing station
 * makes its task; packing it (an op) closes its parcels — exactly its checked units, boxes and
 * fillers from consumable stock (what checking took counts), weights within tolerance —, one
 * tracking number per parcel, labels and packing list logged; a new tracking id replaces a label.
 */
const WHS = 'SGSIN1';
const START = '/apps/process/outbound/packing/start_packing';
const DETAIL = '/apps/process/outbound/packing/get_packing_task_detail';
const PARCELS = '/apps/process/outbound/packing/get_order_parcels';
const NEW_TRACKING = '/apps/config/print/create_new_tracking_id';
const S = SALES_ORDER_STATUS.values;
const T = TASK_STATUS.values;
const P = PARCEL_STATUS.values;
/** The demo's small carton (150 g), medium carton (350 g) and bubble wrap. */
const BOX_S = 'CB-S';
const BOX_M = 'CB-M';
const FILLER = 'FL-BUB';

let server: TestServer;
let packer: TestClient;
let otherPacker: TestClient;
let supervisor: TestClient;
const flow = outboundFlow(() => server, WHS, 'PKT');
const db = () => server.database.db;
const STATION = { packing: 'PKT-PACK', checking: 'PKT-CHK2', disabled: 'PKT-OFF' };
let trackingCount = 0;
const delivery = () => ({ carrier: 'SPX Express', tracking_no: `SPXPKT${Date.now()}${++trackingCount}`, receiver: { name: 'Siti Rahma', phone: '+62 812 1', address: 'Jl. Melati 12\nJakarta' } });

beforeAll(async () => {
  server = await startTestServer();
  packer = await flow.signIn('Operator');
  otherPacker = await flow.signIn('Operator');
  supervisor = await flow.signIn('Supervisor');
  const base = { whsId: WHS, status: STATION_STATUS.values.ENABLED, checkingMode: null };
  await db().insert(stations).values([
    { ...base, stationId: STATION.packing, stationName: 'Pack 1', stationType: STATION_TYPE.values.PACKING },
    { ...base, stationId: STATION.checking, stationName: 'Check 2', stationType: STATION_TYPE.values.CHECKING, checkingMode: 0 },
    { ...base, stationId: STATION.disabled, stationName: 'Pack off', stationType: STATION_TYPE.values.PACKING, status: STATION_STATUS.values.DISABLED },
  ]);
});
afterAll(async () => {
  await server?.close();
});

const balance = async (consumableId: string) =>
  (await db().select({ qty: consumableBalances.qty }).from(consumableBalances).where(and(eq(consumableBalances.whsId, WHS), eq(consumableBalances.consumableId, consumableId))))[0]!.qty;
const orderRow = async (orderNo: string) =>
  (await db().select().from(salesOrders).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.orderNo, orderNo))))[0]!;
const start = (orderOrTracking: string, client = packer, station = STATION.packing) => client.post(START, { station_id: station, order: orderOrTracking });

describe('packing an order at a packing station', () => {
  test('one parcel in the box checking took: the order Packed under its tracking number, the box not taken twice, labels logged, a replay changes nothing', async () => {
    const [a, b] = await flow.stockedSkus(2);
    const d = delivery();
    const orderNo = await flow.checkedOrder([{ sku_id: a!, qty: 2 }, { sku_id: b!, qty: 1 }], d);
    // Scanned by its tracking number, as the label the order system printed shows it.
    const started = await start(d.tracking_no);
    expect(started.retcode, started.message).toBe(0);
    const work = started.data;
    expect(work.task).toMatchObject({ order_no: orderNo, station_id: STATION.packing, status: T.ONGOING, total_qty: 3, parcel_count: 0 });
    expect(work.order).toMatchObject({ order_no: orderNo, status: S.PACKING, carrier: 'SPX Express', tracking_no: d.tracking_no, receiver: { name: 'Siti Rahma', address: 'Jl. Melati 12\nJakarta' } });
    expect(work.lines.map((l: any) => [l.sku_id, l.qty])).toEqual([[a, 2], [b, 1]]);
    // The demo's checking stations have the outer box scanned: the order is in it already.
    const checkedBox: string = work.checked_box_id;
    expect(checkedBox).toMatch(/^CB-/);
    const boxesAfterCheck = await balance(checkedBox);
    const tare = work.boxes.find((x: any) => x.consumable_id === checkedBox).tare_weight_g;
    expect(work.needs).toMatchObject({ weight: true });
    expect(work.boxes.map((x: any) => x.consumable_id)).toEqual(expect.arrayContaining([BOX_S, BOX_M, FILLER]));
    expect((await orderRow(orderNo)).status).toBe(S.PACKING);
    // A reload of the station answers the same task.
    expect((await start(orderNo)).data.task.task_no).toBe(work.task.task_no);

    const device = new Device(packer);
    const op = device.op(packingOps.pack.kind, {
      task_no: work.task.task_no, labelled_at: 1_764_000_000,
      parcels: [{ box_id: checkedBox, weight_g: 3 * 250 + tare, items: [{ sku_id: a, qty: 2 }, { sku_id: b, qty: 1 }] }],
    });
    const [applied] = await device.send(op);
    expect(applied!.status, applied!.message).toBe('applied');
    expect(applied!.data).toMatchObject({ order_no: orderNo, order_status: S.PACKED, tracking_nos: [d.tracking_no] });
    expect((await orderRow(orderNo)).status).toBe(S.PACKED);
    expect(await balance(checkedBox)).toBe(boxesAfterCheck);
    const parcelRows = await db().select().from(parcels).where(and(eq(parcels.whsId, WHS), eq(parcels.orderNo, orderNo)));
    expect(parcelRows).toEqual([expect.objectContaining({ trackingNo: d.tracking_no, parcelNo: 1, status: P.PACKED, boxId: checkedBox, weightG: 750 + tare, qty: 3 })]);
    const jobs = await db().select({ kind: printJobs.kind, refNo: printJobs.refNo, job: printJobs.job }).from(printJobs)
      .where(and(eq(printJobs.whsId, WHS), sql`${printJobs.refNo} in (${d.tracking_no}, ${orderNo})`));
    expect(jobs.map((j) => [j.kind, j.refNo]).sort()).toEqual([['PACKING_LIST', orderNo], ['SHIPPING_LABEL', d.tracking_no]]);
    const label = jobs.find((j) => j.kind === 'SHIPPING_LABEL')!.job as { print_content: string };
    expect(label.print_content).toContain(`data-barcode-text="${d.tracking_no}"`);

    const [replayed] = await device.send(op);
    expect(replayed!.status).toBe('duplicate');
    expect(await db().select().from(parcels).where(and(eq(parcels.whsId, WHS), eq(parcels.orderNo, orderNo)))).toHaveLength(1);
    const detail = await supervisor.get(DETAIL, { task_no: work.task.task_no });
    expect(detail.data.task).toMatchObject({ status: T.DONE, parcel_count: 1, weight_g: 750 + tare });
    expect(detail.data.lines.map((l: any) => [l.sku_id, l.qty])).toEqual([[a, 2], [b, 1]]);
    const listed = await supervisor.get(PARCELS, { order_no: orderNo });
    expect(listed.data.parcels).toEqual([expect.objectContaining({ tracking_no: d.tracking_no, items: [{ sku_id: a, qty: 2 }, { sku_id: b, qty: 1 }] })]);
    // Packed: scanned again, it is refused.
    const again = await start(orderNo);
    expect(again.retcode).toBe(RET.PACK_ORDER_UNAVAILABLE);
    expect(again.data.reason).toBe('packed');
  });

  test('split into two parcels: a tracking number issued, -2 for the second; checking\'s box back to stock, the cartons taken', async () => {
    const [a, b] = await flow.stockedSkus(2);
    const orderNo = await flow.checkedOrder([{ sku_id: a!, qty: 1 }, { sku_id: b!, qty: 2 }]);
    const started = await start(orderNo);
    const checkedBox: string = started.data.checked_box_id;
    expect(checkedBox).not.toBe(BOX_M);
    const [c0, m0, f0] = [await balance(checkedBox), await balance(BOX_M), await balance(FILLER)];
    expect(started.retcode, started.message).toBe(0);
    const issued = started.data.order.tracking_no;
    expect(issued).toMatch(/^TLSGSIN1\d{10}$/);
    expect((await orderRow(orderNo)).trackingNo).toBe(issued);
    const answer = await new Device(packer).push(packingOps.pack.kind, {
      task_no: started.data.task.task_no, labelled_at: 1_764_000_000,
      parcels: [
        { box_id: BOX_M, filler_ids: [FILLER], weight_g: 250 + 350 + 20, items: [{ sku_id: a, qty: 1 }] },
        { box_id: BOX_M, weight_g: 500 + 350, items: [{ sku_id: b, qty: 2 }] },
      ],
    });
    expect(answer.status, answer.message).toBe('applied');
    expect(answer.data.tracking_nos).toEqual([issued, `${issued}-2`]);
    expect((await orderRow(orderNo))).toMatchObject({ status: S.PACKED, parcelSplit: PARCEL_SPLIT.values.SPLIT });
    expect([await balance(checkedBox), await balance(BOX_M), await balance(FILLER)]).toEqual([c0 + 1, m0 - 2, f0 - 1]);
    const moves = await db().select({ id: consumableTxns.consumableId, type: consumableTxns.refType }).from(consumableTxns)
      .where(and(eq(consumableTxns.whsId, WHS), eq(consumableTxns.refNo, orderNo)));
    expect(moves.filter((m) => m.type === CONSUMABLE_REF_TYPE.values.PARCEL_CANCELLED).map((m) => m.id)).toEqual([checkedBox]);
    const items = await db().select().from(parcelItems).where(and(eq(parcelItems.whsId, WHS), eq(parcelItems.trackingNo, `${issued}-2`)));
    expect(items.map((i) => [i.skuId, i.qty])).toEqual([[b, 2]]);
  });

  test('the parcels must hold the checked units, in boxes and with fillers of the right kind, weighed within tolerance; nothing is written otherwise', async () => {
    const [a] = await flow.stockedSkus(1);
    const orderNo = await flow.checkedOrder([{ sku_id: a!, qty: 2 }]);
    const started = await start(orderNo);
    const taskNo = started.data.task.task_no;
    const device = new Device(packer);
    const pack = (parcelList: unknown[]) => device.push(packingOps.pack.kind, { task_no: taskNo, labelled_at: 1_764_000_000, parcels: parcelList });
    const m0 = await balance(BOX_M);

    const short = await pack([{ box_id: BOX_M, weight_g: 850, items: [{ sku_id: a, qty: 1 }] }]);
    expect(short).toMatchObject({ status: 'rejected', retcode: RET.PACK_PARCELS_MISMATCH, data: { expected: { [a!]: 2 }, packed: { [a!]: 1 } } });
    const fillerAsBox = await pack([{ box_id: FILLER, weight_g: 850, items: [{ sku_id: a, qty: 2 }] }]);
    expect(fillerAsBox).toMatchObject({ retcode: RET.PACK_BOX_INVALID, data: { parcel_no: 1, consumable_id: FILLER } });
    const unknownBox = await pack([{ box_id: 'NO-SUCH-BOX', weight_g: 850, items: [{ sku_id: a, qty: 2 }] }]);
    expect(unknownBox).toMatchObject({ retcode: RET.PACK_BOX_INVALID, data: { consumable_id: 'NO-SUCH-BOX' } });
    const unweighed = await pack([{ box_id: BOX_M, items: [{ sku_id: a, qty: 2 }] }]);
    expect(unweighed).toMatchObject({ retcode: RET.PACK_WEIGHT_OUT_OF_TOLERANCE, data: { parcel_no: 1, weight_g: null } });
    const heavy = await pack([{ box_id: BOX_M, weight_g: 1500, items: [{ sku_id: a, qty: 2 }] }]);
    expect(heavy).toMatchObject({ retcode: RET.PACK_WEIGHT_OUT_OF_TOLERANCE, data: { parcel_no: 1, weight_g: 1500 } });
    expect(heavy.data.max_g).toBeLessThan(1500);
    const bad = await pack([]);
    expect(bad.status).toBe('rejected');

    expect(await db().select().from(parcels).where(and(eq(parcels.whsId, WHS), eq(parcels.orderNo, orderNo)))).toHaveLength(0);
    expect(await balance(BOX_M)).toBe(m0);
    expect((await orderRow(orderNo)).status).toBe(S.PACKING);
    const ok = await pack([{ box_id: BOX_M, weight_g: 860, items: [{ sku_id: a, qty: 2 }] }]);
    expect(ok.status, ok.message).toBe('applied');
  });

  test('only a packing station in use; an order not checked, unknown or packed by another operator is refused', async () => {
    const [a] = await flow.stockedSkus(1);
    const checked = await flow.checkedOrder([{ sku_id: a!, qty: 1 }]);
    for (const station of [STATION.checking, STATION.disabled, 'NO-SUCH-STATION']) {
      const refused = await start(checked, packer, station);
      expect(refused.retcode, station).toBe(RET.PACK_STATION_UNUSABLE);
      expect(refused.data.station_id).toBe(station);
    }
    const created = await flow.order([{ sku_id: a!, qty: 1 }]);
    const notChecked = await start(created);
    expect(notChecked).toMatchObject({ retcode: RET.PACK_ORDER_UNAVAILABLE, data: { reason: 'not_checked', status: S.CREATED } });
    expect((await start('NO-SUCH-ORDER')).data.reason).toBe('unknown');

    const mine = await start(checked);
    expect(mine.retcode).toBe(0);
    const theirs = await start(checked, otherPacker);
    expect(theirs.retcode).toBe(RET.TASK_ASSIGNED_ELSEWHERE);
    const theirOp = await new Device(otherPacker).push(packingOps.pack.kind, {
      task_no: mine.data.task.task_no, labelled_at: 1_764_000_000, parcels: [{ box_id: BOX_S, weight_g: 400, items: [{ sku_id: a, qty: 1 }] }],
    });
    expect(theirOp.retcode).toBe(RET.TASK_ASSIGNED_ELSEWHERE);

    // Another warehouse's user sees none of it.
    const elsewhere = await server.login((await server.createUser({ email: 'pkt-elsewhere@demo.local', role: 'Supervisor', warehouses: ['IDJKT1'] })).email);
    expect((await elsewhere.get(DETAIL, { task_no: mine.data.task.task_no })).retcode).toBe(RET.NOT_FOUND);
    expect((await elsewhere.get(PARCELS, { order_no: checked })).retcode).toBe(RET.NOT_FOUND);
    expect((await elsewhere.post(NEW_TRACKING, { tracking_no: mine.data.order.tracking_no })).retcode).toBe(RET.PARCEL_NOT_REPLACEABLE);
  });

  test('a new tracking id: the parcel under a new number, the old one Replaced naming it, its label answered and logged; only a packed parcel', async () => {
    const [a] = await flow.stockedSkus(1);
    const d = delivery();
    const orderNo = await flow.checkedOrder([{ sku_id: a!, qty: 1 }], d);
    const started = await start(orderNo);
    const packed = await new Device(packer).push(packingOps.pack.kind, {
      task_no: started.data.task.task_no, labelled_at: 1_764_000_000, parcels: [{ box_id: BOX_S, weight_g: 400, items: [{ sku_id: a, qty: 1 }] }],
    });
    expect(packed.status, packed.message).toBe('applied');
    const renewed = await supervisor.post(NEW_TRACKING, { tracking_no: d.tracking_no, station_id: STATION.packing });
    expect(renewed.retcode, renewed.message).toBe(0);
    const newNo = renewed.data.parcel.tracking_no;
    expect(newNo).toMatch(/^TLSGSIN1\d{10}$/);
    expect(renewed.data).toMatchObject({ old_tracking_no: d.tracking_no, parcel: { parcel_no: 1, status: P.PACKED, box_id: BOX_S, weight_g: 400, items: [{ sku_id: a, qty: 1 }] } });
    expect(renewed.data.job.print_content).toContain(`data-barcode-text="${newNo}"`);
    const rows = await db().select().from(parcels).where(and(eq(parcels.whsId, WHS), eq(parcels.orderNo, orderNo)));
    expect(rows.map((r) => [r.trackingNo, r.status, r.replacedBy]).sort()).toEqual([[d.tracking_no, P.REPLACED, newNo], [newNo, P.PACKED, null]].sort());
    const again = await supervisor.post(NEW_TRACKING, { tracking_no: d.tracking_no });
    expect(again).toMatchObject({ retcode: RET.PARCEL_NOT_REPLACEABLE, data: { status: P.REPLACED } });
    const operator = await packer.post(NEW_TRACKING, { tracking_no: newNo });
    expect(operator.retcode).toBe(RET.PERMISSION_DENIED);
  });

  test('an order system\'s tracking number another order holds is refused at intake', async () => {
    const [a] = await flow.stockedSkus(1);
    const d = delivery();
    await flow.order([{ sku_id: a!, qty: 1 }], d);
    const clash = await supervisor.post('/apps/process/outbound/salesorder/create_sales_order', { external_no: `PKT-CLASH-${Date.now()}`, lines: [{ sku_id: a, qty: 1 }], ...d });
    expect(clash).toMatchObject({ retcode: RET.TRACKING_NO_TAKEN, data: { tracking_no: d.tracking_no } });
    const spaced = await supervisor.post('/apps/process/outbound/salesorder/create_sales_order', { external_no: `PKT-SP-${Date.now()}`, lines: [{ sku_id: a, qty: 1 }], tracking_no: 'AB 1234' });
    expect(spaced.retcode).toBe(RET.BAD_INPUT);
  });
});


describe('the shared flow', () => {
  test('packedOrder walks an order to Packed in one parcel under its tracking number', async () => {
    const [a] = await flow.stockedSkus(1);
    const d = delivery();
    const packed = await flow.packedOrder([{ sku_id: a!, qty: 2 }], d);
    expect(packed.trackingNo).toBe(d.tracking_no);
    expect(await flow.orderStatus(packed.orderNo)).toBe(S.PACKED);
  });
});
