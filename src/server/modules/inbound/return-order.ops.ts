import type { returnArrivalOps } from '../../../shared/ops/return-arrival.ops';
import type { OpApplies } from '../../common/op-apply';
import { arriveReturnParcel } from './return-order';

/** The return dock's op (shared/ops/return-arrival.ops.ts), applied exactly once at the moment the parcel was scanned. */
export const returnArrivalApplies = {
  scanParcel: { apply: (tx, payload, ctx) => arriveReturnParcel(tx, { whsId: ctx.whsId, userId: ctx.userId, at: ctx.createdAt }, payload.tracking_no) },
} satisfies OpApplies<typeof returnArrivalOps>;
