import { z } from 'zod';
import { INBOUND_EXCEPTION_REASON } from '../codes';
import { UPPER_BOUND } from '../constants';
import { EXCEPTION_REMARK_MAX } from '../resources/inbound-exception.resource';
import { SKU_ID_MAX } from '../resources/sku.resource';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';

/**
 * QC (spec §2 /inbound/qc and QC tasks; §3 QC rule kinds; Rule Center › QC Rule is the qc_rule
 * resource). An ASN whose lines a rule asks to inspect goes COUNTED → CHECKING at its first
 * inspection and CHECKING → CHECKED when every sample is inspected. Reading an ASN needs the QC page's
 * permission; inspecting and completing, its Action permission.
 */

const BASE = '/apps/process/inbound/qc';
const QC_PAGE = '/inbound/qc';
const access = { perm: derivePerm(QC_PAGE) };
const inspect = { perm: pageActionPerm(QC_PAGE, 'Action') };
const docNo = z.string().trim().min(1).max(32);

/** Why units fail QC: what an inspector can see of a unit. */
const R = INBOUND_EXCEPTION_REASON.values;
export const QC_FAIL_REASONS = [R.DAMAGED, R.EXPIRED, R.EXPIRING, R.WRONG_UPC, R.WRONG_SKU_INFORMATION, R.OTHER_ISSUES] as const;

const qcLine = z.object({
  line_no: z.number().int(), sku_id: z.string(), sku_name: z.string(), barcode: z.string().nullable(), counted_qty: z.number().int(),
  rule_id: z.number().int().nullable(), rule_name: z.string().nullable(), rule_kind: z.number().int().nullable(), aql_level: z.string().nullable(),
  sample_qty: z.number().int(), code_letter: z.string().nullable(), accept_qty: z.number().int().nullable(), reject_qty: z.number().int().nullable(),
  inspected_qty: z.number().int(), passed_qty: z.number().int(), failed_qty: z.number().int(),
  verdict: z.enum(['accept', 'reject']).nullable(),
});

export const qcContract = {
  getQcAsn: endpoint({
    method: 'GET', path: `${BASE}/get_qc_asn`, access,
    summary: 'An ASN for QC, by its number or its QC task\'s: each line\'s counted units, the rule deciding it and its sample (AQL: letter, Ac, Re, verdict), what is inspected, and whether QC can be completed.',
    input: z.object({ asn_no: docNo.optional(), task_no: docNo.optional() })
      .refine((v) => v.asn_no !== undefined || v.task_no !== undefined, { message: 'give an asn_no or a task_no', path: ['asn_no'] }),
    output: z.object({
      asn_no: z.string(), group_no: z.string(), status: z.number().int(), supplier_id: z.string().nullable(),
      task_no: z.string().nullable(), task_status: z.number().int().nullable(), lines: z.array(qcLine), can_complete: z.boolean(),
    }),
  }),
  saveQcRecord: endpoint({
    method: 'POST', path: `${BASE}/save_qc_record`, access: inspect,
    summary: 'Records an inspection of a line: passed and failed units (failed with a reason become a Rejected Item exception and are received as damaged). The first one moves the ASN COUNTED → CHECKING; -287106 more than the counted units not yet inspected.',
    input: z.object({
      asn_no: docNo,
      sku_id: z.string().trim().min(1).max(SKU_ID_MAX),
      passed_qty: z.number().int().min(0).max(UPPER_BOUND),
      failed_qty: z.number().int().min(0).max(UPPER_BOUND),
      fail_reason: z.literal(QC_FAIL_REASONS).nullish(),
      remark: z.string().trim().max(EXCEPTION_REMARK_MAX).nullish(),
    }),
    output: z.object({ record_id: z.number().int(), asn_no: z.string(), exception_no: z.string().nullable(), line: qcLine }),
  }),
  completeQc: endpoint({
    method: 'POST', path: `${BASE}/complete_qc`, access: inspect,
    summary: 'Ends QC of an ASN: CHECKING → CHECKED once every sample is inspected (-287107 otherwise), its QC task done, a receiving task made.',
    input: z.object({ asn_no: docNo }),
    output: z.object({ asn_no: z.string(), status: z.number().int(), receive_task_no: z.string() }),
  }),
} as const;
