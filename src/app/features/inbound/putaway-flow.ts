import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PUTAWAY_MODE, TASK_STATUS, type CodeOf } from '../../../shared/codes';
import {
  putResultSchema, reportResultSchema, type MassPutPayload, type PutawayLine, type PutawayTask, type PutPayload, type ReportExceptionPayload,
} from '../../../shared/contract/putaway.contract';
import { HOLDING_TYPES, type ExceptionType } from '../../../shared/inbound-exception';
import { isFinal, TASK_LIFECYCLE } from '../../../shared/lifecycles';
import { putawayOps } from '../../../shared/ops/putaway.ops';
import type { OutboxOp } from '../../kit/outbox';

/**
 * What the putaway scan screens know offline (DOM-free, unit-tested): the task as last read
 * (its offlineRead answer, possibly from the service worker's cache) plus this device's put ops —
 * applied ones by the put quantities their answers carry, queued ones by their quantities — and
 * its queued exception reports that take units off a line, and the checks a put passes before it
 * is queued. The server checks again when it applies it.
 */

export const PUT_KINDS: readonly string[] = [putawayOps.put.kind, putawayOps.massPut.kind];
/** The report-exception ops of the two putaway pages. */
export const REPORT_KINDS: readonly string[] = [putawayOps.reportException.kind, putawayOps.massReportException.kind];

const lineKey = (taskNo: string, lineNo: number) => `${taskNo}\u0000${lineNo}`;

/** The lines an op puts units on, with how many. */
export function unitsOfOp(op: Pick<OutboxOp, 'kind' | 'payload'>): { taskNo: string; lineNo: number; qty: number }[] {
  if (op.kind === putawayOps.put.kind) {
    const p = op.payload as Partial<PutPayload>;
    return typeof p.task_no === 'string' && typeof p.line_no === 'number' && typeof p.qty === 'number' ? [{ taskNo: p.task_no, lineNo: p.line_no, qty: p.qty }] : [];
  }
  if (op.kind === putawayOps.massPut.kind) {
    const items = (op.payload as Partial<MassPutPayload>).items;
    return Array.isArray(items) ? items.map((i) => ({ taskNo: i.task_no, lineNo: i.line_no, qty: i.qty })) : [];
  }
  return [];
}

/**
 * The units an exception report takes off its line: those of a holding type (an abnormal, rejected
 * or surplus item, shared/inbound-exception.ts) reported on a line; the server takes at most what is left.
 */
function heldOfOp(op: Pick<OutboxOp, 'kind' | 'payload'>): { taskNo: string; lineNo: number; qty: number }[] {
  if (!REPORT_KINDS.includes(op.kind)) return [];
  const p = op.payload as Partial<ReportExceptionPayload>;
  const holds = typeof p.exception_type === 'number' && HOLDING_TYPES.includes(p.exception_type as ExceptionType);
  return holds && typeof p.task_no === 'string' && typeof p.line_no === 'number' && typeof p.qty === 'number' ? [{ taskNo: p.task_no, lineNo: p.line_no, qty: p.qty }] : [];
}

/** This device's put and exception-report ops touching these tasks (the screens' "recent puts"). */
export function putOpsOf(ops: readonly OutboxOp[], taskNos: readonly string[]): OutboxOp[] {
  const tasks = new Set(taskNos);
  return ops.filter((op) => (PUT_KINDS.includes(op.kind) && unitsOfOp(op).some((u) => tasks.has(u.taskNo)))
    || (REPORT_KINDS.includes(op.kind) && tasks.has(String(op.payload.task_no))));
}

/** A line as the operator sees it: put (server and applied ops), queued on this device, held by queued exception reports, left. */
export interface LineProgress extends PutawayLine {
  putQty: number;
  queuedQty: number;
  heldQty: number;
  remaining: number;
}

/**
 * Each line's progress: the larger of the read put quantity and the put quantity applied ops
 * answered (put quantities only grow, so whichever is newer wins), plus what is still queued, and
 * the units queued exception reports take off it (an applied one by the line count it answered,
 * until the next read of the work, which its answer asks for, has it too).
 */
export function lineProgress(lines: readonly PutawayLine[], ops: readonly OutboxOp[]): LineProgress[] {
  const applied = new Map<string, number>();
  const queued = new Map<string, number>();
  const held = new Map<string, number>();
  // What applied reports left of their lines: lines only shrink, so the smaller count holds.
  const reported = new Map<string, number>();
  const add = (into: Map<string, number>, units: { taskNo: string; lineNo: number; qty: number }[]) => {
    for (const u of units) into.set(lineKey(u.taskNo, u.lineNo), (into.get(lineKey(u.taskNo, u.lineNo)) ?? 0) + u.qty);
  };
  for (const op of ops) {
    const waiting = op.state === 'pending' || op.state === 'sending';
    if (waiting) add(held, heldOfOp(op));
    if (REPORT_KINDS.includes(op.kind) && op.state === 'done') {
      const line = reportResultSchema.safeParse(op.result).data?.line;
      if (line) reported.set(lineKey(line.task_no, line.line_no), Math.min(reported.get(lineKey(line.task_no, line.line_no)) ?? line.qty, line.qty));
    }
    if (!PUT_KINDS.includes(op.kind)) continue;
    if (waiting) {
      add(queued, unitsOfOp(op));
    } else if (op.state === 'done') {
      const result = putResultSchema.safeParse(op.result);
      if (!result.success) continue;
      for (const l of result.data.lines) applied.set(lineKey(l.task_no, l.line_no), Math.max(applied.get(lineKey(l.task_no, l.line_no)) ?? 0, l.put_qty));
    }
  }
  return lines.map((line) => {
    const key = lineKey(line.task_no, line.line_no);
    const putQty = Math.max(line.put_qty, applied.get(key) ?? 0);
    const queuedQty = queued.get(key) ?? 0;
    const heldQty = held.get(key) ?? 0;
    const qty = Math.min(line.qty, reported.get(key) ?? line.qty);
    return { ...line, qty, putQty, queuedQty, heldQty, remaining: Math.max(0, qty - putQty - queuedQty - heldQty) };
  });
}

