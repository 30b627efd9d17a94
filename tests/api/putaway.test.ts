import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { Device } from '../support/op-device';
import { asnStatusOf, createTestSku, receivedAsnWithPutawayTask, type ReceivedAsn, type ReceivedItem, type ReceivedAsnOptions } from '../support/putaway-fixture';
import {
  asnGroups, asnLines, cells, inboundExceptions, inboundTasks, inventoryTransactions, locationInventory, pathways, putawayRules, putawayTaskLines,
  rolePermissions, roles, syncOps, users, zones,
} from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { moveStock } from '../../src/server/modules/inventory/ledger';
import {
  ABC_CLASS, INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_SOURCE, INBOUND_EXCEPTION_STATUS, INBOUND_EXCEPTION_TYPE, INBOUND_STATUS,
  INBOUND_TASK_KIND, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, LOCATION_STATUS, PUTAWAY_MODE, PUTAWAY_STRATEGY, QUALITY,
  RACK_TYPE, STORAGE_AREA, TASK_STATUS, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';
import { PUTAWAY_ACCESS } from '../../src/shared/contract/putaway.contract';
import { putawayOps } from '../../src/shared/ops/putaway.ops';
import { RET } from '../../src/shared/retcodes';

const WHS = 'SGSIN1';
const RULES = '/apps/rulecenter/putawayrule';
const TASKS = '/apps/process/inbound/putawaytask';
const STANDARD_OPEN = '/apps/process/inbound/standardputaway/open_putaway_task';
const MASS_OPEN = '/apps/process/inbound/massputaway/open_putaway_lines';
const T = TASK_STATUS.values;
const A = INBOUND_STATUS.values;
const { STANDARD, MASS } = PUTAWAY_MODE.values;
const { DEBIT, CREDIT } = INVENTORY_TRANSACTION_DIRECTION.values;

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let operatorId: number;
let otherOperator: TestClient;
let otherOperatorId: number;
/** Holds the task list's permission only: no putaway screens, no task edit, no rules. */
let viewer: TestClient;

const db = () => server.database.db;

let userCounter = 0;
async function signIn(role: string) {
  const user = await server.createUser({ email: `putaway${++userCounter}@demo.local`, role: role as 'Operator' });
  return { client: await server.login(user.email), userId: user.userId };
}

beforeAll(async () => {
  server = await startTestServer();
  const [viewerRole] = await db().insert(roles).values({ whsId: WHS, roleName: 'Putaway Viewer' }).returning();
  await db().insert(rolePermissions).values({ whsId: WHS, roleId: viewerRole!.roleId, perm: 'PC.Inbound.Putawaytask.View' });
  supervisor = (await signIn('Supervisor')).client;
  ({ client: operator, userId: operatorId } = await signIn('Operator'));
  ({ client: otherOperator, userId: otherOperatorId } = await signIn('Operator'));
  viewer = (await signIn('Putaway Viewer')).client;
});
afterAll(async () => {
  await server?.close();
});

// ---- fixtures ----

const sku = (traits: Parameters<typeof createTestSku>[3] = {}) => createTestSku(db(), WHS, 'PUT', traits);
const received = (items: readonly ReceivedItem[], opts: ReceivedAsnOptions = {}) => receivedAsnWithPutawayTask(db(), items, opts);
/** A received ASN of one fresh ambient SKU, `qty` units staged, a pending standard task. */
async function oneLine(qty = 10, opts: ReceivedAsnOptions = {}) {
  return received([{ skuId: await sku(), qty }], opts);
}

let zoneCounter = 0;
/**
 * A zone of the test's own (normal temperature, one pathway) with `n` empty cells in pick order:
 * seeded stock and other tests' suggestions never reach it unless a rule sends them there.
 */
async function privateZone(n: number, more: { maxQty?: number; skuMixing?: number } = {}): Promise<{ zoneId: string; cells: string[] }> {
  const zoneId = `PZ${++zoneCounter}`;
  const pathwayId = `${zoneId}-01`;
  const skuMixing = more.skuMixing ?? SKU_MIXING.values.MIX_ATTRIBUTES;
  const common = {
    whsId: WHS, storageArea: STORAGE_AREA.values.MIX_AREA, rackType: RACK_TYPE.values.GROUND_STACKED, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  await db().insert(zones).values({ ...common, zoneId, zoneName: `Putaway test ${zoneId}`, zoneClusterId: 'ZC-BULK', pickSequence: 900 });
  await db().insert(pathways).values({ whsId: WHS, pathwayId, zoneId, pickSequence: 1 });
  const codes = Array.from({ length: n }, (_, i) => `${pathwayId}-01-${i + 1}`);
  await db().insert(cells).values(codes.map((locationCode, i) => ({ ...common, locationCode, zoneId, pathwayId, maxQty: more.maxQty ?? 1000, pickSequence: i + 1 })));
  return { zoneId, cells: codes };
}
/** One empty cell of a zone of its own. */
const freshCell = async (more: { maxQty?: number; skuMixing?: number } = {}) => (await privateZone(1, more)).cells[0]!;

async function cellWithStatus(zoneId: string, status: number): Promise<string> {
  const [row] = await db().select({ code: cells.locationCode }).from(cells)
    .where(and(eq(cells.whsId, WHS), eq(cells.zoneId, zoneId), eq(cells.status, status))).orderBy(asc(cells.locationCode)).limit(1);
  return row!.code;
}

// ---- ops ----



const putPayload = (fx: ReceivedAsn, lineNo: number, location: string, qty: number) =>
  ({ task_no: fx.taskNo, line_no: lineNo, sku_id: fx.lines[lineNo - 1]!.skuId, location, qty });

// ---- reading state ----

const onhandAt = async (location: string, skuId: string) => {
  const rows = await db().select({ qty: locationInventory.onhandQty }).from(locationInventory)
    .where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, location), eq(locationInventory.skuId, skuId)));
  return rows.reduce((sum, r) => sum + r.qty, 0);
};
const ledgerOf = (skuId: string) => db().select().from(inventoryTransactions)
  .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.skuId, skuId))).orderBy(asc(inventoryTransactions.txnId));
const taskRow = async (taskNo: string, whsId = WHS) =>
  (await db().select().from(inboundTasks).where(and(eq(inboundTasks.whsId, whsId), eq(inboundTasks.taskNo, taskNo))))[0]!;
const lineRows = (taskNo: string) => db().select().from(putawayTaskLines)
  .where(and(eq(putawayTaskLines.whsId, WHS), eq(putawayTaskLines.taskNo, taskNo))).orderBy(asc(putawayTaskLines.lineNo));

