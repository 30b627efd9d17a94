import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Stock per zone (zone_stock, summed over its slots by the zone map): on hand, blocked and pre-picked summed over
 * the balances in the zone's cells, with the counts of its cells and SKUs holding stock. The
 * ledger changes it in the transaction of every balance change, from the change's deltas: one
 * statement per change whatever its size, rather than aggregating a warehouse's balances on
 * every read. The counts are distinct counts, so they are kept through two finer sums: on hand
 * per cell (cell_stock) and per SKU in a zone (zone_sku_stock); a zone's count moves by one
 * when one of those crosses zero. A cell never changes zone (its zone_id is immutable) and is
 * never removed, so only balance changes move the figures.
 *
 * The same for on hand per SKU over all its locations (sku_stock): whether a SKU is in stock, for
 * the SKU maps. Rows are taken in one order — cell_stock, zone_sku_stock, zone_stock, sku_stock,
 * each in key order, after the balances — so that two changes never wait on each other in a cycle.
 */

/** A change of one balance in a cell: its on hand, blocked and pre-picked deltas. */
export interface CellStockDelta {
  cell: string;
  zoneId: string;
  skuId: string;
  onhand: number;
  locked: number;
  prepick: number;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sums deltas by key, dropping the keys whose sum is zero (nothing to change or lock). */
function sumBy<T extends { onhand: number }>(deltas: Iterable<T>, keyOf: (d: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const d of deltas) {
    const key = keyOf(d);
    const seen = out.get(key);
    if (seen) seen.onhand += d.onhand;
    else out.set(key, { ...d });
  }
  for (const [key, d] of out) if (d.onhand === 0) out.delete(key);
  return out;
}

/**
 * The rows of zone_stock a zone's figures are summed from. A transaction adds to one slot, drawn
 * from its transaction id: concurrent postings into one zone (many operators putting away or
 * picking in it) mostly take different rows instead of queueing on one until each commits, and
 * one transaction never takes two slots of a zone, so no two wait on each other in a cycle.
 */
export const ZONE_STOCK_SLOTS = 16;
const ZONE_SLOT = sql.raw(`(txid_current() % ${ZONE_STOCK_SLOTS})::smallint`);

/** The rows of a JSON array parameter, numbered in the array's order. */
function rowsOf(rows: unknown[], columns: string): SQL {
  const names = columns.split(',').map((c) => c.trim().split(' ')[0]).join(', ');
  return sql`rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as (${sql.raw(columns)})) with ordinality as v(${sql.raw(names)}, ord)`;
}

/**
 * Applies balance changes to the stock totals, inside the caller's transaction (the one changing
 * the balances), in one statement: `cells` the changes of balances in cells (deltas of staging
 * locations are not passed: the zone map counts cells only), `skus` the on-hand changes of any
 * balance. Each step waits for the one before it (the `(select count(*) …) >= 0` filters run
 * first), so the rows are taken in the documented order; a zone's cell and SKU counts move by the
 * rows that crossed zero in the first two steps.
 */
export async function changeStockTotals(tx: Db, whsId: string, cells: readonly CellStockDelta[], skus: readonly { skuId: string; onhand: number }[]): Promise<void> {
  const zones = new Map<string, { zone_id: string; onhand: number; locked: number; prepick: number }>();
  for (const d of cells) {
    const zone = zones.get(d.zoneId) ?? { zone_id: d.zoneId, onhand: 0, locked: 0, prepick: 0 };
    zone.onhand += d.onhand;
    zone.locked += d.locked;
    zone.prepick += d.prepick;
    zones.set(d.zoneId, zone);
  }
  const cellRows = [...sumBy(cells, (d) => d.cell).values()].sort((a, b) => cmp(a.cell, b.cell))
    .map((d) => ({ zone_id: d.zoneId, key: d.cell, onhand: d.onhand }));
  const zoneSkuRows = [...sumBy(cells, (d) => `${d.zoneId}\u0000${d.skuId}`).values()].sort((a, b) => cmp(a.zoneId, b.zoneId) || cmp(a.skuId, b.skuId))
    .map((d) => ({ zone_id: d.zoneId, key: d.skuId, onhand: d.onhand }));
  const zoneRows = [...zones.values()].sort((a, b) => cmp(a.zone_id, b.zone_id));
  const skuRows = [...sumBy(skus, (d) => d.skuId).values()].sort((a, b) => cmp(a.skuId, b.skuId)).map((d) => ({ key: d.skuId, onhand: d.onhand }));
  if (zoneRows.length === 0 && skuRows.length === 0) return;
  const crossed = sql`sum((up.onhand_qty > 0)::int - (up.onhand_qty - v.onhand > 0)::int)::int`;
  await tx.execute(sql`with cell_v as (select * from ${rowsOf(cellRows, 'zone_id text, key text, onhand bigint')}),
    cell_up as (
      insert into cell_stock (whs_id, location_code, onhand_qty) select ${whsId}, v.key, v.onhand from cell_v v order by v.ord
      on conflict (whs_id, location_code) do update set onhand_qty = cell_stock.onhand_qty + excluded.onhand_qty
      returning location_code, onhand_qty),
    cell_crossed as (select v.zone_id, ${crossed} as n from cell_up up join cell_v v on up.location_code = v.key group by v.zone_id),
    zone_sku_v as (select * from ${rowsOf(zoneSkuRows, 'zone_id text, key text, onhand bigint')}),
    zone_sku_up as (
      insert into zone_sku_stock (whs_id, zone_id, sku_id, onhand_qty) select ${whsId}, v.zone_id, v.key, v.onhand from zone_sku_v v
      where (select count(*) from cell_up) >= 0 order by v.ord
      on conflict (whs_id, zone_id, sku_id) do update set onhand_qty = zone_sku_stock.onhand_qty + excluded.onhand_qty
      returning zone_id, sku_id, onhand_qty),
    zone_sku_crossed as (select v.zone_id, ${crossed} as n from zone_sku_up up join zone_sku_v v on up.zone_id = v.zone_id and up.sku_id = v.key group by v.zone_id),
    zone_up as (
      insert into zone_stock (whs_id, zone_id, slot, onhand_qty, locked_qty, prepick_qty, stocked_cell_count, sku_count)
      select ${whsId}, v.zone_id, ${ZONE_SLOT}, v.onhand, v.locked, v.prepick, coalesce(c.n, 0), coalesce(s.n, 0)
      from ${rowsOf(zoneRows, 'zone_id text, onhand bigint, locked bigint, prepick bigint')}
        left join cell_crossed c on c.zone_id = v.zone_id left join zone_sku_crossed s on s.zone_id = v.zone_id
      where (select count(*) from zone_sku_up) >= 0
        and (v.onhand <> 0 or v.locked <> 0 or v.prepick <> 0 or coalesce(c.n, 0) <> 0 or coalesce(s.n, 0) <> 0)
      order by v.ord
      on conflict (whs_id, zone_id, slot) do update set onhand_qty = zone_stock.onhand_qty + excluded.onhand_qty,
        locked_qty = zone_stock.locked_qty + excluded.locked_qty, prepick_qty = zone_stock.prepick_qty + excluded.prepick_qty,
        stocked_cell_count = zone_stock.stocked_cell_count + excluded.stocked_cell_count, sku_count = zone_stock.sku_count + excluded.sku_count
      returning 1),
    sku_up as (
      insert into sku_stock (whs_id, sku_id, onhand_qty) select ${whsId}, v.key, v.onhand from ${rowsOf(skuRows, 'key text, onhand bigint')}
      where (select count(*) from zone_up) >= 0 order by v.ord
      on conflict (whs_id, sku_id) do update set onhand_qty = sku_stock.onhand_qty + excluded.onhand_qty
      returning 1)
    select count(*) from sku_up`);
}

/**
 * Recomputes a warehouse's zone and SKU stock from its balances (the migration's rebuild_stock_totals):
 * for writers of balances that bypass the ledger, such as the list bench's seeding.
 */
export async function rebuildStockTotals(db: Db, whsId: string): Promise<void> {
  await db.execute(sql`select rebuild_stock_totals(${whsId})`);
}
