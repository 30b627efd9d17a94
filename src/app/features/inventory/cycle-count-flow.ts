import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CYCLE_COUNT_STATUS } from '../../../shared/codes';
import { UPPER_BOUND } from '../../../shared/constants';
import { ccOpResultSchema, type CcWork } from '../../../shared/contract/cycle-count.contract';
import { RET } from '../../../shared/retcodes';
import { cycleCountOps } from '../../../shared/ops/cycle-count.ops';
import type { OutboxOp } from '../../kit/outbox';
import { lineOfScan } from '../../kit/scan-task/scan-task-flow';

/**
 * What the cycle counting screen knows offline (DOM-free, unit-tested): the claimed task as last
 * read (claim_cc_task, an offlineRead answer, possibly from the service worker's cache) plus this
 * device's cycle count ops not yet applied, and what each scan means: location (one of the task's)
 * → SKU (by id, barcode or mapped code; a code the location does not expect is still counted, the
 * server resolves it) → quantity → the op is queued. The read is refetched whenever the server
 * answers one of the ops, so applied ops are in it; queued and sending ones are added on top.
 */

const C = cycleCountOps;
export const CC_KINDS: readonly string[] = [C.count.kind, C.empty.kind, C.unknown.kind, C.recount.kind, C.complete.kind];

/** This device's cycle count ops of a task, as the outbox lists them (newest first). */
export function ccOpsOf(ops: readonly OutboxOp[], taskNo: string): OutboxOp[] {
  return ops.filter((op) => CC_KINDS.includes(op.kind) && op.payload.task_no === taskNo);
}

/** Not answered yet: the last read of the task cannot hold it. */
const unanswered = (op: OutboxOp): boolean => op.state === 'pending' || op.state === 'sending';

type TaskSku = CcWork['locations'][number]['skus'][number];

/** A SKU at a location as the counter sees it. */
export interface SkuTally {
  sku_id: string;
  sku_name: string;
  /** The book when the order was made; null when counting is blind. */
  system_qty: number | null;
  /** Units counted this round: the read (every counter) plus this device's queued counts. */
  counted: number;
  /** The order expects the SKU at this location (false: found here, or a code only the server can resolve). */
  expected: boolean;
}

export interface LocationView {
  location_id: string;
  seq: number;
  /** Counted (a SKU counted, an unknown item reported) or confirmed empty, as far as this device knows. */
  counted: boolean;
  /** Confirmed empty by this device (queued), nothing counted after. */
  empty: boolean;
  skus: SkuTally[];
  /** Units of unknown items this device reported here (queued). */
  unknownQty: number;
  /** "Count again" is queued: the read's counts here are being withdrawn, only what follows it shows. */
  recounting: boolean;
}