/** Everything a put may change, to show a refusal changed nothing. */
async function stateOf(fx: ReceivedAsn) {
  const skuIds = [...new Set(fx.lines.map((l) => l.skuId))];
  return {
    balances: await db().select().from(locationInventory).where(and(eq(locationInventory.whsId, fx.whsId), inArray(locationInventory.skuId, skuIds)))
      .orderBy(asc(locationInventory.locationId), asc(locationInventory.skuId), asc(locationInventory.batchId)),
    ledger: (await db().select({ n: count() }).from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, fx.whsId), inArray(inventoryTransactions.skuId, skuIds))))[0]!.n,
    task: await db().select().from(inboundTasks).where(and(eq(inboundTasks.whsId, fx.whsId), eq(inboundTasks.taskNo, fx.taskNo))),
    lines: await db().select().from(putawayTaskLines).where(and(eq(putawayTaskLines.whsId, fx.whsId), eq(putawayTaskLines.taskNo, fx.taskNo))).orderBy(asc(putawayTaskLines.lineNo)),
    asnLines: await db().select().from(asnLines).where(and(eq(asnLines.whsId, fx.whsId), eq(asnLines.asnNo, fx.asnNo))).orderBy(asc(asnLines.lineNo)),
    asn: await asnStatusOf(db(), fx.whsId, fx.asnNo),
  };
}

/** Pushes an op that must be rejected with `retcode`, and checks nothing of the fixture changed. */
async function expectRejected(fx: ReceivedAsn, device: Device, kind: string, payload: Record<string, unknown>, retcode: number) {
  const before = await stateOf(fx);
  const answer = await device.push(kind, payload);
  expect(answer.status, answer.message).toBe('rejected');
  expect(answer.retcode, answer.message).toBe(retcode);
  expect(await stateOf(fx)).toEqual(before);
  return answer;
}

// ---- rules ----

async function createRule(body: Record<string, unknown>) {
  const res = await supervisor.post(`${RULES}/create_putaway_rule`, { rule_name: 'Test rule', priority: 10, strategy: PUTAWAY_STRATEGY.values.CONSOLIDATE, status: 1, ...body });
  expect(res.retcode, res.message).toBe(0);
  return res.data as { rule_id: number };
}
/** Rules are warehouse-wide: a test switches its own off when done, so later tests do not meet it. */
const retire = async (ruleId: number) => expect((await supervisor.post(`${RULES}/update_putaway_rule`, { rule_id: ruleId, status: 2 })).retcode).toBe(0);

describe('putaway rules (Rule Center › Putaway Rule › Inbound)', () => {
  test('create, list, detail and edit; the form\'s optional conditions may stay empty', async () => {
    const created = await supervisor.post(`${RULES}/create_putaway_rule`, {
      rule_name: 'Cold chain to chillers', priority: 5, temperature_zone: TEMPERATURE_ZONE.values.CHILLED, target_logic_area_id: 'LA-COLD',
      strategy: PUTAWAY_STRATEGY.values.EMPTY_CELL, status: 2,
    });
    expect(created.retcode, created.message).toBe(0);
    expect(created.data).toMatchObject({
      rule_name: 'Cold chain to chillers', priority: 5, temperature_zone: 2, abc_class: null, high_value_only: 0, quality: null,
      target_zone_id: null, target_logic_area_id: 'LA-COLD', strategy: 2, status: 2, created_at: expect.any(Number),
    });
    const id = created.data.rule_id;
    const list = await supervisor.get(`${RULES}/search_putaway_rule`, { rule_name: 'cold chain', status: 2 });
    expect(list.retcode).toBe(0);
    expect(list.data.list.map((r: { rule_id: number }) => r.rule_id)).toContain(id);
    const detail = await supervisor.get(`${RULES}/get_putaway_rule_detail`, { rule_id: id });
    expect(detail.data.rule_name).toBe('Cold chain to chillers');
    const edited = await supervisor.post(`${RULES}/update_putaway_rule`, { rule_id: id, target_logic_area_id: null, target_zone_id: 'B01', high_value_only: 1 });
    expect(edited.retcode, edited.message).toBe(0);
    expect(edited.data).toMatchObject({ target_zone_id: 'B01', target_logic_area_id: null, high_value_only: 1, strategy: 2 });
  });

  test('a rule needs one target: none, both or an unknown one is refused naming the field, and nothing is written', async () => {
    const rulesBefore = (await db().select({ n: count() }).from(putawayRules))[0]!.n;
    const none = await supervisor.post(`${RULES}/create_putaway_rule`, { rule_name: 'No target', priority: 1, strategy: 1, status: 2 });
    expect(none.retcode).toBe(RET.BAD_INPUT);
    expect(none.data.issues[0].path).toBe('target_zone_id');
    const both = await supervisor.post(`${RULES}/create_putaway_rule`, { rule_name: 'Both', priority: 1, strategy: 1, status: 2, target_zone_id: 'A01', target_logic_area_id: 'LA-FAST' });
    expect(both.retcode).toBe(RET.BAD_INPUT);
    expect(both.data.issues[0].path).toBe('target_logic_area_id');
    const unknown = await supervisor.post(`${RULES}/create_putaway_rule`, { rule_name: 'Nowhere', priority: 1, strategy: 1, status: 2, target_zone_id: 'ZZ99' });
    expect(unknown.retcode).toBe(RET.BAD_INPUT);
    expect(unknown.data.issues[0].path).toBe('target_zone_id');
    const badPriority = await supervisor.post(`${RULES}/create_putaway_rule`, { rule_name: 'Late', priority: 0, strategy: 1, status: 2, target_zone_id: 'A01' });
    expect(badPriority.retcode).toBe(RET.BAD_INPUT);
    expect(badPriority.data.issues[0].path).toBe('priority');
    const badStrategy = await supervisor.post(`${RULES}/create_putaway_rule`, { rule_name: 'Odd', priority: 1, strategy: 7, status: 2, target_zone_id: 'A01' });
    expect(badStrategy.retcode).toBe(RET.BAD_INPUT);
    expect((await db().select({ n: count() }).from(putawayRules))[0]!.n).toBe(rulesBefore);

    const rule = await createRule({ target_zone_id: 'A01', status: 2 });
    const cleared = await supervisor.post(`${RULES}/update_putaway_rule`, { rule_id: rule.rule_id, target_zone_id: null });
    expect(cleared.retcode).toBe(RET.BAD_INPUT);
    expect((await supervisor.get(`${RULES}/get_putaway_rule_detail`, { rule_id: rule.rule_id })).data.target_zone_id).toBe('A01');
  });

  test('another warehouse\'s rule is not found; the operator and the task viewer have no rule pages', async () => {
    const [foreign] = await db().insert(putawayRules).values({ whsId: 'IDJKT1', ruleName: 'Jakarta', priority: 1, targetZoneId: 'A01', status: 2 }).returning();
    expect((await supervisor.get(`${RULES}/get_putaway_rule_detail`, { rule_id: foreign!.ruleId })).retcode).toBe(RET.NOT_FOUND);
    const edit = await supervisor.post(`${RULES}/update_putaway_rule`, { rule_id: foreign!.ruleId, status: 1 });
    expect(edit.retcode).toBe(RET.NOT_FOUND);
    expect((await db().select().from(putawayRules).where(eq(putawayRules.ruleId, foreign!.ruleId)))[0]!.status).toBe(2);
    for (const client of [operator, viewer]) {
      expect((await client.get(`${RULES}/search_putaway_rule`)).retcode).toBe(RET.PERMISSION_DENIED);
      expect((await client.post(`${RULES}/create_putaway_rule`, { rule_name: 'x', priority: 1, strategy: 1, status: 2, target_zone_id: 'A01' })).retcode).toBe(RET.PERMISSION_DENIED);
    }
  });
});

