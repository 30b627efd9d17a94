import { z } from 'zod';
import { UPPER_BOUND } from '../constants';
import { SKU_ID_MAX } from '../resources/sku.resource';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';

/**
 * VAS tasks on the Reprocess screen (spec §2 /inbound/reprocess/{task_id?}; §3 task kinds
 * labelling, bundling, repackaging; shared/vas.ts): open a task by its number or its staging
 * location, and do its lines. Their lists and details are the labelling, bundling and repackaging
 * task resources (inbound-task.resource.ts). Opening a task needs the Reprocess page's permission;
 * doing its lines, its Action permission.
 */

const BASE = '/apps/process/inbound/reprocess';
/** The Reprocess screen's route, where operators do VAS tasks. */
export const VAS_SCREEN = '/inbound/reprocess/{-$task_id}';
const access = { perm: derivePerm(VAS_SCREEN) };
const work = { perm: pageActionPerm(VAS_SCREEN, 'Action') };
const seconds = z.number().int();

const vasTask = z.object({
  task_no: z.string(),
  kind: z.number().int(),
  asn_no: z.string().nullable(),
  exception_no: z.string().nullable(),
  status: z.number().int(),
  staging_location: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  total_qty: z.number().int(),
  done_qty: z.number().int(),
  created_at: seconds,
  started_at: seconds.nullable(),
  finished_at: seconds.nullable(),
});
export type VasTask = z.output<typeof vasTask>;

const vasLine = z.object({
  line_no: z.number().int(),
  sku_id: z.string(),
  sku_name: z.string(),
  barcode: z.string().nullable(),
  batch_id: z.string(),
  quality: z.number().int(),
  location: z.string(),
  qty: z.number().int(),
  done_qty: z.number().int(),
});
export type VasLine = z.output<typeof vasLine>;

const vasWork = z.object({ task: vasTask, lines: z.array(vasLine) });
export type VasWork = z.output<typeof vasWork>;

export const vasContract = {
  getVasTask: endpoint({
    method: 'GET', path: `${BASE}/get_vas_task`, access,
    summary: 'A VAS task by its number (any status), or the oldest open one at a staging location (the caller\'s own first), with its lines; -100404 when there is none.',
    input: z.object({ code: z.string().trim().min(1).max(64) }),
    output: vasWork,
  }),
  doVasLine: endpoint({
    method: 'POST', path: `${BASE}/do_vas_line`, access: work,
    summary: 'Records units of the scanned SKU\'s line as done; the first starts the task, the last finishes it and hands its units to a new putaway task (repackaged damaged units as good). -100412 for a finished task, -287106 more than the line has left.',
    input: z.object({ task_no: z.string().trim().min(1).max(32), sku_id: z.string().trim().min(1).max(SKU_ID_MAX), qty: z.number().int().min(1).max(UPPER_BOUND) }),
    output: vasWork.extend({ putaway_task_no: z.string().nullable() }),
  }),
} as const;
