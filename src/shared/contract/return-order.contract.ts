import { z } from 'zod';
import { TRACKING_ID_PATTERN } from '../asn';
import { RETURN_DISPUTE_KIND, RETURN_DISPUTE_STATUS, RETURN_INBOUND_CONDITION, RETURN_INBOUND_REASON, RETURN_INBOUND_RESULT, RETURN_JUDGEMENT, RETURN_ORDER_SOURCE } from '../codes';
import { UPPER_BOUND } from '../constants';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { codeOf } from './asn.contract';
import { endpoint } from './define';
import { docCode } from './sales-order.contract';

/**
 * Return orders (spec §2 /returninbound; docs/returns.md): a buyer's return, told by the order
 * system (the intake) or made on screen, becomes a Return ASN with the parcel's tracking number as
 * its tracking id; the parcel's arrival is scanned at the return dock (an offline op,
 * ops/return-arrival.ops.ts), and a parcel no return expects goes to dispute.
 */

const CALLS = '/apps/process/returninbound';

/** The pages whose permissions the calls take. */
export const RETURN_ORDER_PAGES = {
  list: '/returninbound/order',
  detail: '/returninbound/order/detail/$id',
  create: '/returninbound/order/create/{-$inbound_type}/{-$return_reason}',
  queueList: '/returninbound/queuelist',
  arriving: '/returninbound/arrving',
  disputes: '/returninbound/Dispute',
  disputeProcessing: '/returninbound/disputeprocessing',
  qc: '/returninbound/qc',
} as const;

export const RETURN_ORDER_ACCESS = {
  view: { perm: derivePerm(RETURN_ORDER_PAGES.list) },
  create: { perm: derivePerm(RETURN_ORDER_PAGES.create) },
  /** Scanning parcels in: the arriving page's work (calls and offline ops alike). */
  arrive: { perm: pageActionPerm(RETURN_ORDER_PAGES.arriving, 'Action') },
  arriving: { perm: derivePerm(RETURN_ORDER_PAGES.arriving) },
  /** Settling a dispute: the dispute processing page's work. */
  settle: { perm: pageActionPerm(RETURN_ORDER_PAGES.disputeProcessing, 'Action') },
  /** Return QC: reading what to judge, and judging units (the op). */
  qc: { perm: derivePerm(RETURN_ORDER_PAGES.qc) },
  judge: { perm: pageActionPerm(RETURN_ORDER_PAGES.qc, 'Action') },
} as const;

/** Most checks a unit can fail (the checklist's active checks are far fewer), and most returns return QC keeps offline. */
export const RETURN_FAILED_CHECKS_MAX = 50;
export const RETURNS_TO_JUDGE_MAX = 500;

/** Most lines one return carries, and most returns one push takes. */
export const RETURN_LINES_MAX = 100;
export const RETURN_PUSH_MAX = 500;

const text = (max: number) => z.string().trim().max(max).refine((s) => !s.includes('\0'), 'must not contain NUL characters');
const optionalText = (max: number) => text(max).nullish().transform((v) => (v ? v : null));
/** The parcel's tracking number: it becomes the return ASN's tracking id, so its pattern. */
export const returnTrackingNo = z.string().trim().regex(TRACKING_ID_PATTERN, 'letters, digits and -, up to 64');
const unixTime = z.number().int().min(0).max(4_102_444_800);

export const returnLineInput = z.object({ sku_id: docCode(64), qty: z.number().int().min(1).max(UPPER_BOUND) });

/** One return as the order system pushes it or the create page sends it. */
export const returnOrderInput = z.object({
  return_order_no: docCode(64),
  /** The sales order the buyer returns from, when known. */
  sales_order_no: optionalText(64),
  tracking_no: returnTrackingNo,
  return_reason: codeOf(RETURN_INBOUND_REASON),
  buyer_name: optionalText(100),
  shop_id: optionalText(64),
  expected_arrival_at: unixTime.nullish().transform((v) => v ?? null),
  remark: optionalText(500),
  lines: z.array(returnLineInput).min(1).max(RETURN_LINES_MAX),
});
export type ReturnOrderInput = z.output<typeof returnOrderInput>;

