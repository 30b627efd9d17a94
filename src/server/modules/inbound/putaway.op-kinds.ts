import type { OpKind } from '../sync/op-kind';

/** Standard and mass putaway: the ops a putaway scan screen queues, applied exactly once. */
export const putawayOpKinds: readonly OpKind[] = [];