describe('suggestions when a task is opened', () => {
  test('the first active rule by priority whose conditions the SKU meets names the zone; empty cell first', async () => {
    const skuId = await sku({ abcClass: ABC_CLASS.values.SA });
    const fx = await received([{ skuId, qty: 6 }]);
    const [lowerZone, firstZone, inactiveZone] = [await privateZone(2), await privateZone(3), await privateZone(2)];
    // The first zone's lowest cell holds another batch of the SKU: empty cell first passes it over.
    const other = await received([{ skuId, qty: 1, supplierId: 'SUPSG0001' }]);
    expect((await new Device(otherOperator).push(putawayOps.put.kind, putPayload(other, 1, firstZone!.cells[0]!, 1))).status).toBe('applied');
    const rules = [
      await createRule({ abc_class: ABC_CLASS.values.SA, target_zone_id: lowerZone!.zoneId, priority: 20, strategy: PUTAWAY_STRATEGY.values.EMPTY_CELL }),
      await createRule({ abc_class: ABC_CLASS.values.SA, target_zone_id: firstZone!.zoneId, priority: 10, strategy: PUTAWAY_STRATEGY.values.EMPTY_CELL }),
      await createRule({ abc_class: ABC_CLASS.values.SA, target_zone_id: inactiveZone!.zoneId, priority: 1, status: 2 }),
    ];
    try {
      const res = await operator.post(STANDARD_OPEN, { code: fx.taskNo });
      expect(res.retcode, res.message).toBe(0);
      expect(res.data.lines[0].suggested_location).toBe(firstZone!.cells[1]);
      // Written on the line: the detail page shows it.
      expect((await lineRows(fx.taskNo))[0]!.suggestedLocation).toBe(firstZone!.cells[1]);
      expect((await supervisor.get(`${TASKS}/get_putaway_task_detail`, { task_no: fx.taskNo })).data.lines[0].suggested_location).toBe(firstZone!.cells[1]);
    } finally {
      for (const r of rules) await retire(r.rule_id);
    }
  });

  test('consolidate: a later task of the same SKU is sent where the SKU already is, before an empty cell', async () => {
    const skuId = await sku({ abcClass: ABC_CLASS.values.EXCLUDED });
    const zone = await privateZone(3);
    const rule = await createRule({ abc_class: ABC_CLASS.values.EXCLUDED, target_zone_id: zone.zoneId, strategy: PUTAWAY_STRATEGY.values.CONSOLIDATE });
    try {
      const first = await received([{ skuId, qty: 5 }]);
      expect((await operator.post(STANDARD_OPEN, { code: first.taskNo })).data.lines[0].suggested_location).toBe(zone.cells[0]);
      // The operator chose the third cell instead.
      expect((await new Device(operator).push(putawayOps.put.kind, putPayload(first, 1, zone.cells[2]!, 5))).status).toBe('applied');
      const second = await received([{ skuId, qty: 7 }]);
      expect((await operator.post(STANDARD_OPEN, { code: second.taskNo })).data.lines[0].suggested_location).toBe(zone.cells[2]);
    } finally {
      await retire(rule.rule_id);
    }
  });

  test('the open suggestions of other lines count against a cell: two lines filling a cell are sent to two (pick sequence)', async () => {
    const skuId = await sku({ abcClass: ABC_CLASS.values.UNDEFINED });
    const zone = await privateZone(3, { maxQty: 10 });
    const rule = await createRule({ abc_class: ABC_CLASS.values.UNDEFINED, target_zone_id: zone.zoneId, strategy: PUTAWAY_STRATEGY.values.PICK_SEQUENCE });
    try {
      const fx = await received([{ skuId, qty: 10, supplierId: 'SUPSG0001' }, { skuId, qty: 8, supplierId: 'SUPSG0002' }]);
      const res = await operator.post(STANDARD_OPEN, { code: fx.taskNo });
      expect(res.data.lines.map((l: { suggested_location: string }) => l.suggested_location)).toEqual([zone.cells[0], zone.cells[1]]);
    } finally {
      await retire(rule.rule_id);
    }
  });

  test('a logic area target looks in its zones; without a matching rule the SKU\'s temperature zone is used', async () => {
    const chilled = await sku({ temperatureZone: TEMPERATURE_ZONE.values.CHILLED, isHighValue: true });
    const aircon = await sku({ temperatureZone: TEMPERATURE_ZONE.values.AIR_CONDITIONED });
    const fx = await received([{ skuId: chilled, qty: 4 }, { skuId: aircon, qty: 3 }]);
    const rule = await createRule({ high_value_only: 1, temperature_zone: TEMPERATURE_ZONE.values.CHILLED, target_logic_area_id: 'LA-COLD' });
    try {
      const res = await operator.post(STANDARD_OPEN, { code: fx.taskNo });
      expect(res.retcode, res.message).toBe(0);
      const [coldCell, airconCell] = res.data.lines.map((l: { suggested_location: string }) => l.suggested_location);
      const rows = await db().select().from(cells).where(and(eq(cells.whsId, WHS), inArray(cells.locationCode, [coldCell, airconCell])));
      const cold = rows.find((c) => c.locationCode === coldCell)!;
      expect(['B01', 'B02']).toContain(cold.zoneId);
      expect(cold.temperatureZone).toBe(TEMPERATURE_ZONE.values.CHILLED);
      // Air-conditioned goods have no rule: the fallback stays in their temperature zone.
      expect(rows.find((c) => c.locationCode === airconCell)!.temperatureZone).toBe(TEMPERATURE_ZONE.values.AIR_CONDITIONED);
    } finally {
      await retire(rule.rule_id);
    }
  });

  test('a suggested cell that becomes unusable is suggested again when the task is opened; a usable one stays', async () => {
    const skuId = await sku({ abcClass: ABC_CLASS.values.B, isHighValue: true });
    const zone = await privateZone(2);
    const rule = await createRule({ abc_class: ABC_CLASS.values.B, high_value_only: 1, target_zone_id: zone.zoneId, strategy: PUTAWAY_STRATEGY.values.PICK_SEQUENCE });
    try {
      const fx = await received([{ skuId, qty: 8 }]);
      expect((await operator.post(STANDARD_OPEN, { code: fx.taskNo })).data.lines[0].suggested_location).toBe(zone.cells[0]);
      expect((await operator.post(STANDARD_OPEN, { code: fx.taskNo })).data.lines[0].suggested_location).toBe(zone.cells[0]);
      await db().update(cells).set({ status: LOCATION_STATUS.values.BLOCKED }).where(and(eq(cells.whsId, WHS), eq(cells.locationCode, zone.cells[0]!)));
      expect((await operator.post(STANDARD_OPEN, { code: fx.taskNo })).data.lines[0].suggested_location).toBe(zone.cells[1]);
      // Unblocked again: the second cell is still usable, so it stays.
      await db().update(cells).set({ status: LOCATION_STATUS.values.NORMAL }).where(and(eq(cells.whsId, WHS), eq(cells.locationCode, zone.cells[0]!)));
      expect((await operator.post(STANDARD_OPEN, { code: fx.taskNo })).data.lines[0].suggested_location).toBe(zone.cells[1]);
    } finally {
      await retire(rule.rule_id);
    }
  });
});

