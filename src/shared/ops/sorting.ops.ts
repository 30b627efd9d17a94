import { SORTING_ACCESS, sortPayload, sortRefusePayload } from '../contract/sorting.contract';
import { defineOp } from './define';

/**
 * Sorting at a put wall: what the sorting screen queues, online or not. The wall shows the unit's
 * slot at once from its copy of the task (sorting-flow.ts); the slot's label scanned confirms it and
 * queues the sort. A wrong slot is refused at once and its refusal queued too, so it is recorded offline.
 */
export const sortingOps = {
  sort: defineOp({
    kind: 'outbound.sorting.sort', access: SORTING_ACCESS.sort, payload: sortPayload,
    invalid: /*i18n*/ 'A sort needs the task, the order, the SKU, a quantity and the slot confirmed.',
  }),
  refuse: defineOp({
    kind: 'outbound.sorting.refuse', access: SORTING_ACCESS.sort, payload: sortRefusePayload,
    invalid: /*i18n*/ 'A refused scan needs the task and what was scanned.',
  }),
};
