import type { MessageDescriptor } from '@lingui/core';

/**
 * The code lists of spec §3 (and Yes/No of §9). Codes are numeric unless the spec says
 * otherwise. Where the spec names members without numbers, they are numbered from 1 in the
 * order the spec lists them (marked "numbers are ours"); where it says its own numbering is
 * uncertain, the order given is followed and the list says so.
 * Macro-free (labels are `/*i18n*\/` strings, their own message ids) so that resource
 * definitions and the contract, which the build evaluates, can use them.
 */

export type CodeValue = number | string;
/** Member name → [code, English label marked `/*i18n*\/` for extraction (its own message id)]. */
type CodeSpec = Readonly<Record<string, readonly [CodeValue, string]>>;
type ValuesOf<S extends CodeSpec> = { readonly [K in keyof S]: S[K][0] };

export interface CodeOption<V extends CodeValue = CodeValue> {
  readonly value: V;
  /** Member name, e.g. `PICK_FAIL`. */
  readonly name: string;
  readonly label: MessageDescriptor;
}

/**
 * A code list. `Values` maps member names to codes; `V` is the code union (a separate
 * parameter so that every list is assignable to the plain `CodeList`).
 */
export interface CodeList<
  Values extends Readonly<Record<string, CodeValue>> = Readonly<Record<string, CodeValue>>,
  V extends CodeValue = Values[keyof Values],
> {
  /** Member name → code, e.g. `ABC_CLASS.values.A === 1`. */
  readonly values: Values;
  /** Members in declaration order, for selects and the domain enums endpoint. */
  readonly options: readonly CodeOption<V>[];
  /** Label of a code; undefined for a code the list does not hold. */
  label(value: CodeValue | null | undefined): MessageDescriptor | undefined;
  /** Whether the list holds this code (strict: `'1'` is not `1`). */
  has(value: unknown): value is V;
}

/** The code type of a list: `CodeOf<typeof INBOUND_STATUS>` is `0 | 1 | … | 15`. */
export type CodeOf<L> = L extends CodeList<Readonly<Record<string, CodeValue>>, infer V> ? V : never;

export function defineCodes<const S extends CodeSpec>(spec: S): CodeList<ValuesOf<S>> {
  type List = CodeList<ValuesOf<S>>;
  const options = Object.entries(spec).map(([name, [value, id]]) => ({ value, name, label: { id, message: id } as MessageDescriptor }));
  const byValue = new Map<unknown, MessageDescriptor>(options.map((o) => [o.value, o.label]));
  return {
    values: Object.fromEntries(options.map((o) => [o.name, o.value])) as List['values'],
    options: options as List['options'],
    label: (value) => byValue.get(value),
    has: (value): value is CodeOf<List> => byValue.has(value),
  };
}

/** The values and labels of an enum field of a resource definition (shared/resources/define.ts) holding codes of `list`. */
export function codeEnum<V extends CodeValue>(list: CodeList<Readonly<Record<string, CodeValue>>, V>): { values: readonly V[]; valueLabels: Readonly<Record<string, string>> } {
  return {
    values: list.options.map((o) => o.value),
    valueLabels: Object.fromEntries(list.options.map((o) => [String(o.value), o.label.id])),
  };
}

/** Yes 1 / No 0 (spec §9). */
export const YES_NO = defineCodes({ NO: [0, /*i18n*/ 'No'], YES: [1, /*i18n*/ 'Yes'] });

// Location and storage

export const ABC_CLASS = defineCodes({
  UNDEFINED: [0, /*i18n*/ 'Undefined'], A: [1, /*i18n*/ 'A'], B: [2, /*i18n*/ 'B'], C: [3, /*i18n*/ 'C'], SA: [4, /*i18n*/ 'SA'],
  EXCLUDED: [5, /*i18n*/ 'Excluded'],
});

export const TEMPERATURE_ZONE = defineCodes({
  NORMAL: [0, /*i18n*/ 'Normal'], AIR_CONDITIONED: [1, /*i18n*/ 'Air Conditioned'], CHILLED: [2, /*i18n*/ 'Chilled'],
  FROZEN: [3, /*i18n*/ 'Frozen'], DEEP_FROZEN: [4, /*i18n*/ 'Deep Frozen'],
});

export const LOCATION_STATUS = defineCodes({
  NORMAL: [1, /*i18n*/ 'Normal'], BLOCKED: [2, /*i18n*/ 'Blocked'], FROZEN: [3, /*i18n*/ 'Frozen'], DELETED: [4, /*i18n*/ 'Deleted'],
});

export const LOCATION_TYPE = defineCodes({ ZONE: [1, /*i18n*/ 'Zone'], PATHWAY: [2, /*i18n*/ 'Pathway'], CELL: [3, /*i18n*/ 'Cell'] });

export const CELL_OCCUPANCY = defineCodes({
  NORMAL: [1, /*i18n*/ 'Normal'], ASSIGNED: [2, /*i18n*/ 'Assigned'], OCCUPIED: [3, /*i18n*/ 'Occupied'],
});

export const RACK_TYPE = defineCodes({
  VAN: [1, /*i18n*/ 'Van'], HEAVY_RACK: [2, /*i18n*/ 'Heavy Rack'], GROUND_STACKED: [3, /*i18n*/ 'Ground Stacked'],
  ROLLING_RACK: [4, /*i18n*/ 'Rolling Rack'], LIGHT_RACK: [5, /*i18n*/ 'Light Rack'], DRIVE_IN_RACK: [6, /*i18n*/ 'Drive-in Rack'],
});

export const STORAGE_AREA = defineCodes({
  PICKING_AREA: [1, /*i18n*/ 'Picking Area'], STORAGE_AREA: [2, /*i18n*/ 'Storage Area'], MIX_AREA: [3, /*i18n*/ 'Mix Area'],
});

export const CONTAINER_TYPE = defineCodes({
  BOX: [0, /*i18n*/ 'Box'], PALLET: [1, /*i18n*/ 'Pallet'], PICK_CART: [2, /*i18n*/ 'Pick Cart'], PUT_WALL: [3, /*i18n*/ 'Put Wall'],
  BASKET: [4, /*i18n*/ 'Basket'],
});

// Staff and labour

export const STAFF_STATUS = defineCodes({
  ACTIVE: [1, /*i18n*/ 'Active'], TERMINATED: [2, /*i18n*/ 'Terminated'], LEAVE_OF_ABSENCE: [3, /*i18n*/ 'Leave of Absence'],
});

export const STAFF_EMPLOYMENT = defineCodes({
  PERMANENT: [1, /*i18n*/ 'Permanent'], TEMPORARY: [2, /*i18n*/ 'Temporary'], CONTRACT: [3, /*i18n*/ 'Contract'],
});

export const LABOUR_ACTIVITY_CLASS = defineCodes({
  DIRECT: [1, /*i18n*/ 'Direct'], INDIRECT: [2, /*i18n*/ 'Indirect'], UNPRODUCTIVE: [3, /*i18n*/ 'Unproductive'],
});

// Inbound

export const PURCHASE_TYPE = defineCodes({
  OUTRIGHT: [0, /*i18n*/ 'Outright'], CONSIGNMENT: [1, /*i18n*/ 'Consignment'], FBS: [2, /*i18n*/ 'FBS'],
  RETURN_INBOUND: [3, /*i18n*/ 'Return Inbound'], TRANSFER_INBOUND: [4, /*i18n*/ 'Transfer Inbound'],
});