describe('opening work on the scan screens', () => {
  test('a staging location opens its oldest open standard task (the caller\'s own first); nothing open is -100404', async () => {
    const staging = 'IB-QC-02';
    const older = await oneLine(3, { staging });
    const newer = await oneLine(3, { staging });
    const byLocation = await operator.post(STANDARD_OPEN, { code: staging });
    expect(byLocation.retcode, byLocation.message).toBe(0);
    expect(byLocation.data.tasks.map((t: { task_no: string }) => t.task_no)).toEqual([older.taskNo]);
    await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: newer.taskNo, assignee_id: operatorId });
    expect((await operator.post(STANDARD_OPEN, { code: staging })).data.tasks[0].task_no).toBe(newer.taskNo);
    // Another operator does not get a task assigned to someone else.
    expect((await otherOperator.post(STANDARD_OPEN, { code: staging })).data.tasks[0].task_no).toBe(older.taskNo);
    expect((await operator.post(STANDARD_OPEN, { code: 'IB-IBT-02' })).retcode).toBe(RET.NOT_FOUND);
    expect((await operator.post(STANDARD_OPEN, { code: '' })).retcode).toBe(RET.BAD_INPUT);
    expect((await viewer.post(STANDARD_OPEN, { code: older.taskNo })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await viewer.post(MASS_OPEN, { code: older.taskNo })).retcode).toBe(RET.PERMISSION_DENIED);
  });

  test('another warehouse\'s task is not found', async () => {
    const skuId = await createTestSku(db(), 'IDJKT1', 'PUTID');
    const foreign = await received([{ skuId, qty: 2 }], { whsId: 'IDJKT1' });
    expect((await operator.post(STANDARD_OPEN, { code: foreign.taskNo })).retcode).toBe(RET.NOT_FOUND);
    expect((await supervisor.get(`${TASKS}/get_putaway_task_detail`, { task_no: foreign.taskNo })).retcode).toBe(RET.NOT_FOUND);
    const device = new Device(operator);
    const answer = await device.push(putawayOps.put.kind, { ...putPayload(foreign, 1, 'A01-01-01-1', 1) });
    expect(answer.retcode).toBe(RET.NOT_FOUND);
    expect(await onhandAt(foreign.staging, skuId)).toBe(0); // in SGSIN1 nothing of it exists
  });
});