export const returnOrderSchema = z.object({
  asn_no: z.string(),
  return_order_no: z.string(),
  sales_order_no: z.string().nullable(),
  tracking_no: z.string(),
  /** RETURN_INBOUND_REASON. */
  return_reason: z.number().int(),
  buyer_name: z.string().nullable(),
  shop_id: z.string().nullable(),
  /** RETURN_ORDER_SOURCE. */
  source: z.number().int(),
  /** INBOUND_STATUS of its ASN. */
  status: z.number().int(),
  total_qty: z.number().int(),
  created_at: z.number().int(),
});
export type ReturnOrder = z.infer<typeof returnOrderSchema>;

/** The answer to one pushed return: made, a resend of one made before, or refused (which line and why). */
export const returnPushResult = z.object({
  return_order_no: z.string(),
  retcode: z.number().int(),
  message: z.string(),
  asn_no: z.string().nullable(),
  created: z.boolean(),
  line: z.number().int().nullable(),
});

/** A parcel the return dock expects: what the arriving screen judges a scan by with the network gone. */
export const expectedReturnParcel = z.object({
  tracking_no: z.string(),
  asn_no: z.string(),
  return_order_no: z.string(),
  /** INBOUND_STATUS of its ASN. */
  status: z.number().int(),
  total_qty: z.number().int(),
});
export type ExpectedReturnParcel = z.infer<typeof expectedReturnParcel>;

/** The answer to one parcel scanned at the return dock (the op's result). */
export const returnParcelArrival = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('arrived'), tracking_no: z.string(), asn_no: z.string(), return_order_no: z.string(), total_qty: z.number().int() }),
  z.object({ outcome: z.literal('dispute'), tracking_no: z.string(), dispute_no: z.string() }),
]);
export type ReturnParcelArrival = z.infer<typeof returnParcelArrival>;

/** The scan of a returned parcel at the dock (the op's payload). */
export const returnParcelInput = z.object({ tracking_no: returnTrackingNo });

/** How a dispute is settled: the parcel is a return's after all (it arrives), or it goes back to the buyer. */
export const RETURN_DISPUTE_SETTLEMENT = ['match', 'return_to_buyer'] as const;

export const settleReturnDisputeInput = z.object({
  dispute_no: z.string().trim().min(1).max(32),
  outcome: z.enum(RETURN_DISPUTE_SETTLEMENT),
  /** The return the parcel belongs to (its return order number or return ASN number): needed to match. */
  return_no: optionalText(64),
  /** How it was settled; needed to return the parcel to the buyer (the carrier, the tracking number back). */
  remark: optionalText(500),
}).superRefine((input, ctx) => {
  if (input.outcome === 'match' && !input.return_no) ctx.addIssue({ code: 'custom', path: ['return_no'], message: 'the return the parcel belongs to is needed to match it' });
  if (input.outcome === 'return_to_buyer' && !input.remark) ctx.addIssue({ code: 'custom', path: ['remark'], message: 'how the parcel goes back to the buyer is needed' });
});
export type SettleReturnDisputeInput = z.output<typeof settleReturnDisputeInput>;

export const returnDisputeSchema = z.object({
  dispute_no: z.string(),
  tracking_no: z.string(),
  /** RETURN_DISPUTE_KIND. */
  kind: z.number().int(),
  /** RETURN_DISPUTE_STATUS. */
  status: z.number().int(),
  /** The return ASN it was matched to. */
  asn_no: z.string().nullable(),
  remark: z.string().nullable(),
  settled_by: z.number().int().nullable(),
  settled_at: z.number().int().nullable(),
});
export type ReturnDispute = z.infer<typeof returnDisputeSchema>;

