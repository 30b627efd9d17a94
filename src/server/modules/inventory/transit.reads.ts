import { eq, or, sql, type SQL } from 'drizzle-orm';
import { TRANSIT_DIRECTION } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { transitShipmentLines as tl, transitShipments as ts } from '../../db/schema';
import type { RowsQuery } from '../../http/list-query';

/**
 * The transit shipment lists (shared/resources/transit.resource.ts): the shipments of which this
 * warehouse is the source (outgoing) or the destination (incoming). The destination's rows are the
 * source's, read by (dest_whs_id, …) indexes: a deliberate read across warehouses
 * (docs/transfer.md). Every row carries the session's warehouse as whs_id, the list's own
 * condition; the line totals are summed per row of the page by the shipment's key.
 */

/**
 * A sum over the lines of the outer row's shipment. The outer columns are written qualified by
 * hand: Drizzle leaves columns of a one-table query unqualified, which inside the subquery would
 * name the lines' own.
 */
export const ofOuterShipment = sql.raw('l.whs_id = "transit_shipments"."whs_id" and l.shipment_no = "transit_shipments"."shipment_no"');
const total = (expression: string, name: string) =>
  sql<number>`(select coalesce(sum(${sql.raw(expression)}), 0)::int from ${tl} l where ${ofOuterShipment})`.as(name);

function shipments(db: Db, whsId: string | null, incomingOnly: boolean) {
  if (whsId === null) throw new Error('transit shipment lists need the session\'s warehouse');
  const side: SQL = incomingOnly ? eq(ts.destWhsId, whsId) : or(eq(ts.whsId, whsId), eq(ts.destWhsId, whsId))!;
  return db.select({
    whs_id: sql<string>`${whsId}::text`.as('whs_id'),
    shipment_no: ts.shipmentNo,
    direction: sql<number>`(case when ${ts.whsId} = ${whsId} then ${sql.raw(String(TRANSIT_DIRECTION.values.OUTGOING))}
      else ${sql.raw(String(TRANSIT_DIRECTION.values.INCOMING))} end)::smallint`.as('direction'),
    status: ts.status,
    order_no: ts.orderNo,
    src_whs_id: sql<string>`${ts.whsId}`.as('src_whs_id'),
    dest_whs_id: ts.destWhsId,
    dest_asn_no: ts.destAsnNo,
    dispatched_qty: total('l.dispatched_qty', 'dispatched_qty'),
    received_qty: total('l.received_qty', 'received_qty'),
    damaged_qty: total('l.damaged_qty', 'damaged_qty'),
    short_qty: total('l.short_qty', 'short_qty'),
    over_qty: total('l.over_qty', 'over_qty'),
    in_transit_qty: total('l.dispatched_qty + l.over_qty - l.received_qty - l.short_qty', 'in_transit_qty'),
    dispatched_at: ts.dispatchedAt,
    received_at: ts.receivedAt,
  }).from(ts).where(side);
}

const UNINDEXED = {
  fields: ['shipment_no', 'dispatched_at'],
  reason: 'a warehouse\'s transit shipments are read through its two indexes, (whs_id, status, dispatched_at) and (dest_whs_id, status, dispatched_at); move transfers are few',
};

export const TRANSIT_READS: Readonly<Record<string, RowsQuery>> = {
  transit_shipments: { rows: ({ db, whsId }) => shipments(db, whsId, false).as('transit_shipments'), indexedBy: {}, unindexed: UNINDEXED },
  incoming_transit_shipments: { rows: ({ db, whsId }) => shipments(db, whsId, true).as('incoming_transit_shipments'), indexedBy: {}, unindexed: UNINDEXED },
};
