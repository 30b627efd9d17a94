import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { CONSUMABLE_TYPE } from '../../../shared/codes';
import { parcelTrackingNo, type PackingWork, type PackPayload } from '../../../shared/contract/packing.contract';
import type { PackedOrderPrint } from '../../../shared/print';

/**
 * The packing station's decisions, DOM-free (the screen only renders them): the parcels proposed
 * from the packaging rule's suggestion and what checking took, what a scan does to the parcel in
 * hand (a box, a filler, a unit moved into it, a weight from the scale), what keeps the order from
 * being packed, and the op and documents it makes.
 */

const C = CONSUMABLE_TYPE.values;

export interface DraftParcel {
  box_id: string | null;
  filler_ids: string[];
  weight_g: number | null;
  /** Units by SKU. */
  items: Record<string, number>;
}

export interface Plan {
  parcels: DraftParcel[];
  /** The parcel in hand (index). */
  current: number;
}

const allItems = (work: PackingWork) => Object.fromEntries(work.lines.map((l) => [l.sku_id, l.qty]));

/**
 * The parcels proposed: the suggestion's (its boxes, fillers and split) — one parcel in the box
 * checking took when the order fits one, since the order is in it already —, else every unit in one
 * parcel in checking's box (or none).
 */
export function initialPlan(work: PackingWork): Plan {
  const checkedFiller = work.checked_filler_id ? [work.checked_filler_id] : [];
  const s = work.suggestion;
  if (s.status === 'split' && s.parcels.length > 1) {
    return {
      current: 0,
      parcels: s.parcels.map((p) => ({
        box_id: p.consumable_id, weight_g: null, items: Object.fromEntries(p.items.map((i) => [i.sku_id, i.qty])),
        filler_ids: p.filler ? Array.from({ length: p.filler.qty }, () => p.filler!.consumable_id) : [],
      })),
    };
  }
  const suggested = s.status === 'fits' ? s.parcels[0] : undefined;
  const fillers = suggested?.filler ? Array.from({ length: suggested.filler.qty }, () => suggested.filler!.consumable_id) : [];
  return {
    current: 0,
    parcels: [{
      box_id: work.checked_box_id ?? suggested?.consumable_id ?? null,
      filler_ids: checkedFiller.length > 0 ? [...checkedFiller, ...fillers.slice(1)] : fillers,
      weight_g: null, items: allItems(work),
    }],
  };
}

const unitsIn = (p: DraftParcel) => Object.values(p.items).reduce((sum, q) => sum + q, 0);

/** The parcels that hold units, in order: what is packed (an emptied parcel is dropped). */
export const filledParcels = (plan: Plan) => plan.parcels.filter((p) => unitsIn(p) > 0);

export function addParcel(plan: Plan): Plan {
  return { parcels: [...plan.parcels, { box_id: null, filler_ids: [], weight_g: null, items: {} }], current: plan.parcels.length };
}

const withCurrent = (plan: Plan, change: (p: DraftParcel) => DraftParcel): Plan => ({
  ...plan, parcels: plan.parcels.map((p, i) => (i === plan.current ? change(p) : p)),
});

export type ScanOutcome =
  | { ok: true; plan: Plan; what: 'box' | 'filler' | 'unit' | 'weight' | 'pack'; skuId?: string }
  | { ok: false; refusal: MessageDescriptor };

/** A weight typed by the scale: whole grams, 1 g to 1,000 kg. */
const WEIGHT = /^\d{1,7}$/;

/**
 * What a scan does at the station: the order's number or tracking number again packs it; a box or
 * pouch becomes the parcel's box (a pouch is a filler when the parcel has its box); a filler goes
 * in; a unit of the order moves into the parcel in hand from the last other parcel holding one; a
 * number is the scale's weight of the parcel in hand.
 */
