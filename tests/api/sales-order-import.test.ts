import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { createTestSku } from '../support/putaway-fixture';
import { cells, pathways, salesOrderLines, salesOrders, skuBatches, uploadSlots, zones } from '../../src/server/db/schema';
import { writeCsv } from '../../src/server/common/sheets/csv';
import { writeXlsx } from '../../src/server/common/sheets/xlsx';
import { readSheet } from '../../src/server/common/sheets/sheet-read';
import { postStock } from '../../src/server/modules/inventory/ledger';
import { runPendingSalesOrderImports } from '../../src/server/modules/outbound/sales-order-import-worker';
import {
  EXPORT_TASK_STATUS, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, ORDER_PRIORITY, QUALITY, RACK_TYPE, SALES_ORDER_SOURCE,
  STORAGE_AREA, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { API_BASE } from '../../src/shared/contract/define';
import {
  SALES_ORDER_IMPORT_MAX_BYTES, SALES_ORDER_IMPORT_MAX_ROWS, SALES_ORDER_IMPORT_OUTCOME, SALES_ORDER_IMPORT_RESULT_PATH, SALES_ORDER_IMPORT_TEMPLATE_PATH,
} from '../../src/shared/contract/sales-order-import.contract';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';
import { RET } from '../../src/shared/retcodes';

/** Sales order import (docs/outbound.md "Importing orders"): upload, orders applied in the background, results per order. */
const WHS = 'SGSIN1';
const CALLS = '/apps/process/outbound/salesorder';
const HEADER = ['External Order No.', 'SKU ID', 'Qty', 'Priority', 'Shop ID', 'Cut-off', 'Remark'];
const O = SALES_ORDER_IMPORT_OUTCOME.values;

interface ImportTask { task_id: number; status: number; progress: number; order_count: number; created_count: number; received_count: number; refused_count: number; error_message: string | null }
interface ImportOrder { external_no: string; rows: number[]; outcome: number | null; order_no: string | null; retcode: number | null; message: string; refused_rows: number[] | null }

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let supervisorId: number;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  supervisorId = (await server.createUser({ email: 'so-import-sup@test.local', role: 'Supervisor' })).userId;
  await server.createUser({ email: 'so-import-op@test.local', role: 'Operator' });
  supervisor = await server.login('so-import-sup@test.local');
  operator = await server.login('so-import-op@test.local');
});
afterAll(async () => {
  await server?.close();
});

// ---- fixtures ----

let zoneCounter = 0;
/** A SKU of the test's own with `qty` sellable in a picking cell of a zone of its own. */
async function stockedSku(qty: number): Promise<string> {
  const skuId = await createTestSku(db(), WHS, 'SOI');
  const zoneId = `SOIZ${++zoneCounter}`;
  const common = {
    whsId: WHS, storageArea: STORAGE_AREA.values.PICKING_AREA, rackType: RACK_TYPE.values.LIGHT_RACK, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
    skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
  };
  await db().insert(zones).values({ ...common, zoneId, zoneName: `Import test ${zoneId}`, zoneClusterId: 'ZC-AMB', pickSequence: 500 });
  await db().insert(pathways).values({ whsId: WHS, pathwayId: `${zoneId}-01`, zoneId, pickSequence: 1 });
  const cell = `${zoneId}-01-01-1`;
  await db().insert(cells).values({ ...common, locationCode: cell, zoneId, pathwayId: `${zoneId}-01`, maxQty: 5000, pickSequence: 1 });
  await db().transaction(async (tx) => {
    await tx.insert(skuBatches).values({ whsId: WHS, skuId, batchId: `${zoneId}B` });
    await postStock(tx, WHS, [{
      txnType: INVENTORY_TRANSACTION_TYPE.values.ADJUST_INCREASE, direction: INVENTORY_TRANSACTION_DIRECTION.values.DEBIT, location: cell, skuId,
      batchId: `${zoneId}B`, quality: QUALITY.values.GOOD, qty,
    }], { refType: INVENTORY_REF_TYPE.values.OPENING_BALANCE, refNo: 'SO-IMPORT-TEST', operatorId: null });
  });
  return skuId;
}

let externalCounter = 0;
const externalNo = () => `IMP-${Date.now()}-${++externalCounter}`;

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const upload = (client: TestClient, fileName: string, bytes: Uint8Array) =>
  client.post<{ task_id: number; order_count: number }>(`${CALLS}/upload_sales_order_file`, { file_name: fileName, content: base64(bytes) });
const freeUploadSlots = () => db().delete(uploadSlots).where(and(eq(uploadSlots.whsId, WHS), eq(uploadSlots.userId, supervisorId)));

