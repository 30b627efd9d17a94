import { combinePrintJobs } from './document';
import { packingListJob, shippingLabelJob, type LabelParty } from './labels';
import type { PageSize, PrintJob } from './print-job';

/** A packed order as its documents print it: the packing station and the server build the same from it. */
export interface PackedOrderPrint {
  order_no: string;
  external_no: string;
  shop_id: string | null;
  carrier: string | null;
  receiver: LabelParty;
  sender: LabelParty;
  time_zone: string;
  /** Names of the SKUs the parcels hold. */
  sku_names: Readonly<Record<string, string>>;
  /** Every live parcel of the order, parcel 1 first. */
  parcels: readonly { parcel_no: number; tracking_no: string; weight_g: number | null; items: readonly { sku_id: string; qty: number }[] }[];
  /** When the labels were made (unix seconds). */
  labelled_at: number;
}

/** Carriers print their name; an order without one prints this. */
const NO_CARRIER = 'Own delivery';

/** The shipping label of each parcel (or only of `only`, a parcel number), as one job of the label stock. */
export function parcelLabelsJob(order: PackedOrderPrint, size: PageSize, only?: number): PrintJob {
  const jobs = order.parcels.filter((p) => only === undefined || p.parcel_no === only).map((p) => shippingLabelJob({
    carrier: order.carrier ?? NO_CARRIER, tracking_no: p.tracking_no, order_no: order.order_no, parcel_no: p.parcel_no, parcel_count: order.parcels.length,
    weight_g: p.weight_g, sender: order.sender, receiver: order.receiver, created_at: order.labelled_at, time_zone: order.time_zone,
  }, size));
  return jobs.length === 1 ? jobs[0]! : combinePrintJobs(jobs, `Shipping labels ${order.order_no}`);
}

/** The order's packing list: its units by SKU and its parcels. */
export function orderPackingListJob(order: PackedOrderPrint, size: PageSize): PrintJob {
  const qtyBySku = new Map<string, number>();
  for (const p of order.parcels) for (const i of p.items) qtyBySku.set(i.sku_id, (qtyBySku.get(i.sku_id) ?? 0) + i.qty);
  return packingListJob({
    order_no: order.order_no, external_no: order.external_no, shop_name: order.shop_id, sender: order.sender, receiver: order.receiver,
    lines: [...qtyBySku].sort(([a], [b]) => (a < b ? -1 : 1)).map(([skuId, qty]) => ({ sku_id: skuId, sku_name: order.sku_names[skuId] ?? '', qty })),
    parcels: order.parcels.map((p) => ({ parcel_no: p.parcel_no, tracking_no: p.tracking_no, weight_g: p.weight_g })),
    created_at: order.labelled_at, time_zone: order.time_zone,
  }, size);
}