/** 14 is unused in the spec. */
export const INBOUND_STATUS = defineCodes({
  PENDING: [0, /*i18n*/ 'Pending'], SCANNING: [1, /*i18n*/ 'Scanning'], RECEIVED: [2, /*i18n*/ 'Received'], PUTTING: [3, /*i18n*/ 'Putting'],
  DONE: [4, /*i18n*/ 'Done'], CANCELLED: [5, /*i18n*/ 'Cancelled'], ARRIVED: [6, /*i18n*/ 'Arrived'], COUNTING: [7, /*i18n*/ 'Counting'],
  COUNTED: [8, /*i18n*/ 'Counted'], CHECKING: [9, /*i18n*/ 'Checking'], CHECKED: [10, /*i18n*/ 'Checked'], REJECTED: [11, /*i18n*/ 'Rejected'],
  ARRIVING: [12, /*i18n*/ 'Arriving'], IN_TRANSIT: [13, /*i18n*/ 'In Transit'], FAILED: [15, /*i18n*/ 'Failed'],
});

export const ARRIVAL_TIMELINESS = defineCodes({
  UNARRIVED: [0, /*i18n*/ 'Unarrived'], ON_TIME: [1, /*i18n*/ 'On Time'], EARLY: [2, /*i18n*/ 'Early'], LATE: [3, /*i18n*/ 'Late'],
});

export const ASN_SOURCE = defineCodes({
  PMS: [1, /*i18n*/ 'PMS'], WMS: [2, /*i18n*/ 'WMS'], OMS: [3, /*i18n*/ 'OMS'], SRM: [4, /*i18n*/ 'SRM'], SELLER_CENTER: [5, /*i18n*/ 'Seller Center'],
});

export const INBOUND_EXCEPTION_STATUS = defineCodes({
  PENDING: [10, /*i18n*/ 'Pending'], CHECKED: [20, /*i18n*/ 'Checked'], BD_CONFIRMED: [40, /*i18n*/ 'BD Confirmed'],
  DONE: [50, /*i18n*/ 'Done'], CANCELLED: [60, /*i18n*/ 'Cancelled'],
});

/** Numbers are ours (spec names the types only). */
export const INBOUND_EXCEPTION_TYPE = defineCodes({
  ABNORMAL_ITEM: [1, /*i18n*/ 'Abnormal Item'], REJECTED_ITEM: [2, /*i18n*/ 'Rejected Item'], SHORTAGE: [3, /*i18n*/ 'Shortage'],
  SURPLUS: [4, /*i18n*/ 'Surplus'], WRONG_SKU: [5, /*i18n*/ 'Wrong SKU'],
});

/** Numbers are ours (spec names the reasons only). */
export const INBOUND_EXCEPTION_REASON = defineCodes({
  DAMAGED: [1, /*i18n*/ 'Damaged'], EXPIRED: [2, /*i18n*/ 'Expired'], EXPIRING: [3, /*i18n*/ 'Expiring'],
  OTHER_ISSUES: [4, /*i18n*/ 'Other issues'], SKU_NOT_IN_ASN_GROUP: [5, /*i18n*/ 'SKU does not belong to ASN Group'],
  SURPLUS: [6, /*i18n*/ 'Surplus'], UNKNOWN_ITEM: [7, /*i18n*/ 'Unknown item'],
  WRONG_SKU_INFORMATION: [8, /*i18n*/ 'Wrong SKU Information'], WRONG_UPC: [9, /*i18n*/ 'Wrong UPC'],
});

/** Numbers are ours (spec names the kinds only). */
export const INBOUND_TASK_KIND = defineCodes({
  COUNTING: [1, /*i18n*/ 'Counting'], QC: [2, /*i18n*/ 'QC'], RECEIVING: [3, /*i18n*/ 'Receiving'], PUTAWAY: [4, /*i18n*/ 'Putaway'],
  LABELLING: [5, /*i18n*/ 'Labelling'], BUNDLING: [6, /*i18n*/ 'Bundling'], REPACKAGING: [7, /*i18n*/ 'Repackaging'],
});

/** The three inbound order types of spec §3 (numbers are ours). */
/**
 * A move transfer's transit shipment (numbers are ours): on the road, arrived at the destination,
 * received there (what did not come is short, what came extra is over), closed when the destination
 * has put it all away.
 */
export const TRANSIT_SHIPMENT_STATUS = defineCodes({
  IN_TRANSIT: [1, /*i18n*/ 'In Transit'], ARRIVED: [2, /*i18n*/ 'Arrived'], RECEIVED: [3, /*i18n*/ 'Received'], CLOSED: [4, /*i18n*/ 'Closed'],
});

/** Which side of a transit shipment a warehouse is (numbers are ours). */
export const TRANSIT_DIRECTION = defineCodes({ OUTGOING: [1, /*i18n*/ 'Outgoing'], INCOMING: [2, /*i18n*/ 'Incoming'] });

/**
 * A transfer request's status (numbers are ours; docs/transfer.md). Requested, Accepted, Rejected and
 * Cancelled are stored; In Transit, Received and Closed are read from the accepted request's MT order
 * and its transit shipment (and an accepted request whose MT order was rejected or cancelled reads Cancelled).
 */
export const TRANSFER_REQUEST_STATUS = defineCodes({
  REQUESTED: [1, /*i18n*/ 'Requested'], ACCEPTED: [2, /*i18n*/ 'Accepted'], IN_TRANSIT: [3, /*i18n*/ 'In Transit'], RECEIVED: [4, /*i18n*/ 'Received'],
  CLOSED: [5, /*i18n*/ 'Closed'], REJECTED: [6, /*i18n*/ 'Rejected'], CANCELLED: [7, /*i18n*/ 'Cancelled'],
});

/** Where a transfer task (an MT order of the source) is, from its document, its outbound order and its shipment (numbers are ours). */
export const TRANSFER_TASK_STAGE = defineCodes({
  WAITING: [1, /*i18n*/ 'Waiting'], PICKING: [2, /*i18n*/ 'Picking'], CHECKING: [3, /*i18n*/ 'Checking'], PACKING: [4, /*i18n*/ 'Packing'],
  SHIPPING: [5, /*i18n*/ 'Shipping'], IN_TRANSIT: [6, /*i18n*/ 'In Transit'], RECEIVED: [7, /*i18n*/ 'Received'], CLOSED: [8, /*i18n*/ 'Closed'],
  CANCELLED: [9, /*i18n*/ 'Cancelled'],
});

export const INBOUND_ORDER_TYPE = defineCodes({
  PURCHASE: [1, /*i18n*/ 'Purchase'], RETURN: [2, /*i18n*/ 'Return'], TRANSFER_INBOUND: [3, /*i18n*/ 'Transfer Inbound'],
});

/**
 * How an inbound exception is settled (spec §3: ids 1–16; the spec names ten of them, the rest and
 * the order of all are ours).
 */
export const INBOUND_HANDLING_DECISION = defineCodes({
  RETURN_TO_SUPPLIER: [1, /*i18n*/ 'Return to Supplier'], INBOUND_TO_CURRENT_ASN: [2, /*i18n*/ 'Inbound to Current ASN'],
  INBOUND_TO_NEW_ASN: [3, /*i18n*/ 'Inbound to New ASN'], RE_SUPPLY: [4, /*i18n*/ 'Re-supply'],
  TRANSFER_TO_AVAILABLE: [5, /*i18n*/ 'Transfer to Available'], DISPOSE: [6, /*i18n*/ 'Dispose'],
  RELABEL_INBOUND: [7, /*i18n*/ 'Relabel and Inbound'], REPACKAGE_INBOUND: [8, /*i18n*/ 'Repackage and Inbound'],
  REJECTED_ALL: [9, /*i18n*/ 'Rejected All'], PASS_GOOD_REJECT_DAMAGE: [10, /*i18n*/ 'Pass Good, Reject Damaged'],
  ACCEPT_AS_DAMAGED: [11, /*i18n*/ 'Accept as Damaged'], ACCEPT_SURPLUS: [12, /*i18n*/ 'Accept Surplus'],
  WRITE_OFF_SHORTAGE: [13, /*i18n*/ 'Write Off Shortage'], CORRECT_SKU_INFORMATION: [14, /*i18n*/ 'Correct SKU Information'],
  HOLD_FOR_INVESTIGATION: [15, /*i18n*/ 'Hold for Investigation'], RETURN_TO_SELLER: [16, /*i18n*/ 'Return to Seller'],
});