describe('standard putaway (op inbound.putaway.put)', () => {
  test('a put moves the units through the ledger, starts the task and the ASN; replaying it moves nothing more', async () => {
    const fx = await oneLine(10);
    const skuId = fx.lines[0]!.skuId;
    const cell = await freshCell();
    const device = new Device(operator);
    const op = device.op(putawayOps.put.kind, putPayload(fx, 1, cell, 4));
    const [answer] = await device.send(op);
    expect(answer!.status, answer!.message).toBe('applied');
    expect(answer!.data).toEqual({
      location: cell, qty: 4,
      tasks: [{ task_no: fx.taskNo, status: T.ONGOING, done_qty: 4, total_qty: 10 }],
      lines: [{ task_no: fx.taskNo, line_no: 1, put_qty: 4 }],
    });
    expect(await onhandAt(cell, skuId)).toBe(4);
    expect(await onhandAt(fx.staging, skuId)).toBe(6);
    const puts = (await ledgerOf(skuId)).filter((r) => r.txnType === INVENTORY_TRANSACTION_TYPE.values.PUT_AWAY);
    expect(puts.map((r) => [r.direction, r.locationId, r.counterLocationId, r.qty, r.refType, r.refNo, r.opId, r.operatorId])).toEqual([
      [CREDIT, fx.staging, cell, 4, 'PUTAWAY_TASK', fx.taskNo, op.op_id, operatorId],
      [DEBIT, cell, fx.staging, 4, 'PUTAWAY_TASK', fx.taskNo, op.op_id, operatorId],
    ]);
    const task = await taskRow(fx.taskNo);
    expect(task).toMatchObject({ status: T.ONGOING, doneQty: 4, assigneeId: operatorId });
    expect(task.startedAt).toBeInstanceOf(Date);
    expect((await lineRows(fx.taskNo))[0]!.putQty).toBe(4);
    expect(await asnStatusOf(db(), WHS, fx.asnNo)).toBe(A.PUTTING);
    expect((await db().select().from(asnGroups).where(and(eq(asnGroups.whsId, WHS), eq(asnGroups.groupNo, fx.asnNo))))[0]!.status).toBe(A.PUTTING);
    expect((await db().select().from(asnLines).where(and(eq(asnLines.whsId, WHS), eq(asnLines.asnNo, fx.asnNo))))[0]!.putawayQty).toBe(4);

    // The same op again (a lost answer): its recorded answer, nothing moved twice.
    const [again] = await device.send(op);
    expect(again).toMatchObject({ status: 'duplicate', retcode: 0, data: answer!.data });
    expect(await onhandAt(cell, skuId)).toBe(4);
    expect((await ledgerOf(skuId)).filter((r) => r.txnType === INVENTORY_TRANSACTION_TYPE.values.PUT_AWAY)).toHaveLength(2);
    expect((await taskRow(fx.taskNo)).doneQty).toBe(4);
  });

  test('the last units finish the task, and an ASN with no open putaway task left is done', async () => {
    const skuA = await sku();
    const skuB = await sku();
    const fx = await received([{ skuId: skuA, qty: 3 }, { skuId: skuB, qty: 2 }]);
    const cell = await freshCell({ skuMixing: SKU_MIXING.values.MIX_SKU });
    const device = new Device(operator);
    expect((await device.push(putawayOps.put.kind, putPayload(fx, 1, cell, 3))).status).toBe('applied');
    expect(await asnStatusOf(db(), WHS, fx.asnNo)).toBe(A.PUTTING);
    const last = await device.push(putawayOps.put.kind, putPayload(fx, 2, cell, 2));
    expect(last.status, last.message).toBe('applied');
    expect(last.data.tasks[0]).toMatchObject({ status: T.DONE, done_qty: 5 });
    const task = await taskRow(fx.taskNo);
    expect(task.status).toBe(T.DONE);
    expect(task.finishedAt).toBeInstanceOf(Date);
    expect(await asnStatusOf(db(), WHS, fx.asnNo)).toBe(A.DONE);
    expect((await db().select().from(asnGroups).where(and(eq(asnGroups.whsId, WHS), eq(asnGroups.groupNo, fx.asnNo))))[0]!.status).toBe(A.DONE);
    // A finished task takes no more (task lifecycle: done is final).
    await expectRejected(fx, device, putawayOps.put.kind, putPayload(fx, 2, cell, 1), RET.ILLEGAL_TRANSITION);
  });

  test('refusals are recorded and change nothing: too many, a blocked cell, a staging location, another temperature zone, another SKU', async () => {
    const fx = await oneLine(5);
    const device = new Device(operator);
    const cell = await freshCell();
    const tooMany = await expectRejected(fx, device, putawayOps.put.kind, putPayload(fx, 1, cell, 6), RET.PUTAWAY_QTY_EXCEEDS);
    expect(tooMany.data).toMatchObject({ remaining: 5 });
    const blocked = await cellWithStatus('A01', LOCATION_STATUS.values.BLOCKED);
    expect((await expectRejected(fx, device, putawayOps.put.kind, putPayload(fx, 1, blocked, 1), RET.PUTAWAY_CELL_UNUSABLE)).data.reason).toBe('status');
    expect((await expectRejected(fx, device, putawayOps.put.kind, putPayload(fx, 1, 'IB-PUTAWAY-02', 1), RET.PUTAWAY_CELL_UNUSABLE)).data.reason).toBe('not_a_cell');
    expect((await expectRejected(fx, device, putawayOps.put.kind, putPayload(fx, 1, 'NO-SUCH-CELL', 1), RET.PUTAWAY_CELL_UNUSABLE)).data.reason).toBe('not_a_cell');
    const chiller = await cellWithStatus('B01', LOCATION_STATUS.values.NORMAL);
    expect((await expectRejected(fx, device, putawayOps.put.kind, putPayload(fx, 1, chiller, 1), RET.PUTAWAY_CELL_UNUSABLE)).data.reason).toBe('temperature');
    const wrongSku = await expectRejected(fx, device, putawayOps.put.kind, { ...putPayload(fx, 1, cell, 1), sku_id: 'SGSKU00001' }, RET.BAD_INPUT);
    expect(wrongSku.data.issues[0].path).toBe('sku_id');
    await expectRejected(fx, device, putawayOps.put.kind, { ...putPayload(fx, 1, cell, 1), line_no: 2 }, RET.NOT_FOUND);
    await expectRejected(fx, device, putawayOps.put.kind, { ...putPayload(fx, 1, cell, 1), task_no: 'IT000000000000' }, RET.NOT_FOUND);
    const badQty = await expectRejected(fx, device, putawayOps.put.kind, { ...putPayload(fx, 1, cell, 1), qty: 0 }, RET.BAD_INPUT);
    expect(badQty.data.issues[0].path).toBe('payload.qty');
    // The queue went on after each refusal: a good put still applies.
    expect((await device.push(putawayOps.put.kind, putPayload(fx, 1, cell, 5))).status).toBe('applied');
  });

  test('a cell that cannot mix SKUs, or is full, refuses', async () => {
    const fx = await oneLine(5);
    const device = new Device(operator);
    // A cell that cannot mix, holding another SKU, refuses.
    const occupied = await freshCell({ skuMixing: SKU_MIXING.values.CANNOT_MIX });
    const other = await received([{ skuId: await sku(), qty: 1 }]);
    expect((await new Device(otherOperator).push(putawayOps.put.kind, putPayload(other, 1, occupied, 1))).status).toBe('applied');
    expect((await expectRejected(fx, device, putawayOps.put.kind, putPayload(fx, 1, occupied, 1), RET.PUTAWAY_CELL_UNUSABLE)).data.reason).toBe('sku_mixing');
    const small = await freshCell({ maxQty: 3 });
    expect((await expectRejected(fx, device, putawayOps.put.kind, putPayload(fx, 1, small, 4), RET.PUTAWAY_CELL_UNUSABLE)).data.reason).toBe('capacity');
    expect((await device.push(putawayOps.put.kind, putPayload(fx, 1, small, 3))).status).toBe('applied');
  });

  test('units no longer in staging: the ledger refuses (-286001) and nothing changes', async () => {
    const fx = await oneLine(6);
    const { skuId, batchId } = fx.lines[0]!;
    // Somebody moved 4 of them elsewhere meanwhile.
    await db().transaction((tx) => moveStock(tx as unknown as Db, WHS, [{
      txnType: INVENTORY_TRANSACTION_TYPE.values.RACK_TRANSFER, from: { location: fx.staging, skuId, batchId, quality: QUALITY.values.GOOD },
      to: { location: 'IB-PUTAWAY-02', batchId, quality: QUALITY.values.GOOD }, qty: 4,
    }], { refType: 'RACK_TRANSFER', refNo: 'RT-TEST', operatorId: null }));
    const answer = await expectRejected(fx, new Device(operator), putawayOps.put.kind, putPayload(fx, 1, await freshCell(), 5), RET.INSUFFICIENT_STOCK);
    expect(answer.data).toMatchObject({ location_id: fx.staging, wanted: 5, available: 2 });
  });

  test('a mass task, a task assigned to another operator, an ASN not received: refused', async () => {
    const cell = await freshCell();
    const mass = await oneLine(2, { mode: MASS, staging: 'IB-DISPUTE-02' });
    await expectRejected(mass, new Device(operator), putawayOps.put.kind, putPayload(mass, 1, cell, 1), RET.PUTAWAY_MODE_MISMATCH);

    const assigned = await oneLine(2);
    expect((await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: assigned.taskNo, assignee_id: otherOperatorId })).retcode).toBe(0);
    const elsewhere = await expectRejected(assigned, new Device(operator), putawayOps.put.kind, putPayload(assigned, 1, cell, 1), RET.TASK_ASSIGNED_ELSEWHERE);
    expect(elsewhere.data.assignee_id).toBe(otherOperatorId);
    expect((await new Device(otherOperator).push(putawayOps.put.kind, putPayload(assigned, 1, cell, 1))).status).toBe('applied');

    // Receiving not finished (the ASN is still scanning): the ASN cannot become putting.
    const early = await oneLine(2, { asnStatus: A.SCANNING });
    const refused = await expectRejected(early, new Device(operator), putawayOps.put.kind, putPayload(early, 1, cell, 1), RET.ILLEGAL_TRANSITION);
    expect(refused.data).toEqual({ from: A.SCANNING, to: A.PUTTING });
  });

  test('two devices putting the last units at once: one put applies, the other is refused, the stock moves once', async () => {
    const fx = await oneLine(5);
    const skuId = fx.lines[0]!.skuId;
    const cell = await freshCell();
    const [a, b] = await Promise.all([
      new Device(operator).push(putawayOps.put.kind, putPayload(fx, 1, cell, 5)),
      new Device(otherOperator).push(putawayOps.put.kind, putPayload(fx, 1, cell, 5)),
    ]);
    expect([a!.status, b!.status].sort()).toEqual(['applied', 'rejected']);
    const loser = a!.status === 'rejected' ? a! : b!;
    expect([RET.PUTAWAY_QTY_EXCEEDS, RET.TASK_ASSIGNED_ELSEWHERE, RET.ILLEGAL_TRANSITION]).toContain(loser.retcode);
    expect(await onhandAt(cell, skuId)).toBe(5);
    expect(await onhandAt(fx.staging, skuId)).toBe(0);
    expect((await ledgerOf(skuId)).filter((r) => r.txnType === INVENTORY_TRANSACTION_TYPE.values.PUT_AWAY)).toHaveLength(2);
    expect((await taskRow(fx.taskNo))).toMatchObject({ status: T.DONE, doneQty: 5 });
  });

  test('without the standard putaway permission the op is rejected', async () => {
    const fx = await oneLine(2);
    const answer = await expectRejected(fx, new Device(viewer), putawayOps.put.kind, putPayload(fx, 1, await freshCell(), 1), RET.PERMISSION_DENIED);
    expect(answer.message).toContain(PUTAWAY_ACCESS.put.perm);
  });
});