export function scanAtPacking(work: PackingWork, plan: Plan, code: string): ScanOutcome {
  if (code === work.order.order_no || code === work.order.tracking_no) return { ok: true, plan, what: 'pack' };
  const parcel = plan.parcels[plan.current]!;
  const consumable = work.boxes.find((b) => b.consumable_id === code);
  if (consumable) {
    const asBox = consumable.consumable_type === C.PACKING_BOX || (consumable.consumable_type === C.POUCH && parcel.box_id === null);
    if (asBox) return { ok: true, what: 'box', plan: withCurrent(plan, (p) => ({ ...p, box_id: code })) };
    return { ok: true, what: 'filler', plan: withCurrent(plan, (p) => ({ ...p, filler_ids: [...p.filler_ids, code].slice(-10) })) };
  }
  const line = work.lines.find((l) => l.codes.includes(code));
  if (line) {
    const from = plan.parcels.map((_, i) => i).reverse().find((i) => i !== plan.current && (plan.parcels[i]!.items[line.sku_id] ?? 0) > 0);
    if (from === undefined) {
      return { ok: false, refusal: plan.parcels.length === 1 ? msg`Every unit is in this parcel already: start a new parcel to split the order.` : msg`Every unit of this SKU is in this parcel already.` };
    }
    const parcels = plan.parcels.map((p, i) => {
      if (i === from) return { ...p, items: { ...p.items, [line.sku_id]: p.items[line.sku_id]! - 1 } };
      if (i === plan.current) return { ...p, items: { ...p.items, [line.sku_id]: (p.items[line.sku_id] ?? 0) + 1 } };
      return p;
    });
    return { ok: true, what: 'unit', skuId: line.sku_id, plan: { ...plan, parcels } };
  }
  if (WEIGHT.test(code) && Number(code) >= 1) return { ok: true, what: 'weight', plan: withCurrent(plan, (p) => ({ ...p, weight_g: Number(code) })) };
  return { ok: false, refusal: msg`Not a box, filler or unit of this order.` };
}

export function setWeight(plan: Plan, index: number, weightG: number | null): Plan {
  return { ...plan, parcels: plan.parcels.map((p, i) => (i === index ? { ...p, weight_g: weightG } : p)) };
}

/** What the parcel's units and packaging weigh by the master data; null when a SKU has no weight. */
export function expectedWeight(work: PackingWork, parcel: DraftParcel): number | null {
  let grams = 0;
  for (const [skuId, qty] of Object.entries(parcel.items)) {
    const weight = work.lines.find((l) => l.sku_id === skuId)?.unit_weight_g;
    if (weight == null) return null;
    grams += weight * qty;
  }
  for (const id of [...(parcel.box_id ? [parcel.box_id] : []), ...parcel.filler_ids]) grams += work.boxes.find((b) => b.consumable_id === id)?.tare_weight_g ?? 0;
  return grams;
}

/** What keeps the order from being packed, the first parcel (1-based, of those filled) it names. */
export function packProblem(work: PackingWork, plan: Plan): { parcelNo: number | null; problem: MessageDescriptor } | null {
  const filled = filledParcels(plan);
  if (filled.length === 0) return { parcelNo: null, problem: msg`The parcels hold no units.` };
  for (const [i, p] of filled.entries()) {
    const parcelNo = i + 1;
    if (work.needs.box && p.box_id === null) return { parcelNo, problem: msg`Scan the box or pouch of parcel ${parcelNo}.` };
    if (work.needs.filler && p.filler_ids.length === 0) return { parcelNo, problem: msg`Scan the filler of parcel ${parcelNo}.` };
    if (work.needs.weight && p.weight_g === null) return { parcelNo, problem: msg`Weigh parcel ${parcelNo}.` };
  }
  return null;
}

export function packPayloadOf(work: PackingWork, plan: Plan, labelledAt: number): PackPayload {
  return {
    task_no: work.task.task_no, labelled_at: labelledAt,
    parcels: filledParcels(plan).map((p) => ({
      box_id: p.box_id, filler_ids: p.filler_ids, weight_g: p.weight_g,
      items: Object.entries(p.items).filter(([, q]) => q > 0).sort(([a], [b]) => (a < b ? -1 : 1)).map(([sku_id, qty]) => ({ sku_id, qty })),
    })),
  };
}

/** The packed order as its labels and packing list print, exactly as the server logs them. */
export function packedOrderPrintOf(work: PackingWork, payload: PackPayload): PackedOrderPrint {
  return {
    order_no: work.order.order_no, external_no: work.order.external_no, shop_id: work.order.shop_id, carrier: work.order.carrier,
    receiver: work.order.receiver, sender: work.sender, time_zone: work.time_zone,
    sku_names: Object.fromEntries(work.lines.map((l) => [l.sku_id, l.sku_name])),
    parcels: payload.parcels.map((p, i) => ({ parcel_no: i + 1, tracking_no: parcelTrackingNo(work.order.tracking_no, i + 1), weight_g: p.weight_g, items: p.items })),
    labelled_at: payload.labelled_at,
  };
}
