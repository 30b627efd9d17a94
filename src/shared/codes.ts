import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The code lists of spec §3 (and Yes/No of §9). Codes are numeric unless the spec says
 * otherwise. Where the spec names members without numbers, they are numbered from 1 in the
 * order the spec lists them (marked "numbers are ours"); where it says its own numbering is
 * uncertain, the order given is followed and the list says so.
 */

export type CodeValue = number | string;
type CodeSpec = Readonly<Record<string, readonly [CodeValue, MessageDescriptor]>>;
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
  const options = Object.entries(spec).map(([name, [value, label]]) => ({ value, name, label }));
  const byValue = new Map<unknown, MessageDescriptor>(options.map((o) => [o.value, o.label]));
  return {
    values: Object.fromEntries(options.map((o) => [o.name, o.value])) as List['values'],
    options: options as List['options'],
    label: (value) => byValue.get(value),
    has: (value): value is CodeOf<List> => byValue.has(value),
  };
}

/** Yes 1 / No 0 (spec §9). */
export const YES_NO = defineCodes({ NO: [0, msg`No`], YES: [1, msg`Yes`] });

// Location and storage

export const ABC_CLASS = defineCodes({
  UNDEFINED: [0, msg`Undefined`], A: [1, msg`A`], B: [2, msg`B`], C: [3, msg`C`], SA: [4, msg`SA`],
  EXCLUDED: [5, msg`Excluded`],
});

export const TEMPERATURE_ZONE = defineCodes({
  NORMAL: [0, msg`Normal`], AIR_CONDITIONED: [1, msg`Air Conditioned`], CHILLED: [2, msg`Chilled`],
  FROZEN: [3, msg`Frozen`], DEEP_FROZEN: [4, msg`Deep Frozen`],
});

export const LOCATION_STATUS = defineCodes({
  NORMAL: [1, msg`Normal`], BLOCKED: [2, msg`Blocked`], FROZEN: [3, msg`Frozen`], DELETED: [4, msg`Deleted`],
});

export const LOCATION_TYPE = defineCodes({ ZONE: [1, msg`Zone`], PATHWAY: [2, msg`Pathway`], CELL: [3, msg`Cell`] });

export const CELL_OCCUPANCY = defineCodes({
  NORMAL: [1, msg`Normal`], ASSIGNED: [2, msg`Assigned`], OCCUPIED: [3, msg`Occupied`],
});

export const RACK_TYPE = defineCodes({
  VAN: [1, msg`Van`], HEAVY_RACK: [2, msg`Heavy Rack`], GROUND_STACKED: [3, msg`Ground Stacked`],
  ROLLING_RACK: [4, msg`Rolling Rack`], LIGHT_RACK: [5, msg`Light Rack`], DRIVE_IN_RACK: [6, msg`Drive-in Rack`],
});

export const STORAGE_AREA = defineCodes({
  PICKING_AREA: [1, msg`Picking Area`], STORAGE_AREA: [2, msg`Storage Area`], MIX_AREA: [3, msg`Mix Area`],
});

export const CONTAINER_TYPE = defineCodes({
  BOX: [0, msg`Box`], PALLET: [1, msg`Pallet`], PICK_CART: [2, msg`Pick Cart`], PUT_WALL: [3, msg`Put Wall`],
  BASKET: [4, msg`Basket`],
});

// Staff and labour

export const STAFF_STATUS = defineCodes({
  ACTIVE: [1, msg`Active`], TERMINATED: [2, msg`Terminated`], LEAVE_OF_ABSENCE: [3, msg`Leave of Absence`],
});

export const STAFF_EMPLOYMENT = defineCodes({
  PERMANENT: [1, msg`Permanent`], TEMPORARY: [2, msg`Temporary`], CONTRACT: [3, msg`Contract`],
});

export const LABOUR_ACTIVITY_CLASS = defineCodes({
  DIRECT: [1, msg`Direct`], INDIRECT: [2, msg`Indirect`], UNPRODUCTIVE: [3, msg`Unproductive`],
});

// Inbound

export const PURCHASE_TYPE = defineCodes({
  OUTRIGHT: [0, msg`Outright`], CONSIGNMENT: [1, msg`Consignment`], FBS: [2, msg`FBS`],
  RETURN_INBOUND: [3, msg`Return Inbound`], TRANSFER_INBOUND: [4, msg`Transfer Inbound`],
});

