import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { API_BASE } from '../../../shared/contract/define';
import { EXPORT_DOWNLOAD_PATH, EXPORT_RETENTION_DAYS, EXPORT_STATUS } from '../../../shared/contract/export-task.contract';
import { exportTaskResource } from '../../../shared/resources/export-task.resource';
import { ResourceList } from '../../kit/resource/resource-list';
import { TaskProgressCell, TaskStatusCell, refetchWhileRunning } from '../../kit/resource/task-cells';
import { routeAt } from '../../routes/access';

/** The Report Center's own page. */
const PAGE = '/reportcenter/reportcenter';

const listKey = ['resource', exportTaskResource.name];

/**
 * /reportcenter/reportcenter: the user's exports of this warehouse, newest first, with their files
 * — the export_task resource's list (paging and filters in the URL, times in the warehouse's zone),
 * read again every 2 s while a task waits or runs.
 */
export default function ReportCenterScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return (
    <ResourceList
      resource={exportTaskResource}
      endpoint={contract.searchExportTask}
      title={t`Reports`}
      description={<Trans>Files you exported from lists in this warehouse. They are kept for {EXPORT_RETENTION_DAYS} days.</Trans>}
      path={PAGE}
      remember={routeAt(PAGE)?.rememberFilters ?? false}
      cells={{
        status: (row) => <TaskStatusCell field={exportTaskResource.fields.status} row={row} testId="export-status" />,
        progress: (row) => <TaskProgressCell row={row} />,
      }}
      rowActions={[{
        label: t`Download`,
        visible: (row) => row.status === EXPORT_STATUS.DONE,
        file: (row) => ({ url: `${API_BASE}${EXPORT_DOWNLOAD_PATH}?task_id=${encodeURIComponent(String(row.task_id))}`, name: String(row.file_name) }),
      }]}
      refetchInterval={refetchWhileRunning}
      actions={(
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void queryClient.invalidateQueries({ queryKey: listKey })}>
          <Trans>Refresh</Trans>
        </Button>
      )}
    />
  );
}
