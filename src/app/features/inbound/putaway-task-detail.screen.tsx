import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { QUALITY } from '../../../shared/codes';
import { EMPTY_PLACEHOLDER } from '../../../shared/constants';
import { putawayTaskPagesAt } from '../../../shared/resources/putaway-task.resource';
import { useSearchParam } from '../../kit/search-param';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { TaskFacts } from './putaway-task-facts';
import { putawayQueries } from './putaway.queries';

/**
 * Putaway task detail (spec §2 /inbound/putawaytask/detail?task_no=): the task and each line —
 * the cell its putaway rule suggested and how much is put — with Edit for those who may.
 */
export default function PutawayTaskDetailScreen() {
  const { t, i18n } = useLingui();
  const taskNo = useSearchParam('task_no') ?? '';
  const detail = useQuery({ ...putawayQueries.taskDetail(taskNo), enabled: taskNo !== '' });
  // Mounted for inbound and for Move Transfer Inbound: each links to its own pages.
  const pages = putawayTaskPagesAt(useRouterState({ select: (st) => st.location.pathname }));
  const canEdit = useCanOpen(pages.edit);
  const title = routeAt(pages.detail)?.title;

  let body: React.ReactNode;
  if (!taskNo) body = <Alert color="orange"><Trans>No task was named: open it from the putaway task list.</Trans></Alert>;
  else if (detail.isPending) body = <Loader aria-label={t`Loading`} />;
  else if (detail.isError) body = <Alert color="red">{detail.error.message}</Alert>;
  else {
    const { task, lines } = detail.data;
    body = (
      <Stack gap="md">
        <Paper withBorder p="md" radius="md"><TaskFacts task={task} /></Paper>
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t`Task lines`} data-testid="putaway-detail-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th><Trans>SKU</Trans></Table.Th>
                <Table.Th><Trans>Batch</Trans></Table.Th>
                <Table.Th><Trans>Quality</Trans></Table.Th>
                <Table.Th><Trans>From</Trans></Table.Th>
                <Table.Th><Trans>Suggested Cell</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Put / Qty</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => {
                const quality = QUALITY.label(l.quality);
                return (
                  <Table.Tr key={l.line_no}>
                    <Table.Td>{l.line_no}</Table.Td>
                    <Table.Td><Text size="sm" ff="monospace">{l.sku_id}</Text><Text size="xs" c="dimmed">{l.sku_name}</Text></Table.Td>
                    <Table.Td>{l.batch_id}</Table.Td>
                    <Table.Td>{quality ? i18n._(quality) : l.quality}</Table.Td>
                    <Table.Td>{l.from_location}</Table.Td>
                    <Table.Td>{l.suggested_location ?? EMPTY_PLACEHOLDER}</Table.Td>
                    <Table.Td ta="right">{l.put_qty} / {l.qty}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz="h3">{title ? i18n._(title) : taskNo}</Title>
        {canEdit && taskNo && (
          <Button component={Link} to={pages.edit} search={{ task_no: taskNo } as never} variant="light" leftSection={<IconPencil size={16} aria-hidden />}>
            <Trans>Edit</Trans>
          </Button>
        )}
      </Group>
      {body}
    </Stack>
  );
}
