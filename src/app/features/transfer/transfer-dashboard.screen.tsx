import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { TRANSIT_DIRECTION, TRANSIT_SHIPMENT_STATUS } from '../../../shared/codes';
import { groupNumber } from '../../../shared/format';
import { TRANSIT_PAGES } from '../../../shared/resources/transit.resource';
import { Section } from '../../kit/record-parts';
import { useCanOpen } from '../../routes/use-access';
import { transferQueries } from './transfer.queries';

interface Counts { in_transit: number; received: number; with_discrepancy: number }

/** One count, linked to the transit shipments it counts when the list may be opened. */
function Count({ label, value, search, canOpen, testId }: { label: ReactNode; value: number; search: Record<string, string>; canOpen: boolean; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fz="h2" fw={700}>
        {canOpen ? <Anchor component={Link} to={TRANSIT_PAGES.taskList} search={search as never} inherit>{groupNumber(value)}</Anchor> : groupNumber(value)}
      </Text>
    </Paper>
  );
}

function Side({ title, counts, direction, canOpen, testId }: { title: ReactNode; counts: Counts | undefined; direction: number; canOpen: boolean; testId: string }) {
  const d = String(direction);
  return (
    <Section title={title} testId={testId}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Count label={<Trans>In Transit</Trans>} value={counts?.in_transit ?? 0} canOpen={canOpen} testId={`${testId}-in-transit`}
          search={{ direction: d, status: String(TRANSIT_SHIPMENT_STATUS.values.IN_TRANSIT) }} />
        <Count label={<Trans>Received</Trans>} value={counts?.received ?? 0} canOpen={canOpen} testId={`${testId}-received`}
          search={{ direction: d, status: String(TRANSIT_SHIPMENT_STATUS.values.RECEIVED) }} />
        <Count label={<Trans>With Discrepancies</Trans>} value={counts?.with_discrepancy ?? 0} canOpen={canOpen} testId={`${testId}-discrepancies`}
          search={{ direction: d }} />
      </SimpleGrid>
    </Section>
  );
}

/**
 * Request Dashboard (spec §2 /transfer/transferRequest/dashboard): this warehouse's move transfers
 * on the road and settled, outgoing and incoming — in transit (arrived ones too, until received),
 * received, and received with discrepancies (short, over or damaged) — each linked to Transit Task.
 */
export default function TransferDashboardScreen() {
  const dashboard = useQuery(transferQueries.dashboard());
  const canOpen = useCanOpen(TRANSIT_PAGES.taskList);
  return (
    <Stack gap="lg" maw={1400}>
      <Title order={1} fz="h2"><Trans>Request Dashboard</Trans></Title>
      <Side title={<Trans>Outgoing</Trans>} counts={dashboard.data?.outgoing} direction={TRANSIT_DIRECTION.values.OUTGOING} canOpen={canOpen} testId="transfer-outgoing" />
      <Side title={<Trans>Incoming</Trans>} counts={dashboard.data?.incoming} direction={TRANSIT_DIRECTION.values.INCOMING} canOpen={canOpen} testId="transfer-incoming" />
    </Stack>
  );
}