/**
 * One returned unit judged at return QC (the op's payload): the return (its return order, ASN or
 * tracking number), the SKU as scanned, its condition, reason (blank: the return's) and failed
 * checks, and a judgement — blank for the deciding rule's, another one with `override_reason`.
 */
export const judgeReturnUnitInput = z.object({
  return_no: docCode(64),
  sku_code: docCode(64),
  condition: codeOf(RETURN_INBOUND_CONDITION),
  return_reason: codeOf(RETURN_INBOUND_REASON).nullish().transform((v) => v ?? null),
  failed_checks: z.array(z.number().int().min(1).max(2_147_483_647)).max(RETURN_FAILED_CHECKS_MAX).default([]),
  judgement: codeOf(RETURN_JUDGEMENT).nullish().transform((v) => v ?? null),
  override_reason: optionalText(200),
});
export type JudgeReturnUnitInput = z.output<typeof judgeReturnUnitInput>;

/** The answer to a unit judged (the op's result): judged (where it goes), or a wrong item sent to dispute. */
export const returnUnitJudged = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('judged'), asn_no: z.string(), unit_no: z.number().int(), sku_id: z.string(), condition: z.number().int(),
    judgement: z.number().int(), rule_id: z.number().int().nullable(), overridden: z.boolean(),
  }),
  z.object({ outcome: z.literal('dispute'), asn_no: z.string(), unit_no: z.number().int(), sku_id: z.string(), dispute_no: z.string() }),
]);
export type ReturnUnitJudged = z.infer<typeof returnUnitJudged>;

/** A return waiting for QC, as the QC screen keeps it offline: its lines with what is judged of each. */
export const returnToJudge = z.object({
  asn_no: z.string(),
  return_order_no: z.string(),
  tracking_no: z.string(),
  /** RETURN_INBOUND_REASON: a unit's reason unless QC says otherwise. */
  return_reason: z.number().int(),
  /** INBOUND_STATUS: Arrived, or Checking once a unit is judged. */
  status: z.number().int(),
  lines: z.array(z.object({ sku_id: z.string(), sku_name: z.string(), barcode: z.string().nullable(), expected_qty: z.number().int(), judged_qty: z.number().int() })),
});
export type ReturnToJudge = z.infer<typeof returnToJudge>;

export const returnQcCheckSchema = z.object({ check_id: z.number().int(), check_name: z.string(), fail_condition: z.number().int(), sequence: z.number().int() });
export const returnInboundRuleSchema = z.object({
  rule_id: z.number().int(), rule_name: z.string(), priority: z.number().int(),
  condition: z.number().int().nullable(), return_reason: z.number().int().nullable(), judgement: z.number().int(),
});

/** A unit as judged, on the return's detail. */
export const returnUnitSchema = z.object({
  unit_no: z.number().int(),
  sku_id: z.string(),
  condition: z.number().int(),
  return_reason: z.number().int(),
  failed_checks: z.array(z.number().int()),
  /** RETURN_JUDGEMENT; null for a wrong item, which is in dispute. */
  judgement: z.number().int().nullable(),
  rule_judgement: z.number().int().nullable(),
  override_reason: z.string().nullable(),
  dispute_no: z.string().nullable(),
  judged_by: z.number().int(),
  judged_at: z.number().int(),
});
export type ReturnUnit = z.infer<typeof returnUnitSchema>;

const codeList = z.array(z.object({ value: z.number().int(), name: z.string() }));

