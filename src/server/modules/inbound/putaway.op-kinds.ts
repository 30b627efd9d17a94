import type { z } from 'zod';
import { PUTAWAY_MODE } from '../../../shared/codes';
import { PUTAWAY_OPS, massPutPayload, putPayload, reportExceptionPayload } from '../../../shared/contract/putaway.contract';
import { defineOpKind, type OpKind } from '../sync/op-kind';
import { applyPutOps, applyPuts, recordPutawayException, type PutOp } from './putaway-tasks';

/** The report-exception op of one putaway page: the same record, each page's permission. */
const reportExceptionKind = (op: { kind: string; perm: string }) => defineOpKind({
  ...op,
  payload: reportExceptionPayload,
  apply: (tx, report, ctx) => recordPutawayException(tx, { whsId: ctx.whsId, userId: ctx.userId, opId: ctx.opId }, report),
});

/** A standard put scan as the put of one op. */
const standardPut = (put: z.infer<typeof putPayload>, opId: string): PutOp => ({
  opId,
  opts: { mode: PUTAWAY_MODE.values.STANDARD, location: put.location },
  requests: [{ taskNo: put.task_no, lineNo: put.line_no, qty: put.qty, skuId: put.sku_id }],
});

/** Standard and mass putaway: the ops a putaway scan screen queues, applied exactly once. */
export const putawayOpKinds: readonly OpKind[] = [
  defineOpKind({
    ...PUTAWAY_OPS.put,
    payload: putPayload,
    apply: async (tx, put, ctx) => (await applyPutOps(tx, ctx.whsId, ctx.userId, [standardPut(put, ctx.opId)]))[0]!,
    // A replayed queue of scans: the puts of one push together (one stream: one warehouse and user).
    applyRun: (tx, ops) => applyPutOps(tx, ops[0]!.ctx.whsId, ops[0]!.ctx.userId, ops.map(({ payload, ctx }) => standardPut(payload, ctx.opId))),
  }),
  defineOpKind({
    ...PUTAWAY_OPS.massPut,
    payload: massPutPayload,
    apply: (tx, put, ctx) => applyPuts(
      tx, { whsId: ctx.whsId, userId: ctx.userId, opId: ctx.opId },
      { mode: PUTAWAY_MODE.values.MASS, location: put.location, stagingLocation: put.staging_location },
      put.items.map((item) => ({ taskNo: item.task_no, lineNo: item.line_no, qty: item.qty })),
    ),
  }),
  reportExceptionKind(PUTAWAY_OPS.reportException),
  reportExceptionKind(PUTAWAY_OPS.massReportException),
];