/** 14 is unused in the spec. */
export const INBOUND_STATUS = defineCodes({
  PENDING: [0, msg`Pending`], SCANNING: [1, msg`Scanning`], RECEIVED: [2, msg`Received`], PUTTING: [3, msg`Putting`],
  DONE: [4, msg`Done`], CANCELLED: [5, msg`Cancelled`], ARRIVED: [6, msg`Arrived`], COUNTING: [7, msg`Counting`],
  COUNTED: [8, msg`Counted`], CHECKING: [9, msg`Checking`], CHECKED: [10, msg`Checked`], REJECTED: [11, msg`Rejected`],
  ARRIVING: [12, msg`Arriving`], IN_TRANSIT: [13, msg`In Transit`], FAILED: [15, msg`Failed`],
});

export const ARRIVAL_TIMELINESS = defineCodes({
  UNARRIVED: [0, msg`Unarrived`], ON_TIME: [1, msg`On Time`], EARLY: [2, msg`Early`], LATE: [3, msg`Late`],
});

export const ASN_SOURCE = defineCodes({
  PMS: [1, msg`PMS`], WMS: [2, msg`WMS`], OMS: [3, msg`OMS`], SRM: [4, msg`SRM`], SELLER_CENTER: [5, msg`Seller Center`],
});

export const INBOUND_EXCEPTION_STATUS = defineCodes({
  PENDING: [10, msg`Pending`], CHECKED: [20, msg`Checked`], BD_CONFIRMED: [40, msg`BD Confirmed`],
  DONE: [50, msg`Done`], CANCELLED: [60, msg`Cancelled`],
});

/** Numbers are ours (spec names the types only). */
export const INBOUND_EXCEPTION_TYPE = defineCodes({
  ABNORMAL_ITEM: [1, msg`Abnormal Item`], REJECTED_ITEM: [2, msg`Rejected Item`], SHORTAGE: [3, msg`Shortage`],
  SURPLUS: [4, msg`Surplus`], WRONG_SKU: [5, msg`Wrong SKU`],
});

/** Numbers are ours (spec names the reasons only). */
export const INBOUND_EXCEPTION_REASON = defineCodes({
  DAMAGED: [1, msg`Damaged`], EXPIRED: [2, msg`Expired`], EXPIRING: [3, msg`Expiring`],
  OTHER_ISSUES: [4, msg`Other issues`], SKU_NOT_IN_ASN_GROUP: [5, msg`SKU does not belong to ASN Group`],
  SURPLUS: [6, msg`Surplus`], UNKNOWN_ITEM: [7, msg`Unknown item`],
  WRONG_SKU_INFORMATION: [8, msg`Wrong SKU Information`], WRONG_UPC: [9, msg`Wrong UPC`],
});

/** Numbers are ours (spec names the kinds only). */
export const INBOUND_TASK_KIND = defineCodes({
  COUNTING: [1, msg`Counting`], QC: [2, msg`QC`], RECEIVING: [3, msg`Receiving`], PUTAWAY: [4, msg`Putaway`],
  LABELLING: [5, msg`Labelling`], BUNDLING: [6, msg`Bundling`], REPACKAGING: [7, msg`Repackaging`],
});

export const QC_RULE_KIND = defineCodes({
  SKU_ATTRIBUTES: [1, msg`SKU Attributes`], PERCENTAGE_BASED: [2, msg`Percentage Based`], AQL: [3, msg`AQL`],
});

// Outbound

export const SALES_ORDER_STATUS = defineCodes({
  CREATED: [0, msg`Created`], CANCEL: [1, msg`Cancel`], PICKING: [2, msg`Picking`], PICKED: [3, msg`Picked`],
  PICK_FAIL: [4, msg`Pick Fail`], CHECKING: [5, msg`Checking`], CHECKED: [6, msg`Checked`],
  SHIPPING: [7, msg`Shipping`], OUTBOUND: [8, msg`Outbound`], PENDING_PICK: [9, msg`Pending Pick`],
  PACKING: [10, msg`Packing`], PACKED: [11, msg`Packed`], SORTING: [12, msg`Sorting`], SORTED: [13, msg`Sorted`],
});

/** Failed 3 and Assigned 10 occur only in some task families; the one list holds them all. */
export const TASK_STATUS = defineCodes({
  PENDING: [0, msg`Pending`], ONGOING: [1, msg`Ongoing`], DONE: [2, msg`Done`], FAILED: [3, msg`Failed`],
  CANCEL: [9, msg`Cancel`], ASSIGNED: [10, msg`Assigned`],
});

