import { SimpleGrid, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { EMPTY_PLACEHOLDER } from '../../../shared/constants';
import type { PutawayTask } from '../../../shared/contract/putaway.contract';
import { putawayTaskResource } from '../../../shared/resources/putaway-task.resource';
import { FieldValue } from '../../kit/resource/field-value';

const F = putawayTaskResource.fields;

/** The task's fields as the list shows them (labels, status tag, times in the warehouse's zone). */
export function TaskFacts({ task }: { task: PutawayTask }) {
  const { i18n } = useLingui();
  const facts: [string, React.ReactNode][] = [
    [F.task_no.label, task.task_no],
    [F.asn_no.label, task.asn_no ?? EMPTY_PLACEHOLDER],
    [F.status.label, <FieldValue field={F.status} value={task.status} />],
    [F.putaway_mode.label, <FieldValue field={F.putaway_mode} value={task.putaway_mode} />],
    [F.staging_location.label, task.staging_location ?? EMPTY_PLACEHOLDER],
    [/*i18n*/ 'Assignee', task.assignee_name ?? EMPTY_PLACEHOLDER],
    [F.total_qty.label, task.total_qty],
    [F.done_qty.label, task.done_qty],
    [F.created_at.label, <FieldValue field={F.created_at} value={task.created_at} />],
    [F.started_at.label, <FieldValue field={F.started_at} value={task.started_at} />],
    [F.finished_at.label, <FieldValue field={F.finished_at} value={task.finished_at} />],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">{i18n._(label)}</Text>
          <Text size="sm" component="div">{value}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

