import { INBOUND_EXCEPTION_STATUS } from '../../../shared/codes';
import type { inboundExceptionContract } from '../../../shared/contract/inbound-exception.contract';
import { inboundExceptionResource } from '../../../shared/resources/inbound-exception.resource';
import type { AuthedCtx, Handlers } from '../../http/register';
import { handlersOf } from '../resources';
import { moveException, reportReceivingException, type ExceptionStep } from './inbound-exception';

const S = INBOUND_EXCEPTION_STATUS.values;

/** The exception as its detail answers it, read once the change has committed. */
const detail = (exceptionNo: string, ctx: AuthedCtx) => handlersOf(inboundExceptionResource).detail({ exception_no: exceptionNo }, ctx);

async function step(ctx: AuthedCtx, move: Omit<ExceptionStep, 'userId'>) {
  await ctx.db.transaction((tx) => moveException(tx, ctx.session.whsId, { ...move, userId: ctx.session.userId }));
  return detail(move.exceptionNo, ctx);
}

/** The handlers of inbound-exception.contract.ts. */
export const inboundExceptionHandlers: Handlers<typeof inboundExceptionContract> = {
  async reportInboundException(input, ctx) {
    const row = await ctx.db.transaction((tx) => reportReceivingException(tx, ctx.session, input));
    return detail(row.exceptionNo, ctx);
  },
  checkInboundException: ({ exception_no, remark }, ctx) => step(ctx, { exceptionNo: exception_no, to: S.CHECKED, remark: remark ?? null }),
  confirmInboundException: ({ exception_no, handling_decision, remark }, ctx) =>
    step(ctx, { exceptionNo: exception_no, to: S.BD_CONFIRMED, handlingDecision: handling_decision, remark: remark ?? null }),
  completeInboundException: ({ exception_no, handling_decision, remark }, ctx) =>
    step(ctx, { exceptionNo: exception_no, to: S.DONE, handlingDecision: handling_decision ?? null, remark: remark ?? null }),
  cancelInboundException: ({ exception_no, remark }, ctx) => step(ctx, { exceptionNo: exception_no, to: S.CANCELLED, remark }),
};
