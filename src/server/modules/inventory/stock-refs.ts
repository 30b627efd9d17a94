import { and, eq, inArray, sql } from 'drizzle-orm';
import { PgTransaction, unionAll } from 'drizzle-orm/pg-core';
import { LOCATION_STATUS, STOCK_LOCATION_TYPE, type CodeOf } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { cells, containers, inboundStagingLocations, outboundStagingLocations, rtStagingLocations, salesOrders, skuBatches, skus } from '../../db/schema';
import { badInput, notFound } from '../../http/errors';

/**
 * What a stock change names, checked against the warehouse before any balance moves: its
 * locations (cells or staging locations) and its SKU batches.
 */

/** Several statements make one stock change: outside a transaction a refusal would leave half of it. */
export function assertInTransaction(tx: Db): void {
  if (!(tx instanceof PgTransaction)) throw new Error('inventory: stock changes must run inside the caller\'s transaction');
}

export type StockLocationType = CodeOf<typeof STOCK_LOCATION_TYPE>;

export interface StockLocation {
  code: string;
  type: StockLocationType;
  /** LOCATION_STATUS of the cell or staging location. */
  status: number;
  /** The zone of a cell; null for a staging location. */
  zoneId: string | null;
}

/** The location type as a constant column of each part of the union. */
const typeColumn = (type: StockLocationType) => sql<number>`${sql.raw(String(type))}::smallint`.mapWith(Number);

const LOCATION_TABLES = [
  [cells, STOCK_LOCATION_TYPE.values.CELL],
  [inboundStagingLocations, STOCK_LOCATION_TYPE.values.INBOUND_STAGING],
  [outboundStagingLocations, STOCK_LOCATION_TYPE.values.OUTBOUND_STAGING],
  [rtStagingLocations, STOCK_LOCATION_TYPE.values.RT_STAGING],
] as const;

/**
 * The warehouse's locations of these codes, from the four location tables, the containers and the checked orders in one query. An
 * unknown code is not found; a code held by two kinds of location at once is refused rather than
 * guessed (a balance is keyed by the code alone).
 */
export async function resolveLocations(tx: Db, whsId: string, codes: Iterable<string>): Promise<Map<string, StockLocation>> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return new Map();
  // The codes in one parameter: a wave reserves thousands of balances at once.
  const inWanted = sql`(select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))`;
  const [cellRows, inboundRows, outboundRows, rtRows] = LOCATION_TABLES.map(([table, type]) => tx
    .select({ code: table.locationCode, type: typeColumn(type), status: table.status, zoneId: table === cells ? cells.zoneId : sql<string | null>`null::text` })
    .from(table)
    .where(and(eq(table.whsId, whsId), inArray(table.locationCode, inWanted))));
  // Containers (pick carts, baskets) hold picked units until the next step takes them out.
  const containerRows = tx
    .select({ code: containers.containerCode, type: typeColumn(STOCK_LOCATION_TYPE.values.CONTAINER), status: containers.status, zoneId: sql<string | null>`null::text` })
    .from(containers)
    .where(and(eq(containers.whsId, whsId), inArray(containers.containerCode, inWanted)));
  // A checked sales order holds its units, out of their containers, until they ship (its code is the order number).
  const orderRows = tx
    .select({ code: salesOrders.orderNo, type: typeColumn(STOCK_LOCATION_TYPE.values.OUTBOUND_ORDER), status: sql<number>`${sql.raw(String(LOCATION_STATUS.values.NORMAL))}::smallint`.mapWith(Number), zoneId: sql<string | null>`null::text` })
    .from(salesOrders)
    .where(and(eq(salesOrders.whsId, whsId), inArray(salesOrders.orderNo, inWanted)));
  const rows = await unionAll(cellRows!, inboundRows!, outboundRows!, rtRows!, containerRows, orderRows);
  const found = new Map<string, StockLocation>();
  for (const row of rows) {
    const other = found.get(row.code);
    if (other) {
      const kinds = [other.type, row.type].map((t) => STOCK_LOCATION_TYPE.label(t)?.message).join(' and ');
      throw badInput('location', `location code ${row.code} names both a ${kinds}: rename one of them before moving stock there`);
    }
    found.set(row.code, { code: row.code, type: row.type as StockLocationType, status: row.status, zoneId: row.zoneId });
  }
  const missing = wanted.find((code) => !found.has(code));
  if (missing !== undefined) throw notFound(`Location ${missing} of warehouse ${whsId}`);
  return found;
}

/** Whether units may be put into a location of this status: a deleted location holds nothing new. */
export const acceptsStock = (location: StockLocation) => location.status !== LOCATION_STATUS.values.DELETED;

export interface BatchRef {
  skuId: string;
  batchId: string;
}

/** Checks that every (SKU, batch) pair exists in the warehouse; names the SKU when it is the SKU that is unknown. */
export async function checkBatchesExist(tx: Db, whsId: string, refs: readonly BatchRef[]): Promise<void> {
  if (refs.length === 0) return;
  const pairs = [...new Map(refs.map((r) => [`${r.skuId}\u0000${r.batchId}`, { sku_id: r.skuId, batch_id: r.batchId }])).values()];
  const rows = await tx.select({ skuId: skuBatches.skuId, batchId: skuBatches.batchId }).from(skuBatches)
    .innerJoin(sql`jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v(sku_id text, batch_id text)`,
      sql`${skuBatches.skuId} = v.sku_id and ${skuBatches.batchId} = v.batch_id`)
    .where(eq(skuBatches.whsId, whsId));
  const known = new Set(rows.map((r) => `${r.skuId}\u0000${r.batchId}`));
  const missing = refs.find((r) => !known.has(`${r.skuId}\u0000${r.batchId}`));
  if (!missing) return;
  const [sku] = await tx.select({ skuId: skus.skuId }).from(skus).where(and(eq(skus.whsId, whsId), eq(skus.skuId, missing.skuId)));
  throw notFound(sku ? `Batch ${missing.batchId} of SKU ${missing.skuId}` : `SKU ${missing.skuId} of warehouse ${whsId}`);
}
