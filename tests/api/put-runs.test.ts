import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Device } from '../support/op-device';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { asnStatusOf, createTestSku, receivedAsnWithPutawayTask, type ReceivedAsn } from '../support/putaway-fixture';
import { cells, inboundTasks, inventoryTransactions, pathways, putawayTaskLines, zones } from '../../src/server/db/schema';
import { INBOUND_STATUS, INVENTORY_TRANSACTION_TYPE, RACK_TYPE, STORAGE_AREA, TASK_STATUS, TEMPERATURE_ZONE } from '../../src/shared/codes';
import { putawayOps } from '../../src/shared/ops/putaway.ops';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';
import { RET } from '../../src/shared/retcodes';

/**
 * A push of many put ops applies them as one run (sync.handlers.ts applyNewOps, putaway-tasks.ts
 * applyPutOps): the answers, the ledger and the tasks must be what applying them one push at a
 * time gives, and a refusal inside a run must land on its own op alone.
 */

const WHS = 'SGSIN1';

let server: TestServer;
let operator: TestClient;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  const user = await server.createUser({ email: 'put-runs@demo.local', role: 'Operator' });
  operator = await server.login(user.email);
});
afterAll(async () => {
  await server?.close();
});

let zoneCounter = 0;
/** `n` empty cells of a zone of their own, taking mixed SKUs up to 100 units each. */
async function freshCells(n: number): Promise<string[]> {
  const zoneId = `RUN${++zoneCounter}`;
  const pathwayId = `${zoneId}-01`;
  const common = {
    whsId: WHS, storageArea: STORAGE_AREA.values.MIX_AREA, rackType: RACK_TYPE.values.GROUND_STACKED, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  await db().insert(zones).values({ ...common, zoneId, zoneName: `Run test ${zoneId}`, zoneClusterId: 'ZC-BULK', pickSequence: 950 });
  await db().insert(pathways).values({ whsId: WHS, pathwayId, zoneId, pickSequence: 1 });
  const codes = Array.from({ length: n }, (_, i) => `${pathwayId}-01-${i + 1}`);
  await db().insert(cells).values(codes.map((locationCode, i) => ({ ...common, locationCode, zoneId, pathwayId, maxQty: 100, pickSequence: i + 1 })));
  return codes;
}

/** A received ASN of two new SKUs (3 and 2 units) and its putaway task. */
async function twoLines(): Promise<ReceivedAsn> {
  return receivedAsnWithPutawayTask(db(), [
    { skuId: await createTestSku(db(), WHS, 'RUN'), qty: 3 },
    { skuId: await createTestSku(db(), WHS, 'RUN'), qty: 2 },
  ], { whsId: WHS });
}

interface Answer { status: string; retcode: number; message: string; data: { tasks: { status: number; done_qty: number; total_qty: number }[]; lines: { line_no: number; put_qty: number }[]; qty: number } | null }


/** The puts of the scenario: line, cell index and qty, ending with the task's last unit. */
const PUTS = [[1, 0, 1], [2, 1, 1], [1, 0, 1], [1, 1, 1], [2, 1, 1]] as const;
const putsFor = (fx: ReceivedAsn, cellCodes: readonly string[]) => PUTS.map(([line, cell, qty]) =>
  ({ task_no: fx.taskNo, line_no: line, sku_id: fx.lines[line - 1]!.skuId, location: cellCodes[cell]!, qty }));

/** The ledger of a fixture as rows comparable across fixtures: which line's SKU, which cell, how much, on hand after. */
async function ledgerShape(fx: ReceivedAsn, cellCodes: readonly string[]) {
  const rows = await db().select().from(inventoryTransactions)
    .where(and(eq(inventoryTransactions.whsId, WHS), inArray(inventoryTransactions.skuId, fx.lines.map((l) => l.skuId))))
    .orderBy(asc(inventoryTransactions.txnId));
  return rows.map((r) => ({
    line: fx.lines.findIndex((l) => l.skuId === r.skuId) + 1, type: r.txnType, direction: r.direction, qty: r.qty, after: r.onhandAfter,
    location: r.locationId === fx.staging ? 'staging' : `cell ${cellCodes.indexOf(r.locationId)}`, hasOp: r.opId !== null,
  }));
}

const stripNames = (answers: Answer[]) => answers.map((a) => ({
  status: a.status, retcode: a.retcode,
  data: a.data && { qty: a.data.qty, tasks: a.data.tasks.map((t) => ({ status: t.status, done: t.done_qty, total: t.total_qty })), lines: a.data.lines.map((l) => ({ line: l.line_no, put: l.put_qty })) },
}));

describe('a run of puts in one push', () => {
  test('gives the answers, ledger, lines, task and ASN that one push per put gives', async () => {
    const [together, alone] = [await twoLines(), await twoLines()];
    const [cellsTogether, cellsAlone] = [await freshCells(2), await freshCells(2)];

    const device = new Device(operator);
    const answersTogether = await device.send(...putsFor(together, cellsTogether).map((p) => device.op(putawayOps.put.kind, p)));
    const single = new Device(operator);
    const answersAlone: Answer[] = [];
    for (const put of putsFor(alone, cellsAlone)) answersAlone.push(...(await single.send(single.op(putawayOps.put.kind, put))));

    expect(answersTogether.every((a) => a.status === 'applied')).toBe(true);
    expect(stripNames(answersTogether)).toEqual(stripNames(answersAlone));
    expect(answersTogether.at(-1)!.data!.tasks[0]).toMatchObject({ status: TASK_STATUS.values.DONE, done_qty: 5 });
    expect(await ledgerShape(together, cellsTogether)).toEqual(await ledgerShape(alone, cellsAlone));

    for (const [fx] of [[together], [alone]] as const) {
      const [task] = await db().select().from(inboundTasks).where(and(eq(inboundTasks.whsId, WHS), eq(inboundTasks.taskNo, fx.taskNo)));
      expect(task).toMatchObject({ status: TASK_STATUS.values.DONE, doneQty: 5 });
      const lines = await db().select().from(putawayTaskLines).where(and(eq(putawayTaskLines.whsId, WHS), eq(putawayTaskLines.taskNo, fx.taskNo)));
      expect(lines.map((l) => l.putQty).sort()).toEqual([2, 3]);
      expect(await asnStatusOf(db(), WHS, fx.asnNo)).toBe(INBOUND_STATUS.values.DONE);
    }
  });

  test('a refused put inside a run is rejected alone; the ops around it apply in order', async () => {
    const fx = await twoLines();
    const cellCodes = await freshCells(2);
    const device = new Device(operator);
    const puts = putsFor(fx, cellCodes);
    const tooMany = { ...puts[2]!, qty: 5 };
    const ops = [
      device.op(putawayOps.put.kind, puts[0]!), device.op(putawayOps.put.kind, puts[1]!), device.op(putawayOps.put.kind, tooMany),
      device.op('system.user.set_user_setting', { name: 'lang', value: 'en' }), device.op(putawayOps.put.kind, puts[2]!),
    ];
    const answers = await device.send(...ops);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied', 'rejected', 'applied', 'applied']);
    expect(answers[2]!.retcode).toBe(RET.PUTAWAY_QTY_EXCEEDS);
    // Line 1 had 3: one put, then the refused 5 (2 left), then one more.
    expect(answers[4]!.data!.lines[0]).toMatchObject({ line_no: 1, put_qty: 2 });
    // Three puts moved one unit each out of staging into a cell; the refused one left no row.
    const puts3 = (await ledgerShape(fx, cellCodes)).filter((r) => r.type === INVENTORY_TRANSACTION_TYPE.values.PUT_AWAY);
    expect(puts3.filter((r) => r.location === 'staging').map((r) => r.qty)).toEqual([1, 1, 1]);
    expect(puts3.filter((r) => r.location.startsWith('cell')).map((r) => r.qty)).toEqual([1, 1, 1]);
    expect(puts3.every((r) => r.hasOp)).toBe(true);
  });
});
