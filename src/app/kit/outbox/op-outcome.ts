import type { OutboxOp } from './db';

/** The server's answer to an op whose answers name their `outcome` (a scan screen's kinds), once it came. */
export const outcomeOf = <T extends { outcome: string }>(op: OutboxOp): T | null =>
  op.state === 'done' && op.result && typeof op.result === 'object' && 'outcome' in op.result ? op.result as T : null;
