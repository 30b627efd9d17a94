import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { API_BASE } from '../../../shared/contract/define';
import {
  USER_IMPORT_COLUMNS, USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS, USER_IMPORT_RESULT_PATH, USER_IMPORT_TEMPLATE_PATH,
  resultFileName, type UserImportColumn,
} from '../../../shared/contract/user-import.contract';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import { userImportTaskResource } from '../../../shared/resources/user-import.resource';
import { callApi } from '../../kit/api';
import { FILE_RETCODES, SheetColumnsTable, SheetUploadForm, TemplateLinks, base64Of } from '../../kit/sheet-upload';
import { TaskProgressCell, TaskStatusCell, taskRunning } from '../../kit/resource/task-cells';
import { useSession } from '../../kit/use-session';
import { refreshUserAdmin } from './user-admin.queries';

/** The page listing every import of the warehouse (search_upload_task). */
export const UPLOAD_TASKS_PAGE = '/wmsconfig/userlist/uploadtask';
/** While the import just uploaded waits or runs, the dialog asks again this often. */
const REFRESH_MS = 1500;
/** The result file of an import row of search_upload_task, as a row action's or a link's download. */
export const resultDownload = (row: Record<string, unknown>) => ({
  url: `${API_BASE}${USER_IMPORT_RESULT_PATH}?task_id=${encodeURIComponent(String(row.task_id))}`,
  name: resultFileName(String(row.file_name), row.file_format === 'xlsx' ? 'xlsx' : 'csv'),
});

/** What each column takes: the file's header names them in English, as the template does. */
function useColumnHelp(): Record<UserImportColumn, string> {
  const { t } = useLingui();
  return {
    email: t`Required. An email new to Tally creates a BPO account in this warehouse; a member's email changes that member.`,
    display_name: t`Required for a new account.`,
    local_name: t`The name in the local script.`,
    role_name: t`A role of this warehouse, by name. Required for a new account, which cannot hold an all-permission role.`,
    department_name: t`A department of this warehouse, by name.`,
    employment_type: t`Permanent, Temporary or Contract. New accounts are Contract when empty.`,
    status: t`Active, Terminated or Leave of Absence. Members only: new accounts start Active.`,
    reason: t`Why the status changes: required when it does, kept in the access status log.`,
  };
}

/** The import just uploaded: its status and progress, its counts, and its result file once finished. */
function UploadedTask({ taskId }: { taskId: number }) {
  const queryClient = useQueryClient();
  const task = useQuery({
    queryKey: ['resource', userImportTaskResource.name, 'list', { task_id: taskId }],
    queryFn: ({ signal }) => callApi(contract.searchUploadTask, { task_id: taskId }, { signal }).then((page) => page.list[0] as Record<string, unknown> | undefined),
    refetchInterval: (query) => (!query.state.data || taskRunning(query.state.data) ? REFRESH_MS : false),
  });
  const row = task.data;
  const finished = row !== undefined && !taskRunning(row);
  // The rows applied show in the user lists behind the dialog.
  useEffect(() => {
    if (finished) refreshUserAdmin(queryClient);
  }, [finished, queryClient]);
  if (!row) return null;
  const { created_count: created, updated_count: updated, unchanged_count: unchanged, refused_count: refused } = row as Record<string, number>;
  const download = resultDownload(row);
  return (
    <Stack gap="xs" data-testid="user-import-task">
      <Group gap="md" wrap="nowrap">
        <TaskStatusCell field={userImportTaskResource.fields.status} row={row} testId="user-import-status" />
        <TaskProgressCell row={row} />
      </Group>
      <Text size="sm" data-testid="user-import-counts">
        <Trans>Created {created} · Updated {updated} · Unchanged {unchanged} · Refused {refused}</Trans>
      </Text>
      {finished && (
        <Anchor href={download.url} download={download.name} size="sm">
          <Group gap={4} wrap="nowrap"><IconDownload size={14} aria-hidden /><Trans>Download the result: every row with what became of it and why</Trans></Group>
        </Anchor>
      )}
    </Stack>
  );
}

function UserImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const help = useColumnHelp();
  const [taskId, setTaskId] = useState<number | null>(null);
  const maxKb = USER_IMPORT_MAX_BYTES / 1024;
  const send = async (chosen: File) => callApi(contract.uploadUserFile, { file_name: chosen.name, content: await base64Of(chosen) }, { noErrorCodes: FILE_RETCODES });
  // A new dialog is a new form: its file and refusal are forgotten on close.
  const [formKey, setFormKey] = useState(0);
  const close = () => {
    setTaskId(null);
    setFormKey((k) => k + 1);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t`Import Users`} size="lg">
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            Upload an .xlsx or .csv file with a header row and one user per row, at most {USER_IMPORT_MAX_ROWS} rows and {maxKb} KB. Empty cells change
            nothing. New accounts have no password: give one with Reset Password when the person starts.
          </Trans>
        </Text>
        <TemplateLinks path={USER_IMPORT_TEMPLATE_PATH} fileStem="user_import_template" />
        <SheetColumnsTable columns={USER_IMPORT_COLUMNS} help={help} />
        <SheetUploadForm key={formKey} maxBytes={USER_IMPORT_MAX_BYTES} send={send} onUploaded={setTaskId} testId="user-import" />
        {taskId !== null && <UploadedTask taskId={taskId} />}
        <Group justify="space-between">
          <Anchor component={Link} to={UPLOAD_TASKS_PAGE} size="sm" onClick={close}><Trans>All imports of this warehouse</Trans></Anchor>
          <Button variant="default" onClick={close}><Trans>Close</Trans></Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Import Users" and its dialog, for holders of the import permission. */
export function UserImportButton() {
  const { perms } = useSession();
  const [opened, setOpened] = useState(false);
  if (!perms.has(USER_ADMIN_ACTIONS.importUsers)) return null;
  return (
    <>
      {/* Its own width wherever it is mounted (a page's column stretches its children). */}
      <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setOpened(true)} style={{ alignSelf: 'flex-end' }}>
        <Trans>Import Users</Trans>
      </Button>
      <UserImportDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
