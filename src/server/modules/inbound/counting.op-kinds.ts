import type { OpKind } from '../sync/op-kind';

/** Counting (spec §7 inbound counting calls): the ops a counting scan screen queues, applied exactly once. */
export const countingOpKinds: readonly OpKind[] = [];
