import { useState } from 'react';
import { Alert, Anchor, Button, Code, FileInput, Group, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { API_BASE } from '../../shared/contract/define';
import { RET } from '../../shared/retcodes';
import { isApiError } from './api';

/**
 * The parts of an import dialog every sheet import shares (users, sales orders): the template
 * links, and choosing and uploading a file with its refusal shown beside it.
 */

const FORMATS = ['xlsx', 'csv'] as const;
/** Refusals of a file as a whole: shown in the dialog beside the file, not as a toast. */
export const FILE_RETCODES = [RET.IMPORT_FILE_INVALID, RET.IMPORT_FILE_TOO_LARGE, RET.IMPORT_TOO_MANY_ROWS, RET.IMPORT_HEADER_INVALID, RET.RATE_LIMITED];

/** The file's bytes in base64, as the upload calls take them (in slices: a whole file overflows the call stack). */
export async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** "Template: XLSX CSV", downloading `path?format=` as `<fileStem>.<format>`. */
export function TemplateLinks({ path, fileStem }: { path: string; fileStem: string }) {
  return (
    <Group gap="xs">
      <Text size="sm"><Trans>Template:</Trans></Text>
      {FORMATS.map((format) => (
        <Anchor key={format} href={`${API_BASE}${path}?format=${format}`} download={`${fileStem}.${format}`} size="sm">
          <Group gap={4} wrap="nowrap"><IconDownload size={14} aria-hidden />{format.toUpperCase()}</Group>
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * The sheet's columns as the header must name them (the untranslated label, as the template
 * writes it; its translation on hover), each with what it takes.
 */
export function SheetColumnsTable<K extends string>({ columns, help }: {
  columns: readonly { key: K; label: string }[];
  help: Record<K, string>;
}) {
  const { t, i18n } = useLingui();
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4} aria-label={t`Columns`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th><Trans>Column</Trans></Table.Th>
          <Table.Th><Trans>What it takes</Trans></Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {columns.map((column) => (
          <Table.Tr key={column.key}>
            <Table.Td><Code title={i18n._(column.label)}>{column.label}</Code></Table.Td>
            <Table.Td>{help[column.key]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Choosing a file and uploading it: `send` uploads it (the call passes FILE_RETCODES as
 * noErrorCodes), `onUploaded` gets its task; a refusal of the file shows in an alert here.
 */
export function SheetUploadForm({ maxBytes, send, onUploaded, testId }: {
  maxBytes: number;
  send: (file: File) => Promise<{ task_id: number }>;
  onUploaded: (taskId: number) => void;
  testId: string;
}) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const tooBig = file !== null && file.size > maxBytes;
  const maxKb = maxBytes / 1024;
  const upload = useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      onUploaded(answer.task_id);
      setFile(null);
    },
  });
  const refusal = upload.error && isApiError(upload.error) && FILE_RETCODES.includes(upload.error.retcode as never) ? upload.error.message : null;
  return (
    <>
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
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`The file was not imported`} data-testid={`${testId}-refusal`}>
          {refusal}
        </Alert>
      )}
    </>
  );
}