/** Where an inbound exception was reported (numbers are ours). */
export const INBOUND_EXCEPTION_SOURCE = defineCodes({
  ARRIVAL: [1, /*i18n*/ 'Arrival'], COUNTING: [2, /*i18n*/ 'Counting'], QC: [3, /*i18n*/ 'QC'],
  RECEIVING: [4, /*i18n*/ 'Receiving'], PUTAWAY: [5, /*i18n*/ 'Putaway'],
});

/** Spec §3: putaway mode standard or mass (numbers are ours). */
export const PUTAWAY_MODE = defineCodes({ STANDARD: [1, /*i18n*/ 'Standard'], MASS: [2, /*i18n*/ 'Mass'] });

/** How a putaway rule picks a cell (numbers are ours). */
export const PUTAWAY_STRATEGY = defineCodes({
  CONSOLIDATE: [1, /*i18n*/ 'Consolidate with Same SKU'], EMPTY_CELL: [2, /*i18n*/ 'Empty Cell First'],
  PICK_SEQUENCE: [3, /*i18n*/ 'By Pick Sequence'],
});

/** A carton or parcel of an inbound shipment, by its tracking id (numbers are ours). */
export const TRACKING_ID_STATUS = defineCodes({
  EXPECTED: [1, /*i18n*/ 'Expected'], ARRIVED: [2, /*i18n*/ 'Arrived'], COUNTED: [3, /*i18n*/ 'Counted'], EXCEPTION: [4, /*i18n*/ 'Exception'],
});

/** What a counting record counted (numbers are ours). */
export const COUNTING_RECORD_KIND = defineCodes({ NORMAL: [1, /*i18n*/ 'Normal'], SURPLUS: [2, /*i18n*/ 'Surplus'], WRONG_SKU: [3, /*i18n*/ 'Wrong SKU'] });

export const QC_RULE_KIND = defineCodes({
  SKU_ATTRIBUTES: [1, /*i18n*/ 'SKU Attributes'], PERCENTAGE_BASED: [2, /*i18n*/ 'Percentage Based'], AQL: [3, /*i18n*/ 'AQL'],
});

// Outbound

/**
 * What an outbound order ships (numbers are ours): one order table and one picking engine serve
 * them all (docs/outbound.md "Order types"); MT and RTS orders carry their own fields beside it.
 */
export const OUTBOUND_ORDER_TYPE = defineCodes({
  SALES: [1, /*i18n*/ 'Sales Order'], MT: [2, /*i18n*/ 'Move Transfer'], RTS: [3, /*i18n*/ 'Return to Supplier'],
});

export const SALES_ORDER_STATUS = defineCodes({
  CREATED: [0, /*i18n*/ 'Created'], CANCEL: [1, /*i18n*/ 'Cancel'], PICKING: [2, /*i18n*/ 'Picking'], PICKED: [3, /*i18n*/ 'Picked'],
  PICK_FAIL: [4, /*i18n*/ 'Pick Fail'], CHECKING: [5, /*i18n*/ 'Checking'], CHECKED: [6, /*i18n*/ 'Checked'],
  SHIPPING: [7, /*i18n*/ 'Shipping'], OUTBOUND: [8, /*i18n*/ 'Outbound'], PENDING_PICK: [9, /*i18n*/ 'Pending Pick'],
  PACKING: [10, /*i18n*/ 'Packing'], PACKED: [11, /*i18n*/ 'Packed'], SORTING: [12, /*i18n*/ 'Sorting'], SORTED: [13, /*i18n*/ 'Sorted'],
});

/**
 * Failed 3 and Assigned 10 occur only in some task families; the one list holds them all. Split 11
 * (ours) is a picking task whose stops went to sub-picking tasks: nobody claims it, its figures are
 * its sub tasks' sum, and it is done when they are (docs/outbound.md "Sub-picking").
 */
export const TASK_STATUS = defineCodes({
  PENDING: [0, /*i18n*/ 'Pending'], ONGOING: [1, /*i18n*/ 'Ongoing'], DONE: [2, /*i18n*/ 'Done'], FAILED: [3, /*i18n*/ 'Failed'],
  CANCEL: [9, /*i18n*/ 'Cancel'], ASSIGNED: [10, /*i18n*/ 'Assigned'], SPLIT: [11, /*i18n*/ 'Split'],
});

export const ORDER_PRIORITY = defineCodes({
  ON_HOLD: [1, /*i18n*/ 'On Hold'], NORMAL: [2, /*i18n*/ 'Normal'], PRIORITY: [3, /*i18n*/ 'Priority'],
});

/** Parcel split states 0–3 (spec §3 gives the range, not the names; ours, docs/outbound.md). */
export const PARCEL_SPLIT = defineCodes({
  NONE: [0, /*i18n*/ 'Not Split'], TO_SPLIT: [1, /*i18n*/ 'To Split'], SPLITTING: [2, /*i18n*/ 'Splitting'], SPLIT: [3, /*i18n*/ 'Split'],
});

/**
 * A parcel's life (numbers are ours): packed at a packing station, on its way out in a handover
 * (loaded, the handover not closed), shipped (handed to the carrier), intercepted (its order
 * cancelled after packing), replaced (a new tracking id took its place).
 */
export const PARCEL_STATUS = defineCodes({
  PACKED: [1, /*i18n*/ 'Packed'], SHIPPING: [2, /*i18n*/ 'Shipping'], SHIPPED: [3, /*i18n*/ 'Shipped'],
  INTERCEPTED: [4, /*i18n*/ 'Intercepted'], REPLACED: [5, /*i18n*/ 'Replaced'],
});

/**
 * A shipping handover (numbers are ours, docs/outbound.md "Shipping"): loading at the dock (parcels
 * scanned onto it), shipped (closed: handed to the carrier's driver).
 */
export const HANDOVER_STATUS = defineCodes({ LOADING: [1, /*i18n*/ 'Loading'], SHIPPED: [2, /*i18n*/ 'Shipped'] });

/** An MT box or pallet (ours, docs/outbound.md "MT checking, packing and shipping"): being filled, closed (ready to load or ship), shipped. */
export const MT_PACK_STATUS = defineCodes({ PACKING: [1, /*i18n*/ 'Packing'], PACKED: [2, /*i18n*/ 'Packed'], SHIPPED: [3, /*i18n*/ 'Shipped'] });

/** What an MT shipment loads (ours): closed pallets, or closed boxes that are on no pallet. */
export const MT_SHIP_BY = defineCodes({ PALLET: [1, /*i18n*/ 'By Pallet'], BOX: [2, /*i18n*/ 'By Box'] });

/**
 * The stage of a sorting task (ours): Pre-sorting splits a batch container at a pre-sorting station
 * into one tote a put wall; Put Wall sorts a container (or a pre-sorted tote) into one slot an order.
 */
export const SORTING_STAGE = defineCodes({ PRE_SORTING: [1, /*i18n*/ 'Pre-sorting'], PUT_WALL: [2, /*i18n*/ 'Put Wall'] });

/** How a handover's parcels go (numbers are ours): one by one to the courier, or grouped on a pallet or in a bag (group shipping). */
export const HANDOVER_KIND = defineCodes({
  COURIER: [1, /*i18n*/ 'By Courier'], PALLET: [2, /*i18n*/ 'Pallet'], BAG: [3, /*i18n*/ 'Bag'],
  /** A same-day rider's pickup (GrabExpress, GoSend, Lalamove): instant delivery's delivery task, no dock. */
  RIDER: [4, /*i18n*/ 'Instant Rider'],
});

