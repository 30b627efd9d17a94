import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { QUEUED_ASN_STATUSES } from '../../../shared/resources/asn.resource';
import { RETURN_QC_STATUSES } from '../../../shared/resources/return-order.resource';
import { asnOrders, returnOrders, returnUnits } from '../../db/schema';
import type { RowsQuery } from '../../http/list-query';

/** The returns of the warehouse with their ASN's status and progress, narrowed by `where`. */
function returnRows(name: string, where?: SQL, withJudged = false): RowsQuery {
  return {
    rows({ db, whsId }) {
      if (whsId === null) throw new Error(`the ${name} list needs the session's warehouse`);
      return db.select({
        whs_id: returnOrders.whsId, asn_no: returnOrders.asnNo, return_order_no: returnOrders.returnOrderNo, tracking_no: returnOrders.trackingNo,
        sales_order_no: returnOrders.salesOrderNo, status: asnOrders.status, return_reason: returnOrders.returnReason, source: returnOrders.source,
        buyer_name: returnOrders.buyerName, shop_id: returnOrders.shopId, total_qty: asnOrders.totalExpectedQty,
        expected_arrival_at: asnOrders.expectedArrivalAt, arrived_at: asnOrders.arrivedAt, created_at: returnOrders.createdAt,
        // The units judged as the return's (a wrong item sent to dispute is not one of them).
        ...(withJudged ? {
          judged_qty: sql<number>`(select count(*)::int from ${returnUnits} where ${returnUnits.whsId} = ${returnOrders.whsId}
            and ${returnUnits.asnNo} = ${returnOrders.asnNo} and ${returnUnits.disputeNo} is null)`.as('judged_qty'),
        } : {}),
      }).from(returnOrders)
        .innerJoin(asnOrders, and(eq(asnOrders.whsId, returnOrders.whsId), eq(asnOrders.asnNo, returnOrders.asnNo)))
        .where(and(eq(returnOrders.whsId, whsId), where))
        .as(name);
    },
    indexedBy: { asn_no: returnOrders.asnNo, created_at: returnOrders.createdAt },
  };
}

/** The return lists (resources/return-order.resource.ts) by name: every return, the queue of those at the dock, those in QC. */
export const RETURN_ORDER_READS: Readonly<Record<string, RowsQuery>> = {
  return_order: returnRows('return_order'),
  return_queue: returnRows('return_queue', inArray(asnOrders.status, [...QUEUED_ASN_STATUSES])),
  return_qc_task: returnRows('return_qc_task', inArray(asnOrders.status, [...RETURN_QC_STATUSES]), true),
};
