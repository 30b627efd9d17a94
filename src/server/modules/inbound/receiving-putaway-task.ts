import { INBOUND_TASK_KIND, PUTAWAY_MODE } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { putawayTaskLines } from '../../db/schema';
import { createInboundTask, type TaskRow } from './inbound-task';

/** Units received into a staging location: one staged balance (SKU, batch, quality). */
export interface StagedStock {
  skuId: string;
  batchId: string;
  quality: 1 | 2;
  qty: number;
}

/** Staged units and where they wait. */
export interface StagedAt extends StagedStock {
  location: string;
}

/** Staged units by location, in the order first met: one putaway (or VAS) task per location. */
export function byLocation(staged: readonly StagedAt[]): Map<string, StagedStock[]> {
  const out = new Map<string, StagedStock[]>();
  for (const { location, ...units } of staged) out.set(location, [...(out.get(location) ?? []), units]);
  return out;
}

export interface PutawayTaskInput {
  whsId: string;
  asnNo: string;
  groupNo?: string | null;
  /** Where the received units wait: the task's staging location and every line's from_location. */
  stagingLocation: string;
  lines: readonly StagedStock[];
  createdBy: number | null;
  timeZone?: string;
}

/**
 * The putaway task of staged units (what receiving staged, what a VAS task or an exception's decision
 * released): one inbound task of kind PUTAWAY, mode STANDARD, status PENDING, over the staging
 * location, with one line per staged SKU, batch and quality (from that location, no suggested cell
 * yet). Null when nothing was staged.
 */
export async function createPutawayTask(tx: Db, input: PutawayTaskInput): Promise<TaskRow | null> {
  const lines = input.lines.filter((l) => l.qty > 0);
  if (lines.length === 0) return null;
  const task = await createInboundTask(tx, {
    whsId: input.whsId, kind: INBOUND_TASK_KIND.values.PUTAWAY, putawayMode: PUTAWAY_MODE.values.STANDARD, asnNo: input.asnNo,
    groupNo: input.groupNo ?? null, stagingLocation: input.stagingLocation, totalQty: lines.reduce((sum, l) => sum + l.qty, 0), createdBy: input.createdBy,
  }, input.timeZone);
  await tx.insert(putawayTaskLines).values(lines.map((l, i) => ({
    whsId: input.whsId, taskNo: task.taskNo, lineNo: i + 1, asnNo: input.asnNo, skuId: l.skuId, batchId: l.batchId, quality: l.quality,
    fromLocation: input.stagingLocation, suggestedLocation: null, qty: l.qty,
  })));
  return task;
}