/** A handover kind that carries a group (a pallet or a bag, under its code). */
export const isGroupHandover = (kind: number): boolean => kind === HANDOVER_KIND.values.PALLET || kind === HANDOVER_KIND.values.BAG;

/** Where a sales order came from (numbers are ours). */
export const SALES_ORDER_SOURCE = defineCodes({
  SCREEN: [1, /*i18n*/ 'Created on Screen'], IMPORT: [2, /*i18n*/ 'Imported'], ORDER_SYSTEM: [3, /*i18n*/ 'Order System'],
});

/** Spec §3 picking types (numbers are ours): pick to order, pick to wave (batch picking), sorting while picking. */
export const PICKING_TYPE = defineCodes({
  PICK_TO_ORDER: [1, /*i18n*/ 'Pick to Order'], PICK_TO_WAVE: [2, /*i18n*/ 'Pick to Wave'],
  SORTING_WHILE_PICKING: [3, /*i18n*/ 'Sorting while Picking'],
});

/** Which orders an auto wave rule takes by their lines (numbers are ours): any, single-item (one SKU line), multi-item (several). */
export const ORDER_ITEM_KIND = defineCodes({ ANY: [0, /*i18n*/ 'Any Order'], SINGLE_ITEM: [1, /*i18n*/ 'Single-item'], MULTI_ITEM: [2, /*i18n*/ 'Multi-item'] });

/** How a grouping rule orders the orders inside a group before cutting waves (numbers are ours). */
export const WAVE_ORDER_SORT = defineCodes({
  PRIORITY_FIRST: [1, /*i18n*/ 'Priority, then Cut-off, then Age'], CUTOFF_FIRST: [2, /*i18n*/ 'Cut-off, then Priority, then Age'],
  OLDEST_FIRST: [3, /*i18n*/ 'Oldest First'],
});

/** Why a wave plan holds an order back from this run (numbers are ours; docs/outbound.md "Wave plan"). */
export const WAVE_HELD_REASON = defineCodes({
  ON_HOLD: [1, /*i18n*/ 'On Hold'], TOO_LARGE: [2, /*i18n*/ 'Larger than a Whole Wave'], BELOW_MINIMUM: [3, /*i18n*/ 'Below the Minimum'],
  RUN_LIMIT: [4, /*i18n*/ 'Beyond This Run\'s Waves'], NO_WAVE_RULE: [5, /*i18n*/ 'No Wave Rule Takes It'],
});

/** A picking task picks a wave's units, a reverse picking task puts a cancelled order's back (numbers are ours). */
export const PICKING_TASK_KIND = defineCodes({ PICKING: [1, /*i18n*/ 'Picking'], REVERSE_PICKING: [2, /*i18n*/ 'Reverse Picking'] });

/** How a picking task was split into sub-picking tasks (numbers are ours): into a number of pickers, or by units per sub task. */
export const SUB_PICKING_SPLIT_BY = defineCodes({ PICKERS: [1, /*i18n*/ 'Pickers'], UNITS: [2, /*i18n*/ 'Units per Sub-task'] });

/** Why a picker could not pick what the task asked at a location (numbers are ours). */
export const SHORT_PICK_REASON = defineCodes({
  LOCATION_EMPTY: [1, /*i18n*/ 'Location Empty'], DAMAGED: [2, /*i18n*/ 'Damaged'], NOT_ENOUGH: [3, /*i18n*/ 'Not Enough'],
});

/**
 * Outbound exceptions (Exception Center › ob-troubleshoot-task; docs/outbound.md "Outbound
 * exceptions"), numbers ours: a short pick, a wrong or extra unit refused at checking, a damaged
 * unit reported, an order intercepted (cancelled after checking).
 */
export const OB_EXCEPTION_TYPE = defineCodes({
  SHORT_PICK: [1, /*i18n*/ 'Short Pick'], WRONG_ITEM: [2, /*i18n*/ 'Wrong Item'], DAMAGED: [3, /*i18n*/ 'Damaged Unit'], INTERCEPT: [4, /*i18n*/ 'Intercept'],
});

export const OB_EXCEPTION_STATUS = defineCodes({ PENDING: [1, /*i18n*/ 'Pending'], HANDLED: [2, /*i18n*/ 'Handled'] });

/** What a supervisor decided about an outbound exception; each type takes its own (OB_EXCEPTION_DECISIONS). */
export const OB_EXCEPTION_DECISION = defineCodes({
  STOCK_FOUND: [1, /*i18n*/ 'Counted: Stock Found'], NO_STOCK: [2, /*i18n*/ 'Counted: No Stock'],
  RETURNED_TO_CELL: [3, /*i18n*/ 'Returned to Its Cell'], RECORDED_AS_FOUND: [4, /*i18n*/ 'Recorded as Found'],
  MOVED_TO_DAMAGED: [5, /*i18n*/ 'Moved to Damaged'], NOT_DAMAGED: [6, /*i18n*/ 'Not Damaged'],
  UNITS_RETURNED: [7, /*i18n*/ 'Units Returned'],
});

/** The decisions each outbound exception type takes. */
export const OB_EXCEPTION_DECISIONS: Readonly<Record<number, readonly number[]>> = {
  [OB_EXCEPTION_TYPE.values.SHORT_PICK]: [OB_EXCEPTION_DECISION.values.STOCK_FOUND, OB_EXCEPTION_DECISION.values.NO_STOCK],
  [OB_EXCEPTION_TYPE.values.WRONG_ITEM]: [OB_EXCEPTION_DECISION.values.RETURNED_TO_CELL, OB_EXCEPTION_DECISION.values.RECORDED_AS_FOUND],
  [OB_EXCEPTION_TYPE.values.DAMAGED]: [OB_EXCEPTION_DECISION.values.MOVED_TO_DAMAGED, OB_EXCEPTION_DECISION.values.NOT_DAMAGED],
  [OB_EXCEPTION_TYPE.values.INTERCEPT]: [OB_EXCEPTION_DECISION.values.UNITS_RETURNED],
};

export const CHECKING_STATION_MODE = defineCodes({
  CHECKING: [0, /*i18n*/ 'Checking'], SORT_WHILE_CHECKING: [1, /*i18n*/ 'Sort while Checking'],
  MASS_CHECKING: [2, /*i18n*/ 'Mass Checking'],
});

/** Why a checking station refused a scan (numbers are ours): each refusal is recorded for the exception center. */
export const CHECKING_REFUSAL_REASON = defineCodes({
  UNKNOWN_ITEM: [1, /*i18n*/ 'Unknown Item'], NOT_IN_ORDER: [2, /*i18n*/ 'Not in the Order'], EXTRA_UNIT: [3, /*i18n*/ 'Extra Unit'],
  WRONG_PACKAGING: [4, /*i18n*/ 'Wrong Packaging'], WEIGHT_OUT_OF_TOLERANCE: [5, /*i18n*/ 'Weight out of Tolerance'],
});

// Return to seller

export const RTS_STATUS = defineCodes({
  PENDING: [10, /*i18n*/ 'Pending'], APPROVED: [20, /*i18n*/ 'Approved'], REJECTED: [30, /*i18n*/ 'Rejected'],
  ALLOCATED: [40, /*i18n*/ 'Allocated'], SHIPPING: [100, /*i18n*/ 'Shipping'], CANCEL: [120, /*i18n*/ 'Cancel'],
  OUTBOUNDING: [130, /*i18n*/ 'Outbounding'], IN_TRANSIT: [140, /*i18n*/ 'In Transit'], INBOUNDING: [150, /*i18n*/ 'Inbounding'],
  DONE: [160, /*i18n*/ 'Done'],
});

