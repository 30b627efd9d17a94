import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import {
  PUTAWAY_OPS, massPutPayload, putPayload, reportExceptionPayload, type MassPutPayload, type PutPayload, type ReportExceptionPayload,
} from '../../../shared/contract/putaway.contract';
import { defineClientOpKind } from '../../kit/outbox';

/**
 * The putaway op kinds of the outbox (server: putaway.op-kinds.ts). Their payloads are checked
 * against the contract's schemas before they are queued; what needs the task (quantities left,
 * the staging location) the screen checks first (putaway-flow.ts).
 */

const shapeCheck = (schema: z.ZodType, refusal: MessageDescriptor) => (payload: Record<string, unknown>) =>
  (schema.safeParse(payload).success ? null : refusal);

export const putOp = defineClientOpKind<PutPayload>({
  kind: PUTAWAY_OPS.put.kind,
  validate: shapeCheck(putPayload, msg`A put needs the task line, the SKU, the cell and a quantity of 1 to 99999.`),
});

export const massPutOp = defineClientOpKind<MassPutPayload>({
  kind: PUTAWAY_OPS.massPut.kind,
  validate: shapeCheck(massPutPayload, msg`A mass put needs the staging location, the cell and at least one scanned unit.`),
});

const exceptionRefusal = msg`An exception needs the task, the SKU, a type, a reason and a quantity of 1 to 99999.`;
export const reportExceptionOp = defineClientOpKind<ReportExceptionPayload>({
  kind: PUTAWAY_OPS.reportException.kind,
  validate: shapeCheck(reportExceptionPayload, exceptionRefusal),
});
export const massReportExceptionOp = defineClientOpKind<ReportExceptionPayload>({
  kind: PUTAWAY_OPS.massReportException.kind,
  validate: shapeCheck(reportExceptionPayload, exceptionRefusal),
});
