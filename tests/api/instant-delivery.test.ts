import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { shippingFlow } from '../support/shipping-fixture';
import { inventoryTransactions, pigeonholeParcels, shippingHandovers } from '../../src/server/db/schema';
import { HANDOVER_KIND, HANDOVER_STATUS, INVENTORY_REF_TYPE, SALES_ORDER_STATUS } from '../../src/shared/codes';
import { instantDeliveryOps } from '../../src/shared/ops/instant-delivery.ops';
import { shippingOps } from '../../src/shared/ops/shipping.ops';
import { RET } from '../../src/shared/retcodes';

/**
 * Instant delivery (docs/outbound.md "Instant delivery"): the configuration and zone codes, placing
 * packed instant parcels in the pigeonholes of their zone (an op, exactly once; refusals), the rider's
 * handover reusing shipping's (orders Outbound, ship rows once), permissions and warehouses apart.
 */
const WHS = 'SGSIN1';
const OTHER = 'MYKUL1';
const CALLS = '/apps/process/outbound/instant';
const S = SALES_ORDER_STATUS.values;
const CARRIER = 'IDT Grab';
const SOUTH = 'Jl. Melati 12, Kebayoran Baru, Jakarta Selatan 12160';
const CENTRAL = 'Jl. Cikini 4, Menteng, Jakarta Pusat 10330';
const NOWHERE = 'Jl. Raya 1, Bandung 40111';

let server: TestServer;
let supervisor: TestClient;
let placer: Device;
const db = () => server.database.db;
const flow = shippingFlow(() => server, WHS, 'IDT');
let sku: string;
let riderCount = 0;

const packed = (address: string, carrier = CARRIER) =>
  flow.packedOrder([{ sku_id: sku, qty: 1 }], carrier, undefined, { receiver: { name: 'Dewi', phone: null, address } });
const place = (trackingNo: string, pigeonhole: string, device = placer) =>
  device.push(instantDeliveryOps.place.kind, { tracking_no: trackingNo, pigeonhole_code: pigeonhole });
const placedIn = async (trackingNo: string) => (await db().select().from(pigeonholeParcels)
  .where(and(eq(pigeonholeParcels.whsId, WHS), eq(pigeonholeParcels.trackingNo, trackingNo))))[0]?.pigeonholeCode ?? null;

beforeAll(async () => {
  server = await startTestServer();
  supervisor = await flow.signIn('Supervisor');
  placer = new Device(await flow.signIn('Operator'));
  [sku] = (await flow.stockedSkus(1, 250, 200)) as [string];
  const saved = await supervisor.post(`${CALLS}/save_instant_config`, { enabled: true, carrier_names: [CARRIER, 'IDT GoSend'], cutoff_time: '14:00', alert_minutes: 30 });
  expect(saved.retcode, saved.message).toBe(0);
  for (const zone of [
    { zone_code: 'IDT-S', zone_name: 'South', postcode_prefixes: '121, 122', keywords: 'Jakarta Selatan', status: 1 },
    { zone_code: 'IDT-P', zone_name: 'Central', postcode_prefixes: '103', keywords: 'Menteng', status: 1 },
  ]) {
    const created = await supervisor.post(`${CALLS}/create_zone_code`, zone);
    expect(created.retcode, created.message).toBe(0);
  }
  expect((await supervisor.post(`${CALLS}/create_pigeonholes`, { prefix: 'IDT-', from: 1, to: 2, zone_code: 'IDT-S', capacity: 2 })).data.codes).toEqual(['IDT-01', 'IDT-02']);
  expect((await supervisor.post(`${CALLS}/create_pigeonholes`, { prefix: 'IDT-', from: 3, to: 3, zone_code: 'IDT-P', capacity: 5 })).retcode).toBe(0);
}, 180_000);
afterAll(() => server?.close());