export const ORDER_PRIORITY = defineCodes({
  ON_HOLD: [1, msg`On Hold`], NORMAL: [2, msg`Normal`], PRIORITY: [3, msg`Priority`],
});

export const CHECKING_STATION_MODE = defineCodes({
  CHECKING: [0, msg`Checking`], SORT_WHILE_CHECKING: [1, msg`Sort while Checking`],
  MASS_CHECKING: [2, msg`Mass Checking`],
});

// Return to seller

export const RTS_STATUS = defineCodes({
  PENDING: [10, msg`Pending`], APPROVED: [20, msg`Approved`], REJECTED: [30, msg`Rejected`],
  ALLOCATED: [40, msg`Allocated`], SHIPPING: [100, msg`Shipping`], CANCEL: [120, msg`Cancel`],
  OUTBOUNDING: [130, msg`Outbounding`], IN_TRANSIT: [140, msg`In Transit`], INBOUNDING: [150, msg`Inbounding`],
  DONE: [160, msg`Done`],
});

export const RTS_TYPE = defineCodes({
  REAL_RTS: [20, msg`Real RTS`], VIRTUAL_RTS_WITH_REINBOUND: [30, msg`Virtual RTS with Re-inbound`],
  REPLACEMENT: [50, msg`Replacement`],
});

/** String codes. The spec gives no wording for VR-IB1/2/3, so their labels are the codes. */
export const RTS_REASON = defineCodes({
  R1: ['R1', msg`Supplier Request`], R2: ['R2', msg`Aging`], R3: ['R3', msg`Manufacturing Defective`],
  R4: ['R4', msg`Expired`], R5: ['R5', msg`Buyer Return`], R6: ['R6', msg`Others`],
  VR_IB1: ['VR-IB1', msg`VR-IB1`], VR_IB2: ['VR-IB2', msg`VR-IB2`], VR_IB3: ['VR-IB3', msg`VR-IB3`],
  R7: ['R7', msg`Expiring`], R8: ['R8', msg`Seller Request`], R9: ['R9', msg`Damaged/Expiry`],
  RP1: ['RP1', msg`Damaged Items`],
});

// Return inbound

export const RETURN_INBOUND_CONDITION = defineCodes({
  GOOD: [1, msg`Good`], DAMAGE: [2, msg`Damage`], ABNORMAL: [3, msg`Abnormal`],
});

/** The reasons the spec names; it lists more without their codes ("etc."), added here as screens need them. */
export const RETURN_INBOUND_REASON = defineCodes({
  DID_NOT_RECEIVE_ORDER: [1, msg`Did not receive order`], DAMAGE: [3, msg`Damage`],
  CHANGE_OF_MIND: [102, msg`Change of mind`], INCOMPLETE_PRODUCT: [103, msg`Incomplete product`],
  WRONG_PRODUCT: [104, msg`Wrong product`], FAULTY: [107, msg`Faulty`],
});

/** The spec is unsure which number goes with which outcome: numbered 1–6 in the order it lists them. */
export const RETURN_INBOUND_RESULT = defineCodes({
  THREE_PL_CLAIMED: [1, msg`3PL Claimed`], REINBOUND_TO_WAREHOUSE: [2, msg`Re-inbound to Warehouse`],
  RETURN_TO_SELLER: [3, msg`Return to Seller`], CLAIM_FAILED: [4, msg`Claim Failed`],
  REPLACEMENT: [5, msg`Replacement`], REJECTED_RETURN_TO_BUYER: [6, msg`Rejected, Return to Buyer`],
});

// Cycle count

export const CYCLE_COUNT_ORDER_TYPE = defineCodes({ EXPRESS: [1, msg`Express`], FULL: [2, msg`Full`] });

export const CYCLE_COUNT_SCOPE = defineCodes({
  ALL_ACTIVE_LOCATIONS: [0, msg`All Active Locations`], HIGH_VALUE_ONLY: [1, msg`Only High Value`],
  CUSTOMIZED: [2, msg`Customized`],
});

export const CYCLE_COUNT_SOURCE = defineCodes({
  MANUAL: [1, msg`Manual`], OB_TROUBLESHOOT: [2, msg`OB Troubleshoot`], DAILY: [3, msg`Daily`],
  FULL_STOCK_COUNT: [4, msg`Full Stock Count`],
});

