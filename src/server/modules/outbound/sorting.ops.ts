import type { sortingOps } from '../../../shared/ops/sorting.ops';
import type { OpApplies } from '../../common/op-apply';
import { applyPreSort, applySort, applySortRefusal } from './sorting';

/** Sorting's ops (shared/ops/sorting.ops.ts), applied exactly once. */
export const sortingApplies = {
  sort: { apply: (tx, p, ctx) => applySort(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p) },
  presort: { apply: (tx, p, ctx) => applyPreSort(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p) },
  refuse: { apply: (tx, p, ctx) => applySortRefusal(tx, ctx.whsId, { userId: ctx.userId, opId: ctx.opId }, p) },
} satisfies OpApplies<typeof sortingOps>;