describe('mass putaway (op inbound.putaway.mass_put)', () => {
  test('a staging location opens every open mass task there; everything scanned goes to one cell', async () => {
    const staging = 'IB-INBOUNDCARTON-01';
    const skuA = await sku();
    const skuB = await sku();
    const one = await received([{ skuId: skuA, qty: 4 }, { skuId: skuB, qty: 2 }], { mode: MASS, staging });
    const two = await received([{ skuId: skuA, qty: 3 }], { mode: MASS, staging });
    const work = await operator.post(MASS_OPEN, { code: staging });
    expect(work.retcode, work.message).toBe(0);
    expect(work.data.tasks.map((t: { task_no: string }) => t.task_no)).toEqual([one.taskNo, two.taskNo]);
    expect(work.data.lines).toHaveLength(3);
    expect(work.data.lines.every((l: { suggested_location: string | null }) => l.suggested_location !== null)).toBe(true);

    const cell = await freshCell({ skuMixing: SKU_MIXING.values.MIX_SKU });
    const device = new Device(operator);
    const answer = await device.push(putawayOps.massPut.kind, {
      staging_location: staging, location: cell,
      items: [{ task_no: one.taskNo, line_no: 1, qty: 4 }, { task_no: one.taskNo, line_no: 2, qty: 2 }, { task_no: two.taskNo, line_no: 1, qty: 1 }],
    });
    expect(answer.status, answer.message).toBe('applied');
    expect(answer.data.tasks).toEqual([
      { task_no: one.taskNo, status: T.DONE, done_qty: 6, total_qty: 6 },
      { task_no: two.taskNo, status: T.ONGOING, done_qty: 1, total_qty: 3 },
    ]);
    expect(await onhandAt(cell, skuA)).toBe(5);
    expect(await onhandAt(cell, skuB)).toBe(2);
    expect(await asnStatusOf(db(), WHS, one.asnNo)).toBe(A.DONE);
    expect(await asnStatusOf(db(), WHS, two.asnNo)).toBe(A.PUTTING);
    // Done tasks are not offered again; the rest still is.
    const after = await operator.post(MASS_OPEN, { code: staging });
    expect(after.data.tasks.map((t: { task_no: string }) => t.task_no)).toEqual([two.taskNo]);
  });

  test('refused: a cell that cannot take every SKU, a line waiting elsewhere, a standard task, an empty scan', async () => {
    const staging = 'IB-INBOUNDCARTON-02';
    const fx = await received([{ skuId: await sku(), qty: 2 }, { skuId: await sku(), qty: 2 }], { mode: MASS, staging });
    const device = new Device(operator);
    const both = [{ task_no: fx.taskNo, line_no: 1, qty: 2 }, { task_no: fx.taskNo, line_no: 2, qty: 2 }];
    const strict = await freshCell({ skuMixing: SKU_MIXING.values.MIX_ATTRIBUTES });
    const mixing = await expectRejected(fx, device, putawayOps.massPut.kind, { staging_location: staging, location: strict, items: both }, RET.PUTAWAY_CELL_UNUSABLE);
    expect(mixing.data.reason).toBe('sku_mixing');
    const where = await expectRejected(fx, device, putawayOps.massPut.kind, { staging_location: 'IB-PUTAWAY-01', location: await freshCell({ skuMixing: SKU_MIXING.values.MIX_SKU }), items: both }, RET.BAD_INPUT);
    expect(where.data.issues[0].path).toBe('staging_location');
    await expectRejected(fx, device, putawayOps.massPut.kind, { staging_location: staging, location: strict, items: [] }, RET.BAD_INPUT);
    const standard = await oneLine(2, { staging });
    await expectRejected(standard, device, putawayOps.massPut.kind, { staging_location: staging, location: strict, items: [{ task_no: standard.taskNo, line_no: 1, qty: 1 }] }, RET.PUTAWAY_MODE_MISMATCH);
    expect((await viewer.post(MASS_OPEN, { code: staging })).retcode).toBe(RET.PERMISSION_DENIED);
  });
});