export const RTS_TYPE = defineCodes({
  REAL_RTS: [20, /*i18n*/ 'Real RTS'], VIRTUAL_RTS_WITH_REINBOUND: [30, /*i18n*/ 'Virtual RTS with Re-inbound'],
  REPLACEMENT: [50, /*i18n*/ 'Replacement'],
});

/** String codes. The spec gives no wording for VR-IB1/2/3, so their labels are the codes. */
export const RTS_REASON = defineCodes({
  R1: ['R1', /*i18n*/ 'Supplier Request'], R2: ['R2', /*i18n*/ 'Aging'], R3: ['R3', /*i18n*/ 'Manufacturing Defective'],
  R4: ['R4', /*i18n*/ 'Expired'], R5: ['R5', /*i18n*/ 'Buyer Return'], R6: ['R6', /*i18n*/ 'Others'],
  VR_IB1: ['VR-IB1', /*i18n*/ 'VR-IB1'], VR_IB2: ['VR-IB2', /*i18n*/ 'VR-IB2'], VR_IB3: ['VR-IB3', /*i18n*/ 'VR-IB3'],
  R7: ['R7', /*i18n*/ 'Expiring'], R8: ['R8', /*i18n*/ 'Seller Request'], R9: ['R9', /*i18n*/ 'Damaged/Expiry'],
  RP1: ['RP1', /*i18n*/ 'Damaged Items'],
});

/**
 * What becomes of the units an RTS order returns (spec §3 "removal disposal"; the numbers are ours):
 * the supplier picks them up, they go back during an inbound, they are sent back, or thrown away.
 */
export const RTS_REMOVAL_DISPOSAL = defineCodes({
  PICKED_UP_BY_SUPPLIER: [1, /*i18n*/ 'Picked Up by Supplier'], DURING_INBOUND: [2, /*i18n*/ 'During Inbound'],
  SENT_BACK: [3, /*i18n*/ 'Sent Back'], THROW_AWAY: [4, /*i18n*/ 'Throw Away'],
});

// Return inbound

export const RETURN_INBOUND_CONDITION = defineCodes({
  GOOD: [1, /*i18n*/ 'Good'], DAMAGE: [2, /*i18n*/ 'Damage'], ABNORMAL: [3, /*i18n*/ 'Abnormal'],
});

/** The reasons the spec names; it lists more without their codes ("etc."), added here as screens need them. */
export const RETURN_INBOUND_REASON = defineCodes({
  DID_NOT_RECEIVE_ORDER: [1, /*i18n*/ 'Did not receive order'], DAMAGE: [3, /*i18n*/ 'Damage'],
  CHANGE_OF_MIND: [102, /*i18n*/ 'Change of mind'], INCOMPLETE_PRODUCT: [103, /*i18n*/ 'Incomplete product'],
  WRONG_PRODUCT: [104, /*i18n*/ 'Wrong product'], FAULTY: [107, /*i18n*/ 'Faulty'],
});

/** Where a return order came from (numbers ours). */
export const RETURN_ORDER_SOURCE = defineCodes({ ORDER_SYSTEM: [1, /*i18n*/ 'Order System'], SCREEN: [2, /*i18n*/ 'Screen'] });

/** Why a returned parcel is in dispute (numbers ours): it matches no return, or its contents do not. */
export const RETURN_DISPUTE_KIND = defineCodes({ UNKNOWN_PARCEL: [1, /*i18n*/ 'Unknown Parcel'], WRONG_ITEM: [2, /*i18n*/ 'Wrong Item'] });

/** A dispute's state (numbers ours): open until matched to a return or sent back to the buyer. */
export const RETURN_DISPUTE_STATUS = defineCodes({
  OPEN: [1, /*i18n*/ 'Open'], MATCHED: [2, /*i18n*/ 'Matched to a Return'], RETURNED_TO_BUYER: [3, /*i18n*/ 'Returned to Buyer'],
});

/** The spec is unsure which number goes with which outcome: numbered 1–6 in the order it lists them. */
export const RETURN_INBOUND_RESULT = defineCodes({
  THREE_PL_CLAIMED: [1, /*i18n*/ '3PL Claimed'], REINBOUND_TO_WAREHOUSE: [2, /*i18n*/ 'Re-inbound to Warehouse'],
  RETURN_TO_SELLER: [3, /*i18n*/ 'Return to Seller'], CLAIM_FAILED: [4, /*i18n*/ 'Claim Failed'],
  REPLACEMENT: [5, /*i18n*/ 'Replacement'], REJECTED_RETURN_TO_BUYER: [6, /*i18n*/ 'Rejected, Return to Buyer'],
});

/**
 * Where a returned unit goes, as judged at return QC (numbers ours): the spec's result outcomes are
 * what became of it in the end; liquidation is a way on as well.
 */
export const RETURN_JUDGEMENT = defineCodes({
  REINBOUND: [1, /*i18n*/ 'Re-inbound'], RETURN_TO_SELLER: [2, /*i18n*/ 'Return to Seller'], THREE_PL_CLAIM: [3, /*i18n*/ '3PL Claim'],
  LIQUIDATION: [4, /*i18n*/ 'Liquidation'], REPLACEMENT: [5, /*i18n*/ 'Replacement'], RETURN_TO_BUYER: [6, /*i18n*/ 'Return to Buyer'],
});

// Cycle count

export const CYCLE_COUNT_ORDER_TYPE = defineCodes({ EXPRESS: [1, /*i18n*/ 'Express'], FULL: [2, /*i18n*/ 'Full'] });

export const CYCLE_COUNT_SCOPE = defineCodes({
  ALL_ACTIVE_LOCATIONS: [0, /*i18n*/ 'All Active Locations'], HIGH_VALUE_ONLY: [1, /*i18n*/ 'Only High Value'],
  CUSTOMIZED: [2, /*i18n*/ 'Customized'],
});

export const CYCLE_COUNT_SOURCE = defineCodes({
  MANUAL: [1, /*i18n*/ 'Manual'], OB_TROUBLESHOOT: [2, /*i18n*/ 'OB Troubleshoot'], DAILY: [3, /*i18n*/ 'Daily'],
  FULL_STOCK_COUNT: [4, /*i18n*/ 'Full Stock Count'],
});

export const CYCLE_COUNT_STATUS = defineCodes({
  PENDING: [1, /*i18n*/ 'Pending'], ONGOING: [2, /*i18n*/ 'Ongoing'], CANCEL: [3, /*i18n*/ 'Cancel'], DONE: [4, /*i18n*/ 'Done'],
});

export const CYCLE_COUNT_RESULT = defineCodes({
  NORMAL: [0, /*i18n*/ 'Normal'], SURPLUS: [1, /*i18n*/ 'Surplus'], MISSING: [2, /*i18n*/ 'Missing'],
});

export const CYCLE_COUNT_KIND = defineCodes({ SKU: [1, /*i18n*/ 'SKU'], LOCATION: [2, /*i18n*/ 'Location'], MOVEMENT: [3, /*i18n*/ 'Movement'] });

export const CYCLE_COUNT_CREATION_STATUS = defineCodes({
  INITIAL: [0, /*i18n*/ 'Initial'], COMPLETING: [1, /*i18n*/ 'Completing'], SUCCESS: [2, /*i18n*/ 'Success'], FAIL: [3, /*i18n*/ 'Fail'],
});


/** Ours: a difference order — waiting for approval, approved into an adjustment, superseded by another count round, rejected (the book stands). */
export const CC_DIFF_STATUS = defineCodes({
  PENDING: [1, /*i18n*/ 'Pending Approval'], APPROVED: [2, /*i18n*/ 'Approved'], RECOUNTING: [3, /*i18n*/ 'Recounting'], REJECTED: [4, /*i18n*/ 'Rejected'],
});

/** Ours: how the cycle count task rule splits a zone's locations into tasks. */
export const CC_TASK_SPLIT = defineCodes({ ZONE: [1, /*i18n*/ 'By Zone'], PATHWAY: [2, /*i18n*/ 'By Pathway'] });

