import { useState } from 'react';
import { Anchor, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { OB_EXCEPTION_DECISION, TASK_STATUS } from '../../../shared/codes';
import { CC_PAGES } from '../../../shared/contract/cycle-count.contract';
import { OB_EXCEPTION_ACCESS, OB_EXCEPTION_NOTE_MAX, outboundExceptionContract, type ObTroubleshootDetail } from '../../../shared/contract/outbound-exception.contract';
import { obTroubleshootTaskResource } from '../../../shared/resources/ob-troubleshoot-task.resource';
import { callApi } from '../../kit/api';
import { FactsCard, Section, codeField, orPlaceholder } from '../../kit/record-parts';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { toast } from '../../kit/toast';
import { obTroubleshootQueries } from './ob-troubleshoot.queries';

const F = obTroubleshootTaskResource.fields;
const taskStatusField = codeField(TASK_STATUS, /*i18n*/ 'Return Status', true);

/**
 * /exceptioncenter/ob-troubleshoot-task-detail/$task_id: one outbound exception — what happened
 * where, its decision once handled (who, when, note, what it did), a short pick's cycle count, an intercept's return task —
 * and, while pending and for a user who may handle it, the decisions its type takes.
 */
export default function ObTroubleshootTaskDetailScreen() {
  const { id: taskId, heading } = useRecordHeading('task_id');
  const detail = useQuery(obTroubleshootQueries.detail(taskId));
  if (!detail.data) return <RecordPending heading={heading} id={taskId} error={detail.error} />;
  const { task, return_task: returnTask, decisions } = detail.data;
  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} fz="h2">{heading}</Title>
      <FactsCard
        testId="ob-exception-facts"
        facts={[
          [F.type, <FieldValue field={F.type} value={task.type} />],
          [F.status, <FieldValue field={F.status} value={task.status} />],
          [F.order_no, orPlaceholder(task.order_no)],
          [F.sku_id, orPlaceholder(task.sku_id)],
          [F.batch_id, orPlaceholder(task.batch_id)],
          [F.qty, orPlaceholder(task.qty)],
          [F.location_id, orPlaceholder(task.location_id)],
          [F.source_no, orPlaceholder(task.source_no)],
          [F.created_at, <FieldValue field={F.created_at} value={task.created_at} />],
          [F.detail, orPlaceholder(task.detail)],
          // A short pick its cycle count settles: the count, and once it ended what it did (there is no decision).
          ...(task.cc_order_no ? [[F.cc_order_no, <Anchor component={Link} to={CC_PAGES.orderView} search={{ order_no: task.cc_order_no } as never}>{task.cc_order_no}</Anchor>] as const] : []),
          ...(task.decision === null && task.outcome ? [[F.outcome, task.outcome] as const] : []),
        ]}
      />
      {returnTask && (
        <Section title={<Trans>Return to stock</Trans>} testId="ob-exception-return">
          <FactsCard facts={[
            [<Trans>Return Task No.</Trans>, returnTask.task_no],
            [taskStatusField, <FieldValue field={taskStatusField} value={returnTask.status} />],
            [<Trans>Units on the Order</Trans>, returnTask.on_order_qty],
            [<Trans>Units Returned</Trans>, `${returnTask.returned_qty} / ${returnTask.total_qty}`],
          ]} />
        </Section>
      )}
      {task.decision !== null && (
        <Section title={<Trans>Decision</Trans>} testId="ob-exception-decision">
          <FactsCard facts={[
            [F.decision, <FieldValue field={F.decision} value={task.decision} />],
            [F.decided_by, orPlaceholder(task.decided_by)],
            [F.decided_at, <FieldValue field={F.decided_at} value={task.decided_at} />],
            [F.note, orPlaceholder(task.note)],
            [F.outcome, orPlaceholder(task.outcome)],
          ]} />
        </Section>
      )}
      {decisions.length > 0 && <DecideCard taskId={task.task_id!} decisions={decisions} />}
    </Stack>
  );
}

function DecideCard({ taskId, decisions }: { taskId: string; decisions: readonly number[] }) {
  const { t, i18n } = useLingui();
  const canHandle = useMayCall(OB_EXCEPTION_ACCESS.handle);
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: (): Promise<ObTroubleshootDetail> =>
      callApi(outboundExceptionContract.handleObTroubleshootTask, { task_id: taskId, decision: Number(decision), note: note.trim() || null }),
    onSuccess: async (next) => {
      queryClient.setQueryData(obTroubleshootQueries.detail(taskId).queryKey, next);
      await queryClient.invalidateQueries({ queryKey: ['resource', obTroubleshootTaskResource.name, 'list'] });
      toast.success(t`Saved`);
    },
  });
  if (!canHandle) return <MissingPermissionNote access={OB_EXCEPTION_ACCESS.handle} />;
  return (
    <Card withBorder radius="md" padding="md" maw={720}>
      <Stack gap="sm">
        <Title order={2} fz="h4"><Trans>Handle</Trans></Title>
        <Select
          label={<Trans>Decision</Trans>}
          data={decisions.map((d) => ({ value: String(d), label: i18n._(OB_EXCEPTION_DECISION.label(d)!) }))}
          value={decision}
          onChange={setDecision}
          data-testid="ob-exception-decision-select"
        />
        <TextInput label={<Trans>Note</Trans>} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={OB_EXCEPTION_NOTE_MAX} data-testid="ob-exception-note" />
        <Group>
          <Button onClick={() => decide.mutate()} disabled={decision === null} loading={decide.isPending} data-testid="ob-exception-submit">
            <Trans>Confirm</Trans>
          </Button>
        </Group>
        <Text size="xs" c="dimmed"><Trans>A decision is final: it acts on the stock or the order at once.</Trans></Text>
      </Stack>
    </Card>
  );
}
