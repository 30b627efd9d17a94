import { OPS } from '../../../shared/ops';
import { arrivalApplies } from '../inbound/arrival.ops';
import { returnArrivalApplies, returnQcApplies } from '../inbound/return-order.ops';
import { countingApplies } from '../inbound/counting.ops';
import { putawayApplies } from '../inbound/putaway.ops';
import { checkingApplies } from '../outbound/checking.ops';
import { mergingApplies } from '../outbound/merging.ops';
import { packingApplies } from '../outbound/packing.ops';
import { pickingApplies } from '../outbound/picking.ops';
import { sortingApplies } from '../outbound/sorting.ops';
import { shippingApplies } from '../outbound/shipping.ops';
import { instantDeliveryApplies } from '../outbound/instant-delivery.ops';
import { userSettingsApplies } from '../system/user-settings.ops';
import { cycleCountApplies } from '../inventory/cycle-count.ops';
import { mtPackingApplies, mtShippingApplies } from '../outbound/mt-shipping.ops';
import { serverOp, type OpApplies, type OpApply, type ServerOp } from '../../common/op-apply';

export { serverOp, type OpContext, type ServerOp } from '../../common/op-apply';

/** Each area's applies, one per op of the shared list: a missing or extra one is a type error. */
const APPLIES: { [A in keyof typeof OPS]: OpApplies<(typeof OPS)[A]> } = {
  userSettings: userSettingsApplies,
  arrival: arrivalApplies,
  counting: countingApplies,
  putaway: putawayApplies,
  picking: pickingApplies,
  checking: checkingApplies,
  merging: mergingApplies,
  shipping: shippingApplies,
  packing: packingApplies,
  sorting: sortingApplies,
  instantDelivery: instantDeliveryApplies,
  cycleCount: cycleCountApplies,
  mtPacking: mtPackingApplies,
  mtShipping: mtShippingApplies,
  returnArrival: returnArrivalApplies,
  returnQc: returnQcApplies,
};

const byArea = APPLIES as unknown as Record<string, Record<string, OpApply>>;
const SERVER_OP_LIST: readonly ServerOp[] = Object.entries(OPS).flatMap(([area, ops]) =>
  Object.entries(ops).map(([name, op]) => serverOp(op, byArea[area]![name]!)));

/** Every op kind the server applies, by kind. */
export const OP_KINDS: ReadonlyMap<string, ServerOp> = new Map(SERVER_OP_LIST.map((op) => [op.kind, op]));
if (OP_KINDS.size !== SERVER_OP_LIST.length) throw new Error('two op kinds share a name');