// Inventory

/** 7 and 11–20 are unused in the spec. */
export const INVENTORY_ADJUSTMENT_STATUS = defineCodes({
  CREATED: [1, /*i18n*/ 'Created'], PENDING: [2, /*i18n*/ 'Pending'], PMS_APPROVING: [3, /*i18n*/ 'PMS Approving'],
  APPROVED: [4, /*i18n*/ 'Approved'], REJECTED: [5, /*i18n*/ 'Rejected'], ADJUSTING: [6, /*i18n*/ 'Adjusting'], DONE: [8, /*i18n*/ 'Done'],
  CANCEL: [9, /*i18n*/ 'Cancel'], FAIL: [10, /*i18n*/ 'Fail'], LOCKED: [21, /*i18n*/ 'Locked'],
});

export const INVENTORY_ADJUSTMENT_DIRECTION = defineCodes({ DEDUCTION: [1, /*i18n*/ 'Deduction'], ADDITION: [2, /*i18n*/ 'Addition'] });

/** The spec names reasons 6–9 only. */
export const INVENTORY_ADJUSTMENT_REASON = defineCodes({
  OUTBOUND_WRONG_ITEM: [6, /*i18n*/ 'Outbound Wrong Item'], INBOUND_EXCESS_QTY: [7, /*i18n*/ 'Inbound Excess Qty'],
  RECOVER_WRONGLY_ADJUSTED_QTY: [8, /*i18n*/ 'Recover Wrongly Adjusted SKU Qty'], UNIDENTIFIED: [9, /*i18n*/ 'Unidentified'],
});

export const RACK_TRANSFER_TYPE = defineCodes({ ONE_STEP: [1, /*i18n*/ 'One-step'], TWO_STEP: [2, /*i18n*/ 'Two-step'] });

/** The two-step picking/putaway sub-statuses have no codes in the spec. */
export const RACK_TRANSFER_STATUS = defineCodes({
  CREATED: [1, /*i18n*/ 'Created'], PENDING: [2, /*i18n*/ 'Pending'], LOCKED: [3, /*i18n*/ 'Locked'], ONGOING: [4, /*i18n*/ 'Ongoing'],
  DONE: [5, /*i18n*/ 'Done'], CANCEL: [6, /*i18n*/ 'Cancel'], INCOMPLETE: [7, /*i18n*/ 'Incomplete'],
});

export const INVENTORY_TRANSACTION_DIRECTION = defineCodes({ DEBIT: [1, /*i18n*/ 'Debit'], CREDIT: [2, /*i18n*/ 'Credit'] });

export const INVENTORY_TRANSACTION_TYPE = defineCodes({
  PUT_AWAY: [1, /*i18n*/ 'Put Away'], SHIP_ORDER: [2, /*i18n*/ 'Ship Order'], RACK_TRANSFER: [3, /*i18n*/ 'Rack Transfer'],
  RETURN_TO_SUPPLIER: [4, /*i18n*/ 'Return to Supplier'], OVERAGE: [5, /*i18n*/ 'Overage'], SHORTAGE: [6, /*i18n*/ 'Shortage'],
  RECEIVED: [7, /*i18n*/ 'Received'], PICKING: [8, /*i18n*/ 'Picking'], REVERSE: [9, /*i18n*/ 'Reverse'],
  ADJUST_DECREASE: [12, /*i18n*/ 'Adjust Decrease'], ADJUST_INCREASE: [13, /*i18n*/ 'Adjust Increase'],
  BATCH_TRANSFER: [15, /*i18n*/ 'Batch Transfer'], MOVE_INBOUND: [20, /*i18n*/ 'Move Inbound'],
  MOVE_OUTBOUND: [21, /*i18n*/ 'Move Outbound'], RE_RECEIVED: [22, /*i18n*/ 'Re-received'],
});

export const LOCATION_INVENTORY_KIND = defineCodes({
  ONHAND: [0, /*i18n*/ 'On Hand'], LOCKED: [1, /*i18n*/ 'Locked'], PRE_PICK: [2, /*i18n*/ 'Pre-pick'], AVAILABLE: [3, /*i18n*/ 'Available'],
});

/** Numbers are ours (spec: good/damaged), matching the return inbound condition codes. */
export const QUALITY = defineCodes({ GOOD: [1, /*i18n*/ 'Good'], DAMAGED: [2, /*i18n*/ 'Damaged'] });

/** Numbers are ours (spec: normal/expiring/expired). */
export const EXPIRY_STATE = defineCodes({ NORMAL: [1, /*i18n*/ 'Normal'], EXPIRING: [2, /*i18n*/ 'Expiring'], EXPIRED: [3, /*i18n*/ 'Expired'] });

/**
 * Which kind of location holds a stock balance (numbers are ours): a cell, or a staging location
 * of one of the three Storage Area Setting staging tabs. Zone and pathway come from the cell.
 */
export const STOCK_LOCATION_TYPE = defineCodes({
  CELL: [1, /*i18n*/ 'Cell'], INBOUND_STAGING: [2, /*i18n*/ 'Inbound Staging Location'],
  OUTBOUND_STAGING: [3, /*i18n*/ 'Outbound Staging Location'], RT_STAGING: [4, /*i18n*/ 'RT Staging Location'],
  /** A pick cart, basket, box or pallet holding picked units (outbound containers). */
  CONTAINER: [5, /*i18n*/ 'Container'],
  /** A checked sales order: its units, out of their containers, until they ship (the location code is the order number). */
  OUTBOUND_ORDER: [6, /*i18n*/ 'Checked Order'],
});

/** What an inventory transaction or block answers to (string codes, ours); each later module adds its document. */
export const INVENTORY_REF_TYPE = defineCodes({
  OPENING_BALANCE: ['OPENING_BALANCE', /*i18n*/ 'Opening Balance'], ASN: ['ASN', /*i18n*/ 'ASN'],
  PUTAWAY_TASK: ['PUTAWAY_TASK', /*i18n*/ 'Putaway Task'], SALES_ORDER: ['SALES_ORDER', /*i18n*/ 'Sales Order'],
  PICKING_TASK: ['PICKING_TASK', /*i18n*/ 'Picking Task'], RACK_TRANSFER: ['RACK_TRANSFER', /*i18n*/ 'Rack Transfer'],
  ADJUSTMENT: ['ADJUSTMENT', /*i18n*/ 'Inventory Adjustment'], CYCLE_COUNT: ['CYCLE_COUNT', /*i18n*/ 'Cycle Count'],
  INBOUND_EXCEPTION: ['INBOUND_EXCEPTION', /*i18n*/ 'Inbound Exception'], BLOCK: ['BLOCK', /*i18n*/ 'Stock Block'],
  /** A labelling, bundling or repackaging task holds the units it reworks. */
  VAS_TASK: ['VAS_TASK', /*i18n*/ 'VAS Task'],
  /** A blocked location holds its stock: the block log names the location as the document. */
  LOCATION_BLOCK: ['LOCATION_BLOCK', /*i18n*/ 'Location Block'],
  /** Reverse picking puts a cancelled order's picked units back. */
  REVERSE_PICKING_TASK: ['REVERSE_PICKING_TASK', /*i18n*/ 'Reverse Picking Task'],
  /** Checking moves an order's units out of their containers. */
  CHECKING_TASK: ['CHECKING_TASK', /*i18n*/ 'Checking Task'],
  /** An outbound exception's decision: a short pick counted, a damaged unit regraded. */
  OUTBOUND_EXCEPTION: ['OUTBOUND_EXCEPTION', /*i18n*/ 'Outbound Exception'],
  /** A shipping handover takes packed orders' units out of the warehouse (ship order 2). */
  SHIPPING: ['SHIPPING', /*i18n*/ 'Shipping Handover'],
  /** Sorting moves units from a batch container into their orders' put wall slots. */
  SORTING_TASK: ['SORTING_TASK', /*i18n*/ 'Sorting Task'],
  /** A move transfer's transit shipment: its units leave the source (move outbound 21) and reach the destination (move inbound 20). */
  TRANSIT_SHIPMENT: ['TRANSIT_SHIPMENT', /*i18n*/ 'Transit Shipment'],
  /** An RTS shipment takes an RTS order's picked units back to their supplier (return to supplier 4). */
  RTS_SHIPMENT: ['RTS_SHIPMENT', /*i18n*/ 'RTS Shipment'],
});

