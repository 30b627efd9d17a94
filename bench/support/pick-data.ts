import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { PICKING_TYPE, type CodeOf } from '../../src/shared/codes';
import type { PickingLine } from '../../src/shared/contract/picking.contract';
import { loadNodeModules } from './app-bundle';
import { BENCH_WHS } from './putaway-data';

/**
 * Picking work for the picking benches, written before the server serves the database: a zone of
 * `skus` cells each holding one new SKU (one batch, no expiry), `orders` sales orders over them,
 * released in one pick-to-wave wave with room for every unit in one task, and that task claimed
 * by the operator with a container (in-process, as the server's claim does).
 */

export interface PickWaveShape {
  /** Names the zone, SKUs, batches and orders (a few capitals). */
  prefix: string;
  orders: number;
  linesPerOrder: number;
  qtyPerLine: number;
  skus: number;
  stockPerSku: number;
  /** A free container of the demo data (CART001…CART030, BSK001…BSK030). */
  container: string;
  /** The wave's picking type (default pick to wave). */
  pickingType?: CodeOf<typeof PICKING_TYPE>;
}

export interface PickWork {
  taskNo: string;
  container: string;
  /** The claimed task's route: allocations in pick-path order. */
  lines: PickingLine[];
}

const code = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}`;

/** The SKU of order `o`'s line `l` (1-based), round the SKUs. */
const skuOfLine = (s: PickWaveShape, o: number, l: number) => 1 + ((o - 1) * s.linesPerOrder + (l - 1)) % s.skus;

async function writeStockAndOrders(db: Db, s: PickWaveShape): Promise<string[]> {
  const zone = `${s.prefix}Z`;
  const cell = `${zone}-01-`;
  await db.execute(sql`insert into zones (whs_id, zone_id, zone_name, zone_cluster_id, storage_area, rack_type, temperature_zone, sku_mixing, supplier_mixing, pick_sequence)
    values (${BENCH_WHS}, ${zone}, ${`Pick bench ${s.prefix}`}, 'ZC-AMB', 1, 5, 0, 3, 1, 990)`);
  await db.execute(sql`insert into pathways (whs_id, pathway_id, zone_id, pick_sequence) values (${BENCH_WHS}, ${`${zone}-01`}, ${zone}, 1)`);
  await db.execute(sql`insert into cells (whs_id, location_code, zone_id, pathway_id, storage_area, rack_type, temperature_zone, sku_mixing, supplier_mixing, pick_sequence)
    select ${BENCH_WHS}, ${cell} || lpad(c::text, 4, '0'), ${zone}, ${`${zone}-01`}, 1, 5, 0, 3, 1, c from generate_series(1, ${s.skus}) c`);
  await db.execute(sql`insert into skus (whs_id, sku_id, sku_name, barcode, temperature_zone)
    select ${BENCH_WHS}, ${`${s.prefix}SKU`} || lpad(g::text, 4, '0'), 'Pick bench item ' || g, ${`889${s.prefix.length}`} || lpad(g::text, 9, '0'), 0 from generate_series(1, ${s.skus}) g`);
  await db.execute(sql`insert into sku_batches (whs_id, sku_id, batch_id, expiry_date)
    select ${BENCH_WHS}, ${`${s.prefix}SKU`} || lpad(g::text, 4, '0'), ${`${s.prefix}B`} || g, null from generate_series(1, ${s.skus}) g`);
  await db.execute(sql`insert into location_inventory (whs_id, location_id, location_type, sku_id, batch_id, quality, onhand_qty)
    select ${BENCH_WHS}, ${cell} || lpad(g::text, 4, '0'), 1, ${`${s.prefix}SKU`} || lpad(g::text, 4, '0'), ${`${s.prefix}B`} || g, 1, ${s.stockPerSku}
    from generate_series(1, ${s.skus}) g`);
  await db.execute(sql`select rebuild_stock_totals(${BENCH_WHS})`);
  const orderNos = Array.from({ length: s.orders }, (_, i) => code(`${s.prefix}O`, i + 1));
  await db.execute(sql`insert into sales_orders (whs_id, order_no, external_no, status, priority, source, line_count, total_qty, lines_hash)
    select ${BENCH_WHS}, ${`${s.prefix}O`} || lpad(o::text, 4, '0'), ${`${s.prefix}EXT`} || o, 0, 2, 3, ${s.linesPerOrder}, ${s.linesPerOrder * s.qtyPerLine}, 'bench'
    from generate_series(1, ${s.orders}) o`);
  const lines = orderNos.flatMap((orderNo, o) => Array.from({ length: s.linesPerOrder }, (_, l) => ({
    order_no: orderNo, line_no: l + 1, sku_id: code(`${s.prefix}SKU`, skuOfLine(s, o + 1, l + 1)), qty: s.qtyPerLine,
  })));
  await db.execute(sql`insert into sales_order_lines (whs_id, order_no, line_no, sku_id, qty)
    select ${BENCH_WHS}, r.order_no, r.line_no, r.sku_id, r.qty from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as r(order_no text, line_no smallint, sku_id text, qty int)`);
  return orderNos;
}

/** The orders released in a wave of one task, claimed by the operator with the shape's container. */
export async function claimedPickWave(db: Db, operatorId: number, shape: PickWaveShape): Promise<PickWork> {
  const { releaseWave, claimTask } = await loadNodeModules();
  const orderNos = await writeStockAndOrders(db, shape);
  const units = shape.orders * shape.linesPerOrder * shape.qtyPerLine;
  const released = await db.transaction((tx) => releaseWave(tx, BENCH_WHS, { userId: operatorId, timeZone: 'Asia/Jakarta' }, {
    orderNos, pickingType: shape.pickingType ?? PICKING_TYPE.values.PICK_TO_WAVE, maxUnitsPerTask: units, isManual: true,
  }));
  if (released.skipped.length > 0 || released.taskNos.length !== 1) {
    throw new Error(`The wave of ${shape.prefix} cut ${released.taskNos.length} tasks and skipped ${released.skipped.length} orders (${JSON.stringify(released.skipped.slice(0, 3))}); the bench wants one task`);
  }
  const taskNo = released.taskNos[0]!;
  const work = await db.transaction((tx) => claimTask(tx, BENCH_WHS, operatorId, taskNo, shape.container));
  const held = work.lines.reduce((sum, l) => sum + l.qty, 0);
  if (held !== units) throw new Error(`Task ${taskNo} holds ${held} units; the bench wants ${units}`);
  return { taskNo, container: shape.container, lines: work.lines };
}
