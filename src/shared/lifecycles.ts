import {
  INBOUND_EXCEPTION_STATUS, INBOUND_STATUS, INVENTORY_ADJUSTMENT_STATUS, OUTBOUND_ORDER_TYPE, RTS_STATUS, SALES_ORDER_STATUS, TASK_STATUS, type CodeList, type CodeValue,
} from './codes';

/**
 * The lifecycles of spec §4, as allowed moves from each status. The spec implies the order and
 * leaves the exact transitions out; these are ours (docs/decisions.md, each document's section). The server
 * moves a document only along them and answers anything else with RET.ILLEGAL_TRANSITION.
 */
export interface Lifecycle<V extends CodeValue> {
  codes: CodeList;
  /** Where each status may go next; a status with none is final. */
  next: Readonly<Record<V, readonly V[]>>;
}

function lifecycle<V extends CodeValue>(codes: CodeList, next: Readonly<Record<V, readonly V[]>>): Lifecycle<V> {
  for (const [from, targets] of Object.entries(next) as [string, readonly V[]][]) {
    const known = (v: CodeValue) => codes.has(v) || codes.has(Number(v));
    if (!known(from) || !targets.every(known)) throw new Error(`lifecycle names a status its codes do not hold: ${from}`);
  }
  return { codes, next };
}

export const canMove = <V extends CodeValue>(life: Lifecycle<V>, from: V, to: V): boolean => (life.next[from] ?? []).includes(to);
export const isFinal = <V extends CodeValue>(life: Lifecycle<V>, status: V): boolean => (life.next[status] ?? []).length === 0;

/** English text of a refused move, naming both statuses (the server's message; data carries the codes). */
export function transitionRefusal<V extends CodeValue>(life: Lifecycle<V>, what: string, from: V, to: V): string {
  const name = (v: V) => life.codes.options.find((o) => o.value === v)?.name ?? String(v);
  const allowed = life.next[from] ?? [];
  return `${what} is ${name(from)}: it cannot become ${name(to)}`
    + (allowed.length ? ` (from ${name(from)} it can become ${allowed.map(name).join(', ')}).` : ' (that status is final).');
}

const A = INBOUND_STATUS.values;
type AsnStatus = (typeof A)[keyof typeof A];

/**
 * ASNs (spec §4): pending → arriving/arrived → counting → counted → checking → checked → scanning →
 * received → putting → done; cancelled, rejected and failed end it. In transit is a shipped
 * ASN not yet at the gate. QC may be skipped when no rule asks for it (counted → scanning). Before
 * counting an ASN is cancelled; after, nothing is received until it is closed otherwise: rejected
 * when the business settles a QC rejection with Rejected All (QC never rejects by itself), failed
 * when a supervisor closes an inbound that cannot go on. Once receiving has posted stock, the
 * units are settled by putaway and exceptions, never by closing the ASN. A buyer's return is not
 * counted: its units are judged one by one from its arrival (arrived → checking), and a return
 * whose parcel held fewer units than announced is received from checking (checking → scanning).
 */
export const ASN_LIFECYCLE = lifecycle<AsnStatus>(INBOUND_STATUS, {
  [A.PENDING]: [A.IN_TRANSIT, A.ARRIVING, A.ARRIVED, A.CANCELLED],
  [A.IN_TRANSIT]: [A.ARRIVING, A.ARRIVED, A.CANCELLED],
  [A.ARRIVING]: [A.ARRIVED, A.CANCELLED],
  [A.ARRIVED]: [A.COUNTING, A.CHECKING, A.CANCELLED],
  [A.COUNTING]: [A.COUNTED, A.FAILED],
  [A.COUNTED]: [A.CHECKING, A.SCANNING, A.FAILED],
  [A.CHECKING]: [A.CHECKED, A.SCANNING, A.REJECTED, A.FAILED],
  [A.CHECKED]: [A.SCANNING, A.REJECTED, A.FAILED],
  [A.SCANNING]: [A.RECEIVED],
  [A.RECEIVED]: [A.PUTTING],
  [A.PUTTING]: [A.DONE],
  [A.DONE]: [],
  [A.CANCELLED]: [],
  [A.REJECTED]: [],
  [A.FAILED]: [],
});