describe('report exception (ops inbound.putaway.report_exception / mass_report_exception)', () => {
  test('records a pending putaway exception of the task\'s ASN once, however often it is sent', async () => {
    const fx = await oneLine(5);
    const device = new Device(operator);
    const op = device.op(putawayOps.reportException.kind, {
      task_no: fx.taskNo, line_no: 1, sku_id: fx.lines[0]!.skuId, exception_type: INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM,
      reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, qty: 2, remark: 'Crushed carton',
    });
    const [answer] = await device.send(op);
    expect(answer!.status, answer!.message).toBe('applied');
    const exceptionNo = answer!.data.exception_no as string;
    expect(exceptionNo).toMatch(/^IEX/);
    // The answer says what the line counts now, for a device that has not read the task again.
    expect(answer!.data.line).toEqual({ task_no: fx.taskNo, line_no: 1, qty: 3 });
    await device.send(op);
    const rows = await db().select().from(inboundExceptions).where(and(eq(inboundExceptions.whsId, WHS), eq(inboundExceptions.taskNo, fx.taskNo)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      exceptionNo, asnNo: fx.asnNo, groupNo: fx.asnNo, skuId: fx.lines[0]!.skuId, source: INBOUND_EXCEPTION_SOURCE.values.PUTAWAY,
      exceptionType: INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM, reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, qty: 2,
      status: INBOUND_EXCEPTION_STATUS.values.PENDING, remark: 'Crushed carton', reportedBy: operatorId, opId: op.op_id,
    });
    // The units stay on the task.
    expect((await taskRow(fx.taskNo)).status).toBe(T.PENDING);
  });

  test('units of a cancelled task are held once: later reports hold only what the line still counts', async () => {
    const fx = await oneLine(3);
    expect((await supervisor.post(`${TASKS}/cancel_putaway_task`, { task_no: fx.taskNo })).retcode).toBe(0);
    const device = new Device(operator);
    const report = () => device.push(putawayOps.reportException.kind, {
      task_no: fx.taskNo, line_no: 1, sku_id: fx.lines[0]!.skuId, exception_type: INBOUND_EXCEPTION_TYPE.values.ABNORMAL_ITEM,
      reason: INBOUND_EXCEPTION_REASON.values.DAMAGED, qty: 2, remark: null,
    });
    const lockedAtStaging = async () => (await db().select().from(locationInventory)
      .where(and(eq(locationInventory.whsId, WHS), eq(locationInventory.locationId, fx.staging), eq(locationInventory.skuId, fx.lines[0]!.skuId))))
      .reduce((sum, b) => sum + b.lockedQty, 0);
    for (const [held, locked] of [[2, 2], [1, 3]] as const) {
      const answer = await report();
      expect(answer.status, answer.message).toBe('applied');
      const [row] = await db().select().from(inboundExceptions).where(eq(inboundExceptions.exceptionNo, answer.data.exception_no));
      expect(row!.heldQty).toBe(held);
      expect(await lockedAtStaging()).toBe(locked);
    }
    // Every unit of the line is held now: the line is gone, and nothing more is held.
    expect((await report()).retcode).toBe(RET.NOT_FOUND);
    expect(await lockedAtStaging()).toBe(3);
    expect((await taskRow(fx.taskNo)).status).toBe(T.CANCEL);
  });

  test('refused: another SKU than the line\'s, an unknown line, a bad reason, a user without the page', async () => {
    const fx = await oneLine(5);
    const device = new Device(operator);
    const base = { task_no: fx.taskNo, line_no: 1, sku_id: fx.lines[0]!.skuId, exception_type: 1, reason: 1, qty: 1, remark: null };
    const count0 = (await db().select({ n: count() }).from(inboundExceptions).where(eq(inboundExceptions.taskNo, fx.taskNo)))[0]!.n;
    expect((await device.push(putawayOps.reportException.kind, { ...base, sku_id: 'SGSKU00002' })).retcode).toBe(RET.BAD_INPUT);
    expect((await device.push(putawayOps.reportException.kind, { ...base, line_no: 9 })).retcode).toBe(RET.NOT_FOUND);
    expect((await device.push(putawayOps.massReportException.kind, { ...base, reason: 99 })).retcode).toBe(RET.BAD_INPUT);
    expect((await new Device(viewer).push(putawayOps.massReportException.kind, base)).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await db().select({ n: count() }).from(inboundExceptions).where(eq(inboundExceptions.taskNo, fx.taskNo)))[0]!.n).toBe(count0);
    // A SKU found on the pallet that the task does not hold: no line.
    const found = await device.push(putawayOps.massReportException.kind, { ...base, line_no: null, sku_id: 'SGSKU00003', exception_type: INBOUND_EXCEPTION_TYPE.values.WRONG_SKU, reason: INBOUND_EXCEPTION_REASON.values.UNKNOWN_ITEM });
    expect(found.status, found.message).toBe('applied');
  });
});

