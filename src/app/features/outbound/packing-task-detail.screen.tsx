import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { packingTaskResource } from '../../../shared/resources/packing-task.resource';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { FactsCard, NoData, Section, orPlaceholder } from '../../kit/record-parts';
import { ParcelsTable } from './packing-parts';
import { packingQueries } from './packing.queries';
import { OrderLink } from './outbound-parts';

const F = packingTaskResource.fields;

/**
 * /salesoutbound/task/packing/detail/$task_number: one packing task — its order, carrier, tracking
 * number and receiver, the units it packed and its parcels (tracking numbers, boxes, weights, units,
 * replaced numbers, the handover each left with).
 */
export default function PackingTaskDetailScreen() {
  const { t } = useLingui();
  const { id: taskNo, heading } = useRecordHeading('task_number');
  const detail = useQuery(packingQueries.detail(taskNo));
  if (!detail.data) return <RecordPending heading={heading} id={taskNo} error={detail.error} />;
  const { task, order, lines, parcels } = detail.data;
  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} fz="h2">{heading}</Title>
      <FactsCard
        testId="task-header"
        facts={[
          [F.status, <FieldValue field={F.status} value={task.status} />],
          [F.order_no, <OrderLink orderNo={task.order_no} />],
          [F.station_id, task.station_id],
          [<Trans>Carrier</Trans>, orPlaceholder(order.carrier)],
          [<Trans>Tracking No.</Trans>, orPlaceholder(order.tracking_no)],
          [<Trans>Receiver</Trans>, <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{[order.receiver.name, order.receiver.phone, order.receiver.address].filter(Boolean).join('\n')}</Text>],
          [F.total_qty, task.total_qty],
          [F.parcel_count, task.parcel_count],
          [F.weight_g, orPlaceholder(task.weight_g)],
          [F.created_at, <FieldValue field={F.created_at} value={task.created_at} />],
          [F.finished_at, <FieldValue field={F.finished_at} value={task.finished_at} />],
        ]}
      />
      <Section title={<Trans>Units</Trans>} testId="packing-task-lines">
        {lines.length === 0 ? <NoData /> : (
          <Table striped aria-label={t`Units`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>SKU ID</Trans></Table.Th>
                <Table.Th><Trans>SKU Name</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Qty</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.sku_id}>
                  <Table.Td ff="monospace">{l.sku_id}</Table.Td>
                  <Table.Td>{l.sku_name}</Table.Td>
                  <Table.Td ta="right">{l.qty}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
      <Section title={<Trans>Parcels</Trans>} testId="packing-task-parcels">
        <ParcelsTable parcels={parcels} />
      </Section>
    </Stack>
  );
}