const J = INVENTORY_ADJUSTMENT_STATUS.values;
type AdjustmentStatus = (typeof J)[keyof typeof J];

/**
 * Inventory adjustments (spec §4): created → pending → PMS approving → approved → adjusting → done;
 * rejected, cancel and fail end it. Without a PMS, a pending adjustment is approved here
 * (pending → approved); an adjustment whose stock moved away fails. Locked holds one while a cycle
 * count covers its stock.
 */
export const ADJUSTMENT_LIFECYCLE = lifecycle<AdjustmentStatus>(INVENTORY_ADJUSTMENT_STATUS, {
  [J.CREATED]: [J.PENDING, J.CANCEL],
  [J.PENDING]: [J.PMS_APPROVING, J.APPROVED, J.REJECTED, J.CANCEL, J.LOCKED],
  [J.PMS_APPROVING]: [J.APPROVED, J.REJECTED],
  [J.LOCKED]: [J.PENDING, J.CANCEL],
  [J.APPROVED]: [J.ADJUSTING, J.CANCEL],
  [J.ADJUSTING]: [J.DONE, J.FAIL],
  [J.DONE]: [],
  [J.REJECTED]: [],
  [J.CANCEL]: [],
  [J.FAIL]: [],
});

const E = INBOUND_EXCEPTION_STATUS.values;
type ExceptionStatus = (typeof E)[keyof typeof E];

/** Inbound exceptions (spec §4): pending → checked → BD confirmed → done, or cancelled before done. */
export const INBOUND_EXCEPTION_LIFECYCLE = lifecycle<ExceptionStatus>(INBOUND_EXCEPTION_STATUS, {
  [E.PENDING]: [E.CHECKED, E.CANCELLED],
  [E.CHECKED]: [E.BD_CONFIRMED, E.DONE, E.CANCELLED],
  [E.BD_CONFIRMED]: [E.DONE, E.CANCELLED],
  [E.DONE]: [],
  [E.CANCELLED]: [],
});

const T = TASK_STATUS.values;
type TaskStatus = (typeof T)[keyof typeof T];

/**
 * Tasks (spec §3 task status): pending → assigned → ongoing → done; cancel before done, failed from
 * ongoing. Ours: a pending picking task may be split into sub-picking tasks (split), and is done or
 * cancelled with them, or pending again when they are merged back.
 */
export const TASK_LIFECYCLE = lifecycle<TaskStatus>(TASK_STATUS, {
  [T.PENDING]: [T.ASSIGNED, T.ONGOING, T.CANCEL, T.SPLIT],
  [T.SPLIT]: [T.PENDING, T.DONE, T.CANCEL],
  [T.ASSIGNED]: [T.PENDING, T.ONGOING, T.CANCEL],
  [T.ONGOING]: [T.DONE, T.FAILED, T.CANCEL],
  [T.DONE]: [],
  [T.FAILED]: [],
  [T.CANCEL]: [],
});

const S = SALES_ORDER_STATUS.values;
type SalesOrderStatus = (typeof S)[keyof typeof S];

/**
 * Sales orders (spec §4): created → pending pick → picking → picked → checking → checked →
 * sorting/packing → shipping → outbound; cancel possible. Ours: a created order is allocated in
 * place (its units reserved, its status unchanged); one allocation leaves short waits in pending
 * pick with its reason and goes back to created when stock lets it allocate; a wave takes it to
 * picking; a short pick nothing can re-allocate fails it (pick fail), and it may be allocated again
 * when stock lets it (back to created) or wait again.
 * Cancel is possible until it ships: once checked (its units on the order, then in parcels) it is a
 * cancel after checking — parcels intercepted, units returned by a reverse picking task; an order
 * loading (shipping) or gone (outbound) is never cancelled.
 */
