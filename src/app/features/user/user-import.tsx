import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Code, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { API_BASE } from '../../../shared/contract/define';
import {
  USER_IMPORT_COLUMNS, USER_IMPORT_FORMATS, USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS, USER_IMPORT_RESULT_PATH, USER_IMPORT_TEMPLATE_PATH,
  resultFileName, type UserImportColumn, type UserImportFormat,
} from '../../../shared/contract/user-import.contract';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import { userImportTaskResource } from '../../../shared/resources/user-import.resource';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../../kit/api';
import { TaskProgressCell, TaskStatusCell, taskRunning } from '../../kit/resource/task-cells';
import { useSession } from '../../kit/use-session';
import { refreshUserAdmin } from './user-admin.queries';

/** The page listing every import of the warehouse (search_upload_task). */
export const UPLOAD_TASKS_PAGE = '/wmsconfig/userlist/uploadtask';
/** While the import just uploaded waits or runs, the dialog asks again this often. */
const REFRESH_MS = 1500;
/** Refusals of a file as a whole: shown in the dialog beside the file, not as a toast. */
const FILE_RETCODES = [RET.IMPORT_FILE_INVALID, RET.IMPORT_FILE_TOO_LARGE, RET.IMPORT_TOO_MANY_ROWS, RET.IMPORT_HEADER_INVALID, RET.RATE_LIMITED];

const templateUrl = (format: UserImportFormat) => `${API_BASE}${USER_IMPORT_TEMPLATE_PATH}?format=${format}`;
/** The result file of an import row of search_upload_task, as a row action's or a link's download. */
export const resultDownload = (row: Record<string, unknown>) => ({
  url: `${API_BASE}${USER_IMPORT_RESULT_PATH}?task_id=${encodeURIComponent(String(row.task_id))}`,
  name: resultFileName(String(row.file_name), row.file_format === 'xlsx' ? 'xlsx' : 'csv'),
});

/** The file's bytes in base64, as upload_user_file takes them (in slices: a whole file overflows the call stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

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
  const { t, i18n } = useLingui();
  const help = useColumnHelp();
  const [file, setFile] = useState<File | null>(null);
  const [taskId, setTaskId] = useState<number | null>(null);
  const tooBig = file !== null && file.size > USER_IMPORT_MAX_BYTES;
  const maxKb = USER_IMPORT_MAX_BYTES / 1024;
  const upload = useMutation({
    mutationFn: async (chosen: File) => callApi(contract.uploadUserFile, { file_name: chosen.name, content: await base64Of(chosen) }, { noErrorCodes: FILE_RETCODES }),
    onSuccess: (answer) => {
      setTaskId(answer.task_id);
      setFile(null);
    },
  });
  const refusal = upload.error && isApiError(upload.error) && FILE_RETCODES.includes(upload.error.retcode as never) ? upload.error.message : null;
  const close = () => {
    setFile(null);
    setTaskId(null);
    upload.reset();
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
        <Group gap="xs">
          <Text size="sm"><Trans>Template:</Trans></Text>
          {USER_IMPORT_FORMATS.map((format) => (
            <Anchor key={format} href={templateUrl(format)} download={`user_import_template.${format}`} size="sm">
              <Group gap={4} wrap="nowrap"><IconDownload size={14} aria-hidden />{format.toUpperCase()}</Group>
            </Anchor>
          ))}
        </Group>
        <Table withTableBorder fz="sm" verticalSpacing={4} aria-label={t`Columns`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>Column</Trans></Table.Th>
              <Table.Th><Trans>What it takes</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {USER_IMPORT_COLUMNS.map((column) => (
              <Table.Tr key={column.key}>
                <Table.Td><Code title={i18n._(column.label)}>{column.label}</Code></Table.Td>
                <Table.Td>{help[column.key]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group align="flex-end" wrap="nowrap">
          <FileInput
            flex={1}
            label={t`File`}
            placeholder={t`Choose an .xlsx or .csv file`}
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              upload.reset();
            }}
            clearable
            error={tooBig ? t`The file is bigger than ${maxKb} KB: split it into smaller files.` : undefined}
            leftSection={<IconFileImport size={16} aria-hidden />}
          />
          <Button leftSection={<IconUpload size={16} aria-hidden />} disabled={!file || tooBig} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
            <Trans>Upload</Trans>
          </Button>
        </Group>
        {refusal && (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`The file was not imported`} data-testid="user-import-refusal">
            {refusal}
          </Alert>
        )}
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
