import { Group, Progress, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { EXPORT_TASK_STATUS } from '../../../shared/codes';
import type { FieldDef } from '../../../shared/resources/define';
import { FieldValue } from './field-value';

/**
 * Cells of a background task's row (an export, a user import: status pending 0, ongoing 1, done 2,
 * fail 3 as spec §3's export tasks) for ResourceList's `cells`: its status tag with why it failed,
 * and its progress bar.
 */

type Row = Record<string, unknown>;
const STATUS = EXPORT_TASK_STATUS.values;

/** The task still waits or runs: its list reads itself again meanwhile. */
export const taskRunning = (row: Row) => row.status === STATUS.PENDING || row.status === STATUS.ONGOING;

/** A task list's `refetchInterval`: every 2 s while a task of the page waits or runs, else not. */
export const refetchWhileRunning = (rows: readonly Row[]) => (rows.some(taskRunning) ? 2000 : false);

export function TaskStatusCell({ field, row, testId }: { field: FieldDef; row: Row; testId?: string }) {
  return (
    <Stack gap={2}>
      <span data-testid={testId}><FieldValue field={field} value={row.status} /></span>
      {typeof row.error_message === 'string' && <Text size="xs" c="red">{row.error_message}</Text>}
    </Stack>
  );
}

export function TaskProgressCell({ row }: { row: Row }) {
  const { t } = useLingui();
  const progress = Number(row.progress ?? 0);
  return (
    <Group gap="xs" wrap="nowrap" miw={140}>
      <Progress value={progress} w={90} animated={taskRunning(row)} aria-label={t`Progress`} color={row.status === STATUS.FAIL ? 'red' : undefined} />
      <Text size="xs">{progress}%</Text>
    </Group>
  );
}
