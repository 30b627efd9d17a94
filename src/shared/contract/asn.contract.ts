import { z } from 'zod';
import { LOT_NO_PATTERN, MAX_ASN_LINES, MAX_ASN_TRACKING_IDS, TRACKING_ID_PATTERN } from '../asn';
import { INBOUND_ORDER_TYPE, PURCHASE_TYPE, type CodeList } from '../codes';
import { UPPER_BOUND } from '../constants';
import { VAS_KINDS } from '../vas';
import { isIsoDate } from '../expiry';
import { ASN_PAGES, RETURN_ASN_PAGES } from '../resources/asn.resource';
import { MAX_UNIX_SECONDS } from '../resources/define';
import { derivePerm } from '../routes/derive';
import { endpoint } from './define';
import { rowId } from './values';

/**
 * ASNs (spec §2 /inbound/order, createasn and the detail pages; §3 inbound codes; §4 lifecycle).
 * The ASN lists and their variants (queue, JIT, reprocess, groups, tracking ids) are resources
 * (shared/resources/asn.resource.ts); these are the calls beyond them. Each needs the permission
 * of the page that makes it.
 */

const ASN = '/apps/process/inbound/asn';
/** The Create ASN page's: its route names the permission of an ordinary create page (routes/inbound.routes.ts). */
const CREATE_PERM = derivePerm('/inbound/order/create');

/** One of a code list's codes (a number in a JSON body). */
export const codeOf = (list: CodeList) => z.literal(list.options.map((o) => o.value as number) as [number, ...number[]]);
/** The same from a query string. */
export const queryCodeOf = (list: CodeList) => z.coerce.number().pipe(codeOf(list));
export const isoDate = () => z.string().trim().refine(isIsoDate, 'must be a date written YYYY-MM-DD');
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
const seconds = z.number().int();
const asnNo = z.string().trim().min(1).max(32);

const asnLineInput = z.object({
  sku_id: z.string().trim().min(1).max(64),
  expected_qty: z.number().int().min(1).max(UPPER_BOUND),
  batch_no: z.string().trim().regex(LOT_NO_PATTERN, 'up to 40 letters, digits and . _ / -, starting with a letter or digit').nullish(),
  production_date: isoDate().nullish(),
  expiry_date: isoDate().nullish(),
  /** A value-added service the line asks for after receiving: labelling 5, bundling 6, repackaging 7 (shared/vas.ts). */
  vas_kind: z.literal(VAS_KINDS).nullish(),
}).refine((l) => !l.production_date || !l.expiry_date || l.expiry_date >= l.production_date, {
  path: ['expiry_date'], message: 'cannot be before the production date',
});

const trackingIdInput = z.object({
  tracking_id: z.string().trim().regex(TRACKING_ID_PATTERN, 'letters, digits and -, up to 64'),
  carton_qty: z.number().int().min(1).max(UPPER_BOUND).default(1),
});

/** Issues at each repeat of a value after its first (a SKU once per ASN, a tracking id once). */
function noRepeats<T>(items: readonly T[], keyOf: (item: T) => string, field: string, ctx: z.RefinementCtx, what: string) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = keyOf(item).toUpperCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, field], message: `${what} ${keyOf(item)} is listed twice` });
    seen.add(key);
  });
}

export const createAsnInput = z.object({
  inbound_type: codeOf(INBOUND_ORDER_TYPE),
  purchase_type: codeOf(PURCHASE_TYPE),
  supplier_id: optionalText(64),
  po_no: optionalText(64),
  /** The delivery slot booked: a day of the warehouse and one of its receiving shifts. */
  slot_date: isoDate(),
  shift_id: rowId(),
  /** Within the slot; its start when absent. */
  expected_arrival_at: seconds.min(0).max(MAX_UNIX_SECONDS).nullish(),
  expected_cartons: z.number().int().min(1).max(UPPER_BOUND),
  is_jit: z.literal([0, 1]).default(0),
  /** An ASN group to join; a group of its own (numbered as the ASN) when absent. */
  group_no: optionalText(32),
  remark: optionalText(500),
  lines: z.array(asnLineInput).min(1).max(MAX_ASN_LINES).superRefine((lines, ctx) => noRepeats(lines, (l) => l.sku_id, 'sku_id', ctx, 'SKU')),
  tracking_ids: z.array(trackingIdInput).max(MAX_ASN_TRACKING_IDS).default([])
    .superRefine((ids, ctx) => noRepeats(ids, (t) => t.tracking_id, 'tracking_id', ctx, 'Tracking ID')),
});

