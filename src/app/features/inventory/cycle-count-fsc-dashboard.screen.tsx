import { Alert, Anchor, Badge, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CC_PAGES } from '../../../shared/contract/cycle-count.contract';
import { groupNumber } from '../../../shared/format';
import { NoData, Section } from '../../kit/record-parts';
import { useCanOpen } from '../../routes/use-access';
import { ccQueries } from './cycle-count.queries';

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * Full Stock Count (spec §2 /dashboard/fullstockcount): the running (or last) full stock count live —
 * its order and round, and per zone the locations counted of all, differences and open tasks — read
 * again every 10 s.
 */
export default function CycleCountFscDashboardScreen() {
  const { t } = useLingui();
  const dashboard = useQuery(ccQueries.fscDashboard());
  const canOpenOrder = useCanOpen(CC_PAGES.fscOrderView);
  const d = dashboard.data;
  const locations = d?.by_zone.reduce((sum, z) => sum + z.locations, 0) ?? 0;
  const counted = d?.by_zone.reduce((sum, z) => sum + z.counted, 0) ?? 0;
  const differences = d?.by_zone.reduce((sum, z) => sum + z.differences, 0) ?? 0;
  const openTasks = d?.by_zone.reduce((sum, z) => sum + z.open_tasks, 0) ?? 0;
  return (
    <Stack gap="lg" maw={1400}>
      <Group gap="sm">
        <Title order={1} fz="h2"><Trans>Full Stock Count</Trans></Title>
        {d && (d.running
          ? <Badge color="blue" variant="light"><Trans>Running</Trans></Badge>
          : <Badge color="gray" variant="light"><Trans>Not running</Trans></Badge>)}
      </Group>
      {d && d.order_no === null && (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}><Trans>No full stock count has been made in this warehouse yet.</Trans></Alert>
      )}
      {d && d.order_no !== null && (
        <Text size="sm">
          <Trans>Order</Trans>{' '}
          {canOpenOrder
            ? <Anchor component={Link} to={CC_PAGES.fscOrderView} search={{ order_no: d.order_no } as never}>{d.order_no}</Anchor>
            : d.order_no}
          {' · '}<Trans>round {d.round}</Trans>
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Paper withBorder radius="md" p="md" data-testid="fsc-progress">
          <Text size="xs" c="dimmed"><Trans>Locations Counted</Trans></Text>
          <Text fz="h2" fw={700}>{`${groupNumber(counted)} / ${groupNumber(locations)}`}</Text>
          <Progress value={percent(counted, locations)} mt="xs" />
        </Paper>
        <Paper withBorder radius="md" p="md"><Text size="xs" c="dimmed"><Trans>Progress</Trans></Text><Text fz="h2" fw={700}>{`${percent(counted, locations)}%`}</Text></Paper>
        <Paper withBorder radius="md" p="md"><Text size="xs" c="dimmed"><Trans>Differences</Trans></Text><Text fz="h2" fw={700}>{groupNumber(differences)}</Text></Paper>
        <Paper withBorder radius="md" p="md"><Text size="xs" c="dimmed"><Trans>Open Tasks</Trans></Text><Text fz="h2" fw={700}>{groupNumber(openTasks)}</Text></Paper>
      </SimpleGrid>
      <Section title={<Trans>By Zone</Trans>} testId="fsc-by-zone">
        <Table striped aria-label={t`By Zone`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Zone`}</Table.Th><Table.Th w="35%">{t`Progress`}</Table.Th><Table.Th ta="right">{t`Counted`}</Table.Th>
              <Table.Th ta="right">{t`Locations`}</Table.Th><Table.Th ta="right">{t`Differences`}</Table.Th><Table.Th ta="right">{t`Open Tasks`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d?.by_zone.map((z) => (
              <Table.Tr key={z.zone_id}>
                <Table.Td>{z.zone_id}</Table.Td>
                <Table.Td><Group gap="xs" wrap="nowrap"><Progress value={percent(z.counted, z.locations)} flex={1} /><Text size="xs">{`${percent(z.counted, z.locations)}%`}</Text></Group></Table.Td>
                <Table.Td ta="right">{groupNumber(z.counted)}</Table.Td><Table.Td ta="right">{groupNumber(z.locations)}</Table.Td>
                <Table.Td ta="right">{groupNumber(z.differences)}</Table.Td><Table.Td ta="right">{groupNumber(z.open_tasks)}</Table.Td>
              </Table.Tr>
            ))}
            {d?.by_zone.length === 0 && <Table.Tr><Table.Td colSpan={6}><NoData /></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      </Section>
    </Stack>
  );
}
