import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { USER_IMPORT_RETENTION_DAYS } from '../../../shared/contract/user-import.contract';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import { userImportTaskResource } from '../../../shared/resources/user-import.resource';
import { ResourceList } from '../../kit/resource/resource-list';
import { TaskProgressCell, TaskStatusCell, refetchWhileRunning, taskRunning } from '../../kit/resource/task-cells';
import { UPLOAD_TASKS_PAGE, UserImportButton, resultDownload } from './user-import';


/**
 * /wmsconfig/userlist/uploadtask: the warehouse's user imports (search_upload_task), newest
 * first, with their progress, counts and result files; read again while one waits or runs.
 */
export default function UserImportTasksScreen() {
  const { t } = useLingui();
  return (
    <ResourceList
      resource={userImportTaskResource}
      endpoint={contract.searchUploadTask}
      title={t`User Imports`}
      description={<Trans>Files of users imported into this warehouse, with what became of each row. They are kept for {USER_IMPORT_RETENTION_DAYS} days.</Trans>}
      path={UPLOAD_TASKS_PAGE}
      exportable
      cells={{
        status: (row) => <TaskStatusCell field={userImportTaskResource.fields.status} row={row} testId="user-import-status" />,
        progress: (row) => <TaskProgressCell row={row} />,
      }}
      rowActions={[{ label: t`Download Result`, permission: USER_ADMIN_ACTIONS.importUsers, visible: (row) => !taskRunning(row), file: resultDownload }]}
      refetchInterval={refetchWhileRunning}
      actions={<UserImportButton />}
    />
  );
}
