import { mtOrders } from '../../db/schema';
import type { RowsQuery } from '../../http/list-query';
import { requestRows, taskRows } from './transfer-request';

/**
 * The Request List and Transfer Task lists (resources/transfer-request.resource.ts). Requests are
 * read by the requester's (whs_id, …) and the source's (source_whs_id, …) indexes — the source's read
 * of the requester's rows is deliberate (docs/transfer.md); every row carries the session's warehouse
 * as whs_id, the list's own condition.
 */
const need = (whsId: string | null): string => {
  if (whsId === null) throw new Error('transfer lists need the session\'s warehouse');
  return whsId;
};

export const TRANSFER_REQUEST_READS: Readonly<Record<string, RowsQuery>> = {
  transfer_requests: {
    rows: ({ db, whsId }) => requestRows(db, need(whsId)).as('transfer_requests'),
    indexedBy: {},
    unindexed: {
      fields: ['request_no', 'created_at'],
      reason: 'a warehouse\'s requests are read through (whs_id, status, created_at) and (source_whs_id, status, created_at); transfer requests are few',
    },
  },
  transfer_tasks: {
    rows: ({ db, whsId }) => taskRows(db, need(whsId)).as('transfer_tasks'),
    indexedBy: { order_no: mtOrders.orderNo, created_at: mtOrders.createdAt },
  },
};
