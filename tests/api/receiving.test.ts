import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestClient, TestServer } from '../support/api-harness';
import { arrivedGroup, countAndComplete, demoSku, groupState, inboundTestServer, memberWithoutPermissions, type ArrivedGroup } from '../support/inbound-fixture';
import { inventoryTransactions, locationInventory, qcRules, skuBatches } from '../../src/server/db/schema';
import {
  INBOUND_EXCEPTION_REASON, INBOUND_STATUS, INBOUND_TASK_KIND, INVENTORY_TRANSACTION_TYPE, PUTAWAY_MODE, QC_RULE_KIND, QUALITY, TASK_STATUS,
} from '../../src/shared/codes';
import { RET } from '../../src/shared/retcodes';

const R = '/apps/process/inbound/receiving';
const HOME = 'SGSIN1';
const STAGING = 'IB-PUTAWAY-01';
const A = INBOUND_STATUS.values;
const T = TASK_STATUS.values;

let server: TestServer;
let admin: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, clients: [admin, operator] } = await inboundTestServer(HOME, ['admin@demo.local', 'operator@demo.local']));
});
afterAll(async () => {
  await server?.close();
});

const state = (group: ArrivedGroup) => groupState(server, HOME, group);

/** On hand at a location of one SKU, by quality. */
async function onhand(location: string, skuId: string) {
  const rows = await server.database.db.select({ quality: locationInventory.quality, qty: sql<number>`sum(${locationInventory.onhandQty})::int` })
    .from(locationInventory)
    .where(and(eq(locationInventory.whsId, HOME), eq(locationInventory.locationId, location), eq(locationInventory.skuId, skuId)))
    .groupBy(locationInventory.quality).orderBy(locationInventory.quality);
  return Object.fromEntries(rows.map((r) => [r.quality, r.qty]));
}

/** A counted ASN of two lines (the first with a supplier lot and dates), ready to receive. */
async function counted() {
  const group = await arrivedGroup(server, HOME, [{
    supplierId: 'SUPSG0003',
    lines: [
      { sku: demoSku(11), expected: 6, batchNo: `LOT-${Date.now()}`, productionDate: '2026-01-10', expiryDate: '2027-01-10' },
      { sku: demoSku(12), expected: 4 },
    ],
    cartons: ['R1'],
  }]);
  const done = await countAndComplete(operator, group, [[demoSku(11), 6], [demoSku(12), 3]]);
  return { group, asnNo: group.asnNos[0]!, taskNo: done.asns[0]!.task_no };
}