export const deliverySlotRow = z.object({
  shift_id: z.number().int(),
  shift_name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  quota_qty: z.number().int(),
  used_qty: z.number().int(),
  quota_cartons: z.number().int(),
  used_cartons: z.number().int(),
  /** 1: the quota is enforced; 0: the slot takes any booking (no plan or config limits it). */
  enabled: z.literal([0, 1]),
  /** 1: no plan was saved for the slot: the figures are the daily default's share. */
  is_default: z.literal([0, 1]),
  /** 0 when the slot is over (today's shift ended): it cannot be booked. */
  bookable: z.literal([0, 1]),
});
export type DeliverySlotRow = z.output<typeof deliverySlotRow>;

const asnHeader = z.object({
  asn_no: z.string(),
  group_no: z.string(),
  status: z.number().int(),
  inbound_type: z.number().int(),
  purchase_type: z.number().int(),
  source: z.number().int(),
  supplier_id: z.string().nullable(),
  supplier_name: z.string().nullable(),
  po_no: z.string().nullable(),
  is_jit: z.literal([0, 1]),
  slot_date: z.string().nullable(),
  shift_id: z.number().int().nullable(),
  shift_name: z.string().nullable(),
  shift_start_time: z.string().nullable(),
  shift_end_time: z.string().nullable(),
  expected_arrival_at: seconds.nullable(),
  arrival_timeliness: z.number().int(),
  expected_cartons: z.number().int(),
  total_expected_qty: z.number().int(),
  remark: z.string().nullable(),
  close_reason: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: seconds,
  updated_at: seconds,
});

const asnDetail = z.object({
  asn: asnHeader,
  lines: z.array(z.object({
    line_no: z.number().int(),
    sku_id: z.string(),
    sku_name: z.string().nullable(),
    expected_qty: z.number().int(),
    batch_no: z.string().nullable(),
    production_date: z.string().nullable(),
    expiry_date: z.string().nullable(),
    counted_qty: z.number().int(),
    qc_passed_qty: z.number().int(),
    qc_failed_qty: z.number().int(),
    received_qty: z.number().int(),
    putaway_qty: z.number().int(),
    vas_kind: z.number().int().nullable(),
  })),
  tracking_ids: z.array(z.object({
    tracking_id: z.string(), status: z.number().int(), carton_qty: z.number().int(), arrived_at: seconds.nullable(),
  })),
  /** The steps the ASN has reached, from its time stamps, oldest first. */
  history: z.array(z.object({ status: z.number().int(), at: seconds, note: z.string().nullable() })),
  /** Its inbound exceptions, newest first. */
  exceptions: z.array(z.object({
    exception_no: z.string(),
    exception_type: z.number().int(),
    reason: z.number().int(),
    sku_id: z.string().nullable(),
    tracking_id: z.string().nullable(),
    qty: z.number().int(),
    status: z.number().int(),
    handling_decision: z.number().int().nullable(),
    reported_at: seconds,
  })),
});
export type AsnDetail = z.output<typeof asnDetail>;

const asnMoved = z.object({ asn_no: z.string(), status: z.number().int() });

/** The detail of one ASN of a list, with that list's page permission (the same answer for each list). */
const detailCall = <P extends string>(path: P, page: string, which: string) => endpoint({
  method: 'GET', path, access: { perm: derivePerm(page) },
  summary: `One ${which} of the warehouse: header, lines and their progress, tracking ids, the status history and its inbound exceptions; -100404 when there is none.`,
  input: z.object({ asn_no: asnNo }),
  output: asnDetail,
});

