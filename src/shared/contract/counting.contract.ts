import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, UPPER_BOUND } from '../constants';
import { INBOUND_STATUS } from '../codes';
import { SKU_ID_MAX } from '../resources/sku.resource';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';
import { opId } from './sync.contract';

/**
 * Counting (spec §7 /apps/process/inbound/counting/ calls). A count works on an ASN group: scan a
 * carton (tracking id), scan SKUs, count them. The counting screen sends its changes as offline
 * ops (shared/ops/counting.ops.ts: `inbound.counting.<call>`) whose payloads are
 * the POST inputs below without `op_id`; the POSTs apply the same function for online clients,
 * who may send an `op_id` so a retried call never counts twice (carton corrections set values, so
 * a retry changes nothing and they take none). Reads need the Counting page's permission; every
 * change (POST or op), its Action permission.
 */

const BASE = '/apps/process/inbound/counting';
const COUNTING_PAGE = '/inbound/counting';
const access = { perm: derivePerm(COUNTING_PAGE) };
/** Counting's Action permission: every counting change, POST or op, needs it. */
export const COUNT_PERM = pageActionPerm(COUNTING_PAGE, 'Action');
const count = { perm: COUNT_PERM };

/** Document numbers (ASN, group, task, exception): what nextDocNo and integrations make. */
const docNo = z.string().trim().min(1).max(32);
const skuId = z.string().trim().min(1).max(SKU_ID_MAX);
/** A carton's tracking id as printed by the carrier or supplier. */
export const TRACKING_ID_MAX = 64;
const trackingId = z.string().trim().min(1).max(TRACKING_ID_MAX);
const qty = z.number().int().min(1).max(UPPER_BOUND);
const queryQty = z.coerce.number().int().min(1).max(UPPER_BOUND);
const seconds = z.number().int().nullable();

/** Payloads of the counting ops (and the POSTs without their op_id). */
export const countingPayloads = {
  saveCountingRecord: z.object({
    group_no: docNo,
    sku_id: skuId,
    qty,
    tracking_id: trackingId.nullish(),
    /** The operator confirmed the units beyond what the group expects (RET.COUNTING_SURPLUS_UNCONFIRMED otherwise). */
    confirm_surplus: z.boolean().optional(),
  }),
  createWrongSkuRecord: z.object({ group_no: docNo, code: skuId, qty, tracking_id: trackingId.nullish() }),
  createGroupCompleteRecord: z.object({ group_no: docNo }),
  createTrackingId: z.object({
    group_no: docNo,
    tracking_id: trackingId,
    asn_no: docNo.nullish(),
    carton_qty: qty.optional(),
  }),
  /** Corrections name the group the operator counts: a carton of another group is RET.TRACKING_ID_ELSEWHERE. */
  updateTrackingId: z.object({ group_no: docNo, tracking_id: trackingId, carton_qty: qty.optional(), asn_no: docNo.optional() }),
  deleteTrackingId: z.object({ group_no: docNo, tracking_id: trackingId }),
} as const;

const withOpId = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) => schema.extend({ op_id: opId.optional() });

const allocation = z.object({ asn_no: z.string(), line_no: z.number().int(), qty: z.number().int(), kind: z.number().int() });
const carton = z.object({
  tracking_id: z.string(), asn_no: z.string(), group_no: z.string(), status: z.number().int(), carton_qty: z.number().int(),
  created_at: seconds, arrived_at: seconds,
});
const groupLine = z.object({
  asn_no: z.string(), line_no: z.number().int(), sku_id: z.string(), sku_name: z.string(), barcode: z.string().nullable(),
  mapping_codes: z.array(z.string()), expected_qty: z.number().int(), counted_qty: z.number().int(),
});
const groupRow = z.object({
  group_no: z.string(), status: z.number().int(), asn_count: z.number().int(), expected_qty: z.number().int(), counted_qty: z.number().int(),
  created_at: seconds, last_counted_at: seconds, operator_ids: z.array(z.number().int()),
});
const groupPage = z.object({ list: z.array(groupRow), total: z.number().int(), page_no: z.number().int(), page_size: z.number().int() });
const paging = {
  page_no: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().pipe(z.literal(PAGE_SIZE_OPTIONS)).default(DEFAULT_PAGE_SIZE),
};
const qcLine = z.object({
  asn_no: z.string(), line_no: z.number().int(), sku_id: z.string(), counted_qty: z.number().int(),
  rule_id: z.number().int().nullable(), rule_name: z.string().nullable(), rule_kind: z.number().int().nullable(), aql_level: z.string().nullable(),
  sample_qty: z.number().int(), code_letter: z.string().nullable(), accept_qty: z.number().int().nullable(), reject_qty: z.number().int().nullable(),
});