export const CYCLE_COUNT_STATUS = defineCodes({
  PENDING: [1, msg`Pending`], ONGOING: [2, msg`Ongoing`], CANCEL: [3, msg`Cancel`], DONE: [4, msg`Done`],
});

export const CYCLE_COUNT_RESULT = defineCodes({
  NORMAL: [0, msg`Normal`], SURPLUS: [1, msg`Surplus`], MISSING: [2, msg`Missing`],
});

export const CYCLE_COUNT_KIND = defineCodes({ SKU: [1, msg`SKU`], LOCATION: [2, msg`Location`], MOVEMENT: [3, msg`Movement`] });

export const CYCLE_COUNT_CREATION_STATUS = defineCodes({
  INITIAL: [0, msg`Initial`], COMPLETING: [1, msg`Completing`], SUCCESS: [2, msg`Success`], FAIL: [3, msg`Fail`],
});

// Inventory

/** 7 and 11–20 are unused in the spec. */
export const INVENTORY_ADJUSTMENT_STATUS = defineCodes({
  CREATED: [1, msg`Created`], PENDING: [2, msg`Pending`], PMS_APPROVING: [3, msg`PMS Approving`],
  APPROVED: [4, msg`Approved`], REJECTED: [5, msg`Rejected`], ADJUSTING: [6, msg`Adjusting`], DONE: [8, msg`Done`],
  CANCEL: [9, msg`Cancel`], FAIL: [10, msg`Fail`], LOCKED: [21, msg`Locked`],
});

export const INVENTORY_ADJUSTMENT_DIRECTION = defineCodes({ DEDUCTION: [1, msg`Deduction`], ADDITION: [2, msg`Addition`] });

/** The spec names reasons 6–9 only. */
export const INVENTORY_ADJUSTMENT_REASON = defineCodes({
  OUTBOUND_WRONG_ITEM: [6, msg`Outbound Wrong Item`], INBOUND_EXCESS_QTY: [7, msg`Inbound Excess Qty`],
  RECOVER_WRONGLY_ADJUSTED_QTY: [8, msg`Recover Wrongly Adjusted SKU Qty`], UNIDENTIFIED: [9, msg`Unidentified`],
});

export const RACK_TRANSFER_TYPE = defineCodes({ ONE_STEP: [1, msg`One-step`], TWO_STEP: [2, msg`Two-step`] });

/** The two-step picking/putaway sub-statuses have no codes in the spec. */
export const RACK_TRANSFER_STATUS = defineCodes({
  CREATED: [1, msg`Created`], PENDING: [2, msg`Pending`], LOCKED: [3, msg`Locked`], ONGOING: [4, msg`Ongoing`],
  DONE: [5, msg`Done`], CANCEL: [6, msg`Cancel`], INCOMPLETE: [7, msg`Incomplete`],
});

export const INVENTORY_TRANSACTION_DIRECTION = defineCodes({ DEBIT: [1, msg`Debit`], CREDIT: [2, msg`Credit`] });

export const INVENTORY_TRANSACTION_TYPE = defineCodes({
  PUT_AWAY: [1, msg`Put Away`], SHIP_ORDER: [2, msg`Ship Order`], RACK_TRANSFER: [3, msg`Rack Transfer`],
  RETURN_TO_SUPPLIER: [4, msg`Return to Supplier`], OVERAGE: [5, msg`Overage`], SHORTAGE: [6, msg`Shortage`],
  RECEIVED: [7, msg`Received`], PICKING: [8, msg`Picking`], REVERSE: [9, msg`Reverse`],
  ADJUST_DECREASE: [12, msg`Adjust Decrease`], ADJUST_INCREASE: [13, msg`Adjust Increase`],
  BATCH_TRANSFER: [15, msg`Batch Transfer`], MOVE_INBOUND: [20, msg`Move Inbound`],
  MOVE_OUTBOUND: [21, msg`Move Outbound`], RE_RECEIVED: [22, msg`Re-received`],
});

export const LOCATION_INVENTORY_KIND = defineCodes({
  ONHAND: [0, msg`On Hand`], LOCKED: [1, msg`Locked`], PRE_PICK: [2, msg`Pre-pick`], AVAILABLE: [3, msg`Available`],
});

/** Numbers are ours (spec: good/damaged), matching the return inbound condition codes. */
export const QUALITY = defineCodes({ GOOD: [1, msg`Good`], DAMAGED: [2, msg`Damaged`] });

