import { useMemo } from 'react';
import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { resourceScreen } from '../../kit/resource/resource-pages';
import { quotaQueries } from './quota.queries';
import { UsageBar } from './quota-parts';

/** The coming days' delivery slots: each day × shift with its quota (all inbound types together), what is booked and by how many ASNs. */
function ComingSlots() {
  const { t } = useLingui();
  const slots = useQuery(quotaQueries.slots({}));
  const days = [...new Set((slots.data?.list ?? []).map((s) => s.plan_date))];
  return (
    <Paper withBorder radius="md" p="md" data-testid="coming-slots">
      <Title order={2} fz="h4" mb="sm"><Trans>Slots of the coming days</Trans></Title>
      {days.length === 0 ? <Text c="dimmed" size="sm"><Trans>No data</Trans></Text> : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={t`Slots of the coming days`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>Date</Trans></Table.Th>
                <Table.Th><Trans>Shift</Trans></Table.Th>
                <Table.Th><Trans>Units booked</Trans></Table.Th>
                <Table.Th><Trans>Cartons booked</Trans></Table.Th>
                <Table.Th><Trans>ASNs</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slots.data!.list.map((slot) => (
                <Table.Tr key={`${slot.plan_date}-${slot.shift_id}`}>
                  <Table.Td>{slot.plan_date}</Table.Td>
                  <Table.Td>
                    {slot.shift_name} <Text span size="xs" c="dimmed">{slot.start_time.slice(0, 5)}–{slot.end_time.slice(0, 5)}</Text>
                    {slot.enabled === 0 && <Badge ml="xs" size="xs" color="gray" variant="light"><Trans>No limit</Trans></Badge>}
                  </Table.Td>
                  <Table.Td><UsageBar used={slot.used_qty} quota={slot.quota_qty} enabled={slot.enabled === 1} /></Table.Td>
                  <Table.Td><UsageBar used={slot.used_cartons} quota={slot.quota_cartons} enabled={slot.enabled === 1} /></Table.Td>
                  <Table.Td>{slot.asn_count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/**
 * /rulecenter/asnDeliverySlot (spec §2 ASN Delivery Slot): the warehouse's receiving shifts — the
 * delivery slots of every day, listed, created and edited as the resource `inbound_shift` — and
 * the slots of the coming days with their capacity and use.
 */
export default function DeliverySlotScreen() {
  const Shifts = useMemo(() => resourceScreen('inbound_shift', 'list'), []);
  return (
    <Stack gap="md">
      <Shifts />
      <ComingSlots />
    </Stack>
  );
}
