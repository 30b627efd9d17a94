import { z } from 'zod';
import { TRANSIT_DIRECTION } from '../codes';
import { derivePerm } from '../routes/derive';
import { endpoint } from './define';

/**
 * Move transfers in transit (spec §2 Transfer › transitTask, transferRequest/dashboard, Move
 * Transfer Inbound › mtorder; docs/transfer.md). A transit shipment is its source warehouse's
 * document; the destination reads it too (its incoming shipments). The lists are the registry's
 * (resources/transit.resource.ts); these are a shipment's detail and the dashboard's counts.
 */

const TRANSIT = '/apps/process/transfer/transit';

const shipmentNo = z.string().trim().min(1).max(64);
const seconds = z.number().int();

const line = z.object({
  line_no: z.number().int(),
  sku_id: z.string(),
  sku_name: z.string().nullable(),
  batch_id: z.string(),
  quality: z.number().int(),
  dispatched_qty: z.number().int(),
  received_qty: z.number().int(),
  damaged_qty: z.number().int(),
  short_qty: z.number().int(),
  over_qty: z.number().int(),
  in_transit_qty: z.number().int(),
});

const detail = z.object({
  shipment_no: z.string(),
  direction: z.literal([TRANSIT_DIRECTION.values.OUTGOING, TRANSIT_DIRECTION.values.INCOMING]),
  order_no: z.string(),
  src_whs_id: z.string(),
  dest_whs_id: z.string(),
  dest_asn_no: z.string(),
  /** TRANSIT_SHIPMENT_STATUS. */
  status: z.number().int(),
  dispatched_by: z.number().int().nullable(),
  dispatched_at: seconds,
  arrived_at: seconds.nullable(),
  received_at: seconds.nullable(),
  closed_at: seconds.nullable(),
  lines: z.array(line),
  boxes: z.array(z.object({ box_id: z.string(), qty: z.number().int() })),
});
export type TransitShipmentDetail = z.output<typeof detail>;

const counts = z.object({ in_transit: z.number().int(), received: z.number().int(), with_discrepancy: z.number().int() });

export const transitContract = {
  getTransitShipment: endpoint({
    method: 'GET', path: `${TRANSIT}/get_transit_shipment`, access: { perm: derivePerm('/transfer/transitTask') },
    summary: 'A transit shipment of this warehouse, outgoing or incoming, with its lines (dispatched, received, damaged, short, over, in transit) and boxes; -100404 for another warehouse\'s.',
    input: z.object({ shipment_no: shipmentNo }),
    output: detail,
  }),
  getIncomingTransitShipment: endpoint({
    method: 'GET', path: `${TRANSIT}/get_incoming_transit_shipment`, access: { perm: derivePerm('/moveinbound/mtorder') },
    summary: 'A transit shipment coming to this warehouse (an MT order of Move Transfer Inbound), as get_transit_shipment; -100404 unless this warehouse is its destination.',
    input: z.object({ shipment_no: shipmentNo }),
    output: detail,
  }),
  getTransitDashboard: endpoint({
    method: 'GET', path: `${TRANSIT}/get_transit_dashboard`, access: { perm: derivePerm('/transfer/transferRequest/dashboard') },
    summary: 'How many transit shipments of this warehouse are in transit (or arrived, not yet received), received, and received with discrepancies (short, over or damaged), outgoing and incoming.',
    input: z.object({}),
    output: z.object({ outgoing: counts, incoming: counts }),
  }),
} as const;
