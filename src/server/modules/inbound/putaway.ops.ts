import type { z } from 'zod';
import { PUTAWAY_MODE } from '../../../shared/codes';
import type { putPayload, ReportExceptionPayload } from '../../../shared/contract/putaway.contract';
import type { putawayOps } from '../../../shared/ops/putaway.ops';
import type { OpApplies, OpApply } from '../../common/op-apply';
import { applyPutOps, applyPuts, recordPutawayException, type PutOp } from './putaway-tasks';

/** A report of either putaway page: the same record. */
const reportException: OpApply<ReportExceptionPayload> = {
  apply: (tx, report, ctx) => recordPutawayException(tx, { whsId: ctx.whsId, userId: ctx.userId, opId: ctx.opId }, report),
};

/** A standard put scan as the put of one op. */
const standardPut = (put: z.infer<typeof putPayload>, opId: string): PutOp => ({
  opId,
  opts: { mode: PUTAWAY_MODE.values.STANDARD, location: put.location },
  requests: [{ taskNo: put.task_no, lineNo: put.line_no, qty: put.qty, skuId: put.sku_id }],
});

/** Standard and mass putaway's ops (shared/ops/putaway.ops.ts), applied exactly once. */
export const putawayApplies = {
  put: {
    apply: async (tx, put, ctx) => (await applyPutOps(tx, ctx.whsId, ctx.userId, [standardPut(put, ctx.opId)]))[0]!,
    // A replayed queue of scans: the puts of one push together (one stream: one warehouse and user).
    applyRun: (tx, ops) => applyPutOps(tx, ops[0]!.ctx.whsId, ops[0]!.ctx.userId, ops.map(({ payload, ctx }) => standardPut(payload, ctx.opId))),
  },
  massPut: {
    apply: (tx, put, ctx) => applyPuts(
      tx, { whsId: ctx.whsId, userId: ctx.userId, opId: ctx.opId },
      { mode: PUTAWAY_MODE.values.MASS, location: put.location, stagingLocation: put.staging_location },
      put.items.map((item) => ({ taskNo: item.task_no, lineNo: item.line_no, qty: item.qty })),
    ),
  },
  reportException,
  massReportException: reportException,
} satisfies OpApplies<typeof putawayOps>;