export const SALES_ORDER_LIFECYCLE = lifecycle<SalesOrderStatus>(SALES_ORDER_STATUS, {
  [S.CREATED]: [S.PENDING_PICK, S.PICKING, S.CANCEL],
  [S.PENDING_PICK]: [S.CREATED, S.CANCEL],
  [S.PICKING]: [S.PICKED, S.PICK_FAIL, S.CANCEL],
  [S.PICK_FAIL]: [S.CREATED, S.PENDING_PICK, S.CANCEL],
  [S.PICKED]: [S.SORTING, S.CHECKING, S.CANCEL],
  [S.SORTING]: [S.SORTED, S.CANCEL],
  [S.SORTED]: [S.CHECKING, S.CANCEL],
  [S.CHECKING]: [S.CHECKED, S.CANCEL],
  [S.CHECKED]: [S.PACKING, S.CANCEL],
  [S.PACKING]: [S.PACKED, S.CANCEL],
  [S.PACKED]: [S.SHIPPING, S.CANCEL],
  [S.SHIPPING]: [S.OUTBOUND],
  [S.OUTBOUND]: [],
  [S.CANCEL]: [],
});

const D = RTS_STATUS.values;
type OutboundDocStatus = (typeof D)[keyof typeof D];

/**
 * The document of an outbound order of a type other than sales (MT now, RTS next), over the
 * RTS_STATUS codes of spec §3: pending → approved or rejected → allocated → outbounding (released
 * to picking) → shipping → in transit → (inbounding) → done; cancelled before it is released to
 * picking. Rejected, cancelled and done are final. The floor's progress is the order's own status
 * (SALES_ORDER_LIFECYCLE); shared/outbound/doc-lifecycle.ts says what each stage allows.
 */
export const OUTBOUND_DOC_LIFECYCLE = lifecycle<OutboundDocStatus>(RTS_STATUS, {
  [D.PENDING]: [D.APPROVED, D.REJECTED, D.CANCEL],
  [D.APPROVED]: [D.ALLOCATED, D.CANCEL],
  [D.REJECTED]: [],
  [D.ALLOCATED]: [D.OUTBOUNDING, D.CANCEL],
  [D.OUTBOUNDING]: [D.SHIPPING],
  [D.SHIPPING]: [D.IN_TRANSIT],
  [D.IN_TRANSIT]: [D.INBOUNDING, D.DONE],
  [D.INBOUNDING]: [D.DONE],
  [D.DONE]: [],
  [D.CANCEL]: [],
});

/**
 * RTS order documents: as OUTBOUND_DOC_LIFECYCLE up to outbounding (released to picking); then
 * shipping while some of its picking tasks have shipped, and done when all have (the units are the
 * supplier's). A virtual RTS with re-inbound may pass in transit and inbounding when it comes back
 * as an inbound (docs/outbound.md "RTS orders").
 */
export const RTS_DOC_LIFECYCLE = lifecycle<OutboundDocStatus>(RTS_STATUS, {
  ...OUTBOUND_DOC_LIFECYCLE.next,
  [D.OUTBOUNDING]: [D.SHIPPING],
  [D.SHIPPING]: [D.DONE, D.IN_TRANSIT],
});

/**
 * The outbound order (sales_orders.status) of an RTS order: picked units go from their containers
 * straight to the supplier's shipment — no sorting, checking or packing: picked → shipping →
 * outbound. Cancel as the sales order's, before it ships.
 */
export const RTS_ORDER_LIFECYCLE = lifecycle<SalesOrderStatus>(SALES_ORDER_STATUS, {
  [S.CREATED]: [S.PENDING_PICK, S.PICKING, S.CANCEL],
  [S.PENDING_PICK]: [S.CREATED, S.CANCEL],
  [S.PICKING]: [S.PICKED, S.PICK_FAIL, S.CANCEL],
  [S.PICK_FAIL]: [S.CREATED, S.PENDING_PICK, S.CANCEL],
  [S.PICKED]: [S.SHIPPING, S.CANCEL],
  [S.SORTING]: [], [S.SORTED]: [], [S.CHECKING]: [], [S.CHECKED]: [], [S.PACKING]: [], [S.PACKED]: [],
  [S.SHIPPING]: [S.OUTBOUND],
  [S.OUTBOUND]: [],
  [S.CANCEL]: [],
});

/** The lifecycle an outbound order of the type moves along (sales and MT: the sales one). */
export const orderLifecycle = (orderType: number): Lifecycle<SalesOrderStatus> =>
  (orderType === OUTBOUND_ORDER_TYPE.values.RTS ? RTS_ORDER_LIFECYCLE : SALES_ORDER_LIFECYCLE);
