import { z } from 'zod';
import { SKU_ID_MAX } from '../resources/sku.resource';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';

/**
 * Receiving into inbound staging (spec §2 /inbound/receiving, receiving tasks): a checked ASN, or
 * a counted one without QC, is received line by line into a Putaway staging location (SCANNING),
 * then completed (RECEIVED), which makes its putaway tasks. Reading an ASN needs the Receiving page's
 * permission; receiving and completing, its Action permission.
 */

const BASE = '/apps/process/inbound/receiving';
const RECEIVING_PAGE = '/inbound/receiving';
const access = { perm: derivePerm(RECEIVING_PAGE) };
const receive = { perm: pageActionPerm(RECEIVING_PAGE, 'Action') };
const docNo = z.string().trim().min(1).max(32);
const locationCode = z.string().trim().min(1).max(64);

const receivingLine = z.object({
  line_no: z.number().int(), sku_id: z.string(), sku_name: z.string(), barcode: z.string().nullable(), batch_no: z.string().nullable(),
  counted_qty: z.number().int(), qc_failed_qty: z.number().int(), reported_damaged_qty: z.number().int(),
  good_qty: z.number().int(), damaged_qty: z.number().int(), received_qty: z.number().int(), to_receive_qty: z.number().int(),
});

export const receivingContract = {
  getReceivingAsn: endpoint({
    method: 'GET', path: `${BASE}/get_receiving_asn`, access,
    summary: 'An ASN for receiving, by its number or its receiving task\'s: lines with counted, good and damaged units and what is received; its tasks; the Putaway staging locations (the default first).',
    input: z.object({ asn_no: docNo.optional(), task_no: docNo.optional() })
      .refine((v) => v.asn_no !== undefined || v.task_no !== undefined, { message: 'give an asn_no or a task_no', path: ['asn_no'] }),
    output: z.object({
      asn_no: z.string(), group_no: z.string(), status: z.number().int(), supplier_id: z.string().nullable(),
      /** Its status lets it be received (counted or checked; a buyer's return also while its units are judged); an open QC task still holds it. */
      receivable: z.boolean(),
      task_no: z.string().nullable(), task_status: z.number().int().nullable(), qc_task_no: z.string().nullable(),
      putaway_task_nos: z.array(z.string()), lines: z.array(receivingLine),
      staging_locations: z.array(z.string()), default_staging_location: z.string().nullable(),
    }),
  }),
  receiveAsnLine: endpoint({
    method: 'POST', path: `${BASE}/receive_asn_line`, access: receive,
    summary: 'Receives the scanned SKU\'s line into the scanned staging location (ledger RECEIVED, good and damaged); the first one moves the ASN to SCANNING. -287105 QC first, -287108 not a normal Putaway staging location.',
    input: z.object({ asn_no: docNo, sku_id: z.string().trim().min(1).max(SKU_ID_MAX), staging_location: locationCode }),
    output: z.object({ asn_no: z.string(), status: z.number().int(), staging_location: z.string(), line: receivingLine }),
  }),
  completeReceiving: endpoint({
    method: 'POST', path: `${BASE}/complete_receiving`, access: receive,
    summary: 'Receives the lines left into the staging location, moves the ASN to RECEIVED and closes its receiving task. Units of open exceptions are held under them, good units of lines asking for a service go to VAS tasks, the rest to a putaway task per staging location.',
    input: z.object({ asn_no: docNo, staging_location: locationCode }),
    output: z.object({
      asn_no: z.string(), status: z.number().int(), putaway_task_nos: z.array(z.string()), vas_task_nos: z.array(z.string()), lines: z.array(receivingLine),
    }),
  }),
} as const;
