import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBack, IconCircleCheck, IconReportAnalytics } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QueryKey } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { INBOUND_EXCEPTION_REASON, QUALITY } from '../../../shared/codes';
import type { ReportExceptionPayload } from '../../../shared/contract/putaway.contract';
import { isApiError } from '../../kit/api';
import { cue } from '../../kit/feedback';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { REPORT_KINDS, unitsOfOp, type LineProgress } from './putaway-flow';

/** Pieces the standard and mass putaway screens share. */

export interface PutawayNotice {
  color: 'teal' | 'yellow';
  text: string;
}

/** A putaway screen, PDA-sized: title and task header, the last notice, then its content (the step on screen, this device's puts). */
export function PutawayFrame({ title, header, notice, children }: { title: ReactNode; header: ReactNode; notice: PutawayNotice | null; children: ReactNode }) {
  return (
    <Stack gap="md" maw={560} mx="auto">
      <div>
        <Title order={1} fz="h3">{title}</Title>
        {header}
      </div>
      {notice && <Alert color={notice.color} data-testid="putaway-notice">{notice.text}</Alert>}
      {children}
    </Stack>
  );
}

/**
 * Answers the scan of a task or staging location with a cue once its work is read (from the
 * network or the offline cache): call the returned function when the scan opens new work.
 */
export function useWorkScanAnswer(work: { isFetching: boolean; isSuccess: boolean }): () => void {
  const awaiting = useRef(false);
  useEffect(() => {
    if (!awaiting.current || work.isFetching) return;
    awaiting.current = false;
    cue(work.isSuccess ? 'scan.accepted' : 'scan.refused');
  }, [work.isFetching, work.isSuccess]);
  return useCallback(() => {
    awaiting.current = true;
  }, []);
}

/** A first read of the work that failed (a refresh that fails keeps what was read): the server's message, or `offline` when the network is gone. */
export function LoadFailed({ error, offline, scan }: { error: unknown; offline: string; scan: ReactNode }) {
  const { t } = useLingui();
  return (
    <Stack gap="sm">
      <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Cannot open`} data-testid="putaway-error">
        {isApiError(error) ? error.message : offline}
      </Alert>
      {scan}
    </Stack>
  );
}

/** Nothing left to put here: says so above the scan field for the next work. */
export function WorkComplete({ children, scan }: { children: ReactNode; scan: ReactNode }) {
  return (
    <Stack gap="sm">
      <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="putaway-task-complete">{children}</Alert>
      {scan}
    </Stack>
  );
}

/** Under the work on screen: report an exception on a line (its page, with the line's search), or leave for other work. */
export function WorkActions({ exceptionPage, line, search, leave, onLeave }: {
  exceptionPage: string;
  line: LineProgress;
  search?: Record<string, string>;
  leave: ReactNode;
  onLeave(): void;
}) {
  return (
    <Group gap="xs">
      <Button
        component={Link}
        to={`${exceptionPage}/reportexception`}
        search={{ task_no: line.task_no, line_no: String(line.line_no), sku_id: line.sku_id, ...search } as never}
        variant="light"
        color="orange"
        size="xs"
        leftSection={<IconReportAnalytics size={14} aria-hidden />}
      >
        <Trans>Report exception</Trans>
      </Button>
      <Button variant="subtle" size="xs" leftSection={<IconArrowBack size={14} aria-hidden />} onClick={onLeave}>{leave}</Button>
    </Group>
  );
}

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

/** A put or report the server says no to is "refused" (its words for an op of this page). */
const PUT_STATE_LABELS: Partial<Record<OpState, MessageDescriptor>> = { rejected: msg`Refused` };

/**
 * This device's puts and exception reports of the task(s) on screen, newest first, with the
 * server's answers (the kit's op feed): a refusal is heard and shown once, and an answer refreshes
 * the work read (`refresh`), so suggestions and quantities — a report may take units off a line —
 * are the server's again.
 */
export function RecentPuts({ ops, lines, refresh }: { ops: readonly OutboxOp[]; lines: readonly LineProgress[]; refresh: QueryKey | null }) {
  const { t, i18n } = useLingui();
  const rejected = useMemo(() => (op: OutboxOp) => (REPORT_KINDS.includes(op.kind) ? t`Exception report refused` : t`Put refused`), [t]);
  useOpAnswers(ops, { refresh, rejected });
  const skuOf = (taskNo: string, lineNo: number) => lines.find((l) => l.task_no === taskNo && l.line_no === lineNo)?.sku_id;
  const describe = (op: OutboxOp) => {
    if (!REPORT_KINDS.includes(op.kind)) return <Text span ff="monospace" inherit>{opSummary(op, skuOf)}</Text>;
    const { qty, sku_id: sku, reason } = op.payload as Partial<ReportExceptionPayload>;
    const why = INBOUND_EXCEPTION_REASON.label(reason ?? 0);
    const what = `${String(qty)} × ${String(sku)}`;
    const because = why ? i18n._(why) : '-';
    return <Trans>Exception: {what} ({because})</Trans>;
  };
  return <OpFeed title={<Trans>Puts on this device</Trans>} ops={ops} describe={describe} stateLabels={PUT_STATE_LABELS} testId="putaway-op" />;
}
