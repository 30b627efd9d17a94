import { useEffect, useRef, type ReactNode } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { cue } from '../feedback';
import { toast } from '../toast';
import type { OpState, OutboxOp } from './db';

/**
 * What a scan screen shows of its queued ops (DESIGN.md "Offline and scanning"): each op with the
 * server's answer as it comes — queued, sending, applied, or rejected with the server's message —
 * and the hook that follows those answers.
 */

const STATE_LABEL: Record<OpState, MessageDescriptor> = {
  pending: msg`Queued`,
  sending: msg`Sending`,
  done: msg`Applied`,
  rejected: msg`Rejected`,
  discarded: msg`Discarded`,
};
const STATE_COLOR: Record<OpState, string> = { pending: 'yellow', sending: 'blue', done: 'teal', rejected: 'red', discarded: 'gray' };

export interface OpFeedProps {
  title: ReactNode;
  /** The screen's ops, newest first. */
  ops: readonly OutboxOp[];
  /** What an op did, in a few words ("3 × SKU1 in carton C1"). */
  describe(op: OutboxOp): ReactNode;
  /** How many to list. */
  limit?: number;
  /** The screen's own words for some states ("Put" for an applied put). */
  stateLabels?: Partial<Record<OpState, MessageDescriptor>>;
  /** The test id of each op's row. */
  testId?: string;
  /** What the operator should do about a rejected op, shown under the server's message. */
  advice?(op: OutboxOp): ReactNode;
}

/** The screen's latest ops and their answers; a rejected op shows the server's message under it. */
export function OpFeed({ title, ops, describe, limit = 8, stateLabels, testId = 'op-feed-item', advice }: OpFeedProps) {
  const { i18n } = useLingui();
  if (ops.length === 0) return null;
  return (
    <Stack gap={6}>
      <Title order={2} fz="sm">{title}</Title>
      {ops.slice(0, limit).map((op) => (
        <Group key={op.op_id} justify="space-between" wrap="nowrap" gap="xs" data-testid={testId} data-state={op.state}>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" style={{ wordBreak: 'break-word' }}>{describe(op)}</Text>
            {op.state === 'rejected' && op.last_error && <Text size="xs" c="red">{op.last_error.message}</Text>}
            {op.state === 'rejected' && advice && <Text size="xs" c="orange.9" data-testid={`${testId}-advice`}>{advice(op)}</Text>}
          </Stack>
          <Badge color={STATE_COLOR[op.state]} variant="light" style={{ flexShrink: 0 }}>{i18n._(stateLabels?.[op.state] ?? STATE_LABEL[op.state])}</Badge>
        </Group>
      ))}
    </Stack>
  );
}

export interface OpAnswerOptions {
  /** The screen's read of the server state: refreshed when one of its ops is applied or rejected. */
  refresh: QueryKey | null;
  /** The spoken prompt and toast of a rejection (the op's message follows it). */
  rejected: (op: OutboxOp) => string;
}

/**
 * Follows the server's answers to the screen's ops: a rejection is heard (sync.op_rejected) and
 * shown once with the server's message; an answer of either kind refreshes the screen's read, so
 * what it shows is the server's again.
 */
export function useOpAnswers(ops: readonly OutboxOp[], { refresh, rejected }: OpAnswerOptions): void {
  const queryClient = useQueryClient();
  const known = useRef(new Map<string, OpState>());
  useEffect(() => {
    let answered = false;
    for (const op of ops) {
      const before = known.current.get(op.op_id);
      known.current.set(op.op_id, op.state);
      if (before === undefined || before === op.state) continue;
      if (op.state === 'rejected') {
        const prompt = rejected(op);
        cue('sync.op_rejected', { say: prompt });
        toast.error(`${prompt}: ${op.last_error?.message ?? ''}`, 8000);
      }
      if (op.state === 'done' || op.state === 'rejected') answered = true;
    }
    if (answered && refresh) void queryClient.invalidateQueries({ queryKey: refresh });
  }, [ops, refresh, rejected, queryClient]);
}
