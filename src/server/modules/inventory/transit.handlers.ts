import { and, eq, sql, type SQL } from 'drizzle-orm';
import { TRANSIT_DIRECTION, TRANSIT_SHIPMENT_STATUS } from '../../../shared/codes';
import type { transitContract } from '../../../shared/contract/transit.contract';
import type { Db } from '../../db/client';
import { transitShipmentLines as tl, transitShipments as ts } from '../../db/schema';
import { unixSeconds } from '../../common/time';
import { notFound } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { transitShipmentDetail } from './in-transit';
import { ofOuterShipment } from './transit.reads';

/**
 * Transit shipments as the source and the destination see them (contract/transit.contract.ts).
 * The destination's reads of the source's rows go by key: the shipment by (dest_whs_id,
 * shipment_no), its lines by the shipment's primary key (docs/transfer.md).
 */

const S = TRANSIT_SHIPMENT_STATUS.values;

async function detailFor(db: Db, whsId: string, shipmentNo: string, incomingOnly: boolean) {
  const { shipment, lines, boxes } = await transitShipmentDetail(db, whsId, shipmentNo);
  const incoming = shipment.destWhsId === whsId;
  if (incomingOnly && !incoming) throw notFound(`Transit shipment ${shipmentNo}`);
  return {
    shipment_no: shipment.shipmentNo,
    direction: incoming ? TRANSIT_DIRECTION.values.INCOMING : TRANSIT_DIRECTION.values.OUTGOING,
    order_no: shipment.orderNo, src_whs_id: shipment.whsId, dest_whs_id: shipment.destWhsId, dest_asn_no: shipment.destAsnNo,
    status: shipment.status, dispatched_by: shipment.dispatchedBy, dispatched_at: unixSeconds(shipment.dispatchedAt),
    arrived_at: unixSeconds(shipment.arrivedAt), received_at: unixSeconds(shipment.receivedAt), closed_at: unixSeconds(shipment.closedAt),
    lines: lines.map(({ line, skuName, inTransit }) => ({
      line_no: line.lineNo, sku_id: line.skuId, sku_name: skuName, batch_id: line.batchId, quality: line.quality,
      dispatched_qty: line.dispatchedQty, received_qty: line.receivedQty, damaged_qty: line.damagedQty, short_qty: line.shortQty, over_qty: line.overQty,
      in_transit_qty: inTransit,
    })),
    boxes: boxes.map((b) => ({ box_id: b.boxId, qty: b.qty })),
  };
}

/** The counts of one side: shipments in transit (arrived ones too, not yet received), received or closed, and those with a discrepancy. */
async function countsOf(db: Db, side: SQL) {
  const discrepant = sql`exists (select 1 from ${tl} l where ${ofOuterShipment} and (l.short_qty > 0 or l.over_qty > 0 or l.damaged_qty > 0))`;
  const [row] = await db.select({
    inTransit: sql<number>`count(*) filter (where ${ts.status} in (${sql.raw(String(S.IN_TRANSIT))}, ${sql.raw(String(S.ARRIVED))}))::int`,
    received: sql<number>`count(*) filter (where ${ts.status} in (${sql.raw(String(S.RECEIVED))}, ${sql.raw(String(S.CLOSED))}))::int`,
    discrepant: sql<number>`count(*) filter (where ${ts.status} in (${sql.raw(String(S.RECEIVED))}, ${sql.raw(String(S.CLOSED))}) and ${discrepant})::int`,
  }).from(ts).where(side);
  return { in_transit: row?.inTransit ?? 0, received: row?.received ?? 0, with_discrepancy: row?.discrepant ?? 0 };
}

export const transitHandlers: Handlers<typeof transitContract> = {
  getTransitShipment: (input, { db, session }) => detailFor(db, session.whsId, input.shipment_no, false),
  getIncomingTransitShipment: (input, { db, session }) => detailFor(db, session.whsId, input.shipment_no, true),
  async getTransitDashboard(_input, { db, session }) {
    return {
      outgoing: await countsOf(db, eq(ts.whsId, session.whsId)),
      incoming: await countsOf(db, and(eq(ts.destWhsId, session.whsId))!),
    };
  },
};
