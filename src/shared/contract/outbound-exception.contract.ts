import { z } from 'zod';
import { OB_EXCEPTION_DECISION } from '../codes';
import { UPPER_BOUND } from '../constants';
import { OB_TROUBLESHOOT_PAGES, obTroubleshootTaskResource } from '../resources/ob-troubleshoot-task.resource';
import { rowSchema } from '../resources/schemas';
import { SKU_ID_MAX } from '../resources/sku.resource';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';

/**
 * Outbound exceptions (Exception Center › ob-troubleshoot-task, docs/outbound.md "Outbound
 * exceptions"): the list is the ob_troubleshoot_task resource; here are a task's detail, the
 * decision that handles it (each acting on stock or orders, audited) and the report of a damaged unit.
 */

const BASE = '/apps/process/outbound/troubleshoot';
export const OB_EXCEPTION_ACCESS = {
  view: { perm: derivePerm(OB_TROUBLESHOOT_PAGES.detail) },
  handle: { perm: pageActionPerm(OB_TROUBLESHOOT_PAGES.list, 'Action') },
} as const;
export const OB_EXCEPTION_NOTE_MAX = 500;

const taskId = z.string().trim().min(1).max(32);
const note = z.string().trim().max(OB_EXCEPTION_NOTE_MAX);
const decisions = OB_EXCEPTION_DECISION.options.map((o) => o.value) as [number, ...number[]];
export const obTroubleshootTaskSchema = rowSchema(obTroubleshootTaskResource);
export type ObTroubleshootTask = z.infer<typeof obTroubleshootTaskSchema>;

/** An intercepted order's return: its reverse picking task and where the units are. */
const returnTaskSchema = z.object({
  task_no: z.string(), status: z.number().int(), total_qty: z.number().int(), returned_qty: z.number().int(), on_order_qty: z.number().int(),
});

export const obTroubleshootDetailSchema = z.object({
  task: obTroubleshootTaskSchema,
  /** The decisions its type takes (OB_EXCEPTION_DECISIONS); empty once handled. */
  decisions: z.array(z.number().int()),
  return_task: returnTaskSchema.nullable(),
});
export type ObTroubleshootDetail = z.infer<typeof obTroubleshootDetailSchema>;

export const outboundExceptionContract = {
  getObTroubleshootTaskDetail: endpoint({
    method: 'GET', path: `${BASE}/get_ob_troubleshoot_task_detail`, access: OB_EXCEPTION_ACCESS.view,
    summary: 'One outbound troubleshoot task: the exception, its decision when handled (who, when, note, outcome), the decisions it takes, and an intercept\'s return task.',
    input: z.object({ task_id: taskId }),
    output: obTroubleshootDetailSchema,
  }),
  handleObTroubleshootTask: endpoint({
    method: 'POST', path: `${BASE}/handle_ob_troubleshoot_task`, access: OB_EXCEPTION_ACCESS.handle,
    summary: 'Handles an outbound exception with a decision its type takes (-290203 otherwise): a short pick counted — stock found (its blocked units unblocked) '
      + 'or no stock (written off, shortage 6); a wrong item returned to its cell or recorded as found; a damaged unit moved to damaged quality or not damaged '
      + '(unblocked); an intercept\'s units returned (-290204 until its return task is done). Once only (-290202).',
    input: z.object({ task_id: taskId, decision: z.literal(decisions), note: note.nullish() }),
    output: obTroubleshootDetailSchema,
  }),
  reportDamagedUnit: endpoint({
    method: 'POST', path: `${BASE}/report_damaged_unit`, access: OB_EXCEPTION_ACCESS.handle,
    summary: 'Reports units found damaged at a location (a cell, or an order at checking or packing): they are blocked there and a troubleshoot task waits for a decision. '
      + 'Without a batch, the SKU\'s only good batch there. -290205 when fewer good units are there (or it is no location of the warehouse).',
    input: z.object({
      location: z.string().trim().min(1).max(100), sku_id: z.string().trim().min(1).max(SKU_ID_MAX), batch_id: z.string().trim().min(1).max(64).nullish(),
      qty: z.number().int().min(1).max(UPPER_BOUND), note: note.nullish(),
    }),
    output: obTroubleshootDetailSchema,
  }),
} as const;