describe('configuration and zone codes', () => {
  test('the configuration is validated with its retcode and changes nothing when refused', async () => {
    const before = (await supervisor.get(`${CALLS}/get_instant_config`, {})).data;
    expect(before).toMatchObject({ enabled: true, carrier_names: [CARRIER, 'IDT GoSend'], cutoff_time: '14:00', alert_minutes: 30 });
    for (const [body, field] of [
      [{ enabled: true, carrier_names: [], cutoff_time: null, alert_minutes: 30 }, 'carrier_names'],
      [{ enabled: true, carrier_names: ['X'], cutoff_time: '25:00', alert_minutes: 30 }, 'cutoff_time'],
      [{ enabled: true, carrier_names: ['X'], cutoff_time: null, alert_minutes: 0 }, 'alert_minutes'],
    ] as const) {
      const refused = await supervisor.post(`${CALLS}/save_instant_config`, body);
      expect(refused.retcode, refused.message).toBe(RET.INSTANT_CONFIG_INVALID);
      expect(refused.data.field).toBe(field);
    }
    expect((await supervisor.get(`${CALLS}/get_instant_config`, {})).data).toEqual(before);
  });

  test('a zone code is unique in its warehouse; postcode prefixes are digits', async () => {
    const again = await supervisor.post(`${CALLS}/create_zone_code`, { zone_code: 'IDT-S', zone_name: 'Again', postcode_prefixes: '', keywords: '', status: 1 });
    expect(again.retcode).not.toBe(0);
    const bad = await supervisor.post(`${CALLS}/create_zone_code`, { zone_code: 'IDT-X', zone_name: 'Bad', postcode_prefixes: '12a', keywords: '', status: 1 });
    expect(bad.retcode).toBe(RET.INSTANT_ZONE_CODE_INVALID);
    const list = await supervisor.get(`${CALLS}/search_zone_code`, { zone_code: 'IDT-S' });
    expect(list.data.list.map((z: { postcode_prefixes: string }) => z.postcode_prefixes)).toEqual(['121,122']);
  });

  test('a range of pigeonholes is refused whole when a code is taken or the zone is unknown', async () => {
    const taken = await supervisor.post(`${CALLS}/create_pigeonholes`, { prefix: 'IDT-', from: 2, to: 4, zone_code: 'IDT-S', capacity: 2 });
    expect(taken.retcode).toBe(RET.INSTANT_PIGEONHOLE_RANGE_INVALID);
    expect(taken.data).toMatchObject({ reason: 'taken', codes: ['IDT-02', 'IDT-03'] });
    const zone = await supervisor.post(`${CALLS}/create_pigeonholes`, { prefix: 'IDT-', from: 9, to: 9, zone_code: 'NOPE', capacity: 2 });
    expect(zone.data).toMatchObject({ reason: 'zone' });
    const board = await supervisor.get(`${CALLS}/get_pigeonhole_board`, {});
    expect(board.data.pigeonholes.map((p: { pigeonhole_code: string }) => p.pigeonhole_code).filter((c: string) => c.startsWith('IDT-'))).toEqual(['IDT-01', 'IDT-02', 'IDT-03']);
  });
});

