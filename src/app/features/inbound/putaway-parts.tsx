import { useEffect, useRef } from 'react';
import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { QUALITY } from '../../../shared/codes';
import { cue } from '../../kit/feedback';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { toast } from '../../kit/toast';
import { unitsOfOp, type LineProgress } from './putaway-flow';

/** Pieces the standard and mass putaway screens share. */

const STATE_LABEL: Record<OpState, MessageDescriptor> = {
  pending: msg`Queued`,
  sending: msg`Sending`,
  done: msg`Put`,
  rejected: msg`Refused`,
  discarded: msg`Discarded`,
};
const STATE_COLOR: Record<OpState, string> = { pending: 'yellow', sending: 'blue', done: 'teal', rejected: 'red', discarded: 'gray' };

/** A task line: SKU, batch, quality, what is left and where it is suggested to go. */
export function LineCard({ line, title }: { line: LineProgress; title?: React.ReactNode }) {
  const { i18n } = useLingui();
  const quality = QUALITY.label(line.quality);
  const batch = line.batch_id;
  const total = line.qty;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="putaway-line">
      <Stack gap={4}>
        {title}
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={700} ff="monospace" data-testid="putaway-line-sku">{line.sku_id}</Text>
            <Text size="sm">{line.sku_name}</Text>
            <Text size="xs" c="dimmed">
              <Trans>Batch {batch}</Trans> · {quality ? i18n._(quality) : line.quality}
            </Text>
          </div>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed"><Trans>Left to put</Trans></Text>
            <Text fw={700} fz="xl" data-testid="putaway-line-remaining">{line.remaining}</Text>
            <Text size="xs" c="dimmed"><Trans>of {total}</Trans></Text>
          </Stack>
        </Group>
        <Group gap="xs">
          <Text size="sm"><Trans>Suggested cell</Trans>:</Text>
          {line.suggested_location
            ? <Badge size="lg" variant="filled" data-testid="putaway-suggested">{line.suggested_location}</Badge>
            : <Text size="sm" c="dimmed" data-testid="putaway-suggested"><Trans>none: put into any cell that takes it</Trans></Text>}
        </Group>
      </Stack>
    </Card>
  );
}

/** The task(s) on screen: number (or staging location), ASN, staging location and how far they are. */
export function TaskHeader({ taskNo, asnNo, staging, handled, total }: { taskNo: string; asnNo: string | null; staging: string | null; handled: number; total: number }) {
  const { t } = useLingui();
  return (
    <Stack gap={4} mt={4}>
      <Text size="sm" data-testid="putaway-task-no">
        <Trans>Task {taskNo}</Trans>{asnNo ? ` · ${asnNo}` : ''}{staging ? ` · ${staging}` : ''}
      </Text>
      <Progress value={total ? (100 * handled) / total : 0} aria-label={t`Task progress`} />
      <Text size="xs" c="dimmed" data-testid="putaway-progress"><Trans>{handled} of {total} units put or queued</Trans></Text>
    </Stack>
  );
}

/** What a put op moved, in words: "4 × SKU → CELL". */
function opSummary(op: OutboxOp, skuOf: (taskNo: string, lineNo: number) => string | undefined): string {
  const location = typeof op.payload.location === 'string' ? op.payload.location : '';
  const parts = unitsOfOp(op).map((u) => `${u.qty} × ${skuOf(u.taskNo, u.lineNo) ?? `#${u.lineNo}`}`);
  return `${parts.join(', ')} → ${location}`;
}

/** This device's puts of the task(s) on screen, newest first: queued, sent or refused (with the server's reason). */
export function RecentPuts({ ops, lines }: { ops: readonly OutboxOp[]; lines: readonly LineProgress[] }) {
  const { i18n } = useLingui();
  if (ops.length === 0) return null;
  const skuOf = (taskNo: string, lineNo: number) => lines.find((l) => l.task_no === taskNo && l.line_no === lineNo)?.sku_id;
  return (
    <Stack gap={6}>
      <Title order={2} fz="sm"><Trans>Puts on this device</Trans></Title>
      {ops.slice(0, 8).map((op) => (
        <Group key={op.op_id} justify="space-between" wrap="nowrap" gap="xs" data-testid="putaway-op" data-state={op.state}>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>{opSummary(op, skuOf)}</Text>
            {op.state === 'rejected' && op.last_error && <Text size="xs" c="red">{op.last_error.message}</Text>}
          </Stack>
          <Badge color={STATE_COLOR[op.state]} variant="light" style={{ flexShrink: 0 }}>{i18n._(STATE_LABEL[op.state])}</Badge>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Follows the server's answers to this screen's ops: a refusal is heard and shown once; an
 * applied op refreshes the work read (`queryKey`), so suggestions and quantities are the server's again.
 */
export function useOpAnswers(ops: readonly OutboxOp[], queryKey: QueryKey | null): void {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const known = useRef(new Map<string, OpState>());
  useEffect(() => {
    let applied = false;
    for (const op of ops) {
      const before = known.current.get(op.op_id);
      known.current.set(op.op_id, op.state);
      if (before === undefined || before === op.state) continue;
      if (op.state === 'rejected') {
        const reason = op.last_error?.message ?? '';
        cue('sync.op_rejected', { say: t`Put refused` });
        toast.error(t`The server refused a put: ${reason}`, 8000);
      }
      if (op.state === 'done') applied = true;
    }
    if (applied && queryKey) void queryClient.invalidateQueries({ queryKey });
  }, [ops, queryKey, queryClient, t]);
}
