import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { arriveResultSchema, type ArriveResult, type MergeLane } from '../../../shared/contract/merging.contract';
import { mergingOps } from '../../../shared/ops/merging.ops';
import type { OutboxOp } from '../../kit/outbox';

/**
 * The merge lane screen's decisions, DOM-free: what the lane shows (the server's last read plus this
 * device's arrivals not answered yet) and where a scanned container goes — its order and slot — so the
 * screen answers at once, online or not. The server's answer to the op is the truth.
 */

/** A container an order on the lane waits for, as the lane screen shows it. */
export interface LaneContainer {
  /** The container's code, or its picking task's number while the task has no container. */
  code: string;
  /** The picking task has no container yet. */
  unbound: boolean;
  /** Its picking task is done: it may come to the lane. */
  picked: boolean;
  /** On the lane (the server says so). */
  arrived: boolean;
  /** Scanned on this device, not answered yet. */
  queued: boolean;
}

export interface LaneOrder {
  taskNo: string;
  orderNo: string;
  slotNo: number | null;
  containers: LaneContainer[];
  /** Every container arrived or queued here: ready for checking (once the server has the scans). */
  complete: boolean;
}

export interface LaneView {
  stationId: string;
  stationName: string;
  laneSlots: number | null;
  orders: LaneOrder[];
}

/** This device's arrival ops on the lane, newest first (the outbox lists them so). */
export function laneOpsOf(ops: readonly OutboxOp[], stationId: string): OutboxOp[] {
  return ops.filter((op) => op.kind === mergingOps.arrive.kind && op.payload.station_id === stationId);
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
const waitingForAnswer = (op: OutboxOp) => op.state === 'pending' || op.state === 'sending';

/** The lane as read, with this device's arrivals not answered yet marked queued. */
export function laneView(lane: MergeLane, ops: readonly OutboxOp[]): LaneView {
  const queued = ops.filter(waitingForAnswer).map((op) => String(op.payload.container_code));
  const orders = lane.tasks.map((task): LaneOrder => {
    const containers = task.containers.map((c): LaneContainer => {
      const code = c.container_code ?? c.picking_task_no;
      const arrived = c.arrived_at !== null;
      return { code, unbound: c.container_code === null, picked: c.picked, arrived, queued: !arrived && c.container_code !== null && queued.some((q) => same(q, code)) };
    });
    return { taskNo: task.task_no, orderNo: task.order_no, slotNo: task.slot_no, containers, complete: containers.every((c) => c.arrived || c.queued) };
  });
  return { stationId: lane.station_id, stationName: lane.station_name, laneSlots: lane.lane_slots, orders };
}

/** Where a scanned container goes: each order on the lane waiting for it, with its slot and what it still waits for after it. */
export interface Arrival {
  code: string;
  targets: { orderNo: string; slotNo: number | null; complete: boolean; waiting: string[] }[];
}

export type ArrivalOutcome =
  | { ok: true; arrival: Arrival }
  /** Not on this lane's copy: queued all the same (the copy may be older than the container), the server answers where it goes. */
  | { ok: true; arrival: null }
  | { ok: false; refusal: MessageDescriptor };

/** What a container scanned at the lane means: where it goes, or why it is refused here and now. */
export function arrivalAt(view: LaneView, scanned: string): ArrivalOutcome {
  const code = scanned.trim();
  if (!code) return { ok: false, refusal: msg`Scan a container: a pick cart or basket.` };
  const orders = view.orders.filter((o) => o.containers.some((c) => !c.unbound && same(c.code, code)));
  if (orders.length === 0) return { ok: true, arrival: null };
  const open = orders.filter((o) => o.containers.some((c) => same(c.code, code) && !c.arrived && !c.queued));
  if (open.length === 0) {
    const first = orders[0]!;
    const orderNo = first.orderNo;
    const slot = first.slotNo;
    return { ok: false, refusal: slot === null ? msg`${code} is on the lane already (order ${orderNo}).` : msg`${code} is on the lane already: order ${orderNo}, slot ${slot}.` };
  }
  return {
    ok: true,
    arrival: {
      code,
      targets: open.map((o) => {
        const waiting = o.containers.filter((c) => !same(c.code, code) && !c.arrived && !c.queued).map((c) => c.code);
        return { orderNo: o.orderNo, slotNo: o.slotNo, complete: waiting.length === 0, waiting };
      }),
    },
  };
}

/** The server's answer to an applied arrival, or null (not applied yet, or not an arrival). */
export function arrivalAnswer(op: OutboxOp): ArriveResult | null {
  if (op.state !== 'done') return null;
  const parsed = arriveResultSchema.safeParse(op.result);
  return parsed.success ? parsed.data : null;
}

/** An answer as the screen shows it (the same shape as the device's own guess). */
export const arrivalOfAnswer = (answer: ArriveResult): Arrival => ({
  code: answer.container_code,
  targets: answer.orders.map((o) => ({ orderNo: o.order_no, slotNo: o.slot_no, complete: o.complete, waiting: o.waiting })),
});

/** Slots of the lane holding an order, of its slots (null when no merge rule names the lane). */
export const slotsUsed = (view: LaneView) => view.orders.filter((o) => o.slotNo !== null).length;