/** Block (lock) and unblock of stock, as the block/unblock logs show them (numbers are ours). */
export const INVENTORY_LOCK_ACTION = defineCodes({ BLOCK: [1, /*i18n*/ 'Block'], UNBLOCK: [2, /*i18n*/ 'Unblock'] });

// Consumables and SKUs

export const CONSUMABLE_TYPE = defineCodes({
  PACKING_BOX: [1, /*i18n*/ 'Packing Box'], POUCH: [2, /*i18n*/ 'Pouch'], STATIONERIES: [3, /*i18n*/ 'Stationeries'],
  FILLERS: [4, /*i18n*/ 'Fillers'], STRETCH_FILMS: [5, /*i18n*/ 'Stretch Films'], OTHERS: [6, /*i18n*/ 'Others'],
});

export const CONSUMABLE_STATUS = defineCodes({
  NORMAL: [0, /*i18n*/ 'Normal'], USING: [1, /*i18n*/ 'Using'], USED: [2, /*i18n*/ 'Used'], DAMAGED: [9, /*i18n*/ 'Damaged'],
});

/** Consumable stock transactions: into the balance (receipts, parcels reopened) or out of it (numbers are ours). */
export const CONSUMABLE_TXN_DIRECTION = defineCodes({ IN: [1, /*i18n*/ 'In'], OUT: [2, /*i18n*/ 'Out'] });

/** The document a consumable stock transaction answers to (numbers are ours). */
export const CONSUMABLE_REF_TYPE = defineCodes({
  INBOUND: [1, /*i18n*/ 'Consumables Inbound'], PACKING: [2, /*i18n*/ 'Packing'], PARCEL_CANCELLED: [3, /*i18n*/ 'Parcel Cancelled'],
  MANUAL_REMOVAL: [4, /*i18n*/ 'Manual Removal'], STOCK_TAKE: [5, /*i18n*/ 'Stock Take'],
});

/** How a weight band's tolerance is given: in grams or in percent of the expected weight (numbers are ours). */
export const WEIGHT_TOLERANCE_UNIT = defineCodes({ GRAMS: [1, /*i18n*/ 'Grams'], PERCENT: [2, /*i18n*/ 'Percent'] });

/** A consumable's stock against its low-stock threshold (derived on the list; numbers are ours). */
export const CONSUMABLE_STOCK_STATUS = defineCodes({ IN_STOCK: [1, /*i18n*/ 'In Stock'], LOW: [2, /*i18n*/ 'Low Stock'], EMPTY: [3, /*i18n*/ 'No Stock'] });

export const SKU_SELLING_TYPE = defineCodes({ CARTON: [1, /*i18n*/ 'Carton'], PCS: [2, /*i18n*/ 'Pcs'], PACK: [3, /*i18n*/ 'Pack'] });

/** Spec §3 SKU units; string codes (numbers not shown). */
export const SKU_UNIT = defineCodes({
  PCS: ['pcs', /*i18n*/ 'pcs'], BOXES: ['boxes', /*i18n*/ 'boxes'], ROLLS: ['rolls', /*i18n*/ 'rolls'], PACKS: ['packs', /*i18n*/ 'packs'],
  DRUMS: ['drums', /*i18n*/ 'drums'], UNITS: ['units', /*i18n*/ 'units'], SETS: ['sets', /*i18n*/ 'sets'],
});

/** Spec §3 sale status; numbers are ours. */
export const SKU_SALE_STATUS = defineCodes({
  AVAILABLE: [1, /*i18n*/ 'Available'], OUT_OF_STOCK: [2, /*i18n*/ 'Out of Stock'], DISCONTINUED: [3, /*i18n*/ 'Discontinued'],
  DO_NOT_ORDER: [4, /*i18n*/ 'Do Not Order'], PRE_SALE: [5, /*i18n*/ 'Pre-sale'], OVERSTOCK: [6, /*i18n*/ 'Overstock'],
  CATEGORY_MANAGED: [7, /*i18n*/ 'Category Managed'],
});

export const SALES_TYPE = defineCodes({ FLASH: [1, /*i18n*/ 'Flash'], CAMPAIGN: [2, /*i18n*/ 'Campaign'], ORGANIC: [3, /*i18n*/ 'Organic'] });

// Reports and settings

/** The variant "running/killed/success/fail -1" of some exports is not used here. */
export const EXPORT_TASK_STATUS = defineCodes({
  PENDING: [0, /*i18n*/ 'Pending'], ONGOING: [1, /*i18n*/ 'Ongoing'], DONE: [2, /*i18n*/ 'Done'], FAIL: [3, /*i18n*/ 'Fail'],
});

/** The report types the spec names; each new export adds its own. */
export const EXPORT_REPORT_TYPE = defineCodes({
  INVENTORY_ADJUSTMENT: [404, /*i18n*/ 'Inventory Adjustment'], CYCLE_COUNT_ORDER: [405, /*i18n*/ 'Cycle Count Order'],
  PICKING_TASK: [702, /*i18n*/ 'Picking Task'], CHECKING_TASK: [704, /*i18n*/ 'Checking Task'], STAFF_LIST: [1001, /*i18n*/ 'Staff List'],
});

export const SOUND_TYPE = defineCodes({ OPEN: [1, /*i18n*/ 'Open'], CLOSE: [2, /*i18n*/ 'Close'] });

export const DEVICE_PLATFORM = defineCodes({ PC: [1, /*i18n*/ 'PC'], PDA: [2, /*i18n*/ 'PDA'] });

export const QUOTA_MODE = defineCodes({ SEPARATED: [0, /*i18n*/ 'Separated'], INTEGRATED: [1, /*i18n*/ 'Integrated'] });

/** String codes: the format pattern itself. */
export const DATE_FORMAT = defineCodes({
  DMY: ['DD/MM/YYYY', /*i18n*/ 'DD/MM/YYYY'], MDY: ['MM/DD/YYYY', /*i18n*/ 'MM/DD/YYYY'], YMD: ['YYYY/MM/DD', /*i18n*/ 'YYYY/MM/DD'],
});

// WMS Basic entities (numbers are ours: the spec does not show them)

/** Active 1 / inactive 2: suppliers, merchants, shops and shop groups. */
export const ACTIVE_STATUS = defineCodes({ ACTIVE: [1, /*i18n*/ 'Active'], INACTIVE: [2, /*i18n*/ 'Inactive'] });

export const MERCHANT_TYPE = defineCodes({ LOCAL: [1, /*i18n*/ 'Local'], CROSS_BORDER: [2, /*i18n*/ 'Cross-border'] });

export const SHOP_TYPE = defineCodes({
  OFFICIAL: [1, /*i18n*/ 'Official Store'], PREFERRED: [2, /*i18n*/ 'Preferred Seller'], REGULAR: [3, /*i18n*/ 'Regular Seller'],
});

export const DOCK_TYPE = defineCodes({ INBOUND: [1, /*i18n*/ 'Inbound'], OUTBOUND: [2, /*i18n*/ 'Outbound'], BOTH: [3, /*i18n*/ 'Inbound & Outbound'] });

