import { useState } from 'react';
import { Anchor, Button, Group, Modal, NumberInput, Progress, Radio, Stack, Table, Text } from '@mantine/core';
import { IconArrowsSplit2 } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { PICKING_TASK_KIND, SUB_PICKING_SPLIT_BY, TASK_STATUS, type CodeOf } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import type { PickingTask } from '../../../shared/contract/picking.contract';
import {
  SUB_PICKING_ACCESS, SUB_PICKING_PAGES, subPickingContract, subPickingTaskHref, type SubPickingGroupDetail,
} from '../../../shared/contract/sub-picking.contract';
import { callApi } from '../../kit/api';
import { useMayCall } from '../../kit/permitted';
import { FieldValue } from '../../kit/resource/field-value';
import { NoData, codeField, orPlaceholder } from '../../kit/record-parts';
import { toast } from '../../kit/toast';
import { useCanOpen } from '../../routes/use-access';
import { taskStatusField } from './outbound-parts';

/** Pieces of the sub-picking office screens: links, the split dialog, a group's sub tasks. See docs/outbound.md "Sub-picking". */

export const splitByField = codeField(SUB_PICKING_SPLIT_BY, /*i18n*/ 'Split By');
const T = TASK_STATUS.values;

/** The page link of a sub-picking group's detail (the group is a search parameter). */
export const groupLink = (groupId: string) => ({ to: SUB_PICKING_PAGES.groupDetail, search: { group_id: groupId } });

/** A sub-picking group's id, linked to its detail when the user may open it. */
export function GroupLink({ groupId }: { groupId: string }) {
  const canOpen = useCanOpen(SUB_PICKING_PAGES.groupDetail);
  return canOpen ? <Anchor component={Link} to={SUB_PICKING_PAGES.groupDetail} search={{ group_id: groupId } as never}>{groupId}</Anchor> : <>{groupId}</>;
}

/** A sub-picking task's number, linked to its detail when the user may open it. */
export function SubTaskLink({ taskNo }: { taskNo: string }) {
  const href = subPickingTaskHref(taskNo);
  const canOpen = useCanOpen(href);
  return canOpen ? <Anchor component={Link} to={href}>{taskNo}</Anchor> : <>{taskNo}</>;
}

/** Whether a picking task can be split now: a pending picking task nobody has claimed, not a sub task itself. */
export const splittable = (task: PickingTask): boolean =>
  task.kind === PICKING_TASK_KIND.values.PICKING && task.status === T.PENDING && task.assignee_id === null && task.parent_task_no === null;

/**
 * "Split into sub-picking tasks" on a pending picking task (for those who may): into a number of
 * pickers or by units per sub task; the split's group opens once made.
 */
