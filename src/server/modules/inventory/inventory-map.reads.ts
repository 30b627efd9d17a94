import { and, eq, gt, inArray, isNotNull, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import { EXPIRY_STATE, INBOUND_STATUS, LOCATION_STATUS, QUALITY, STOCK_LOCATION_TYPE, TRANSIT_DIRECTION, TRANSIT_SHIPMENT_STATUS } from '../../../shared/codes';
import { EXPIRING_DAYS_WITHOUT_SHELF_LIFE, EXPIRING_SHARE_OF_SHELF_LIFE, todayIn } from '../../../shared/expiry';
import { LOCK_LOG_ACTION } from '../../../shared/resources/inventory-map.resource';
import type { Db } from '../../db/client';
import {
  asnLines, asnOrders, cells, inventoryLockLogs, inventoryTransactions, locationInventory, skuBatches, skus, skuStock, transitShipmentLines, transitShipments,
  users, zones, zoneStock,
} from '../../db/schema';
import type { RowsQuery } from '../../http/list-query';
import { warehouseTimeZone } from '../../common/time';
import { inTransitQtySql } from './in-transit';

/**
 * The read models of the inventory maps (shared/resources/inventory-map.resource.ts) and of the
 * stock block page: one subquery per list request over the ledger tables, joined with SKUs and
 * cells for names and zones, its columns named as the resource's fields. Each keeps to the
 * session's warehouse itself (the list adds the same condition outside), so aggregates only ever
 * read one warehouse's rows. SKUs, batches and cells are left joined on their keys: the foreign
 * keys guarantee the row, and PostgreSQL drops a left join none of whose columns a query uses, so
 * counting the matches reads the driving table alone.
 */

const li = locationInventory;
const sku = skus;
const batch = skuBatches;
const txn = inventoryTransactions;
const lockLog = inventoryLockLogs;

const CELL = STOCK_LOCATION_TYPE.values.CELL;
const { GOOD, DAMAGED } = QUALITY.values;

/** A read model is always one warehouse's: every inventory map is warehouse-scoped. */
function warehouseOf(whsId: string | null): string {
  if (whsId === null) throw new Error('inventory read models need the session\'s warehouse');
  return whsId;
}

/** A code constant written into the SQL (ours, from shared/codes.ts): no parameter whose type PostgreSQL must guess. */
const code = (value: number) => sql.raw(String(Math.trunc(value)));

/** A sum of int column values as an int (PostgreSQL sums ints as bigint, which drivers hand back as text). */
export const sumOf = (column: SQLWrapper, where?: SQL) =>
  (where ? sql<number>`coalesce(sum(${column}) filter (where ${where}), 0)::int` : sql<number>`coalesce(sum(${column}), 0)::int`);
/** A column under another name, keeping how its values are read (a timestamp stays a Date). */
const renamed = <T>(column: PgColumn, name: string) => sql<T>`${column}`.mapWith(column).as(name);
/** Text joined from parts: the composed key of a row whose identity is several columns. */
const keyOf = (name: string, ...parts: SQLWrapper[]) => sql<string>`concat_ws(' / ', ${sql.join(parts, sql`, `)})`.as(name);

/** The cell a balance is in, when it is in one (zone, status). */
const cellOf = (locationId: PgColumn, locationType: PgColumn, whsId: PgColumn) =>
  and(eq(cells.whsId, whsId), eq(cells.locationCode, locationId), eq(locationType, CELL));

/**
 * Days left and expiry state of a batch on the warehouse's `today`, by the rule of
 * shared/expiry.ts (expired from the expiry date on; expiring within a third of the shelf life —
 * the SKU's, else the batch's own span — or 30 days without one). The threshold is worked out in
 * double precision like the shared function, so both agree to the day (tests/api/inventory-map.test.ts).
 */
export function expirySql(expiry: SQLWrapper, production: SQLWrapper, shelfLifeDays: SQLWrapper, today: string) {
  const daysLeft = sql`(${expiry} - ${today}::date)`;
  const shelfLife = sql`coalesce(case when ${shelfLifeDays} > 0 then ${shelfLifeDays} end, case when ${production} is not null and ${expiry} > ${production} then ${expiry} - ${production} end)`;
  const threshold = sql`coalesce(ceil(${shelfLife}::float8 * ${EXPIRING_SHARE_OF_SHELF_LIFE}::float8), ${code(EXPIRING_DAYS_WITHOUT_SHELF_LIFE)})`;
  const S = EXPIRY_STATE.values;
  return {
    daysLeft: sql<number | null>`${daysLeft}::int`,
    state: sql<number>`(case when ${expiry} is null then ${code(S.NORMAL)} when ${daysLeft} <= 0 then ${code(S.EXPIRED)}
      when ${daysLeft} <= ${threshold} then ${code(S.EXPIRING)} else ${code(S.NORMAL)} end)`,
  };
}

/** The warehouse's own calendar day: expiry is counted in it, not in the server's. */
const warehouseToday = async (db: Db, whsId: string) => todayIn(await warehouseTimeZone(db, whsId));

/** Stock balances with on hand, with their SKU's name, zone, batch dates and expiry (SKU details, stock block). */
const balances: RowsQuery = {
  async rows({ db, whsId }) {
    const whs = warehouseOf(whsId);
    const expiry = expirySql(batch.expiryDate, batch.productionDate, sku.shelfLifeDays, await warehouseToday(db, whs));
    return db.select({
      whs_id: li.whsId,
      balance_key: keyOf('balance_key', li.locationId, li.skuId, li.batchId, li.quality),
      location_id: li.locationId, location_type: li.locationType, zone_id: cells.zoneId,
      sku_id: li.skuId, sku_name: sku.skuName, batch_id: li.batchId, quality: li.quality,
      onhand_qty: li.onhandQty, locked_qty: li.lockedQty, prepick_qty: li.prepickQty, available_qty: li.availableQty,
      production_date: batch.productionDate, expiry_date: batch.expiryDate,
      days_left: expiry.daysLeft.as('days_left'), expiry_state: expiry.state.as('expiry_state'),
      updated_at: li.updatedAt,
    }).from(li)
      .leftJoin(sku, and(eq(sku.whsId, li.whsId), eq(sku.skuId, li.skuId)))
      .leftJoin(batch, and(eq(batch.whsId, li.whsId), eq(batch.skuId, li.skuId), eq(batch.batchId, li.batchId)))
      .leftJoin(cells, cellOf(li.locationId, li.locationType, li.whsId))
      .where(and(eq(li.whsId, whs), gt(li.onhandQty, 0)))
      .as('balances');
  },
  indexedBy: { location_id: li.locationId, sku_id: li.skuId, sku_name: sku.skuName },
};

/**
 * Each balance's on hand as of a moment: the balance now, less what the ledger moved after it
 * (the rows after a recent moment are few, and the time index finds them). A balance's rows only
 * ever change with its ledger rows (ledger.ts), so the two agree to the unit. Without a moment, now.
 */
const historicalInventory: RowsQuery = {
  rows({ db, whsId, request }) {
    const whs = warehouseOf(whsId);
    const asOf = typeof request.as_of === 'number' ? request.as_of : null;
    const moment = asOf === null ? sql`now()` : sql`to_timestamp(${asOf}::float8)`;
    const after = db.select({
      location_id: txn.locationId, sku_id: txn.skuId, batch_id: txn.batchId, quality: txn.quality,
      net: sql<number>`sum(case when ${txn.direction} = 1 then ${txn.qty} else -${txn.qty} end)`.as('net'),
    }).from(txn)
      .where(and(eq(txn.whsId, whs), gt(txn.createdAt, sql`${moment}`)))
      .groupBy(txn.locationId, txn.skuId, txn.batchId, txn.quality)
      .as('moved_after');
    const onhand = asOf === null ? sql`${li.onhandQty}` : sql`(${li.onhandQty} - coalesce(${after.net}, 0))`;
    const query = db.select({
      whs_id: li.whsId,
      balance_key: keyOf('balance_key', li.locationId, li.skuId, li.batchId, li.quality),
      as_of: sql<Date>`${moment}`.mapWith(txn.createdAt).as('as_of'),
      location_id: li.locationId, location_type: li.locationType, zone_id: cells.zoneId,
      sku_id: li.skuId, sku_name: sku.skuName, batch_id: li.batchId, quality: li.quality,
      onhand_qty: sql<number>`${onhand}::int`.as('onhand_qty'),
    }).from(li)
      .leftJoin(sku, and(eq(sku.whsId, li.whsId), eq(sku.skuId, li.skuId)))
      .leftJoin(cells, cellOf(li.locationId, li.locationType, li.whsId))
      .$dynamic();
    if (asOf !== null) {
      query.leftJoin(after, and(eq(after.location_id, li.locationId), eq(after.sku_id, li.skuId), eq(after.batch_id, li.batchId), eq(after.quality, li.quality)));
    }
    return query.where(and(eq(li.whsId, whs), sql`${onhand} > 0`)).as('historical_inventory');
  },
  indexedBy: { location_id: li.locationId, sku_id: li.skuId, sku_name: sku.skuName },
};

/**
 * Figures of a parent row (a SKU, a batch) summed over its balances with stock, each a scalar
 * subquery: PostgreSQL evaluates them for the rows of the page only (an index lookup each, by
 * location_inventory_sku_idx), and the count of matches never computes them.
 */
function balanceFigures(whsId: PgColumn, skuId: PgColumn, batchId?: PgColumn) {
  const of = and(eq(li.whsId, whsId), eq(li.skuId, skuId), ...(batchId ? [eq(li.batchId, batchId)] : []), gt(li.onhandQty, 0));
  return {
    /** Whether the parent has any stock: the filter that keeps stockless batches off a map. */
    inStock: sql`exists (select 1 from ${li} where ${of})`,
    /**
     * The same as a 0/1 column, probed per row: OFFSET 0 keeps PostgreSQL from planning it as a hash
     * of every balance of the warehouse, which it would build for a page of 20 rows.
     */
    inStockColumn: (name: string) => sql<number>`(exists (select 1 from ${li} where ${of} offset 0))::int`.as(name),
    figure: (expr: SQL, name: string) => sql<number>`(select ${expr} from ${li} where ${of})`.as(name),
    /** A figure that needs the cell of each balance (its status). */
    cellFigure: (expr: SQL, name: string) => sql<number>`(select ${expr} from ${li} left join ${cells} on ${cellOf(li.locationId, li.locationType, li.whsId)} where ${of})`.as(name),
  };
}

/**
 * The SKUs with stock, for the SKU maps: the warehouse's sku_stock rows with on hand (kept by the
 * ledger, zone-stock.ts; one per SKU), each with its SKU for the name. The SKU is left joined (its
 * foreign key guarantees it), so counting the matches of a map without a name filter reads
 * sku_stock alone — up to the count's bound of its rows, not as many SKUs with a lookup each.
 */
const inStockSkus = (whsId: string | null) => ({
  columns: { whs_id: skuStock.whsId, sku_id: skuStock.skuId, sku_name: sku.skuName },
  join: and(eq(sku.whsId, skuStock.whsId), eq(sku.skuId, skuStock.skuId)),
  where: and(eq(skuStock.whsId, warehouseOf(whsId)), gt(skuStock.onhandQty, 0)),
  ...balanceFigures(skuStock.whsId, skuStock.skuId),
});

/** On hand per SKU with stock, split by quality and by what of it is blocked, pre-picked and available. */
const onhandBySku: RowsQuery = {
  rows({ db, whsId }) {
    const { columns, join, where, figure } = inStockSkus(whsId);
    return db.select({
      ...columns,
      location_count: figure(sql`count(distinct ${li.locationId})::int`, 'location_count'),
      onhand_qty: figure(sumOf(li.onhandQty), 'onhand_qty'),
      good_qty: figure(sumOf(li.onhandQty, eq(li.quality, GOOD)), 'good_qty'),
      damaged_qty: figure(sumOf(li.onhandQty, eq(li.quality, DAMAGED)), 'damaged_qty'),
      locked_qty: figure(sumOf(li.lockedQty), 'locked_qty'),
      prepick_qty: figure(sumOf(li.prepickQty), 'prepick_qty'),
      available_qty: figure(sumOf(li.availableQty), 'available_qty'),
    }).from(skuStock)
      .leftJoin(sku, join)
      .where(where)
      .as('onhand_by_sku');
  },
  indexedBy: { sku_id: skuStock.skuId, sku_name: sku.skuName },
};

/**
 * Sellable stock per SKU with stock: good units in cells whose status is normal (not blocked,
 * frozen or deleted); the rest of the on hand (staging, damaged, such cells) is not sellable.
 */
const availableBySku: RowsQuery = {
  rows({ db, whsId }) {
    const { columns, join, where, cellFigure } = inStockSkus(whsId);
    const sellable = sql`(${li.locationType} = ${code(CELL)} and ${li.quality} = ${code(GOOD)} and coalesce(${cells.status}, 0) = ${code(LOCATION_STATUS.values.NORMAL)})`;
    return db.select({
      ...columns,
      available_qty: cellFigure(sumOf(li.availableQty, sellable), 'available_qty'),
      sellable_qty: cellFigure(sumOf(li.onhandQty, sellable), 'sellable_qty'),
      locked_qty: cellFigure(sumOf(li.lockedQty, sellable), 'locked_qty'),
      prepick_qty: cellFigure(sumOf(li.prepickQty, sellable), 'prepick_qty'),
      unsellable_qty: cellFigure(sumOf(li.onhandQty, sql`not ${sellable}`), 'unsellable_qty'),
    }).from(skuStock)
      .leftJoin(sku, join)
      .where(where)
      .as('available_by_sku');
  },
  indexedBy: { sku_id: skuStock.skuId, sku_name: sku.skuName },
};

/** Dated batches in stock, with days left and expiry state on the warehouse's today; soonest first walks the expiry index. */
const expiryBatches: RowsQuery = {
  async rows({ db, whsId }) {
    const whs = warehouseOf(whsId);
    const expiry = expirySql(batch.expiryDate, batch.productionDate, sku.shelfLifeDays, await warehouseToday(db, whs));
    const { inStock, figure } = balanceFigures(batch.whsId, batch.skuId, batch.batchId);
    return db.select({
      whs_id: batch.whsId,
      batch_key: keyOf('batch_key', batch.skuId, batch.batchId),
      sku_id: batch.skuId, sku_name: sku.skuName, batch_id: batch.batchId,
      production_date: batch.productionDate, expiry_date: batch.expiryDate, shelf_life_days: sku.shelfLifeDays,
      days_left: expiry.daysLeft.as('days_left'), expiry_state: expiry.state.as('expiry_state'),
      onhand_qty: figure(sumOf(li.onhandQty), 'onhand_qty'),
      locked_qty: figure(sumOf(li.lockedQty), 'locked_qty'),
      available_qty: figure(sumOf(li.availableQty), 'available_qty'),
      location_count: figure(sql`count(*)::int`, 'location_count'),
    }).from(batch)
      .leftJoin(sku, and(eq(sku.whsId, batch.whsId), eq(sku.skuId, batch.skuId)))
      .where(and(eq(batch.whsId, whs), isNotNull(batch.expiryDate), inStock))
      .as('expiry_batches');
  },
  indexedBy: { sku_id: batch.skuId, sku_name: sku.skuName, expiry_date: batch.expiryDate },
};

/** The ledger rows, with the SKU's name, the cell's zone and who posted them. */
const transactions: RowsQuery = {
  rows({ db, whsId }) {
    return db.select({
      whs_id: txn.whsId, txn_id: txn.txnId, created_at: txn.createdAt, txn_type: txn.txnType, direction: txn.direction,
      location_id: txn.locationId, location_type: txn.locationType, counter_location_id: txn.counterLocationId, zone_id: cells.zoneId,
      sku_id: txn.skuId, sku_name: sku.skuName, batch_id: txn.batchId, quality: txn.quality, qty: txn.qty, onhand_after: txn.onhandAfter,
      ref_type: txn.refType, ref_no: txn.refNo, operator: renamed<string>(users.email, 'operator'),
    }).from(txn)
      .leftJoin(sku, and(eq(sku.whsId, txn.whsId), eq(sku.skuId, txn.skuId)))
      .leftJoin(cells, cellOf(txn.locationId, txn.locationType, txn.whsId))
      .leftJoin(users, eq(users.userId, txn.operatorId))
      .where(eq(txn.whsId, warehouseOf(whsId)))
      .as('transactions');
  },
  indexedBy: { created_at: txn.createdAt, location_id: txn.locationId, sku_id: txn.skuId, sku_name: sku.skuName },
};

/** The block log or the unblock log: inventory_lock_logs of one action, with names and who did it. */
const lockLogOf = (action: number): RowsQuery => ({
  rows({ db, whsId }) {
    return db.select({
      whs_id: lockLog.whsId, log_id: lockLog.logId, created_at: lockLog.createdAt,
      location_id: lockLog.locationId, location_type: lockLog.locationType,
      sku_id: lockLog.skuId, sku_name: sku.skuName, batch_id: lockLog.batchId, quality: lockLog.quality,
      qty: lockLog.qty, locked_after: lockLog.lockedAfter, reason: lockLog.reason, ref_type: lockLog.refType, ref_no: lockLog.refNo,
      operator: renamed<string>(users.email, 'operator'),
    }).from(lockLog)
      .leftJoin(sku, and(eq(sku.whsId, lockLog.whsId), eq(sku.skuId, lockLog.skuId)))
      .leftJoin(users, eq(users.userId, lockLog.operatorId))
      .where(and(eq(lockLog.whsId, warehouseOf(whsId)), eq(lockLog.action, action)))
      .as('lock_log');
  },
  indexedBy: { created_at: [lockLog.action, lockLog.createdAt], location_id: lockLog.locationId, sku_id: lockLog.skuId, sku_name: sku.skuName },
});

/**
 * Stock in transit, both ways: incoming, what ASNs in transit still bring (each line's expected less
 * received; a move transfer's ASN among them); outgoing, what move transfers dispatched from here
 * have not yet settled at their destination (transit shipment lines, in-transit.ts). Neither is on
 * hand in any warehouse, so no available map counts it.
 */
const inTransit: RowsQuery = {
  rows({ db, whsId }) {
    const whs = warehouseOf(whsId);
    // A move transfer's ASN names the warehouse it comes from: its shipment, read by the destination's key (docs/transfer.md).
    const source = alias(transitShipments, 'source_shipment');
    const incoming = db.select({
      whs_id: asnLines.whsId,
      line_key: keyOf('line_key', asnLines.asnNo, asnLines.lineNo),
      direction: sql<number>`${code(TRANSIT_DIRECTION.values.INCOMING)}::smallint`.as('direction'),
      counterpart_whs_id: sql<string | null>`${source.whsId}`.as('counterpart_whs_id'),
      asn_no: asnLines.asnNo, line_no: asnLines.lineNo, supplier_id: asnOrders.supplierId, po_no: asnOrders.poNo,
      sku_id: asnLines.skuId, sku_name: sku.skuName, batch_no: asnLines.batchNo,
      expected_qty: asnLines.expectedQty, received_qty: asnLines.receivedQty,
      in_transit_qty: sql<number>`(${asnLines.expectedQty} - ${asnLines.receivedQty})::int`.as('in_transit_qty'),
      expected_arrival_at: asnOrders.expectedArrivalAt,
    }).from(asnLines)
      .innerJoin(asnOrders, and(eq(asnOrders.whsId, asnLines.whsId), eq(asnOrders.asnNo, asnLines.asnNo)))
      .leftJoin(source, and(eq(source.destWhsId, asnLines.whsId), eq(source.destAsnNo, asnLines.asnNo)))
      .leftJoin(sku, and(eq(sku.whsId, asnLines.whsId), eq(sku.skuId, asnLines.skuId)))
      .where(and(eq(asnLines.whsId, whs), eq(asnOrders.status, INBOUND_STATUS.values.IN_TRANSIT), gt(asnLines.expectedQty, asnLines.receivedQty)));
    const tl = transitShipmentLines;
    const ts = transitShipments;
    const outgoing = db.select({
      whs_id: tl.whsId,
      line_key: keyOf('line_key', tl.shipmentNo, tl.lineNo),
      direction: sql<number>`${code(TRANSIT_DIRECTION.values.OUTGOING)}::smallint`.as('direction'),
      counterpart_whs_id: sql<string | null>`${ts.destWhsId}`.as('counterpart_whs_id'),
      asn_no: ts.destAsnNo, line_no: tl.lineNo, supplier_id: sql<string | null>`null::text`.as('supplier_id'), po_no: ts.orderNo,
      sku_id: tl.skuId, sku_name: sku.skuName, batch_no: tl.batchId,
      expected_qty: tl.dispatchedQty, received_qty: tl.receivedQty,
      in_transit_qty: sql<number>`${inTransitQtySql}`.as('in_transit_qty'),
      expected_arrival_at: sql<Date | null>`null::timestamptz`.mapWith(asnOrders.expectedArrivalAt).as('expected_arrival_at'),
    }).from(tl)
      .innerJoin(ts, and(eq(ts.whsId, tl.whsId), eq(ts.shipmentNo, tl.shipmentNo)))
      .leftJoin(sku, and(eq(sku.whsId, tl.whsId), eq(sku.skuId, tl.skuId)))
      .where(and(eq(tl.whsId, whs), inArray(ts.status, [TRANSIT_SHIPMENT_STATUS.values.IN_TRANSIT, TRANSIT_SHIPMENT_STATUS.values.ARRIVED]), sql`${inTransitQtySql} > 0`));
    return unionAll(incoming, outgoing).as('in_transit');
  },
  indexedBy: { asn_no: asnOrders.asnNo, po_no: asnOrders.poNo, sku_id: asnLines.skuId, sku_name: sku.skuName, expected_arrival_at: asnOrders.expectedArrivalAt },
};

/**
 * Totals of the cells of each zone; zones without stock show zeros. The ledger keeps them per zone
 * (zone_stock, zone-stock.ts), so a list reads one row per zone whatever the number of balances.
 */
const zoneTotals: RowsQuery = {
  rows({ db, whsId }) {
    const whs = warehouseOf(whsId);
    const total = (column: SQLWrapper, name: string) => sql<number>`sum(${column})`.as(name);
    // A zone's rows summed over their slots (zone-stock.ts ZONE_STOCK_SLOTS).
    const zs = db.select({
      whsId: zoneStock.whsId, zoneId: zoneStock.zoneId,
      stockedCellCount: total(zoneStock.stockedCellCount, 'stocked_cell_count'), skuCount: total(zoneStock.skuCount, 'sku_count'),
      onhandQty: total(zoneStock.onhandQty, 'onhand_qty'), lockedQty: total(zoneStock.lockedQty, 'locked_qty'), prepickQty: total(zoneStock.prepickQty, 'prepick_qty'),
    }).from(zoneStock).where(eq(zoneStock.whsId, whs)).groupBy(zoneStock.whsId, zoneStock.zoneId).as('zs');
    const zeroIfNone = (column: SQLWrapper, name: string) => sql<number>`coalesce(${column}, 0)::int`.as(name);
    return db.select({
      whs_id: zones.whsId, zone_id: zones.zoneId, zone_name: zones.zoneName, temperature_zone: zones.temperatureZone,
      stocked_cell_count: zeroIfNone(zs.stockedCellCount, 'stocked_cell_count'),
      sku_count: zeroIfNone(zs.skuCount, 'sku_count'),
      onhand_qty: zeroIfNone(zs.onhandQty, 'onhand_qty'),
      locked_qty: zeroIfNone(zs.lockedQty, 'locked_qty'),
      prepick_qty: zeroIfNone(zs.prepickQty, 'prepick_qty'),
      available_qty: zeroIfNone(sql`${zs.onhandQty} - ${zs.lockedQty} - ${zs.prepickQty}`, 'available_qty'),
    }).from(zones)
      .leftJoin(zs, and(eq(zs.whsId, zones.whsId), eq(zs.zoneId, zones.zoneId)))
      .where(and(eq(zones.whsId, whs), ne(zones.status, LOCATION_STATUS.values.DELETED)))
      .as('zone_totals');
  },
  indexedBy: { zone_id: zones.zoneId, zone_name: zones.zoneName },
};

/**
 * Every batch with its dates, supplier and first inbound document, and its stock across locations.
 * Its in-stock column is probed per row (balanceFigures): as a plain EXISTS, PostgreSQL hashed every
 * balance of the warehouse for the first page (at 10,000 batches and 100,000 balances: 27 ms).
 */
const skuBatchTotals: RowsQuery = {
  rows({ db, whsId }) {
    const { inStockColumn, figure } = balanceFigures(batch.whsId, batch.skuId, batch.batchId);
    return db.select({
      whs_id: batch.whsId,
      batch_key: keyOf('batch_key', batch.skuId, batch.batchId),
      sku_id: batch.skuId, sku_name: sku.skuName, batch_id: batch.batchId,
      production_date: batch.productionDate, expiry_date: batch.expiryDate, supplier_id: batch.supplierId, inbound_ref: batch.inboundRef,
      in_stock: inStockColumn('in_stock'),
      onhand_qty: figure(sumOf(li.onhandQty), 'onhand_qty'),
      locked_qty: figure(sumOf(li.lockedQty), 'locked_qty'),
      available_qty: figure(sumOf(li.availableQty), 'available_qty'),
      location_count: figure(sql`count(*)::int`, 'location_count'),
      created_at: batch.createdAt,
    }).from(batch)
      .leftJoin(sku, and(eq(sku.whsId, batch.whsId), eq(sku.skuId, batch.skuId)))
      .where(eq(batch.whsId, warehouseOf(whsId)))
      .as('sku_batches');
  },
  indexedBy: { sku_id: batch.skuId, sku_name: sku.skuName },
};

/** The inventory read models by the name their resources give (`query`). */
export const INVENTORY_MAP_READS: Readonly<Record<string, RowsQuery>> = {
  balances,
  historical_inventory: historicalInventory,
  onhand_by_sku: onhandBySku,
  available_by_sku: availableBySku,
  expiry_batches: expiryBatches,
  transactions,
  block_log: lockLogOf(LOCK_LOG_ACTION.block_log),
  unblock_log: lockLogOf(LOCK_LOG_ACTION.unblock_log),
  in_transit: inTransit,
  zone_totals: zoneTotals,
  sku_batches: skuBatchTotals,
};