/** Units of a line put, queued or held by a queued exception report. */
export const handledQty = (line: LineProgress): number => Math.min(line.qty, line.putQty + line.queuedQty + line.heldQty);

/** Units of a task put or queued, of its total. */
export function taskProgress(task: PutawayTask, lines: readonly LineProgress[]): { handled: number; total: number; complete: boolean } {
  const own = lines.filter((l) => l.task_no === task.task_no);
  const handled = own.reduce((sum, l) => sum + handledQty(l), 0);
  return { handled, total: task.total_qty, complete: own.length > 0 && own.every((l) => l.remaining === 0) };
}

/** Why a task takes no puts from this user and screen, or null. */
export function taskRefusal(task: PutawayTask, mode: number, userId: number): MessageDescriptor | null {
  const taskNo = task.task_no;
  if (isFinal(TASK_LIFECYCLE, task.status as CodeOf<typeof TASK_STATUS>)) {
    return msg`Task ${taskNo} is finished: it takes no more puts.`;
  }
  if (task.putaway_mode !== mode) {
    return mode === PUTAWAY_MODE.values.STANDARD ? msg`Task ${taskNo} is a mass putaway task: use Mass Putaway.` : msg`Task ${taskNo} is a standard putaway task: use Standard Putaway.`;
  }
  if (task.assignee_id !== null && task.assignee_id !== userId) {
    const name = task.assignee_name ?? String(task.assignee_id);
    return msg`Task ${taskNo} is assigned to ${name}.`;
  }
  return null;
}

/** Why `qty` units of the line cannot be put into `location` now, or null. */
export function putRefusal(line: LineProgress, qty: number, location: string): MessageDescriptor | null {
  const remaining = line.remaining;
  if (!Number.isInteger(qty) || qty < 1) return msg`Enter a quantity of at least 1.`;
  if (qty > remaining) return msg`Only ${remaining} left to put on this line.`;
  if (!location.trim()) return msg`Scan the cell the units go into.`;
  if (location.trim() === line.from_location) return msg`That is the staging location: scan the cell the units go into.`;
  return null;
}

/** The open line a scanned SKU code (SKU id or barcode) names, the preferred one first; undefined when none. */
export function lineOfSku(lines: readonly LineProgress[], code: string, preferred?: LineProgress): LineProgress | undefined {
  const value = code.trim();
  const matches = (l: LineProgress) => l.remaining > 0 && (l.sku_id === value || (l.barcode !== null && l.barcode === value));
  if (preferred && matches(preferred)) return preferred;
  return lines.find(matches);
}

/** The next line to work: the first with units left. */
export const nextOpenLine = (lines: readonly LineProgress[]): LineProgress | undefined => lines.find((l) => l.remaining > 0);

/**
 * Mass putaway: one more scanned unit of a SKU, counted on its first open line that still has
 * room (lines in task and line order). Null when nothing of that SKU is left to scan.
 */
export function addScannedUnit(scanned: ReadonlyMap<string, number>, lines: readonly LineProgress[], code: string): { scanned: Map<string, number>; line: LineProgress } | null {
  const value = code.trim();
  for (const line of lines) {
    if (line.sku_id !== value && line.barcode !== value) continue;
    const key = lineKey(line.task_no, line.line_no);
    const taken = scanned.get(key) ?? 0;
    if (taken >= line.remaining) continue;
    const next = new Map(scanned);
    next.set(key, taken + 1);
    return { scanned: next, line };
  }
  return null;
}

/** How many units of a line are scanned for the next mass put. */
export const scannedOf = (scanned: ReadonlyMap<string, number>, line: PutawayLine): number => scanned.get(lineKey(line.task_no, line.line_no)) ?? 0;

/** Every open line's remaining units as scanned ("take everything"). */
export function scanEverything(lines: readonly LineProgress[]): Map<string, number> {
  return new Map(lines.filter((l) => l.remaining > 0).map((l) => [lineKey(l.task_no, l.line_no), l.remaining]));
}

/** The items of a mass put from what was scanned. */
export function massItems(scanned: ReadonlyMap<string, number>, lines: readonly LineProgress[]): MassPutPayload['items'] {
  return lines.flatMap((l) => {
    const qty = scannedOf(scanned, l);
    return qty > 0 ? [{ task_no: l.task_no, line_no: l.line_no, qty }] : [];
  });
}
