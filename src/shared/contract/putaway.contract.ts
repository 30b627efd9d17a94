import { z } from 'zod';
import { INBOUND_EXCEPTION_REASON, INBOUND_EXCEPTION_TYPE, PUTAWAY_MODE, type CodeOf } from '../codes';
import { UPPER_BOUND } from '../constants';
import { EXCEPTION_REMARK_MAX } from '../resources/inbound-exception.resource';
import { PUTAWAY_TASK_PAGES } from '../resources/putaway-task.resource';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { MAX_SQL_INT, endpoint } from './define';

/**
 * Putaway (spec §2 /inbound/standardputaway, /inbound/massputaway and their report-exception
 * pages; /inbound/putawaytask edit and detail). The puts themselves are offline ops (payloads below,
 * declared in shared/ops/putaway.ops.ts): the scan screens queue them through the outbox,
 * validated first against the task opened here (`offlineRead`, so it is there after an offline reload).
 * Rules and the task list are resources (resources/putaway-rule.resource.ts, putaway-task.resource.ts).
 */

export const STANDARD_PUTAWAY_PAGE = '/inbound/standardputaway';
export const MASS_PUTAWAY_PAGE = '/inbound/massputaway';

/** What each putaway op needs (its page's Action); opening a task needs what putting into it does. */
export const PUTAWAY_ACCESS = {
  put: { perm: pageActionPerm(STANDARD_PUTAWAY_PAGE, 'Action') },
  massPut: { perm: pageActionPerm(MASS_PUTAWAY_PAGE, 'Action') },
  reportException: { perm: pageActionPerm(`${STANDARD_PUTAWAY_PAGE}/reportexception`, 'Action') },
  massReportException: { perm: pageActionPerm(`${MASS_PUTAWAY_PAGE}/reportexception`, 'Action') },
} as const;

/** Most lines one mass put carries. */
export const MASS_PUT_MAX_ITEMS = 200;

/** A scanned or typed code: trimmed, printable, as labels are printed. */
const code = (max: number) => z.string().trim().min(1).max(max).refine((s) => !s.includes('\0'), 'must not contain NUL characters');
const taskNo = code(32);
const lineNo = z.number().int().min(1).max(32767);
const qty = z.number().int().min(1).max(UPPER_BOUND);
const putawayModes = PUTAWAY_MODE.options.map((o) => o.value) as [CodeOf<typeof PUTAWAY_MODE>, ...CodeOf<typeof PUTAWAY_MODE>[]];

/** A putaway task as the screens show it. Times are 10-digit unix seconds. */
export const putawayTaskSchema = z.object({
  task_no: z.string(),
  asn_no: z.string().nullable(),
  /** TASK_STATUS. */
  status: z.number().int(),
  /** PUTAWAY_MODE. */
  putaway_mode: z.number().int(),
  staging_location: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  total_qty: z.number().int(),
  done_qty: z.number().int(),
  created_at: z.number().int(),
  started_at: z.number().int().nullable(),
  finished_at: z.number().int().nullable(),
});
export type PutawayTask = z.infer<typeof putawayTaskSchema>;

/** A line of a putaway task: a staged batch, where it is suggested to go, how much is put. */
export const putawayLineSchema = z.object({
  task_no: z.string(),
  line_no: z.number().int(),
  asn_no: z.string().nullable(),
  sku_id: z.string(),
  sku_name: z.string(),
  barcode: z.string().nullable(),
  batch_id: z.string(),
  /** QUALITY. */
  quality: z.number().int(),
  from_location: z.string(),
  suggested_location: z.string().nullable(),
  qty: z.number().int(),
  put_qty: z.number().int(),
});
export type PutawayLine = z.infer<typeof putawayLineSchema>;

/** What an operator works on: the tasks found for a scan and their lines (open lines first). */
export const putawayWorkSchema = z.object({ tasks: z.array(putawayTaskSchema), lines: z.array(putawayLineSchema) });
export type PutawayWork = z.infer<typeof putawayWorkSchema>;

/** `inbound.putaway.put`: units of one task line from its staging location into a cell. */
export const putPayload = z.object({ task_no: taskNo, line_no: lineNo, sku_id: code(100), location: code(32), qty });
export type PutPayload = z.infer<typeof putPayload>;

/** `inbound.putaway.mass_put`: everything scanned at a staging location, into one cell. */
export const massPutPayload = z.object({
  staging_location: code(32),
  location: code(32),
  items: z.array(z.object({ task_no: taskNo, line_no: lineNo, qty })).min(1).max(MASS_PUT_MAX_ITEMS),
});
export type MassPutPayload = z.infer<typeof massPutPayload>;

const exceptionTypes = INBOUND_EXCEPTION_TYPE.options.map((o) => o.value) as [number, ...number[]];
const exceptionReasons = INBOUND_EXCEPTION_REASON.options.map((o) => o.value) as [number, ...number[]];