export const asnContract = {
  createAsn: endpoint({
    method: 'POST', path: `${ASN}/create_asn`, access: { perm: CREATE_PERM },
    summary: 'Creates an ASN (status Pending) with its lines and cartons and books its delivery slot; -287001 when the slot\'s quota cannot take it, -287004 when the group to join is already arriving.',
    input: createAsnInput,
    output: z.object({
      asn_no: z.string(), group_no: z.string(), status: z.number().int(), slot_date: z.string(), shift_id: z.number().int(), expected_arrival_at: seconds,
    }),
  }),
  getAsnFormOptions: endpoint({
    method: 'GET', path: `${ASN}/get_asn_form_options`, access: { perm: CREATE_PERM },
    summary: 'What the Create ASN form offers: active suppliers, the purchase types of each inbound type (spec §3 selectable types), ASN groups that can still be joined, and the warehouse\'s date range for booking.',
    input: z.object({}),
    output: z.object({
      suppliers: z.array(z.object({ supplier_id: z.string(), supplier_name: z.string() })),
      purchase_types: z.array(z.object({ inbound_type: z.number().int(), purchase_types: z.array(z.number().int()) })),
      groups: z.array(z.object({ group_no: z.string(), status: z.number().int(), asn_count: z.number().int(), slot_date: z.string().nullable() })),
      today: z.string(),
      last_booking_date: z.string(),
    }),
  }),
  searchAsnSku: endpoint({
    method: 'GET', path: `${ASN}/search_asn_sku`, access: { perm: CREATE_PERM },
    summary: 'SKUs of the warehouse for an ASN line: id or UPC equal, or id or name containing the keyword; at most 20.',
    input: z.object({ keyword: z.string().trim().min(1).max(64) }),
    output: z.object({ list: z.array(z.object({ sku_id: z.string(), sku_name: z.string(), barcode: z.string().nullable(), shelf_life_days: z.number().int().nullable() })) }),
  }),
  searchAsnDeliverySlot: endpoint({
    method: 'GET', path: `${ASN}/search_delivery_slot`, access: { perm: CREATE_PERM },
    summary: 'The delivery slots of a day for an inbound type: each active receiving shift with its quota and use (the plan, else the daily default\'s share).',
    input: z.object({ slot_date: isoDate(), inbound_type: queryCodeOf(INBOUND_ORDER_TYPE) }),
    output: z.object({ slot_date: z.string(), inbound_type: z.number().int(), quota_mode: z.number().int(), list: z.array(deliverySlotRow) }),
  }),
  getAsnDetail: detailCall(`${ASN}/get_asn_detail`, ASN_PAGES.list, 'ASN'),
  getJitAsnDetail: detailCall(`${ASN}/get_jit_asn_detail`, ASN_PAGES.jitList, 'JIT ASN'),
  getReprocessOrderDetail: detailCall(`${ASN}/get_reprocess_order_detail`, ASN_PAGES.reprocessList, 'reprocess order (an ASN with an inbound exception still open)'),
  getReturnAsnDetail: detailCall(`${ASN}/get_return_asn_detail`, RETURN_ASN_PAGES.list, 'return ASN (inbound type Return)'),
  cancelAsn: endpoint({
    method: 'POST', path: `${ASN}/cancel_asn`, access: { perm: 'PC.Inbound.Order.Cancel' },
    summary: 'Cancels an ASN not yet counted, with a reason, and releases its delivery slot\'s quota; -100412 from a status that cannot be cancelled.',
    input: z.object({ asn_no: asnNo, reason: z.string().trim().min(1).max(500) }),
    output: asnMoved,
  }),
  failAsn: endpoint({
    method: 'POST', path: `${ASN}/fail_asn`, access: { perm: 'PC.Inbound.Order.Cancel' },
    summary: 'Closes as FAILED, with a reason, an ASN whose inbound cannot go on after counting began and before anything is received (counting to checked); its open QC and receiving tasks and exceptions are cancelled. -100412 from any other status.',
    input: z.object({ asn_no: asnNo, reason: z.string().trim().min(1).max(500) }),
    output: asnMoved,
  }),
  markAsnInTransit: endpoint({
    method: 'POST', path: `${ASN}/mark_asn_in_transit`, access: { perm: 'PC.Inbound.Order.Edit' },
    summary: 'Marks a pending ASN in transit (shipped, not yet at the gate); -100412 from any other status.',
    input: z.object({ asn_no: asnNo }),
    output: asnMoved,
  }),
} as const;

