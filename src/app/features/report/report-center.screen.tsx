import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Pagination, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { API_BASE } from '../../../shared/contract/define';
import {
  EXPORT_DOWNLOAD_PATH, EXPORT_RETENTION_DAYS, EXPORT_STATUS, EXPORT_STATUS_FIELD, type ExportStatus, type ExportTaskRow,
} from '../../../shared/contract/export-task.contract';
import { DEFAULT_PAGE_SIZE, EMPTY_PLACEHOLDER, PAGE_SIZE_OPTIONS } from '../../../shared/constants';
import { groupNumber } from '../../../shared/format';
import { intlTag } from '../../kit/i18n';
import { FieldValue } from '../../kit/resource/field-value';
import { exportTaskQueries } from '../../kit/resource/export-queries';
import { valueText } from '../../kit/resource/resource-fields';

/**
 * Not a ResourceList: the tasks are the user's own (not every row of the warehouse), rows need a
 * progress bar and a Download action, and the page refreshes itself while a task runs — none of
 * which the generic list offers.
 */

const timeText = (seconds: number | null) => (seconds === null ? EMPTY_PLACEHOLDER : new Date(seconds * 1000).toLocaleString(intlTag()));
const downloadHref = (taskId: string) => `${API_BASE}${EXPORT_DOWNLOAD_PATH}?task_id=${encodeURIComponent(taskId)}`;

function TaskRow({ task }: { task: ExportTaskRow }) {
  const { t } = useLingui();
  const running = task.status === EXPORT_STATUS.PENDING || task.status === EXPORT_STATUS.ONGOING;
  return (
    <Table.Tr data-task={task.task_id}>
      <Table.Td><Text size="sm" ff="monospace">{task.file_name}</Text></Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <span data-testid="export-status"><FieldValue field={EXPORT_STATUS_FIELD} value={task.status} /></span>
          {task.error_message && <Text size="xs" c="red">{task.error_message}</Text>}
        </Stack>
      </Table.Td>
      <Table.Td miw={140}>
        <Group gap="xs" wrap="nowrap">
          <Progress value={task.progress} w={90} animated={running} aria-label={t`Progress`} color={task.status === EXPORT_STATUS.FAIL ? 'red' : undefined} />
          <Text size="xs">{task.progress}%</Text>
        </Group>
      </Table.Td>
      <Table.Td>{task.row_count === null ? EMPTY_PLACEHOLDER : groupNumber(task.row_count)}</Table.Td>
      <Table.Td>{timeText(task.created_at)}</Table.Td>
      <Table.Td>{timeText(task.finished_at)}</Table.Td>
      <Table.Td>
        {task.status === EXPORT_STATUS.DONE
          ? (
            <Anchor href={downloadHref(task.task_id)} download={task.file_name} size="sm">
              <Group gap={4} wrap="nowrap"><IconDownload size={14} aria-hidden /><Trans>Download</Trans></Group>
            </Anchor>
          )
          : EMPTY_PLACEHOLDER}
      </Table.Td>
    </Table.Tr>
  );
}

/** /reportcenter/reportcenter: the user's exports of this warehouse, newest first, with their files. */
export default function ReportCenterScreen() {
  const { t, i18n } = useLingui();
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState<(typeof PAGE_SIZE_OPTIONS)[number]>(DEFAULT_PAGE_SIZE);
  const [status, setStatus] = useState<ExportStatus | undefined>(undefined);
  const tasks = useQuery(exportTaskQueries.list({ page_no: pageNo, page_size: pageSize, ...(status === undefined ? {} : { status }) }));
  const rows = tasks.data?.list ?? [];
  const total = tasks.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz="h2"><Trans>Reports</Trans></Title>
          <Text size="sm" c="dimmed"><Trans>Files you exported from lists in this warehouse. They are kept for {EXPORT_RETENTION_DAYS} days.</Trans></Text>
        </Stack>
        <Group gap="sm">
          <Select
            aria-label={t`Status`}
            placeholder={t`All statuses`}
            clearable
            w={160}
            data={Object.values(EXPORT_STATUS).map((s) => ({ value: String(s), label: valueText(EXPORT_STATUS_FIELD, s, i18n) }))}
            value={status === undefined ? null : String(status)}
            onChange={(v) => {
              setStatus(v === null ? undefined : (Number(v) as ExportStatus));
              setPageNo(1);
            }}
          />
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void tasks.refetch()} loading={tasks.isFetching && !tasks.isPending}>
            <Trans>Refresh</Trans>
          </Button>
        </Group>
      </Group>
      {tasks.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Could not load`}>
          <Trans>The list could not be read from the server.</Trans>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={880}>
        <Table striped highlightOnHover aria-label={t`Export tasks`} data-testid="export-tasks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>File</Trans></Table.Th>
              <Table.Th><Trans>Status</Trans></Table.Th>
              <Table.Th><Trans>Progress</Trans></Table.Th>
              <Table.Th><Trans>Rows</Trans></Table.Th>
              <Table.Th><Trans>Created</Trans></Table.Th>
              <Table.Th><Trans>Finished</Trans></Table.Th>
              <Table.Th><Trans>Action</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((task) => <TaskRow key={task.task_id} task={task} />)}
            {rows.length === 0 && !tasks.isPending && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center" py="md"><Trans>No exports yet. Use Export on a list to make one.</Trans></Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {tasks.isPending && <Group justify="center"><Loader size="sm" /></Group>}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">{t`Total ${total.toLocaleString(intlTag())}`}</Text>
        <Group gap="sm">
          <Select
            aria-label={t`Rows per page`}
            w={124}
            data={PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: t`${n} / page` }))}
            value={String(pageSize)}
            onChange={(v) => {
              if (!v) return;
              setPageSize(Number(v) as (typeof PAGE_SIZE_OPTIONS)[number]);
              setPageNo(1);
            }}
            allowDeselect={false}
          />
          <Pagination total={pages} value={Math.min(pageNo, pages)} onChange={setPageNo} siblings={1} />
        </Group>
      </Group>
    </Stack>
  );
}
