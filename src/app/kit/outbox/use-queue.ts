import { useCallback } from 'react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { AppOp, PayloadOf } from '../../../shared/ops';
import { cue } from '../feedback';
import { toast } from '../toast';
import { enqueue, OpValidationError, type OutboxOp } from './index';

/** Why the device did not queue an op, for the operator: the op's own refusal of its payload, else the failure. */
export const queueFailureText = (i18n: I18n, error: unknown): string =>
  error instanceof OpValidationError ? i18n._(error.refusal) : String(error);

/** Tells the operator the device did not queue an op: the refusal cue, and why. */
export function sayQueueFailure(i18n: I18n, error: unknown): void {
  cue('scan.refused');
  toast.error(queueFailureText(i18n, error));
}

/**
 * Queues an op of the signed-in user (see Outbox.enqueue). When the device does not queue it (a
 * payload the op's schema refuses, no session, storage failing) the operator hears the refusal and
 * reads why, and the answer is null: nothing was queued. Resolves once the op is stored.
 */
export function useQueue(): <O extends AppOp>(op: O, payload: PayloadOf<O>) => Promise<OutboxOp | null> {
  const { i18n } = useLingui();
  return useCallback(<O extends AppOp>(op: O, payload: PayloadOf<O>) => enqueue(op, payload).catch((error: unknown) => {
    sayQueueFailure(i18n, error);
    return null;
  }), [i18n]);
}