/** Uploads the file, runs the queue, and answers the import with its orders. */
async function imported(fileName: string, bytes: Uint8Array): Promise<{ task: ImportTask; orders: ImportOrder[] }> {
  const res = await upload(supervisor, fileName, bytes);
  expect(res.retcode, res.message).toBe(0);
  await runPendingSalesOrderImports(db());
  const got = await supervisor.get<{ task: ImportTask; orders: ImportOrder[] }>(`${CALLS}/get_sales_order_import`, { task_id: res.data.task_id });
  expect(got.retcode, got.message).toBe(0);
  expect(got.data.task.status).toBe(EXPORT_TASK_STATUS.values.DONE);
  expect(got.data.task.progress).toBe(100);
  return got.data;
}

const download = (client: TestClient, path: string) => client.raw('GET', `${API_BASE}${path}`, undefined, client.whsId ? { 'x-tally-whs': client.whsId } : {});

const orderOf = async (external: string) => (await db().select().from(salesOrders).where(and(eq(salesOrders.whsId, WHS), eq(salesOrders.externalNo, external))));

describe('sales order import', () => {
  test('good orders are created from their rows (lines in row order, fields of the first row); a refused line names its row; a clash is refused; a resend is received before', async () => {
    const [a, b] = [await stockedSku(100), await stockedSku(100)];
    const [one, two, unknown, clash] = [externalNo(), externalNo(), externalNo(), externalNo()];
    // The clash: its external number exists with other lines.
    const first = await supervisor.post(`${CALLS}/create_sales_order`, { external_no: clash, lines: [{ sku_id: a, qty: 1 }] });
    expect(first.retcode, first.message).toBe(0);
    const rows = [
      [one, a, '2', 'Priority', 'SHOP-9', '2026-12-01 18:00', 'Gift wrap'],
      [two, b, '3', '', '', '', ''],
      [one, b, '1', 'On Hold', 'IGNORED', '', 'ignored'],
      [unknown, a, '1', '', '', '', ''],
      [unknown, 'NO-SUCH-SKU', '1', '', '', '', ''],
      [clash, a, '5', '', '', '', ''],
      ['', a, '1', '', '', '', ''],
      [externalNo(), a, 'two', '', '', '', ''],
    ];
    const { task, orders } = await imported('orders.xlsx', await writeXlsx({ header: HEADER, rows }));
    expect(task).toMatchObject({ order_count: 6, created_count: 2, received_count: 0, refused_count: 4 });
    expect(orders.map((o) => [o.rows, o.outcome])).toEqual([
      [[2, 4], O.CREATED], [[3], O.CREATED], [[5, 6], O.REFUSED], [[7], O.REFUSED], [[8], O.REFUSED], [[9], O.REFUSED],
    ]);
    expect(orders.slice(0, 4).map((o) => o.external_no)).toEqual([one, two, unknown, clash]);
    // Rows without an external number and bad cells are refused as read, naming their row.
    expect(orders.slice(4).map((o) => [o.retcode, o.refused_rows])).toEqual([[RET.BAD_INPUT, [8]], [RET.BAD_INPUT, [9]]]);
    expect(orders.find((o) => o.rows[0] === 9)!.message).toContain('Row 9, Qty');
    // The unknown SKU: its line's row.
    const refused = orders.find((o) => o.external_no === unknown)!;
    expect(refused).toMatchObject({ retcode: RET.ORDER_LINE_INVALID, refused_rows: [6], order_no: null });
    expect(refused.message).toContain('NO-SUCH-SKU');
    expect(orders.find((o) => o.external_no === clash)).toMatchObject({ retcode: RET.ORDER_EXTERNAL_NO_CLASH, refused_rows: [7] });
    expect(await orderOf(unknown)).toHaveLength(0);

    const [made] = await orderOf(one);
    expect(made).toMatchObject({ source: SALES_ORDER_SOURCE.values.IMPORT, priority: ORDER_PRIORITY.values.PRIORITY, shopId: 'SHOP-9', remark: 'Gift wrap', lineCount: 2, totalQty: 3 });
    // 18:00 on Singapore's clock (UTC+8).
    expect(made!.cutoffAt!.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    const lines = await db().select().from(salesOrderLines).where(and(eq(salesOrderLines.whsId, WHS), eq(salesOrderLines.orderNo, made!.orderNo)));
    expect(lines.sort((x, y) => x.lineNo - y.lineNo).map((l) => [l.skuId, l.qty])).toEqual([[a, 2], [b, 1]]);

    // The result file: one row per order.
    const file = await download(supervisor, `${SALES_ORDER_IMPORT_RESULT_PATH}?task_id=${task.task_id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('orders_result.xlsx');
    const sheet = readSheet(new Uint8Array(await file.arrayBuffer()), 'xlsx').map((r) => r.cells);
    expect(sheet[0]).toEqual(['External Order No.', 'Rows', 'Import Result', 'Order No.', 'Retcode', 'Refused Rows', 'Import Message']);
    expect(sheet[1]!.slice(0, 4)).toEqual([one, '2, 4', 'Created', made!.orderNo]);
    expect(sheet[3]!.slice(0, 6)).toEqual([unknown, '5, 6', 'Refused', '', String(RET.ORDER_LINE_INVALID), '6']);

    // The same file again: every good order received before, nothing doubled.
    await freeUploadSlots();
    const again = await imported('orders.xlsx', await writeXlsx({ header: HEADER, rows }));
    expect(again.task).toMatchObject({ created_count: 0, received_count: 2, refused_count: 4 });
    expect(again.orders.slice(0, 2).map((o) => [o.outcome, o.order_no])).toEqual([[O.RECEIVED_BEFORE, made!.orderNo], [O.RECEIVED_BEFORE, (await orderOf(two))[0]!.orderNo]]);
    const [counted] = await db().select({ n: count() }).from(salesOrders).where(and(eq(salesOrders.whsId, WHS), inArray(salesOrders.externalNo, [one, two])));
    expect(counted?.n).toBe(2);
  });

  test('a CSV file with numeric priorities and the keys as headers reads the same', async () => {
    const a = await stockedSku(10);
    const ext = externalNo();
    await freeUploadSlots();
    const { orders } = await imported('orders.csv', await writeCsv({ header: ['external_no', 'sku_id', 'qty', 'priority'], rows: [[ext, a, '4', '1']] }));
    expect(orders).toMatchObject([{ external_no: ext, outcome: O.CREATED }]);
    expect((await orderOf(ext))[0]).toMatchObject({ priority: ORDER_PRIORITY.values.ON_HOLD, totalQty: 4 });
  });

  test('a file is refused whole for its header (-288004), size (-288002), row count (-288003), kind (-288001); only with the create permission', async () => {
    await freeUploadSlots();
    const header = await upload(supervisor, 'bad.csv', await writeCsv({ header: ['External Order No.', 'Qty'], rows: [['X', '1']] }));
    expect(header.retcode).toBe(RET.IMPORT_HEADER_INVALID);
    expect(header.message).toContain('SKU ID');
    await freeUploadSlots();
    const big = await upload(supervisor, 'big.csv', new Uint8Array(SALES_ORDER_IMPORT_MAX_BYTES + 1).fill(65));
    expect(big.retcode).toBe(RET.IMPORT_FILE_TOO_LARGE);
    await freeUploadSlots();
    const long = await upload(supervisor, 'long.csv', await writeCsv({ header: HEADER, rows: Array.from({ length: SALES_ORDER_IMPORT_MAX_ROWS + 1 }, (_, i) => [`L${i}`, 'S', '1']) }));
    expect(long.retcode).toBe(RET.IMPORT_TOO_MANY_ROWS);
    await freeUploadSlots();
    const kind = await upload(supervisor, 'orders.txt', new TextEncoder().encode('a,b'));
    expect(kind.retcode).toBe(RET.IMPORT_FILE_INVALID);
    await freeUploadSlots();
    const denied = await upload(operator, 'orders.csv', await writeCsv({ header: HEADER, rows: [['X', 'S', '1']] }));
    expect(denied.retcode).toBe(RET.PERMISSION_DENIED);
  });

  test('the template has the header and an example; the latest imports are listed; another warehouse\'s import is not found', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const res = await download(supervisor, `${SALES_ORDER_IMPORT_TEMPLATE_PATH}?format=${format}`);
      expect(res.status).toBe(200);
      const rows = readSheet(new Uint8Array(await res.arrayBuffer()), format).map((r) => r.cells);
      expect(rows[0]).toEqual(HEADER);
      expect(rows).toHaveLength(3);
    }
    const list = await supervisor.get<{ list: ImportTask[] }>(`${CALLS}/search_sales_order_import`, {});
    expect(list.retcode, list.message).toBe(0);
    expect(list.data.list.length).toBeGreaterThan(0);
    expect(list.data.list[0]!.task_id).toBeGreaterThan(list.data.list.at(-1)!.task_id - 1);
    const missing = await supervisor.get(`${CALLS}/get_sales_order_import`, { task_id: 999_999 });
    expect(missing.retcode).toBe(RET.NOT_FOUND);
  });
});
