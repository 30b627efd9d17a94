import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Stock per zone (zone_stock, read by the zone map): on hand, blocked and pre-picked summed over
 * the balances in the zone's cells, with the counts of its cells and SKUs holding stock. The
 * ledger changes it in the transaction of every balance change, from the change's deltas: a few
 * statements per change whatever its size, rather than aggregating a warehouse's balances on
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

interface ZoneDelta {
  zoneId: string;
  onhand: number;
  locked: number;
  prepick: number;
  cells: number;
  skus: number;
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

/** Rows of a statement run with `execute` (both drivers answer with `rows`). */
type Crossed = { rows: { zone_id: string; crossed: number }[] };

/**
 * Adds the on-hand deltas to cell_stock (or zone_sku_stock), in key order, and answers per zone
 * how many of the rows changed went from zero to stock (+1) or from stock to zero (−1).
 */
async function addOnhand(tx: Db, table: 'cell_stock' | 'zone_sku_stock', rows: { zone_id: string; key: string; onhand: number }[]): Promise<Crossed['rows']> {
  if (rows.length === 0) return [];
  const keyColumns = table === 'cell_stock' ? sql`location_code` : sql`zone_id, sku_id`;
  const keyValues = table === 'cell_stock' ? sql`v.key` : sql`v.zone_id, v.key`;
  const joined = table === 'cell_stock' ? sql`up.location_code = v.key` : sql`up.zone_id = v.zone_id and up.sku_id = v.key`;
  const { rows: crossed } = (await tx.execute(sql`with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(whs_id text, zone_id text, key text, onhand bigint)
    ), up as (
      insert into ${sql.raw(table)} (whs_id, ${keyColumns}, onhand_qty) select v.whs_id, ${keyValues}, v.onhand from v
      on conflict (whs_id, ${keyColumns}) do update set onhand_qty = ${sql.raw(table)}.onhand_qty + excluded.onhand_qty
      returning ${sql.raw(table)}.*
    )
    select v.zone_id, sum((up.onhand_qty > 0)::int - (up.onhand_qty - v.onhand > 0)::int)::int as crossed
    from up join v on ${joined} group by v.zone_id`)) as unknown as Crossed;
  return crossed;
}

/**
 * Applies balance changes in cells to the zone stock, inside the caller's transaction (the one
 * changing the balances). Deltas of staging locations are not passed: the zone map counts cells only.
 */
export async function changeZoneStock(tx: Db, whsId: string, deltas: readonly CellStockDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const zones = new Map<string, ZoneDelta>();
  const zoneOf = (zoneId: string) => {
    let zone = zones.get(zoneId);
    if (!zone) zones.set(zoneId, zone = { zoneId, onhand: 0, locked: 0, prepick: 0, cells: 0, skus: 0 });
    return zone;
  };
  for (const d of deltas) {
    const zone = zoneOf(d.zoneId);
    zone.onhand += d.onhand;
    zone.locked += d.locked;
    zone.prepick += d.prepick;
  }
  const cellRows = [...sumBy(deltas, (d) => d.cell).values()].sort((a, b) => cmp(a.cell, b.cell))
    .map((d) => ({ whs_id: whsId, zone_id: d.zoneId, key: d.cell, onhand: d.onhand }));
  const skuRows = [...sumBy(deltas, (d) => `${d.zoneId}\u0000${d.skuId}`).values()].sort((a, b) => cmp(a.zoneId, b.zoneId) || cmp(a.skuId, b.skuId))
    .map((d) => ({ whs_id: whsId, zone_id: d.zoneId, key: d.skuId, onhand: d.onhand }));
  for (const { zone_id, crossed } of await addOnhand(tx, 'cell_stock', cellRows)) zoneOf(zone_id).cells += crossed;
  for (const { zone_id, crossed } of await addOnhand(tx, 'zone_sku_stock', skuRows)) zoneOf(zone_id).skus += crossed;
  const zoneRows = [...zones.values()]
    .filter((z) => z.onhand !== 0 || z.locked !== 0 || z.prepick !== 0 || z.cells !== 0 || z.skus !== 0)
    .sort((a, b) => cmp(a.zoneId, b.zoneId));
  if (zoneRows.length === 0) return;
  await tx.execute(sql`insert into zone_stock (whs_id, zone_id, onhand_qty, locked_qty, prepick_qty, stocked_cell_count, sku_count)
    select ${whsId}, v.zone_id, v.onhand, v.locked, v.prepick, v.cells, v.skus
    from jsonb_to_recordset(${JSON.stringify(zoneRows.map((z) => ({ zone_id: z.zoneId, onhand: z.onhand, locked: z.locked, prepick: z.prepick, cells: z.cells, skus: z.skus })))}::jsonb)
      as v(zone_id text, onhand bigint, locked bigint, prepick bigint, cells int, skus int)
    on conflict (whs_id, zone_id) do update set onhand_qty = zone_stock.onhand_qty + excluded.onhand_qty,
      locked_qty = zone_stock.locked_qty + excluded.locked_qty, prepick_qty = zone_stock.prepick_qty + excluded.prepick_qty,
      stocked_cell_count = zone_stock.stocked_cell_count + excluded.stocked_cell_count, sku_count = zone_stock.sku_count + excluded.sku_count`);
}

/**
 * Adds the on-hand deltas of a posting's lines (any location) to the SKUs' totals (sku_stock), in
 * SKU order, after the zone stock: whether a SKU is in stock, for the SKU maps.
 */
export async function changeSkuStock(tx: Db, whsId: string, deltas: readonly { skuId: string; onhand: number }[]): Promise<void> {
  const rows = [...sumBy(deltas, (d) => d.skuId).values()].sort((a, b) => cmp(a.skuId, b.skuId)).map((d) => ({ sku_id: d.skuId, onhand: d.onhand }));
  if (rows.length === 0) return;
  await tx.execute(sql`insert into sku_stock (whs_id, sku_id, onhand_qty)
    select ${whsId}, v.sku_id, v.onhand from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(sku_id text, onhand bigint)
    on conflict (whs_id, sku_id) do update set onhand_qty = sku_stock.onhand_qty + excluded.onhand_qty`);
}

/**
 * Recomputes a warehouse's zone and SKU stock from its balances (the migration's rebuild_stock_totals):
 * for writers of balances that bypass the ledger, such as the list bench's seeding.
 */
export async function rebuildStockTotals(db: Db, whsId: string): Promise<void> {
  await db.execute(sql`select rebuild_stock_totals(${whsId})`);
}