export function SplitAction({ task, stops }: { task: PickingTask; stops: number }) {
  const { t } = useLingui();
  const maySplit = useMayCall(SUB_PICKING_ACCESS.split);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [splitBy, setSplitBy] = useState<string>(String(SUB_PICKING_SPLIT_BY.values.PICKERS));
  const [value, setValue] = useState<number | string>(2);
  const split = useMutation({
    mutationFn: () => callApi(subPickingContract.splitPickingTask, {
      task_no: task.task_no, split_by: Number(splitBy) as CodeOf<typeof SUB_PICKING_SPLIT_BY>, split_value: Number(value),
    }),
    onSuccess: (detail) => {
      const count = detail.sub_tasks.length;
      toast.success(t`Split into ${count} sub-picking tasks`);
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['outbound'] });
      void queryClient.invalidateQueries({ queryKey: ['resource'] });
      void navigate(groupLink(detail.group.group_id) as never);
    },
  });
  if (!maySplit || !splittable(task) || stops < 2) return null;
  const byPickers = Number(splitBy) === SUB_PICKING_SPLIT_BY.values.PICKERS;
  const taskNo = task.task_no;
  const units = task.total_qty;
  return (
    <>
      <Button variant="light" leftSection={<IconArrowsSplit2 size={16} aria-hidden />} onClick={() => setOpen(true)} data-testid="split-task">
        <Trans>Split into sub-picking tasks</Trans>
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t`Split into sub-picking tasks`} centered size="sm">
        <form onSubmit={(e) => { e.preventDefault(); split.mutate(); }}>
          <Stack gap="sm">
            <Text size="sm"><Trans>Task {taskNo} has {stops} stops and {units} units. Each sub-picking task takes a run of its route, whole stops in pick-path order, and is picked on Task Picking.</Trans></Text>
            <Radio.Group label={t`Split By`} value={splitBy} onChange={setSplitBy}>
              <Stack gap={6} mt={4}>
                <Radio value={String(SUB_PICKING_SPLIT_BY.values.PICKERS)} label={t`Number of pickers`} data-testid="split-by-pickers" />
                <Radio value={String(SUB_PICKING_SPLIT_BY.values.UNITS)} label={t`Units per Sub-task`} data-testid="split-by-units" />
              </Stack>
            </Radio.Group>
            <NumberInput
              label={byPickers ? t`Pickers` : t`Units per Sub-task`}
              value={value}
              onChange={setValue}
              min={byPickers ? 2 : 1}
              max={byPickers ? stops : units}
              allowDecimal={false}
              allowNegative={false}
              data-testid="split-value"
            />
            <Group grow>
              <Button variant="default" onClick={() => setOpen(false)}><Trans>Cancel</Trans></Button>
              <Button type="submit" loading={split.isPending} data-testid="split-confirm"><Trans>Split</Trans></Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** The sub-picking groups a task was split into (the last one first; earlier ones were merged back). */
export function GroupsOf({ taskNo }: { taskNo: string }) {
  const groups = useQuery({
    queryKey: ['outbound', 'subPickingGroup', 'of', taskNo],
    queryFn: ({ signal }) => callApi(contract.searchSubPickingGroup, { parent_task_no: taskNo, page_size: 20 }, { signal, quiet: true }),
    retry: false,
  });
  const list = groups.data?.list ?? [];
  if (list.length === 0) return <>{orPlaceholder(null)}</>;
  return (
    <Group gap="xs" data-testid="task-groups">
      {list.map((g) => (
        <Group key={String(g.group_id)} gap={4}>
          <GroupLink groupId={String(g.group_id)} />
          <FieldValue field={taskStatusField} value={g.status as number} />
        </Group>
      ))}
    </Group>
  );
}

/** A group's sub tasks in route order: number, status, picker, stops, progress. */
export function SubTaskTable({ subTasks }: { subTasks: SubPickingGroupDetail['sub_tasks'] }) {
  const { t } = useLingui();
  if (subTasks.length === 0) return <NoData />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={t`Sub-picking tasks`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th><Trans>Task No.</Trans></Table.Th>
            <Table.Th><Trans>Status</Trans></Table.Th>
            <Table.Th><Trans>Picker</Trans></Table.Th>
            <Table.Th><Trans>Container</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Stops</Trans></Table.Th>
            <Table.Th><Trans>Progress</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subTasks.map((s) => {
            const done = s.picked_qty + s.short_qty;
            const total = s.total_qty;
            const short = s.short_qty;
            const picked = s.picked_qty;
            const taskNo = s.task_no;
            return (
              <Table.Tr key={s.task_no}>
                <Table.Td><SubTaskLink taskNo={s.task_no} /></Table.Td>
                <Table.Td><FieldValue field={taskStatusField} value={s.status} /></Table.Td>
                <Table.Td>{orPlaceholder(s.assignee_name)}</Table.Td>
                <Table.Td>{orPlaceholder(s.container_code)}</Table.Td>
                <Table.Td ta="right">{s.stop_count}</Table.Td>
                <Table.Td miw={180}>
                  <Progress value={total ? (100 * done) / total : 0} aria-label={t`Progress of ${taskNo}`} />
                  <Text size="xs" c="dimmed">
                    <Trans>{picked} of {total} picked</Trans>{short > 0 && <> · <Trans>{short} short</Trans></>}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