export const returnOrderContract = {
  createReturnOrder: endpoint({
    method: 'POST', path: `${CALLS}/order/create_return_order`, access: RETURN_ORDER_ACCESS.create,
    summary: 'Creates a return on screen: a Return ASN (inbound type Return, purchase type Return Inbound, status Pending) with the parcel\'s tracking number as its tracking id. Idempotent on the return order number: the same content again answers the return made first (created false); other content is -292001. An unknown SKU is -292002 naming the line, a tracking number another ASN holds -289906; nothing is written.',
    input: returnOrderInput,
    output: z.object({ order: returnOrderSchema, created: z.boolean() }),
  }),
  pushReturnOrders: endpoint({
    method: 'POST', path: `${CALLS}/order/push_return_orders`, access: RETURN_ORDER_ACCESS.create,
    summary: 'The order system\'s intake of returns: up to 500, each answered on its own (retcode 0 made or resent, else the refusal with its line). Idempotent on the return order number.',
    input: z.object({ orders: z.array(returnOrderInput).min(1).max(RETURN_PUSH_MAX) }),
    output: z.object({ results: z.array(returnPushResult) }),
  }),
  getReturnOrderDetail: endpoint({
    method: 'GET', path: `${CALLS}/order/get_return_order_detail`, access: RETURN_ORDER_ACCESS.view,
    summary: 'What a Return ASN carries beyond the ASN (the return order number, sales order, reason, buyer, tracking number) and its units as judged at return QC. -100404 for an ASN that is not a return of this warehouse.',
    input: z.object({ asn_no: z.string().trim().min(1).max(32) }),
    output: z.object({ order: returnOrderSchema, units: z.array(returnUnitSchema) }),
  }),
  getExpectedReturnParcels: endpoint({
    method: 'GET', path: `${CALLS}/arrival/get_expected_parcels`, access: RETURN_ORDER_ACCESS.arriving, offlineRead: true,
    summary: 'The parcels of the returns still to arrive (Pending or In Transit), newest first, up to 5,000: the arriving screen keeps them to judge scans offline.',
    input: z.object({}),
    output: z.object({ list: z.array(expectedReturnParcel) }),
  }),
  getReturnsToJudge: endpoint({
    method: 'GET', path: `${CALLS}/qc/get_returns_to_judge`, access: RETURN_ORDER_ACCESS.qc, offlineRead: true,
    summary: 'What return QC judges with the network gone: the returns arrived and not fully judged (up to 500, oldest first) with their lines and units judged, the active return QC checklist in order, and the active return inbound rules by priority.',
    input: z.object({}),
    output: z.object({ returns: z.array(returnToJudge), checks: z.array(returnQcCheckSchema), rules: z.array(returnInboundRuleSchema) }),
  }),
  settleReturnDispute: endpoint({
    method: 'POST', path: `${CALLS}/dispute/settle_dispute`, access: RETURN_ORDER_ACCESS.settle,
    summary: 'Settles an open dispute: match (return_no, a return order or return ASN number of a return still to arrive: that return arrives, as if its parcel were scanned at the dock) or return_to_buyer (remark, how it goes back). A settled dispute is -100412; a return that is unknown or no longer awaited is -292004 with data.reason; nothing is written on a refusal.',
    input: settleReturnDisputeInput,
    output: z.object({ dispute: returnDisputeSchema, arrival: returnParcelArrival.nullable() }),
  }),
  getReturnInboundEnums: endpoint({
    method: 'GET', path: `${CALLS}/enums`, access: 'session', offlineRead: true,
    summary: 'The return inbound code lists (spec §3, §7): conditions, reasons, results, sources, dispute kinds and statuses as {value, name}. Read at session start; a failure is ignored.',
    input: z.object({}),
    output: z.object({
      condition: codeList, reason: codeList, result: codeList, judgement: codeList, source: codeList, dispute_kind: codeList, dispute_status: codeList,
    }),
  }),
};

/** The code lists the enums call answers, by its field. */
export const RETURN_INBOUND_ENUMS = {
  condition: RETURN_INBOUND_CONDITION, reason: RETURN_INBOUND_REASON, result: RETURN_INBOUND_RESULT, judgement: RETURN_JUDGEMENT,
  source: RETURN_ORDER_SOURCE, dispute_kind: RETURN_DISPUTE_KIND, dispute_status: RETURN_DISPUTE_STATUS,
} as const;
