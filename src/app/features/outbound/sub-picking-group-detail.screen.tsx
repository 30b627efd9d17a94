import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowMerge } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TASK_STATUS } from '../../../shared/codes';
import { SUB_PICKING_ACCESS, SUB_PICKING_PAGES, subPickingContract, type SubPickingGroup } from '../../../shared/contract/sub-picking.contract';
import { subPickingGroupResource } from '../../../shared/resources/picking-task.resource';
import { callApi } from '../../kit/api';
import { useMayCall } from '../../kit/permitted';
import { RecordPending } from '../../kit/record-pending';
import { FactsCard, Section, orPlaceholder } from '../../kit/record-parts';
import { FieldValue } from '../../kit/resource/field-value';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import { pageTitle } from '../../routes/access';
import { TaskLink, WaveLink, taskStatusField } from './outbound-parts';
import { outboundQueries } from './outbound.queries';
import { SubTaskTable } from './sub-picking-parts';

const F = subPickingGroupResource.fields;

/** Merge back: while no sub task has started, the split is undone (for those who may split). */
function MergeAction({ group }: { group: SubPickingGroup }) {
  const { t } = useLingui();
  const mayMerge = useMayCall(SUB_PICKING_ACCESS.split);
  const queryClient = useQueryClient();
  const merge = useMutation({
    mutationFn: () => callApi(subPickingContract.mergeSubPickingGroup, { group_id: group.group_id }),
    onSuccess: () => {
      toast.success(t`Merged back: the picking task is pending again`);
      void queryClient.invalidateQueries({ queryKey: ['outbound'] });
      void queryClient.invalidateQueries({ queryKey: ['resource'] });
    },
  });
  if (!mayMerge || group.status !== TASK_STATUS.values.PENDING) return null;
  return (
    <Button variant="light" color="orange" leftSection={<IconArrowMerge size={16} aria-hidden />} loading={merge.isPending} onClick={() => merge.mutate()} data-testid="merge-group">
      <Trans>Merge back</Trans>
    </Button>
  );
}

/**
 * /salesoutbound/subPicking/detail?group_id=…: one sub-picking group — how, when and by whom the
 * picking task was split, the task, and its sub-picking tasks with their status, picker and
 * progress; merged back while none has started.
 */
export default function SubPickingGroupDetailScreen() {
  const { i18n } = useLingui();
  const groupId = useSearchParam('group_id') ?? '';
  const detail = useQuery(outboundQueries.subPickingGroupDetail(groupId));
  const title = pageTitle(SUB_PICKING_PAGES.groupDetail);
  const heading = `${title ? i18n._(title) : ''} ${groupId}`.trim();
  if (!detail.data) return <RecordPending heading={heading} id={groupId} error={detail.error} />;
  const { group, parent, sub_tasks: subTasks } = detail.data;
  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between" align="center">
        <Title order={1} fz="h2">{heading}</Title>
        <MergeAction group={group} />
      </Group>
      <FactsCard
        testId="group-header"
        facts={[
          [F.status, <FieldValue field={F.status} value={group.status} />],
          [F.parent_task_no, <TaskLink taskNo={parent.task_no} kind={parent.kind} />],
          [<Trans>Parent Task Status</Trans>, <FieldValue field={taskStatusField} value={parent.status} />],
          [F.wave_no, group.wave_no ? <WaveLink waveNo={group.wave_no} /> : orPlaceholder(null)],
          [F.zone_id, orPlaceholder(group.zone_id)],
          [F.split_by, <FieldValue field={F.split_by} value={group.split_by} />],
          [F.split_value, group.split_value],
          [F.sub_task_count, group.sub_task_count],
          [F.total_qty, group.total_qty],
          [<Trans>Picked Qty</Trans>, parent.picked_qty],
          [<Trans>Short Qty</Trans>, parent.short_qty],
          [F.created_by, orPlaceholder(group.created_by_name)],
          [F.created_at, <FieldValue field={F.created_at} value={group.created_at} />],
          [F.finished_at, <FieldValue field={F.finished_at} value={group.finished_at} />],
        ]}
      />
      <Section title={<Trans>Sub-picking tasks</Trans>} testId="group-sub-tasks">
        <SubTaskTable subTasks={subTasks} />
      </Section>
    </Stack>
  );
}
