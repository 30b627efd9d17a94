import { ORDER_LINES_MAX, type OrderInput } from '../../../shared/contract/sales-order.contract';
import { lineProblem, type OrderLineDraft } from '../../kit/order-lines/order-lines';

/**
 * The Create Sales Order form as data (the screen only renders it): the lines being typed, whether
 * the order can be sent, the input it sends, and which line a server refusal names.
 */

export interface OrderDraft {
  external_no: string;
  priority: OrderInput['priority'];
  parcel_split: OrderInput['parcel_split'];
  shop_id: string;
  /** Unix seconds, or null for none. */
  cutoff_at: number | null;
  remark: string;
  delivery?: DeliveryDraft;
  lines: readonly OrderLineDraft[];
}

/** Who and how the order ships, as typed: all optional; a receiver needs a name and an address. */
export interface DeliveryDraft {
  carrier: string;
  tracking_no: string;
  receiver_name: string;
  receiver_phone: string;
  receiver_address: string;
}
export const emptyDelivery = (): DeliveryDraft => ({ carrier: '', tracking_no: '', receiver_name: '', receiver_phone: '', receiver_address: '' });

/** The order can be sent: an external number and 1 to ORDER_LINES_MAX complete lines. */
export const orderReady = (draft: OrderDraft): boolean =>
  draft.external_no.trim() !== '' && draft.lines.length > 0 && draft.lines.length <= ORDER_LINES_MAX && draft.lines.every((l) => lineProblem(l) === null);

/** The createSalesOrder input of a ready draft: trimmed text, empty optional text as null. */
export function orderInputOf(draft: OrderDraft): OrderInput {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  const d = draft.delivery ?? emptyDelivery();
  const receiverTyped = [d.receiver_name, d.receiver_phone, d.receiver_address].some((text) => text.trim() !== '');
  return {
    external_no: draft.external_no.trim(),
    priority: draft.priority,
    parcel_split: draft.parcel_split,
    shop_id: optional(draft.shop_id),
    cutoff_at: draft.cutoff_at,
    remark: optional(draft.remark),
    carrier: optional(d.carrier),
    tracking_no: optional(d.tracking_no),
    // A half-typed receiver is sent as typed, for the server to name what it lacks.
    receiver: receiverTyped ? { name: d.receiver_name.trim(), phone: optional(d.receiver_phone), address: d.receiver_address.trim() } : null,
    lines: draft.lines.map((l) => ({ sku_id: l.sku_id.trim(), qty: Number(l.qty) })),
  };
}
