import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { TRANSFER_REQUEST_STATUS, TRANSIT_DIRECTION, TRANSIT_SHIPMENT_STATUS } from '../../../shared/codes';
import { TRANSFER_REQUEST_PAGES } from '../../../shared/contract/transfer-request.contract';
import { groupNumber } from '../../../shared/format';
import { TRANSIT_PAGES } from '../../../shared/resources/transit.resource';
import { Section } from '../../kit/record-parts';
import { useCanOpen } from '../../routes/use-access';
import { transferQueries } from './transfer.queries';

interface Counts { in_transit: number; received: number; with_discrepancy: number }

/** One count, linked to the transit shipments it counts when the list may be opened. */
function Count({ label, value, search, canOpen, testId, to = TRANSIT_PAGES.taskList }: {
  label: ReactNode; value: number; search: Record<string, string>; canOpen: boolean; testId: string; to?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fz="h2" fw={700}>
        {canOpen ? <Anchor component={Link} to={to} search={search as never} inherit>{groupNumber(value)}</Anchor> : groupNumber(value)}
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

/** Open requests, both ways, each linked to the Request List filtered to them. */
function Requested({ counts, canOpen }: { counts: { outgoing: number; incoming: number } | undefined; canOpen: boolean }) {
  const requested = String(TRANSFER_REQUEST_STATUS.values.REQUESTED);
  const side = (direction: number) => ({ direction: String(direction), status: requested });
  return (
    <Section title={<Trans>Requested</Trans>} testId="transfer-requested">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Count label={<Trans>Requested by this warehouse</Trans>} value={counts?.outgoing ?? 0} canOpen={canOpen} testId="transfer-requested-outgoing"
          to={TRANSFER_REQUEST_PAGES.list} search={side(TRANSIT_DIRECTION.values.OUTGOING)} />
        <Count label={<Trans>Requested from this warehouse</Trans>} value={counts?.incoming ?? 0} canOpen={canOpen} testId="transfer-requested-incoming"
          to={TRANSFER_REQUEST_PAGES.list} search={side(TRANSIT_DIRECTION.values.INCOMING)} />
      </SimpleGrid>
    </Section>
  );
}

/**
 * Request Dashboard (spec §2 /transfer/transferRequest/dashboard): this warehouse's open transfer
 * requests (raised and asked, linked to the Request List), and its move transfers on the road and settled, outgoing and incoming — in transit (arrived ones too, until received),
 * received, and received with discrepancies (short, over or damaged) — each linked to Transit Task.
 */
export default function TransferDashboardScreen() {
  const dashboard = useQuery(transferQueries.dashboard());
  const canOpen = useCanOpen(TRANSIT_PAGES.taskList);
  const requests = useQuery(transferQueries.requestCounts());
  const canOpenRequests = useCanOpen(TRANSFER_REQUEST_PAGES.list);
  return (
    <Stack gap="lg" maw={1400}>
      <Title order={1} fz="h2"><Trans>Request Dashboard</Trans></Title>
      <Requested counts={requests.data?.requested} canOpen={canOpenRequests} />
      <Side title={<Trans>Outgoing</Trans>} counts={dashboard.data?.outgoing} direction={TRANSIT_DIRECTION.values.OUTGOING} canOpen={canOpen} testId="transfer-outgoing" />
      <Side title={<Trans>Incoming</Trans>} counts={dashboard.data?.incoming} direction={TRANSIT_DIRECTION.values.INCOMING} canOpen={canOpen} testId="transfer-incoming" />
    </Stack>
  );
}
