import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PUTAWAY_MODE, TASK_STATUS, type CodeOf } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import type { PutawayTask } from '../../../shared/contract/putaway.contract';
import { canMove, isFinal, TASK_LIFECYCLE } from '../../../shared/lifecycles';
import { putawayTaskPagesAt } from '../../../shared/resources/putaway-task.resource';
import { callApi } from '../../kit/api';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import { routeAt } from '../../routes/access';
import { TaskFacts } from './putaway-task-facts';
import { putawayQueries } from './putaway.queries';

type TaskStatus = CodeOf<typeof TASK_STATUS>;

/** The assignee choice: active members of the warehouse by name or email, the current one kept. */
function AssigneeSelect({ task, value, onChange, disabled }: { task: PutawayTask; value: string | null; onChange: (v: string | null) => void; disabled: boolean }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const found = useQuery(putawayQueries.assignees(search.trim()));
  const options = (found.data?.list ?? []).map((u) => ({ value: String(u.user_id), label: `${u.display_name} (${u.email})` }));
  if (task.assignee_id !== null && !options.some((o) => o.value === String(task.assignee_id))) {
    options.unshift({ value: String(task.assignee_id), label: task.assignee_name ?? String(task.assignee_id) });
  }
  return (
    <Select
      label={<Trans>Assignee</Trans>}
      placeholder={t`Unassigned`}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={t`No active member of this warehouse matches`}
      disabled={disabled}
      data-testid="putaway-assignee"
    />
  );
}

function EditForm({ task }: { task: PutawayTask }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  // Mounted for inbound and for Move Transfer Inbound: each returns to its own detail.
  const pages = putawayTaskPagesAt(useRouterState({ select: (st) => st.location.pathname }));
  const queryClient = useQueryClient();
  const [assignee, setAssignee] = useState<string | null>(task.assignee_id === null ? null : String(task.assignee_id));
  const [mode, setMode] = useState<string>(String(task.putaway_mode));
  const [confirming, setConfirming] = useState(false);
  const status = task.status as TaskStatus;
  const finished = isFinal(TASK_LIFECYCLE, status);
  const started = task.done_qty > 0;
  const cancellable = canMove(TASK_LIFECYCLE, status, TASK_STATUS.values.CANCEL) && !started;
  const toDetail = () => void navigate({ to: pages.detail, search: { task_no: task.task_no } as never });
  const refresh = () => queryClient.invalidateQueries({ queryKey: putawayQueries.all });

  const save = useMutation({
    mutationFn: () => callApi(contract.updatePutawayTask, {
      task_no: task.task_no,
      ...(assignee !== (task.assignee_id === null ? null : String(task.assignee_id)) ? { assignee_id: assignee === null ? null : Number(assignee) } : {}),
      ...(Number(mode) !== task.putaway_mode ? { putaway_mode: Number(mode) as CodeOf<typeof PUTAWAY_MODE> } : {}),
    }),
    onSuccess: async () => {
      toast.success(t`Saved`);
      await refresh();
      toDetail();
    },
  });
  const cancel = useMutation({
    mutationFn: () => callApi(contract.cancelPutawayTask, { task_no: task.task_no }),
    onSuccess: async () => {
      toast.success(t`Task cancelled`);
      setConfirming(false);
      await refresh();
      toDetail();
    },
  });

  const taskNo = task.task_no;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md"><TaskFacts task={task} /></Paper>
      {finished && <Alert color="gray"><Trans>This task is finished and can no longer be changed.</Trans></Alert>}
      <Paper withBorder p="md" radius="md" maw={560}>
        <form onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
          <Stack gap="sm">
            <AssigneeSelect task={task} value={assignee} onChange={setAssignee} disabled={finished} />
            <Select
              label={<Trans>Putaway Mode</Trans>}
              data={PUTAWAY_MODE.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
              value={mode}
              onChange={(v) => v && setMode(v)}
              allowDeselect={false}
              disabled={finished || started}
              description={started ? t`Units are already put: the mode stays.` : undefined}
              data-testid="putaway-mode"
            />
            <Group justify="space-between">
              <Button color="red" variant="light" leftSection={<IconBan size={16} aria-hidden />} disabled={!cancellable} onClick={() => setConfirming(true)}>
                <Trans>Cancel task</Trans>
              </Button>
              <Group gap="xs">
                <Button variant="default" onClick={toDetail}><Trans>Back</Trans></Button>
                <Button type="submit" loading={save.isPending} disabled={finished} data-testid="putaway-save"><Trans>Save</Trans></Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t`Cancel task ${taskNo}?`} centered>
        <Stack>
          <Text size="sm"><Trans>Nothing of this task is put away. Cancelled, it is not offered to operators any more; its units stay in the staging location.</Trans></Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}><Trans>Keep task</Trans></Button>
            <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}><Trans>Cancel task</Trans></Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Edit putaway task (spec §2 /inbound/putawaytask/edit?task_no=): assignee, mode, cancel (task lifecycle). */
export default function PutawayTaskEditScreen() {
  const { t, i18n } = useLingui();
  const taskNo = useSearchParam('task_no') ?? '';
  const detail = useQuery({ ...putawayQueries.taskDetail(taskNo), enabled: taskNo !== '' });
  const title = routeAt(putawayTaskPagesAt(useRouterState({ select: (st) => st.location.pathname })).edit)?.title;
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">{title ? i18n._(title) : taskNo}</Title>
      {!taskNo ? <Alert color="orange"><Trans>No task was named: open it from the putaway task list.</Trans></Alert>
        : detail.isPending ? <Loader aria-label={t`Loading`} />
          : detail.isError ? <Alert color="red">{detail.error.message}</Alert>
            : <EditForm key={`${detail.data.task.task_no}:${detail.dataUpdatedAt}`} task={detail.data.task} />}
    </Stack>
  );
}