describe('putaway tasks (list, detail, edit, cancel)', () => {
  test('the list holds putaway tasks only, filtered; the detail shows lines with suggested and put quantities', async () => {
    const fx = await oneLine(4);
    await db().insert(inboundTasks).values({ whsId: WHS, taskNo: `QC${fx.taskNo}`, kind: INBOUND_TASK_KIND.values.QC, asnNo: fx.asnNo, totalQty: 4 });
    const list = await viewer.get(`${TASKS}/search_putaway_task`, { asn_no: fx.asnNo });
    expect(list.retcode, list.message).toBe(0);
    expect(list.data.list.map((t: { task_no: string }) => t.task_no)).toEqual([fx.taskNo]);
    expect(list.data.list[0]).toMatchObject({ status: T.PENDING, putaway_mode: STANDARD, staging_location: fx.staging, total_qty: 4, done_qty: 0 });
    expect((await viewer.get(`${TASKS}/search_putaway_task`, { asn_no: fx.asnNo, status: T.DONE })).data.list).toEqual([]);
    expect((await viewer.get(`${TASKS}/search_putaway_task`, { status: 42 })).retcode).toBe(RET.BAD_INPUT);
    expect((await operator.get(`${TASKS}/search_putaway_task`)).retcode).toBe(RET.PERMISSION_DENIED);

    const detail = await viewer.get(`${TASKS}/get_putaway_task_detail`, { task_no: fx.taskNo });
    expect(detail.retcode).toBe(0);
    expect(detail.data.task).toMatchObject({ task_no: fx.taskNo, asn_no: fx.asnNo, status: T.PENDING, assignee_id: null, total_qty: 4 });
    expect(detail.data.lines).toEqual([expect.objectContaining({
      line_no: 1, sku_id: fx.lines[0]!.skuId, sku_name: `Putaway test item ${fx.lines[0]!.skuId}`, batch_id: fx.lines[0]!.batchId,
      quality: QUALITY.values.GOOD, from_location: fx.staging, suggested_location: null, qty: 4, put_qty: 0,
    })]);
    expect((await viewer.get(`${TASKS}/get_putaway_task_detail`, { task_no: `QC${fx.taskNo}` })).retcode).toBe(RET.NOT_FOUND);
    expect((await viewer.get(`${TASKS}/get_putaway_task_detail`, {})).retcode).toBe(RET.BAD_INPUT);
    expect((await operator.get(`${TASKS}/get_putaway_task_detail`, { task_no: fx.taskNo })).retcode).toBe(RET.PERMISSION_DENIED);
  });

  test('assigning moves pending ⇄ assigned; the mode changes before anything is put; bad assignees are refused', async () => {
    const fx = await oneLine(4);
    const assign = await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: fx.taskNo, assignee_id: operatorId });
    expect(assign.retcode, assign.message).toBe(0);
    expect(assign.data).toMatchObject({ status: T.ASSIGNED, assignee_id: operatorId, assignee_name: expect.any(String) });
    const mode = await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: fx.taskNo, putaway_mode: MASS });
    expect(mode.data).toMatchObject({ putaway_mode: MASS, status: T.ASSIGNED });
    const unassign = await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: fx.taskNo, assignee_id: null, putaway_mode: STANDARD });
    expect(unassign.data).toMatchObject({ status: T.PENDING, assignee_id: null, putaway_mode: STANDARD });

    const before = await stateOf(fx);
    const [demoSupervisor] = await db().select({ id: users.userId }).from(users).where(eq(users.email, 'supervisor@demo.local'));
    // supervisor@demo.local is a member of SGSIN1; a made-up id is not.
    expect((await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: fx.taskNo, assignee_id: 999999 })).retcode).toBe(RET.BAD_INPUT);
    expect((await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: fx.taskNo, putaway_mode: 3 })).retcode).toBe(RET.BAD_INPUT);
    expect((await operator.post(`${TASKS}/update_putaway_task`, { task_no: fx.taskNo, assignee_id: operatorId })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await viewer.post(`${TASKS}/update_putaway_task`, { task_no: fx.taskNo, assignee_id: operatorId })).retcode).toBe(RET.PERMISSION_DENIED);
    expect(await stateOf(fx)).toEqual(before);
    expect((await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: fx.taskNo, assignee_id: demoSupervisor!.id })).retcode).toBe(0);

    const assignees = await supervisor.get(`${TASKS}/search_putaway_assignee`, { keyword: 'putaway' });
    expect(assignees.retcode).toBe(0);
    expect(assignees.data.list.map((u: { user_id: number }) => u.user_id)).toEqual(expect.arrayContaining([operatorId, otherOperatorId]));
    expect(assignees.data.list.every((u: { email: string; display_name: string }) => `${u.email} ${u.display_name}`.toLowerCase().includes('putaway'))).toBe(true);
    expect((await viewer.get(`${TASKS}/search_putaway_assignee`)).retcode).toBe(RET.PERMISSION_DENIED);
  });

  test('once units are put the mode stays; a done task cannot be changed; another warehouse\'s task is not found', async () => {
    const fx = await oneLine(4);
    const device = new Device(operator);
    const cell = await freshCell();
    expect((await device.push(putawayOps.put.kind, putPayload(fx, 1, cell, 1))).status).toBe('applied');
    const before = await stateOf(fx);
    expect((await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: fx.taskNo, putaway_mode: MASS })).retcode).toBe(RET.PUTAWAY_TASK_STARTED);
    expect(await stateOf(fx)).toEqual(before);
    // Reassigning an ongoing task keeps it ongoing.
    const reassigned = await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: fx.taskNo, assignee_id: otherOperatorId });
    expect(reassigned.data).toMatchObject({ status: T.ONGOING, assignee_id: otherOperatorId });
    expect((await new Device(otherOperator).push(putawayOps.put.kind, putPayload(fx, 1, cell, 3))).status).toBe('applied');
    const done = await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: fx.taskNo, assignee_id: operatorId });
    expect(done.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect((await taskRow(fx.taskNo)).assigneeId).toBe(otherOperatorId);

    const skuId = await createTestSku(db(), 'IDJKT1', 'PUTID');
    const foreign = await received([{ skuId, qty: 2 }], { whsId: 'IDJKT1' });
    expect((await supervisor.post(`${TASKS}/update_putaway_task`, { task_no: foreign.taskNo, assignee_id: operatorId })).retcode).toBe(RET.NOT_FOUND);
    expect((await supervisor.post(`${TASKS}/cancel_putaway_task`, { task_no: foreign.taskNo })).retcode).toBe(RET.NOT_FOUND);
    expect((await taskRow(foreign.taskNo, foreign.whsId)).status).toBe(T.PENDING);
  });

  test('cancel: a pending task is cancelled once; a started one is refused; cancelling an ASN\'s last open task ends its putaway', async () => {
    const fx = await oneLine(3);
    const cancelled = await supervisor.post(`${TASKS}/cancel_putaway_task`, { task_no: fx.taskNo });
    expect(cancelled.retcode, cancelled.message).toBe(0);
    expect(cancelled.data).toMatchObject({ status: T.CANCEL, finished_at: expect.any(Number) });
    // Nothing was put: the ASN stays received, the units stay staged.
    expect(await asnStatusOf(db(), WHS, fx.asnNo)).toBe(A.RECEIVED);
    expect(await onhandAt(fx.staging, fx.lines[0]!.skuId)).toBe(3);
    const again = await supervisor.post(`${TASKS}/cancel_putaway_task`, { task_no: fx.taskNo });
    expect(again.retcode).toBe(RET.ILLEGAL_TRANSITION);
    expect(again.data).toEqual({ from: T.CANCEL, to: T.CANCEL });
    expect((await new Device(operator).push(putawayOps.put.kind, putPayload(fx, 1, await freshCell(), 1))).retcode).toBe(RET.ILLEGAL_TRANSITION);

    // An ASN with two tasks: one put in full, the other cancelled → the ASN is done.
    const asn = await received([{ skuId: await sku(), qty: 2 }, { skuId: await sku(), qty: 1 }]);
    const secondTask = `${asn.taskNo}B`;
    await db().insert(inboundTasks).values({ whsId: WHS, taskNo: secondTask, kind: INBOUND_TASK_KIND.values.PUTAWAY, asnNo: asn.asnNo, putawayMode: STANDARD, stagingLocation: asn.staging, totalQty: 1 });
    await db().update(putawayTaskLines).set({ taskNo: secondTask, lineNo: 1 }).where(and(eq(putawayTaskLines.whsId, WHS), eq(putawayTaskLines.taskNo, asn.taskNo), eq(putawayTaskLines.lineNo, 2)));
    await db().update(inboundTasks).set({ totalQty: 2 }).where(and(eq(inboundTasks.whsId, WHS), eq(inboundTasks.taskNo, asn.taskNo)));
    const device = new Device(operator);
    expect((await device.push(putawayOps.put.kind, putPayload(asn, 1, await freshCell(), 1))).status).toBe('applied');
    const started = await supervisor.post(`${TASKS}/cancel_putaway_task`, { task_no: asn.taskNo });
    expect(started.retcode).toBe(RET.PUTAWAY_TASK_STARTED);
    expect((await device.push(putawayOps.put.kind, putPayload(asn, 1, await freshCell(), 1))).status).toBe('applied');
    expect(await asnStatusOf(db(), WHS, asn.asnNo)).toBe(A.PUTTING);
    expect((await supervisor.post(`${TASKS}/cancel_putaway_task`, { task_no: secondTask })).retcode).toBe(0);
    expect(await asnStatusOf(db(), WHS, asn.asnNo)).toBe(A.DONE);
    expect((await operator.post(`${TASKS}/cancel_putaway_task`, { task_no: asn.taskNo })).retcode).toBe(RET.PERMISSION_DENIED);
  });
});

describe('ledger and records agree', () => {
  test('every put of this file is one Put Away pair with its op recorded as applied', async () => {
    const rows = await db().select().from(inventoryTransactions)
      .where(and(eq(inventoryTransactions.whsId, WHS), eq(inventoryTransactions.txnType, INVENTORY_TRANSACTION_TYPE.values.PUT_AWAY)));
    const byOp = new Map<string, typeof rows>();
    for (const r of rows) byOp.set(r.opId!, [...(byOp.get(r.opId!) ?? []), r]);
    const applied = await db().select({ opId: syncOps.opId }).from(syncOps)
      .where(and(eq(syncOps.whsId, WHS), eq(syncOps.status, 'applied'), inArray(syncOps.kind, [putawayOps.put.kind, putawayOps.massPut.kind])));
    expect(new Set(byOp.keys())).toEqual(new Set(applied.map((a) => a.opId)));
    for (const pair of byOp.values()) {
      const credits = pair.filter((r) => r.direction === CREDIT).reduce((s, r) => s + r.qty, 0);
      const debits = pair.filter((r) => r.direction === DEBIT).reduce((s, r) => s + r.qty, 0);
      expect(credits).toBe(debits);
    }
  });
});