export const countingContract = {
  searchGroupList: endpoint({
    method: 'GET', path: `${BASE}/search_group_list`, access, offlineRead: true,
    summary: 'ASN groups to count with their progress: arrived or being counted (or the status asked for), oldest first.',
    input: z.object({
      group_no: docNo.optional(),
      status: z.coerce.number().pipe(z.literal(INBOUND_STATUS.options.map((o) => o.value) as [number, ...number[]])).optional(),
      ...paging,
    }),
    output: groupPage,
  }),
  searchGroupWorkingList: endpoint({
    method: 'GET', path: `${BASE}/search_group_working_list`, access, offlineRead: true,
    summary: 'Groups being counted, the latest counted first, with who counts them; mine=1: only those the caller counts in (the counting screen\'s "My groups", to resume one).',
    input: z.object({ mine: z.coerce.number().pipe(z.literal([0, 1])).default(0), ...paging }),
    output: groupPage,
  }),
  searchGroupDetail: endpoint({
    method: 'GET', path: `${BASE}/search_group_detail`, access, offlineRead: true,
    summary: 'A group to count: its ASNs, the lines of the open ones (SKU, barcode, mapping codes, expected and counted), cartons and wrong SKUs. The counting screen validates scans against it offline.',
    input: z.object({ group_no: docNo }),
    output: z.object({
      group_no: z.string(), status: z.number().int(), counting_completed_at: seconds,
      /** The latest count of the group: ops answered with a later record_id are not in this detail yet. */
      last_record_id: z.number().int(),
      asns: z.array(z.object({ asn_no: z.string(), status: z.number().int(), supplier_id: z.string().nullable(), expected_qty: z.number().int(), counted_qty: z.number().int() })),
      lines: z.array(groupLine),
      tracking_ids: z.array(z.object({ tracking_id: z.string(), asn_no: z.string(), status: z.number().int(), carton_qty: z.number().int(), counted_qty: z.number().int() })),
      wrong_skus: z.array(z.object({ sku_id: z.string(), qty: z.number().int() })),
    }),
  }),
  searchSkuScanning: endpoint({
    method: 'GET', path: `${BASE}/search_sku_scanning`, access,
    summary: 'A scanned code (SKU id, UPC or $/# mapping code) against the group: its SKU, whether the group expects it, expected, counted and remaining.',
    input: z.object({ group_no: docNo, code: skuId }),
    output: z.object({
      code: z.string(), sku_id: z.string().nullable(), in_group: z.boolean(), sku_name: z.string().nullable(),
      expected_qty: z.number().int(), counted_qty: z.number().int(), remaining_qty: z.number().int(),
    }),
  }),
  checkSurplus: endpoint({
    method: 'GET', path: `${BASE}/check_surplus`, access,
    summary: 'Whether counting qty more units of a SKU goes past what the group expects, and by how much; -287102 when the group does not expect the SKU.',
    input: z.object({ group_no: docNo, sku_id: skuId, qty: queryQty }),
    output: z.object({
      sku_id: z.string(), qty: z.number().int(), expected_qty: z.number().int(), counted_qty: z.number().int(), surplus_qty: z.number().int(), is_surplus: z.boolean(),
    }),
  }),
  checkTrackingId: endpoint({
    method: 'GET', path: `${BASE}/check_tracking_id`, access,
    summary: 'A scanned carton: registered in the group (its ASN, status, counted units), or not registered (exists false); -287103 when it belongs elsewhere.',
    input: z.object({ group_no: docNo, tracking_id: trackingId }),
    output: z.object({
      tracking_id: z.string(), exists: z.boolean(), asn_no: z.string().nullable(), status: z.number().int().nullable(),
      carton_qty: z.number().int().nullable(), counted_qty: z.number().int(),
    }),
  }),
  checkExceptionTrackingId: endpoint({
    method: 'GET', path: `${BASE}/check_exception_tracking_id`, access,
    summary: 'A carton\'s open inbound exceptions (pending, checked, BD confirmed): whether it needs care before it is counted.',
    input: z.object({ tracking_id: trackingId }),
    output: z.object({
      tracking_id: z.string(), asn_no: z.string(), group_no: z.string(), status: z.number().int(), has_exception: z.boolean(),
      exceptions: z.array(z.object({
        exception_no: z.string(), exception_type: z.number().int(), reason: z.number().int(), qty: z.number().int(), status: z.number().int(), sku_id: z.string().nullable(),
      })),
    }),
  }),
  checkGroupCompleteRecord: endpoint({
    method: 'GET', path: `${BASE}/check_group_complete_record`, access,
    summary: 'What completing the group would settle: each line\'s shortage and surplus, the wrong SKUs, cartons not counted; can_complete and, if not, why.',
    input: z.object({ group_no: docNo }),
    output: z.object({
      group_no: z.string(), status: z.number().int(), can_complete: z.boolean(), reason: z.string().nullable(), counting_completed_at: seconds,
      lines: z.array(z.object({
        asn_no: z.string(), line_no: z.number().int(), sku_id: z.string(), sku_name: z.string(), expected_qty: z.number().int(), counted_qty: z.number().int(),
        shortage_qty: z.number().int(), surplus_qty: z.number().int(),
      })),
      wrong_skus: z.array(z.object({ asn_no: z.string().nullable(), sku_id: z.string(), qty: z.number().int() })),
      uncounted_tracking_ids: z.array(z.object({ tracking_id: z.string(), asn_no: z.string(), status: z.number().int() })),
    }),
  }),
  getExpectedQcQty: endpoint({
    method: 'GET', path: `${BASE}/get_expected_qc_qty`, access,
    summary: 'Units QC will inspect of each line (the QC rule deciding it and its sample; AQL rules with their code letter, Ac and Re), for a group or one ASN.',
    input: z.object({ group_no: docNo.optional(), asn_no: docNo.optional() })
      .refine((v) => v.group_no !== undefined || v.asn_no !== undefined, { message: 'give a group_no or an asn_no', path: ['group_no'] }),
    output: z.object({ list: z.array(qcLine) }),
  }),
  saveCountingRecord: endpoint({
    method: 'POST', path: `${BASE}/save_counting_record`, access: count,
    summary: 'Counts units of a SKU of the group (in a carton when given). The first count moves the group\'s ASNs ARRIVED → COUNTING. -287101 unconfirmed surplus, -287102 SKU not in the group, -100411 op_id used.',
    input: withOpId(countingPayloads.saveCountingRecord),
    output: z.object({
      record_id: z.number().int(), group_no: z.string(), sku_id: z.string(), qty: z.number().int(), surplus_qty: z.number().int(),
      expected_qty: z.number().int(), counted_qty: z.number().int(), allocations: z.array(allocation),
    }),
  }),
  createWrongSkuRecord: endpoint({
    method: 'POST', path: `${BASE}/create_wrong_sku_record`, access: count,
    summary: 'Records units of a SKU the group does not expect (or an unknown item, by the code scanned); completion makes them Wrong SKU exceptions.',
    input: withOpId(countingPayloads.createWrongSkuRecord),
    output: z.object({ record_id: z.number().int(), group_no: z.string(), code: z.string(), sku_id: z.string(), known_sku: z.boolean(), qty: z.number().int() }),
  }),
  createGroupCompleteRecord: endpoint({
    method: 'POST', path: `${BASE}/create_group_complete_record`, access: count,
    summary: 'Ends counting of the group: ASNs COUNTING → COUNTED, shortage, surplus and wrong-SKU exceptions, and each ASN\'s next task (QC when a rule asks for it, else receiving).',
    input: withOpId(countingPayloads.createGroupCompleteRecord),
    output: z.object({
      group_no: z.string(),
      asns: z.array(z.object({ asn_no: z.string(), status: z.number().int(), qc_required: z.boolean(), task_no: z.string() })),
      exception_nos: z.array(z.string()),
    }),
  }),
  createTrackingId: endpoint({
    method: 'POST', path: `${BASE}/create_tracking_id`, access: count,
    summary: 'Registers a carton found at counting in the group (to the ASN named, or the group\'s only open ASN); -287103 when the id is registered elsewhere.',
    input: withOpId(countingPayloads.createTrackingId),
    output: carton,
  }),
  updateTrackingId: endpoint({
    method: 'POST', path: `${BASE}/update_tracking_id`, access: count,
    summary: 'Changes a carton\'s piece count, or (while it holds no counts, -287104) the ASN of the group it belongs to; -287103 when it is another group\'s.',
    input: countingPayloads.updateTrackingId,
    output: carton,
  }),
  deleteTrackingId: endpoint({
    method: 'POST', path: `${BASE}/delete_tracking_id`, access: count,
    summary: 'Removes a carton registered by mistake; -287104 when it holds counts or exceptions, -287103 when it is another group\'s.',
    input: countingPayloads.deleteTrackingId,
    output: z.object({ tracking_id: z.string() }),
  }),
} as const;