/** `inbound.putaway.report_exception` (and the mass page's): what went wrong with units of a task. */
export const reportExceptionPayload = z.object({
  task_no: taskNo,
  /** The line the units belong to; null for a SKU the task does not hold (found on its pallet). */
  line_no: lineNo.nullable(),
  sku_id: code(100),
  exception_type: z.literal(exceptionTypes),
  reason: z.literal(exceptionReasons),
  qty,
  remark: z.string().trim().max(EXCEPTION_REMARK_MAX).refine((s) => !s.includes('\0'), 'must not contain NUL characters').nullable(),
});
export type ReportExceptionPayload = z.infer<typeof reportExceptionPayload>;

/**
 * What an applied exception report answers (the op's result): its number and, for a report
 * against a line, what the line counts after it (0 when nothing is left). Lines only shrink, so
 * the screen takes the smaller of this and the line as last read until the task is read again.
 */
export const reportResultSchema = z.object({
  exception_no: z.string(),
  line: z.object({ task_no: z.string(), line_no: z.number().int(), qty: z.number().int() }).nullable(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

/** What an applied put answers (the op's result): the task's progress and each changed line's. */
export const putResultSchema = z.object({
  location: z.string(),
  qty: z.number().int(),
  tasks: z.array(z.object({ task_no: z.string(), status: z.number().int(), done_qty: z.number().int(), total_qty: z.number().int() })),
  lines: z.array(z.object({ task_no: z.string(), line_no: z.number().int(), put_qty: z.number().int() })),
});
export type PutResult = z.infer<typeof putResultSchema>;

const TASKS = '/apps/process/inbound/putawaytask';
const listPerm = { perm: derivePerm(PUTAWAY_TASK_PAGES.list) };
const editPerm = { perm: derivePerm(PUTAWAY_TASK_PAGES.edit) };

export const putawayContract = {
  // Opening writes the suggestions (derived data the detail page shows too): a POST, so it needs
  // the CSRF header and the screen's put permission, answered like a read from the offline cache
  // when the network is gone.
  openStandardPutawayTask: endpoint({
    method: 'POST', path: '/apps/process/inbound/standardputaway/open_putaway_task', access: PUTAWAY_ACCESS.put, offlineRead: true,
    summary: 'Opens the putaway task a scan names (its task number, or a staging location: the oldest open standard task there, one assigned to the caller first) with its lines; open lines get their suggested cells (re-suggested when a suggested cell can no longer take them). -100404 when nothing matches.',
    input: z.object({ code: code(64) }),
    output: putawayWorkSchema,
  }),
  openMassPutawayLines: endpoint({
    method: 'POST', path: '/apps/process/inbound/massputaway/open_putaway_lines', access: PUTAWAY_ACCESS.massPut, offlineRead: true,
    summary: 'Opens the mass putaway tasks a scan names (a task number, or every open mass task at a staging location) with their lines and suggestions. -100404 when nothing matches.',
    input: z.object({ code: code(64) }),
    output: putawayWorkSchema,
  }),
  getPutawayTaskDetail: endpoint({
    method: 'GET', path: `${TASKS}/get_putaway_task_detail`, access: listPerm,
    summary: 'One putaway task of the warehouse with every line: suggested cell, quantity and quantity put. -100404 when there is none.',
    input: z.object({ task_no: taskNo }),
    output: z.object({ task: putawayTaskSchema, lines: z.array(putawayLineSchema) }),
  }),
  searchPutawayAssignee: endpoint({
    method: 'GET', path: `${TASKS}/search_putaway_assignee`, access: editPerm,
    summary: 'Active members of the warehouse a putaway task can be assigned to, by name or email (at most 50).',
    input: z.object({ keyword: z.string().trim().max(120).optional() }),
    output: z.object({ list: z.array(z.object({ user_id: z.number().int(), display_name: z.string(), email: z.string() })) }),
  }),
  updatePutawayTask: endpoint({
    method: 'POST', path: `${TASKS}/update_putaway_task`, access: editPerm,
    summary: 'Assigns a putaway task (pending ⇄ assigned; null unassigns) and, before any unit is put, changes its mode. -100412 for a task that is done or cancelled, -287204 for a mode change after units were put.',
    input: z.object({
      task_no: taskNo,
      assignee_id: z.number().int().min(1).max(MAX_SQL_INT).nullable().optional(),
      putaway_mode: z.literal(putawayModes).optional(),
    }),
    output: putawayTaskSchema,
  }),
  cancelPutawayTask: endpoint({
    method: 'POST', path: `${TASKS}/cancel_putaway_task`, access: editPerm,
    summary: 'Cancels a putaway task nothing was put from (task lifecycle: pending or assigned → cancel); its units stay in staging. An ASN whose last open task this was is done. -100412 from a final status, -287204 once units were put.',
    input: z.object({ task_no: taskNo }),
    output: putawayTaskSchema,
  }),
} as const;