export const DOCK_STATUS = defineCodes({ AVAILABLE: [1, /*i18n*/ 'Available'], OCCUPIED: [2, /*i18n*/ 'Occupied'], DISABLED: [3, /*i18n*/ 'Disabled'] });

/** Station types of spec §3, numbered from 1 in the order the spec lists them. */
export const STATION_TYPE = defineCodes({
  CHECKING: [1, /*i18n*/ 'Checking'], PACKING: [2, /*i18n*/ 'Packing'], SORTING: [3, /*i18n*/ 'Sorting'],
  MERGE_LANE: [4, /*i18n*/ 'Merge Lane'], PRE_SORTING: [5, /*i18n*/ 'Pre-sorting'], BOXING: [6, /*i18n*/ 'Boxing'],
  QC: [7, /*i18n*/ 'QC'],
});

export const STATION_STATUS = defineCodes({ ENABLED: [1, /*i18n*/ 'Enabled'], DISABLED: [2, /*i18n*/ 'Disabled'] });

/** Where an account comes from: the warehouse's own staff, a BPO agency, or synced from the business-user system. */
export const USER_KIND = defineCodes({ OWN: [1, /*i18n*/ 'Own'], BPO: [2, /*i18n*/ 'BPO'], SYNCED: [3, /*i18n*/ 'Synced'] });

/**
 * Every list by snake_case name. The domain enums endpoint answers
 * `{ [name]: [{ value, name: englishLabel }] }` from it.
 */
export const DOMAIN_ENUMS: Readonly<Record<string, CodeList>> = {
  yes_no: YES_NO,
  abc_class: ABC_CLASS,
  temperature_zone: TEMPERATURE_ZONE,
  location_status: LOCATION_STATUS,
  location_type: LOCATION_TYPE,
  cell_occupancy: CELL_OCCUPANCY,
  rack_type: RACK_TYPE,
  storage_area: STORAGE_AREA,
  container_type: CONTAINER_TYPE,
  staff_status: STAFF_STATUS,
  staff_employment: STAFF_EMPLOYMENT,
  labour_activity_class: LABOUR_ACTIVITY_CLASS,
  purchase_type: PURCHASE_TYPE,
  inbound_status: INBOUND_STATUS,
  arrival_timeliness: ARRIVAL_TIMELINESS,
  asn_source: ASN_SOURCE,
  inbound_exception_status: INBOUND_EXCEPTION_STATUS,
  inbound_exception_type: INBOUND_EXCEPTION_TYPE,
  inbound_exception_reason: INBOUND_EXCEPTION_REASON,
  inbound_task_kind: INBOUND_TASK_KIND,
  inbound_order_type: INBOUND_ORDER_TYPE,
  inbound_handling_decision: INBOUND_HANDLING_DECISION,
  inbound_exception_source: INBOUND_EXCEPTION_SOURCE,
  putaway_mode: PUTAWAY_MODE,
  putaway_strategy: PUTAWAY_STRATEGY,
  tracking_id_status: TRACKING_ID_STATUS,
  counting_record_kind: COUNTING_RECORD_KIND,
  qc_rule_kind: QC_RULE_KIND,
  outbound_order_type: OUTBOUND_ORDER_TYPE,
  sales_order_status: SALES_ORDER_STATUS,
  task_status: TASK_STATUS,
  order_priority: ORDER_PRIORITY,
  parcel_split: PARCEL_SPLIT,
  sales_order_source: SALES_ORDER_SOURCE,
  picking_type: PICKING_TYPE,
  picking_task_kind: PICKING_TASK_KIND,
  sub_picking_split_by: SUB_PICKING_SPLIT_BY,
  short_pick_reason: SHORT_PICK_REASON,
  ob_exception_type: OB_EXCEPTION_TYPE,
  ob_exception_status: OB_EXCEPTION_STATUS,
  ob_exception_decision: OB_EXCEPTION_DECISION,
  checking_station_mode: CHECKING_STATION_MODE,
  rts_status: RTS_STATUS,
  rts_type: RTS_TYPE,
  rts_reason: RTS_REASON,
  rts_removal_disposal: RTS_REMOVAL_DISPOSAL,
  return_inbound_condition: RETURN_INBOUND_CONDITION,
  return_inbound_reason: RETURN_INBOUND_REASON,
  return_inbound_result: RETURN_INBOUND_RESULT,
  return_judgement: RETURN_JUDGEMENT,
  return_order_source: RETURN_ORDER_SOURCE,
  return_dispute_kind: RETURN_DISPUTE_KIND,
  return_dispute_status: RETURN_DISPUTE_STATUS,
  cycle_count_order_type: CYCLE_COUNT_ORDER_TYPE,
  cycle_count_scope: CYCLE_COUNT_SCOPE,
  cycle_count_source: CYCLE_COUNT_SOURCE,
  cycle_count_status: CYCLE_COUNT_STATUS,
  cycle_count_result: CYCLE_COUNT_RESULT,
  cycle_count_kind: CYCLE_COUNT_KIND,
  cycle_count_creation_status: CYCLE_COUNT_CREATION_STATUS,
  cc_diff_status: CC_DIFF_STATUS,
  cc_task_split: CC_TASK_SPLIT,
  inventory_adjustment_status: INVENTORY_ADJUSTMENT_STATUS,
  inventory_adjustment_direction: INVENTORY_ADJUSTMENT_DIRECTION,
  inventory_adjustment_reason: INVENTORY_ADJUSTMENT_REASON,
  rack_transfer_type: RACK_TRANSFER_TYPE,
  rack_transfer_status: RACK_TRANSFER_STATUS,
  inventory_transaction_direction: INVENTORY_TRANSACTION_DIRECTION,
  inventory_transaction_type: INVENTORY_TRANSACTION_TYPE,
  location_inventory_kind: LOCATION_INVENTORY_KIND,
  quality: QUALITY,
  expiry_state: EXPIRY_STATE,
  stock_location_type: STOCK_LOCATION_TYPE,
  checking_refusal_reason: CHECKING_REFUSAL_REASON,
  inventory_ref_type: INVENTORY_REF_TYPE,
  transit_shipment_status: TRANSIT_SHIPMENT_STATUS,
  transit_direction: TRANSIT_DIRECTION,
  transfer_request_status: TRANSFER_REQUEST_STATUS,
  transfer_task_stage: TRANSFER_TASK_STAGE,
  inventory_lock_action: INVENTORY_LOCK_ACTION,
  consumable_type: CONSUMABLE_TYPE,
  consumable_status: CONSUMABLE_STATUS,
  consumable_txn_direction: CONSUMABLE_TXN_DIRECTION,
  consumable_ref_type: CONSUMABLE_REF_TYPE,
  weight_tolerance_unit: WEIGHT_TOLERANCE_UNIT,
  consumable_stock_status: CONSUMABLE_STOCK_STATUS,
  sku_selling_type: SKU_SELLING_TYPE,
  sku_unit: SKU_UNIT,
  active_status: ACTIVE_STATUS,
  merchant_type: MERCHANT_TYPE,
  shop_type: SHOP_TYPE,
  dock_type: DOCK_TYPE,
  dock_status: DOCK_STATUS,
  station_type: STATION_TYPE,
  parcel_status: PARCEL_STATUS,
  handover_status: HANDOVER_STATUS,
  mt_pack_status: MT_PACK_STATUS,
  mt_ship_by: MT_SHIP_BY,
  handover_kind: HANDOVER_KIND,
  station_status: STATION_STATUS,
  user_kind: USER_KIND,
  sku_sale_status: SKU_SALE_STATUS,
  sales_type: SALES_TYPE,
  export_task_status: EXPORT_TASK_STATUS,
  export_report_type: EXPORT_REPORT_TYPE,
  sound_type: SOUND_TYPE,
  device_platform: DEVICE_PLATFORM,
  quota_mode: QUOTA_MODE,
  date_format: DATE_FORMAT,
};