describe('placing parcels', () => {
  test('a parcel goes into its zone\'s pigeonhole exactly once; the board shows it; a wrong pigeonhole is refused naming the right one', async () => {
    const order = await packed(SOUTH);
    const t = order.trackingNos[0]!;
    const board = await placer.client.get(`${CALLS}/get_pigeonhole_board`, {});
    expect(board.data.waiting.map((p: { tracking_no: string }) => p.tracking_no)).toContain(t);

    const wrong = await place(t, 'IDT-03');
    expect(wrong.status).toBe('rejected');
    expect(wrong.retcode).toBe(RET.INSTANT_WRONG_PIGEONHOLE);
    expect(wrong.data).toMatchObject({ pigeonhole_code: 'IDT-01', zone_code: 'IDT-S' });
    expect(await placedIn(t)).toBeNull();

    const op = placer.op(instantDeliveryOps.place.kind, { tracking_no: t, pigeonhole_code: 'IDT-01' });
    const [first] = await placer.send(op);
    expect(first!.status, first!.message).toBe('applied');
    const [second] = await placer.send(op);
    expect(second!.status).toBe('duplicate');
    expect(await placedIn(t)).toBe('IDT-01');
    const rows = await db().select().from(pigeonholeParcels).where(and(eq(pigeonholeParcels.whsId, WHS), eq(pigeonholeParcels.trackingNo, t)));
    expect(rows).toHaveLength(1);

    const again = await place(t, 'IDT-01');
    expect(again.retcode).toBe(RET.INSTANT_PARCEL_NOT_PLACEABLE);
    expect(again.data.reason).toBe('placed');
    const after = await placer.client.get(`${CALLS}/get_pigeonhole_board`, {});
    const hole = after.data.pigeonholes.find((p: { pigeonhole_code: string }) => p.pigeonhole_code === 'IDT-01');
    expect(hole.parcels.map((p: { tracking_no: string }) => p.tracking_no)).toContain(t);
    expect(after.data.waiting.map((p: { tracking_no: string }) => p.tracking_no)).not.toContain(t);
  });

  test('refused: not an instant parcel, no zone for the address, no pigeonhole with room', async () => {
    const courier = await packed(SOUTH, 'IDT Courier');
    const notInstant = await place(courier.trackingNos[0]!, 'IDT-01');
    expect(notInstant.retcode).toBe(RET.INSTANT_NOT_INSTANT);
    expect(notInstant.data.reason).toBe('carrier');

    const lost = await packed(NOWHERE);
    const noZone = await place(lost.trackingNos[0]!, 'IDT-01');
    expect(noZone.retcode).toBe(RET.INSTANT_NO_ZONE);
    expect(noZone.data.postcode).toBe('40111');

    // An address without a postcode resolves by its keyword (Menteng: Central).
    const central = await packed('Jl. Cikini, Menteng');
    expect((await place(central.trackingNos[0]!, 'IDT-03')).status).toBe('applied');

    // South's two pigeonholes hold 2 parcels each: fill them, then one more has no room.
    const filled: string[] = [];
    for (;;) {
      const board = await placer.client.get(`${CALLS}/get_pigeonhole_board`, {});
      const south = board.data.pigeonholes.filter((p: { zone_code: string }) => p.zone_code === 'IDT-S');
      const free = south.find((p: { capacity: number; parcels: unknown[] }) => p.parcels.length < p.capacity);
      if (!free) break;
      const next = await packed(SOUTH);
      const answer = await place(next.trackingNos[0]!, free.pigeonhole_code);
      expect(answer.status, answer.message).toBe('applied');
      filled.push(next.trackingNos[0]!);
    }
    const extra = await packed(SOUTH);
    const full = await place(extra.trackingNos[0]!, 'IDT-02');
    expect(full.retcode).toBe(RET.INSTANT_NO_PIGEONHOLE_ROOM);
    expect(full.data.zone_code).toBe('IDT-S');
    expect(filled.length).toBeGreaterThan(0);
  });
});

describe('the rider\'s handover', () => {
  const openRider = async (carrier = CARRIER, extra: Record<string, unknown> = {}) => {
    const shippingNo = `IDTRIDER${Date.now().toString(36).toUpperCase()}${++riderCount}`;
    const answer = await placer.push(shippingOps.open.kind, {
      shipping_no: shippingNo, kind: HANDOVER_KIND.values.RIDER, carrier_name: carrier, booking_no: `BK-${riderCount}`, driver_name: 'Andi', vehicle_no: 'B 1 XX',
      rider_phone: '+62 812', ...extra,
    });
    return { shippingNo, answer };
  };

  test('loading takes the parcel out of its pigeonhole; handing over makes the order Outbound once, ship rows not doubled', async () => {
    const order = await packed(CENTRAL);
    const t = order.trackingNos[0]!;
    expect((await place(t, 'IDT-03')).status).toBe('applied');
    const { shippingNo, answer } = await openRider();
    expect(answer.status, answer.message).toBe('applied');
    expect((await placer.push(shippingOps.load.kind, { shipping_no: shippingNo, tracking_no: t })).status).toBe('applied');
    expect(await placedIn(t)).toBeNull();
    const close = placer.op(shippingOps.close.kind, { shipping_no: shippingNo });
    const [closed] = await placer.send(close);
    expect(closed!.status, closed!.message).toBe('applied');
    expect(closed!.data.outbound_order_nos).toEqual([order.orderNo]);
    expect((await placer.send(close))[0]!.status).toBe('duplicate');
    expect(await flow.orderStatus(order.orderNo)).toBe(S.OUTBOUND);
    const rows = await db().select().from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.refType, INVENTORY_REF_TYPE.values.SHIPPING), eq(inventoryTransactions.refNo, shippingNo)));
    expect(rows.reduce((sum, r) => sum + r.qty, 0)).toBe(1);

    const [h] = await db().select().from(shippingHandovers).where(and(eq(shippingHandovers.whsId, WHS), eq(shippingHandovers.shippingNo, shippingNo)));
    expect(h).toMatchObject({ kind: HANDOVER_KIND.values.RIDER, status: HANDOVER_STATUS.values.SHIPPED, dockCode: null, bookingNo: `BK-${riderCount}`, riderPhone: '+62 812' });
    const detail = await supervisor.get(`${CALLS}/get_delivery_task_detail`, { assignment_id: shippingNo });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data.handover).toMatchObject({ booking_no: `BK-${riderCount}`, driver_name: 'Andi', parcel_count: 1 });
    const list = await supervisor.get(`${CALLS}/search_delivery_task`, { carrier_name: CARRIER });
    expect(list.data.list.map((r: { shipping_no: string }) => r.shipping_no)).toContain(shippingNo);
  });

  test('a rider takes instant parcels only, opens for an instant carrier only and names his booking', async () => {
    const wrongCarrier = await openRider('IDT Courier');
    expect(wrongCarrier.answer.retcode).toBe(RET.INSTANT_RIDER_REFUSED);
    expect(wrongCarrier.answer.data.reason).toBe('carrier');
    const noBooking = await openRider(CARRIER, { booking_no: null });
    expect(noBooking.answer.status).toBe('rejected');

    // Another instant carrier's parcel is refused by the carrier check (shipping's); a courier parcel of the rider's carrier name cannot exist.
    const other = await packed(CENTRAL, 'IDT GoSend');
    const { shippingNo } = await openRider();
    const refused = await placer.push(shippingOps.load.kind, { shipping_no: shippingNo, tracking_no: other.trackingNos[0]! });
    expect(refused.retcode).toBe(RET.SHIP_PARCEL_REFUSED);
    // Turning the carrier off: the rider's parcels are not instant any more.
    const mine = await packed(CENTRAL);
    await supervisor.post(`${CALLS}/save_instant_config`, { enabled: true, carrier_names: ['IDT GoSend'], cutoff_time: '14:00', alert_minutes: 30 });
    try {
      const notInstant = await placer.push(shippingOps.load.kind, { shipping_no: shippingNo, tracking_no: mine.trackingNos[0]! });
      expect(notInstant.retcode).toBe(RET.INSTANT_RIDER_REFUSED);
      expect(notInstant.data.reason).toBe('not_instant');
    } finally {
      await supervisor.post(`${CALLS}/save_instant_config`, { enabled: true, carrier_names: [CARRIER, 'IDT GoSend'], cutoff_time: '14:00', alert_minutes: 30 });
    }
    // A courier handover is not a delivery task.
    const courier = await supervisor.get(`${CALLS}/get_delivery_task_detail`, { assignment_id: 'SHDEMOSGSIN11' });
    expect(courier.retcode).toBe(RET.NOT_FOUND);
  });
});