/** Numbers are ours (spec: normal/expiring/expired). */
export const EXPIRY_STATE = defineCodes({ NORMAL: [1, msg`Normal`], EXPIRING: [2, msg`Expiring`], EXPIRED: [3, msg`Expired`] });

// Consumables and SKUs

export const CONSUMABLE_TYPE = defineCodes({
  PACKING_BOX: [1, msg`Packing Box`], POUCH: [2, msg`Pouch`], STATIONERIES: [3, msg`Stationeries`],
  FILLERS: [4, msg`Fillers`], STRETCH_FILMS: [5, msg`Stretch Films`], OTHERS: [6, msg`Others`],
});

export const CONSUMABLE_STATUS = defineCodes({
  NORMAL: [0, msg`Normal`], USING: [1, msg`Using`], USED: [2, msg`Used`], DAMAGED: [9, msg`Damaged`],
});

export const SKU_SELLING_TYPE = defineCodes({ CARTON: [1, msg`Carton`], PCS: [2, msg`Pcs`], PACK: [3, msg`Pack`] });

export const SALES_TYPE = defineCodes({ FLASH: [1, msg`Flash`], CAMPAIGN: [2, msg`Campaign`], ORGANIC: [3, msg`Organic`] });

// Reports and settings

/** The variant "running/killed/success/fail -1" of some exports is not used here. */
export const EXPORT_TASK_STATUS = defineCodes({
  PENDING: [0, msg`Pending`], ONGOING: [1, msg`Ongoing`], DONE: [2, msg`Done`], FAIL: [3, msg`Fail`],
});

/** The report types the spec names; each new export adds its own. */
export const EXPORT_REPORT_TYPE = defineCodes({
  INVENTORY_ADJUSTMENT: [404, msg`Inventory Adjustment`], CYCLE_COUNT_ORDER: [405, msg`Cycle Count Order`],
  PICKING_TASK: [702, msg`Picking Task`], CHECKING_TASK: [704, msg`Checking Task`], STAFF_LIST: [1001, msg`Staff List`],
});

export const SOUND_TYPE = defineCodes({ OPEN: [1, msg`Open`], CLOSE: [2, msg`Close`] });

export const DEVICE_PLATFORM = defineCodes({ PC: [1, msg`PC`], PDA: [2, msg`PDA`] });

export const QUOTA_MODE = defineCodes({ SEPARATED: [0, msg`Separated`], INTEGRATED: [1, msg`Integrated`] });

/** String codes: the format pattern itself. */
export const DATE_FORMAT = defineCodes({
  DMY: ['DD/MM/YYYY', msg`DD/MM/YYYY`], MDY: ['MM/DD/YYYY', msg`MM/DD/YYYY`], YMD: ['YYYY/MM/DD', msg`YYYY/MM/DD`],
});

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
  qc_rule_kind: QC_RULE_KIND,
  sales_order_status: SALES_ORDER_STATUS,
  task_status: TASK_STATUS,
  order_priority: ORDER_PRIORITY,
  checking_station_mode: CHECKING_STATION_MODE,
  rts_status: RTS_STATUS,
  rts_type: RTS_TYPE,
  rts_reason: RTS_REASON,
  return_inbound_condition: RETURN_INBOUND_CONDITION,
  return_inbound_reason: RETURN_INBOUND_REASON,
  return_inbound_result: RETURN_INBOUND_RESULT,
  cycle_count_order_type: CYCLE_COUNT_ORDER_TYPE,
  cycle_count_scope: CYCLE_COUNT_SCOPE,
  cycle_count_source: CYCLE_COUNT_SOURCE,
  cycle_count_status: CYCLE_COUNT_STATUS,
  cycle_count_result: CYCLE_COUNT_RESULT,
  cycle_count_kind: CYCLE_COUNT_KIND,
  cycle_count_creation_status: CYCLE_COUNT_CREATION_STATUS,
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
  consumable_type: CONSUMABLE_TYPE,
  consumable_status: CONSUMABLE_STATUS,
  sku_selling_type: SKU_SELLING_TYPE,
  sales_type: SALES_TYPE,
  export_task_status: EXPORT_TASK_STATUS,
  export_report_type: EXPORT_REPORT_TYPE,
  sound_type: SOUND_TYPE,
  device_platform: DEVICE_PLATFORM,
  quota_mode: QUOTA_MODE,
  date_format: DATE_FORMAT,
};