export interface CountView {
  work: CcWork;
  taskNo: string;
  blind: boolean;
  locations: LocationView[];
  countedLocations: number;
  /** Every location counted or confirmed empty: Complete may be queued. */
  allCounted: boolean;
  /** This device queued Complete (or the server says the task is done). */
  completed: boolean;
  /** Ops of the task on this device the server has not answered. */
  unsent: number;
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Every SKU the task expects anywhere, once (for resolving a scanned code). */
function taskSkus(work: CcWork): TaskSku[] {
  const byId = new Map<string, TaskSku>();
  for (const location of work.locations) for (const sku of location.skus) if (!byId.has(sku.sku_id)) byId.set(sku.sku_id, sku);
  return [...byId.values()];
}

const asLine = (sku: TaskSku) => ({ ...sku, barcode: sku.barcode ?? '' });

/** The SKU id a scanned code names among `skus` (id, barcode, id in another case), or null. */
function resolveIn(skus: readonly TaskSku[], code: string): TaskSku | null {
  const hit = lineOfScan(skus.map(asLine), code);
  return hit ? skus.find((s) => s.sku_id === hit.sku_id) ?? null : null;
}

interface Local {
  recount: boolean;
  counted: boolean;
  empty: boolean;
  unknown: number;
  /** Units by SKU id (or the code as scanned, when no SKU of the task has it). */
  units: Map<string, number>;
}

/**
 * The task as this device sees it: the read's locations in walking order, each with its SKUs (the
 * read's counts plus this device's unanswered ops; a queued "Count again" drops the read's counts
 * there), and the SKUs counted here that the order does not expect.
 */
export function countView(work: CcWork, ops: readonly OutboxOp[]): CountView {
  const taskNo = work.task.task_no;
  const own = ccOpsOf(ops, taskNo);
  const known = taskSkus(work);
  const local = new Map<string, Local>();
  const at = (location: string): Local => {
    const key = location.toUpperCase();
    let entry = local.get(key);
    if (!entry) {
      entry = { recount: false, counted: false, empty: false, unknown: 0, units: new Map() };
      local.set(key, entry);
    }
    return entry;
  };
  // What applied ops answered: a floor under the read until it is refetched (it may predate them).
  const answered = new Map<string, number>();
  const answeredCounted = new Set<string>();
  // Oldest first: a "Count again" withdraws what came before it.
  for (const op of [...own].reverse()) {
    if (op.state === 'done') noteAnswer(op, answered, answeredCounted);
    if (!unanswered(op) || op.kind === C.complete.kind) continue;
    const entry = at(textOf(op.payload.location_id));
    if (op.kind === C.recount.kind) {
      Object.assign(entry, { recount: true, counted: false, empty: false, unknown: 0, units: new Map() });
    } else if (op.kind === C.count.kind) {
      const code = textOf(op.payload.code);
      const key = resolveIn(known, code)?.sku_id ?? code.trim();
      entry.units.set(key, (entry.units.get(key) ?? 0) + numberOf(op.payload.qty));
      Object.assign(entry, { counted: true, empty: false });
    } else if (op.kind === C.empty.kind) {
      Object.assign(entry, { counted: true, empty: entry.units.size === 0 });
    } else if (op.kind === C.unknown.kind) {
      // Reported units count the location too (the server marks it counted), though against no SKU.
      entry.unknown += numberOf(op.payload.qty);
      entry.counted = true;
    }
  }
  const blind = !work.show_system_qty;
  const locations = [...work.locations].sort((a, b) => a.seq - b.seq).map((location): LocationView => {
    const mine = local.get(location.location_id.toUpperCase());
    const skus: SkuTally[] = location.skus.map((s) => ({
      sku_id: s.sku_id, sku_name: s.sku_name, system_qty: blind ? null : s.system_qty,
      counted: (mine?.recount ? 0 : Math.max(s.counted_qty, answered.get(answerKey(location.location_id, s.sku_id)) ?? 0)) + (mine?.units.get(s.sku_id) ?? 0),
      expected: true,
    }));
    for (const [key, units] of mine?.units ?? []) {
      if (skus.some((s) => s.sku_id === key)) continue;
      const found = known.find((s) => s.sku_id === key);
      skus.push({ sku_id: key, sku_name: found?.sku_name ?? '', system_qty: null, counted: units, expected: false });
    }
    return {
      location_id: location.location_id, seq: location.seq,
      counted: mine?.recount ? mine.counted : location.counted || answeredCounted.has(location.location_id.toUpperCase()) || (mine?.counted ?? false),
      empty: mine?.empty ?? false, skus, unknownQty: mine?.unknown ?? 0, recounting: mine?.recount ?? false,
    };
  });
  const countedLocations = locations.filter((l) => l.counted).length;
  const done = work.task.status === CYCLE_COUNT_STATUS.values.DONE;
  return {
    work, taskNo, blind, locations, countedLocations,
    allCounted: locations.length > 0 && countedLocations === locations.length,
    completed: done || own.some((op) => op.kind === C.complete.kind && op.state !== 'rejected' && op.state !== 'discarded'),
    unsent: own.filter(unanswered).length,
  };
}

const answerKey = (location: string, skuId: string) => `${location.toUpperCase()}\u0000${skuId}`;

/** Notes what an applied op answered: a count's line total after it, the location counted; an applied "Count again" clears the location. */
function noteAnswer(op: OutboxOp, answered: Map<string, number>, counted: Set<string>): void {
  const parsed = ccOpResultSchema.safeParse(op.result);
  if (!parsed.success || parsed.data.location_id === null) return;
  const where = parsed.data.location_id.toUpperCase();
  if (op.kind === C.recount.kind) {
    counted.delete(where);
    for (const key of [...answered.keys()]) if (key.startsWith(`${where}\u0000`)) answered.delete(key);
    return;
  }
  counted.add(where);
  if (op.kind === C.count.kind && parsed.data.sku_id !== null) answered.set(answerKey(where, parsed.data.sku_id), parsed.data.counted_qty);
}

/** Why the claimed task takes no counts, or null. */
export function taskRefusal(work: CcWork): MessageDescriptor | null {
  const taskNo = work.task.task_no;
  if (work.task.status === CYCLE_COUNT_STATUS.values.CANCEL) return msg`Task ${taskNo} is cancelled: it takes no more counts.`;
  return null;
}

/** What a refused claim (claim_cc_task) means for the counter, or null to show the server's message as it is. */
export function claimRefusal(retcode: number, data: unknown): MessageDescriptor | null {
  if (retcode === RET.CC_STATE_REFUSED) return msg`This task is done or cancelled: it takes no more counts.`;
  if (retcode !== RET.CC_TASK_REFUSED) return null;
  const reason = typeof data === 'object' && data !== null ? (data as { reason?: unknown }).reason : undefined;
  if (reason === 'skill') return msg`This task is in a zone outside your cycle count skills: ask a supervisor to add the zone to your skills, or count another task.`;
  if (reason === 'recount') return msg`You counted these locations in an earlier round: a second count is done by another counter.`;
  if (reason === 'none') return msg`No counting task is waiting for you: every task of your zones is claimed or done.`;
  return null;
}

/** The location of the task a scan names, or why not. */
export function locationOfScan(view: CountView, code: string): { ok: true; location: LocationView } | { ok: false; refusal: MessageDescriptor } {
  const value = code.trim();
  if (!value) return { ok: false, refusal: msg`Scan a location of the task.` };
  const location = view.locations.find((l) => same(l.location_id, value));
  if (location) return { ok: true, location };
  const taskNo = view.taskNo;
  return { ok: false, refusal: msg`${value} is not a location of task ${taskNo}: nothing was counted.` };
}

/** What a scanned code counts at a location: the code sent, the SKU it names (when the device knows it), and whether the order expects it there. */
export interface ScannedSku {
  code: string;
  sku_id: string | null;
  sku_name: string;
  expected: boolean;
  system_qty: number | null;
}

/**
 * The SKU a code names at a location: one the location expects (id, barcode, id in another case),
 * else a SKU of the task found here, else the code as scanned (the server resolves mapped codes,
 * and refuses a code of no SKU: an unknown item is reported instead).
 */
export function skuOfScan(view: CountView, location: LocationView, code: string): { ok: true; sku: ScannedSku } | { ok: false; refusal: MessageDescriptor } {
  const value = code.trim();
  if (!value) return { ok: false, refusal: msg`Scan the SKU or its barcode.` };
  const source = view.work.locations.find((l) => l.location_id === location.location_id)?.skus ?? [];
  const here = resolveIn(source, value);
  if (here) {
    return { ok: true, sku: { code: here.sku_id, sku_id: here.sku_id, sku_name: here.sku_name, expected: true, system_qty: view.blind ? null : here.system_qty } };
  }
  const elsewhere = resolveIn(taskSkus(view.work), value);
  if (elsewhere) return { ok: true, sku: { code: elsewhere.sku_id, sku_id: elsewhere.sku_id, sku_name: elsewhere.sku_name, expected: false, system_qty: null } };
  return { ok: true, sku: { code: value, sku_id: null, sku_name: '', expected: false, system_qty: null } };
}

/** Why `qty` units cannot be counted (or reported), or null: 1 to 99999. */
export function qtyRefusal(qty: number): MessageDescriptor | null {
  if (!Number.isInteger(qty) || qty < 1 || qty > UPPER_BOUND) return msg`Enter a quantity of 1 to 99999.`;
  return null;
}

/** Why the location cannot be confirmed empty, or null: units are counted there (withdraw them with "Count again" first). */
export function emptyRefusal(location: LocationView): MessageDescriptor | null {
  const units = location.skus.reduce((sum, s) => sum + s.counted, 0);
  const where = location.location_id;
  if (units > 0) return msg`${units} units are counted at ${where}: count it again to withdraw them before confirming it empty.`;
  return null;
}

/** Why the task cannot be completed yet, or null. */
export function completeRefusal(view: CountView): MessageDescriptor | null {
  const left = view.locations.length - view.countedLocations;
  if (left > 0) return msg`${left} locations are not counted yet: count them or confirm them empty.`;
  return null;
}

/** The next location to count after `current` in walking order (wrapping round), or undefined when all are counted. */
export function nextUncounted(view: CountView, current: string | null): LocationView | undefined {
  const open = view.locations.filter((l) => !l.counted);
  const index = current ? view.locations.findIndex((l) => l.location_id === current) : -1;
  return open.find((l) => l.seq > (view.locations[index]?.seq ?? -Infinity)) ?? open[0];
}

/** The payloads of the screen's ops. */
export const ccPayloads = {
  count: (view: CountView, location: string, sku: ScannedSku, qty: number) => ({ task_no: view.taskNo, location_id: location, code: sku.code, qty }),
  empty: (view: CountView, location: string) => ({ task_no: view.taskNo, location_id: location }),
  unknown: (view: CountView, location: string, code: string, qty: number) => ({ task_no: view.taskNo, location_id: location, code: code.trim(), qty }),
  recount: (view: CountView, location: string) => ({ task_no: view.taskNo, location_id: location }),
  complete: (view: CountView) => ({ task_no: view.taskNo }),
};