describe('permissions and warehouses', () => {
  test('an operator cannot configure or create pigeonholes; another warehouse sees none of ours', async () => {
    const operator = placer.client;
    expect((await operator.post(`${CALLS}/save_instant_config`, { enabled: false, carrier_names: [], cutoff_time: null, alert_minutes: 30 })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.post(`${CALLS}/create_pigeonholes`, { prefix: 'IDT-', from: 50, to: 51, zone_code: 'IDT-S', capacity: 2 })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await operator.post(`${CALLS}/create_zone_code`, { zone_code: 'IDT-Z', zone_name: 'Z', postcode_prefixes: '', keywords: '', status: 1 })).retcode).toBe(RET.PERMISSION_DENIED);

    const outsider = await server.login((await server.createUser({ email: 'idt-outsider@demo.local', role: 'Supervisor', warehouses: [OTHER] })).email);
    const board = await outsider.get(`${CALLS}/get_pigeonhole_board`, {});
    expect(board.retcode).toBe(0);
    expect(board.data.pigeonholes.map((p: { pigeonhole_code: string }) => p.pigeonhole_code)).not.toContain('IDT-01');
    expect((await outsider.get(`${CALLS}/get_zone_code_detail`, { zone_code: 'IDT-S' })).retcode).toBe(RET.NOT_FOUND);
    const [ours] = await db().select({ no: shippingHandovers.shippingNo }).from(shippingHandovers)
      .where(and(eq(shippingHandovers.whsId, WHS), eq(shippingHandovers.kind, HANDOVER_KIND.values.RIDER)));
    expect((await outsider.get(`${CALLS}/get_delivery_task_detail`, { assignment_id: ours!.no })).retcode).toBe(RET.NOT_FOUND);
    // Their device cannot place our parcel in our pigeonhole.
    const order = await packed(SOUTH);
    const theirs = await new Device(outsider).push(instantDeliveryOps.place.kind, { tracking_no: order.trackingNos[0]!, pigeonhole_code: 'IDT-01' });
    expect(theirs.status).toBe('rejected');
    expect(theirs.retcode).toBe(RET.NOT_FOUND);
  });
});
