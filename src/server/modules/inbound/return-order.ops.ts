import type { returnArrivalOps } from '../../../shared/ops/return-arrival.ops';
import type { returnQcOps } from '../../../shared/ops/return-qc.ops';
import type { OpApplies } from '../../common/op-apply';
import { judgeReturnUnit } from './return-judging';
import { arriveReturnParcel } from './return-order';

/** The return dock's op (shared/ops/return-arrival.ops.ts), applied exactly once at the moment the parcel was scanned. */
export const returnArrivalApplies = {
  scanParcel: { apply: (tx, payload, ctx) => arriveReturnParcel(tx, { whsId: ctx.whsId, userId: ctx.userId, at: ctx.createdAt }, payload.tracking_no) },
} satisfies OpApplies<typeof returnArrivalOps>;

/** Return QC's op (shared/ops/return-qc.ops.ts): a unit judged, once, at the moment it was judged. */
export const returnQcApplies = {
  judgeUnit: { apply: (tx, payload, ctx) => judgeReturnUnit(tx, { whsId: ctx.whsId, userId: ctx.userId, at: ctx.createdAt }, payload) },
} satisfies OpApplies<typeof returnQcOps>;
