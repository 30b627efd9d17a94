import { arrivalOps } from './arrival.ops';
import { checkingOps } from './checking.ops';
import { countingOps } from './counting.ops';
import { mergingOps } from './merging.ops';
import { packingOps } from './packing.ops';
import { pickingOps } from './picking.ops';
import { putawayOps } from './putaway.ops';
import { sortingOps } from './sorting.ops';
import { shippingOps } from './shipping.ops';
import { instantDeliveryOps } from './instant-delivery.ops';
import { userSettingsOps } from './user-settings.ops';
import { cycleCountOps } from './cycle-count.ops';
import { mtPackingOps, mtShippingOps } from './mt-shipping.ops';
import { returnArrivalOps } from './return-arrival.ops';
import { returnQcOps } from './return-qc.ops';

export { defineOp, type OfflineOp, type PayloadOf } from './define';

/**
 * Every offline op kind, by area: the one list both sides derive from. The server must apply each
 * (server/modules/sync/ops.ts, a type error otherwise); the app's `enqueue` takes only these.
 */
export const OPS = {
  userSettings: userSettingsOps,
  arrival: arrivalOps,
  counting: countingOps,
  putaway: putawayOps,
  picking: pickingOps,
  checking: checkingOps,
  merging: mergingOps,
  shipping: shippingOps,
  packing: packingOps,
  sorting: sortingOps,
  instantDelivery: instantDeliveryOps,
  cycleCount: cycleCountOps,
  mtPacking: mtPackingOps,
  mtShipping: mtShippingOps,
  returnArrival: returnArrivalOps,
  returnQc: returnQcOps,
};

/** An op of the list. */
export type AppOp = { [A in keyof typeof OPS]: (typeof OPS)[A][keyof (typeof OPS)[A]] }[keyof typeof OPS];

/** Every op of the list, in declaration order. */
export const ALL_OPS: readonly AppOp[] = Object.values(OPS).flatMap((ops): AppOp[] => Object.values(ops));
