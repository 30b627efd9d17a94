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
 * The putaway task of what receiving staged (H6's putaway takes it from here): one inbound task of
 * kind PUTAWAY, mode STANDARD, status PENDING, over the staging location, with one line per staged
 * SKU, batch and quality (from that location, no suggested cell yet). Null when nothing was staged.
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