describe('the receiving view', () => {
  test('lines with counted, good and damaged units; Putaway staging locations with the default first; by task number too', async () => {
    const { asnNo, taskNo } = await counted();
    const res = await operator.get(`${R}/get_receiving_asn`, { asn_no: asnNo });
    expect(res.retcode).toBe(0);
    expect(res.data).toMatchObject({ status: A.COUNTED, task_no: taskNo, task_status: T.PENDING, qc_task_no: null, default_staging_location: STAGING });
    expect(res.data.staging_locations).toEqual(['IB-PUTAWAY-01', 'IB-PUTAWAY-02']);
    expect(res.data.lines.map((l: Record<string, number>) => [l.counted_qty, l.good_qty, l.damaged_qty, l.to_receive_qty])).toEqual([[6, 6, 0, 6], [3, 3, 0, 3]]);
    expect((await operator.get(`${R}/get_receiving_asn`, { task_no: taskNo })).data).toEqual(res.data);
    expect((await operator.get(`${R}/get_receiving_asn`, { task_no: 'IT000000000000' })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('receiving', () => {
  test('a line at a time: SCANNING, ledger RECEIVED into staging in the line\'s batch, then complete: RECEIVED, the exception\'s units held, a putaway task for the rest', async () => {
    const { group, asnNo, taskNo } = await counted();
    // One unit of the first line is reported damaged at the desk first: it comes in as damaged.
    const report = await operator.post('/apps/process/inbound/exception/report_inbound_exception', {
      asn_no: asnNo, sku_id: demoSku(11), reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, qty: 1, remark: 'torn wrap',
    });
    expect(report.retcode).toBe(0);
    const before11 = await onhand(STAGING, demoSku(11));

    const first = await operator.post(`${R}/receive_asn_line`, { asn_no: asnNo, sku_id: demoSku(11), staging_location: STAGING });
    expect(first.retcode).toBe(0);
    expect(first.data).toMatchObject({ status: A.SCANNING, staging_location: STAGING });
    expect(first.data.line).toMatchObject({ good_qty: 5, damaged_qty: 1, reported_damaged_qty: 1, received_qty: 6, to_receive_qty: 0 });
    let now = await state(group);
    expect(now.orders[0]!.status).toBe(A.SCANNING);
    expect(now.tasks.find((t) => t.taskNo === taskNo)).toMatchObject({ status: T.ONGOING, doneQty: 6, stagingLocation: STAGING });
    const lot = now.batches.find((b) => b.skuId === demoSku(11))!;
    expect(lot).toMatchObject({ productionDate: '2026-01-10', expiryDate: '2027-01-10', supplierId: 'SUPSG0003', inboundRef: asnNo });
    expect(now.ledger.map((r) => [r.txnType, r.direction, r.locationId, r.skuId, r.batchId, r.quality, r.qty, r.refType])).toEqual([
      [INVENTORY_TRANSACTION_TYPE.values.RECEIVED, 1, STAGING, demoSku(11), lot.batchId, QUALITY.values.GOOD, 5, 'ASN'],
      [INVENTORY_TRANSACTION_TYPE.values.RECEIVED, 1, STAGING, demoSku(11), lot.batchId, QUALITY.values.DAMAGED, 1, 'ASN'],
    ]);
    const after11 = await onhand(STAGING, demoSku(11));
    expect([(after11[1] ?? 0) - (before11[1] ?? 0), (after11[2] ?? 0) - (before11[2] ?? 0)]).toEqual([5, 1]);

    const twice = await operator.post(`${R}/receive_asn_line`, { asn_no: asnNo, sku_id: demoSku(11), staging_location: STAGING });
    expect(twice.retcode).toBe(RET.INBOUND_QTY_EXCEEDS);
    expect(await state(group)).toEqual(now);

    const done = await operator.post(`${R}/complete_receiving`, { asn_no: asnNo, staging_location: 'IB-PUTAWAY-02' });
    expect(done.retcode).toBe(0);
    expect(done.data).toMatchObject({ status: A.RECEIVED, putaway_task_nos: [expect.stringMatching(/^IT/), expect.stringMatching(/^IT/)] });
    now = await state(group);
    expect(now.orders[0]).toMatchObject({ status: A.RECEIVED, receivedAt: expect.any(Date) });
    expect(now.lines.map((l) => l.receivedQty)).toEqual([6, 3]);
    const putaway = now.tasks.filter((t) => t.kind === INBOUND_TASK_KIND.values.PUTAWAY);
    expect(putaway.map((t) => [t.stagingLocation, t.status, t.putawayMode, t.totalQty, t.doneQty]).sort()).toEqual([
      [STAGING, T.PENDING, PUTAWAY_MODE.values.STANDARD, 5, 0], ['IB-PUTAWAY-02', T.PENDING, PUTAWAY_MODE.values.STANDARD, 3, 0],
    ].sort());
    expect(now.tasks.find((t) => t.taskNo === taskNo)).toMatchObject({ status: T.DONE, doneQty: 9 });
    expect(now.putLines.map((l) => [l.fromLocation, l.skuId, l.quality, l.qty, l.suggestedLocation, l.putQty]).sort()).toEqual([
      [STAGING, demoSku(11), QUALITY.values.GOOD, 5, null, 0], ['IB-PUTAWAY-02', demoSku(12), QUALITY.values.GOOD, 3, null, 0],
    ].sort());
    // The damaged unit waits in staging, blocked under its exception, until the exception is handled.
    expect(now.exceptions.find((e) => e.exceptionNo === report.data.exception_no)).toMatchObject({
      heldQty: 1, holdLocation: STAGING, holdBatchId: lot.batchId, holdQuality: QUALITY.values.DAMAGED,
    });
    expect(now.balances.find((b) => b.locationId === STAGING && b.skuId === demoSku(11) && b.batchId === lot.batchId && b.quality === QUALITY.values.DAMAGED))
      .toMatchObject({ onhandQty: 1, lockedQty: 1, availableQty: 0 });
    // The ledger and the balances agree: what the ASN posted is what its putaway tasks hold.
    const posted = await server.database.db.select({ qty: sql<number>`sum(${inventoryTransactions.qty})::int` }).from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, HOME), eq(inventoryTransactions.refNo, asnNo)));
    expect(posted[0]!.qty).toBe(9);
    expect((await operator.post(`${R}/complete_receiving`, { asn_no: asnNo, staging_location: STAGING })).retcode).toBe(RET.ILLEGAL_TRANSITION);
  });

  test('QC first: a counted ASN with an open QC task is refused -287105; once checked, it is received with the failed units damaged', async () => {
    const rule = await admin.post('/apps/rulecenter/qcrule/create_qc_rule', {
      rule_name: 'Everything', rule_kind: QC_RULE_KIND.values.PERCENTAGE_BASED, sample_percent: 50, supplier_id: 'SUPSG0004', priority: 1, status: 1,
    });
    const group = await arrivedGroup(server, HOME, [{ supplierId: 'SUPSG0004', lines: [{ sku: demoSku(13), expected: 4 }] }]);
    const done = await countAndComplete(operator, group, [[demoSku(13), 4]]);
    await server.database.db.update(qcRules).set({ status: 2 }).where(and(eq(qcRules.whsId, HOME), eq(qcRules.ruleId, rule.data.rule_id)));
    const asnNo = group.asnNos[0]!;
    const before = await state(group);
    const refused = await operator.post(`${R}/receive_asn_line`, { asn_no: asnNo, sku_id: demoSku(13), staging_location: STAGING });
    expect(refused.retcode).toBe(RET.QC_REQUIRED);
    expect(refused.data.task_no).toBe(done.asns[0]!.task_no);
    expect(await state(group)).toEqual(before);

    await operator.post('/apps/process/inbound/qc/save_qc_record', { asn_no: asnNo, sku_id: demoSku(13), passed_qty: 1, failed_qty: 1, fail_reason: INBOUND_EXCEPTION_REASON.values.EXPIRED });
    const checking = await operator.post(`${R}/receive_asn_line`, { asn_no: asnNo, sku_id: demoSku(13), staging_location: STAGING });
    expect(checking.retcode).toBe(RET.ILLEGAL_TRANSITION);
    await operator.post('/apps/process/inbound/qc/complete_qc', { asn_no: asnNo });
    const received = await operator.post(`${R}/complete_receiving`, { asn_no: asnNo, staging_location: STAGING });
    expect(received.data.lines[0]).toMatchObject({ good_qty: 3, damaged_qty: 1, received_qty: 4 });
    const ledger = (await state(group)).ledger.map((r) => [r.quality, r.qty]);
    expect(ledger).toEqual([[QUALITY.values.GOOD, 3], [QUALITY.values.DAMAGED, 1]]);
  });

  test('only a normal Putaway staging location takes receipts', async () => {
    const { group, asnNo } = await counted();
    const before = await state(group);
    for (const [location, retcode] of [['IB-ARRIVING-01', RET.STAGING_LOCATION_UNUSABLE], ['A01-01-01-1', RET.NOT_FOUND], ['NOWHERE', RET.NOT_FOUND]] as const) {
      const res = await operator.post(`${R}/receive_asn_line`, { asn_no: asnNo, sku_id: demoSku(11), staging_location: location });
      expect(res.retcode, location).toBe(retcode);
    }
    const blocked = await operator.post(`${R}/complete_receiving`, { asn_no: asnNo, staging_location: 'IB-ARRIVING-02' });
    expect(blocked.retcode).toBe(RET.STAGING_LOCATION_UNUSABLE);
    expect(blocked.data).toMatchObject({ location_code: 'IB-ARRIVING-02' });
    expect(await state(group)).toEqual(before);
    const noLine = await operator.post(`${R}/receive_asn_line`, { asn_no: asnNo, sku_id: demoSku(99), staging_location: STAGING });
    expect(noLine.retcode).toBe(RET.BAD_INPUT);
    expect(noLine.data.issues[0].path).toBe('sku_id');
    const badInput = await operator.post(`${R}/receive_asn_line`, { asn_no: asnNo, sku_id: demoSku(11) });
    expect(badInput.retcode).toBe(RET.BAD_INPUT);
    expect(badInput.data.issues[0].path).toBe('staging_location');
    expect(await state(group)).toEqual(before);
  });

  test('an ASN nothing was counted of is done at once: nothing to put away', async () => {
    const group = await arrivedGroup(server, HOME, [{ lines: [{ sku: demoSku(14), expected: 2 }] }, { lines: [{ sku: demoSku(15), expected: 1 }] }]);
    await countAndComplete(operator, group, [[demoSku(15), 1]]);
    const res = await operator.post(`${R}/complete_receiving`, { asn_no: group.asnNos[0], staging_location: STAGING });
    expect(res.retcode).toBe(0);
    expect(res.data).toMatchObject({ status: A.DONE, putaway_task_nos: [] });
    const now = await state(group);
    expect(now.orders.map((o) => o.status)).toEqual([A.DONE, A.COUNTED]);
    expect(now.ledger).toEqual([]);
  });

  test('not yet counted, another warehouse\'s, or without the page: refused and nothing changes', async () => {
    const arrived = await arrivedGroup(server, HOME, [{ lines: [{ sku: demoSku(16), expected: 2 }] }]);
    const before = await state(arrived);
    const early = await operator.post(`${R}/receive_asn_line`, { asn_no: arrived.asnNos[0], sku_id: demoSku(16), staging_location: STAGING });
    expect(early.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(early.data).toMatchObject({ from: A.ARRIVED });
    const elsewhere = await arrivedGroup(server, 'IDJKT1', [{ lines: [{ sku: 'IDSKU00001', expected: 1 }] }]);
    expect((await operator.get(`${R}/get_receiving_asn`, { asn_no: elsewhere.asnNos[0] })).retcode).toBe(RET.NOT_FOUND);
    expect((await operator.post(`${R}/complete_receiving`, { asn_no: elsewhere.asnNos[0], staging_location: STAGING })).retcode).toBe(RET.NOT_FOUND);
    const bare = await memberWithoutPermissions(server, HOME);
    expect((await bare.post(`${R}/complete_receiving`, { asn_no: arrived.asnNos[0], staging_location: STAGING })).retcode).toBe(RET.PERMISSION_DENIED);
    expect(await state(arrived)).toEqual(before);
  });
});

describe('batches', () => {
  test('a lot named by two ASNs with other dates is refused on the batch, and the receipt rolls back', async () => {
    const lot = `LOT-CLASH-${Date.now()}`;
    const one = await arrivedGroup(server, HOME, [{ lines: [{ sku: demoSku(17), expected: 1, batchNo: lot, expiryDate: '2027-05-01' }] }]);
    await countAndComplete(operator, one, [[demoSku(17), 1]]);
    expect((await operator.post(`${R}/complete_receiving`, { asn_no: one.asnNos[0], staging_location: STAGING })).retcode).toBe(0);
    const two = await arrivedGroup(server, HOME, [{ lines: [{ sku: demoSku(17), expected: 1, batchNo: lot, expiryDate: '2027-06-01' }] }]);
    await countAndComplete(operator, two, [[demoSku(17), 1]]);
    const before = await state(two);
    const res = await operator.post(`${R}/complete_receiving`, { asn_no: two.asnNos[0], staging_location: STAGING });
    expect(res.retcode).toBe(RET.BAD_INPUT);
    expect(res.data.issues[0].path).toBe('batch_id');
    expect(await state(two)).toEqual(before);
    const batches = await server.database.db.select().from(skuBatches).where(and(eq(skuBatches.whsId, HOME), eq(skuBatches.batchId, lot)));
    expect(batches).toHaveLength(1);
  });
});
