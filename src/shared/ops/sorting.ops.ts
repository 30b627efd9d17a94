import { SORTING_ACCESS, preSortPayload, sortPayload, sortRefusePayload } from '../contract/sorting.contract';
import { defineOp } from './define';

/**
 * Sorting at a put wall and pre-sorting: what the sorting screen queues, online or not. The wall shows
 * the unit's slot (pre-sorting: its put wall and tote) at once from its copy of the task
 * (sorting-flow.ts); the slot's label (the tote) scanned confirms it and queues the sort. A wrong slot
 * or tote is refused at once and its refusal queued too, so it is recorded offline.
 */
export const sortingOps = {
  sort: defineOp({
    kind: 'outbound.sorting.sort', access: SORTING_ACCESS.sort, payload: sortPayload,
    invalid: /*i18n*/ 'A sort needs the task, the order, the SKU, a quantity and the slot confirmed.',
  }),
  presort: defineOp({
    kind: 'outbound.sorting.presort', access: SORTING_ACCESS.sort, payload: preSortPayload,
    invalid: /*i18n*/ 'A pre-sort needs the task, the order, the SKU, a quantity, the put wall and the tote confirmed.',
  }),
  refuse: defineOp({
    kind: 'outbound.sorting.refuse', access: SORTING_ACCESS.sort, payload: sortRefusePayload,
    invalid: /*i18n*/ 'A refused scan needs the task and what was scanned.',
  }),
};
