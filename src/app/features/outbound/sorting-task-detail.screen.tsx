import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { PICKING_TASK_KIND, TASK_STATUS } from '../../../shared/codes';
import { SORTING_PAGES } from '../../../shared/contract/sorting.contract';
import { preSortingTaskResource, sortingTaskResource } from '../../../shared/resources/sorting.resource';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { FactsCard, NoData, Section, codeField, orPlaceholder } from '../../kit/record-parts';
import { OrderLink, TaskLink, WaveLink } from './outbound-parts';
import { sortingQueries } from './sorting.queries';

const orderStatusField = codeField(TASK_STATUS, /*i18n*/ 'Status');

/**
 * /salesoutbound/task/sorting/detail/$task_number: one sorting task — its put wall, batch container
 * and rule, its orders (slot, the slot's container, units sorted) and every scan at the wall, sorted
 * or refused (a wrong slot, a unit of no order left). /salesoutbound/task/preSorting/detail/$task_number:
 * one pre-sorting task the same way, each order with the put wall its group goes to and the group's tote.
 */
export default function SortingTaskDetailScreen() {
  const { t } = useLingui();
  const { pathname, id: taskNo, heading } = useRecordHeading('task_number');
  const pre = pathname.startsWith(`${SORTING_PAGES.preList}/`);
  const F = (pre ? preSortingTaskResource : sortingTaskResource).fields;
  const detail = useQuery(sortingQueries.detail(taskNo, pre));
  if (!detail.data) return <RecordPending heading={heading} id={taskNo} error={detail.error} />;
  const { task, orders, scans } = detail.data;
  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} fz="h2">{heading}</Title>
      <FactsCard
        testId="task-header"
        facts={[
          [F.status, <FieldValue field={F.status} value={task.status} />],
          [F.station_id, task.station_id],
          [F.container_code, task.container_code],
          [F.picking_task_no, <TaskLink taskNo={task.picking_task_no} kind={PICKING_TASK_KIND.values.PICKING} />],
          [F.wave_no, task.wave_no ? <WaveLink waveNo={task.wave_no} /> : orPlaceholder(null)],
          [<Trans>Sorting Rule ID</Trans>, orPlaceholder(task.rule_id)],
          [F.sorted_qty, task.sorted_qty],
          [F.total_qty, task.total_qty],
          [F.created_at, <FieldValue field={F.created_at} value={task.created_at} />],
          [F.finished_at, <FieldValue field={F.finished_at} value={task.finished_at} />],
        ]}
      />
      <Section title={<Trans>Orders</Trans>} testId="sorting-task-orders">
        {orders.length === 0 ? <NoData /> : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={t`Orders`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{pre ? <Trans>Group</Trans> : <Trans>Slot</Trans>}</Table.Th>
                  <Table.Th>{pre ? <Trans>Put Wall</Trans> : <Trans>Slot Container</Trans>}</Table.Th>
                  {pre && <Table.Th><Trans>Tote</Trans></Table.Th>}
                  <Table.Th><Trans>Order No.</Trans></Table.Th>
                  <Table.Th><Trans>Units</Trans></Table.Th>
                  <Table.Th><Trans>Status</Trans></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.map((o) => (
                  <Table.Tr key={o.order_no} data-testid="sorting-task-order">
                    <Table.Td><Text fw={800}>{o.slot_no}</Text></Table.Td>
                    <Table.Td><Text size="sm" ff="monospace">{o.slot_container}</Text></Table.Td>
                    {pre && <Table.Td><Text size="sm" ff="monospace">{orPlaceholder(o.tote_code)}</Text></Table.Td>}
                    <Table.Td><OrderLink orderNo={o.order_no} /></Table.Td>
                    <Table.Td>{o.sorted_qty} / {o.total_qty}</Table.Td>
                    <Table.Td><FieldValue field={orderStatusField} value={o.status} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={pre ? <Trans>Scans at the Pre-sorting Station</Trans> : <Trans>Scans at the Put Wall</Trans>} testId="sorting-task-scans">
        {scans.length === 0 ? <NoData /> : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={pre ? t`Scans at the pre-sorting station` : t`Scans at the put wall`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th><Trans>Time</Trans></Table.Th>
                  <Table.Th><Trans>Result</Trans></Table.Th>
                  <Table.Th><Trans>Order No.</Trans></Table.Th>
                  <Table.Th><Trans>SKU ID</Trans></Table.Th>
                  <Table.Th><Trans>Qty</Trans></Table.Th>
                  <Table.Th>{pre ? <Trans>Group</Trans> : <Trans>Slot</Trans>}</Table.Th>
                  <Table.Th><Trans>Scanned</Trans></Table.Th>
                  <Table.Th><Trans>Operator ID</Trans></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {scans.map((s) => (
                  <Table.Tr key={s.scan_id} data-testid="sorting-task-scan" data-ok={s.ok}>
                    <Table.Td><FieldValue field={F.created_at} value={s.created_at} /></Table.Td>
                    <Table.Td>{s.ok ? <Badge color="teal" variant="light"><Trans>Sorted</Trans></Badge> : <Badge color="red" variant="light"><Trans>Refused</Trans></Badge>}</Table.Td>
                    <Table.Td>{s.order_no ? <OrderLink orderNo={s.order_no} /> : orPlaceholder(null)}</Table.Td>
                    <Table.Td>{orPlaceholder(s.sku_id)}</Table.Td>
                    <Table.Td>{s.ok ? s.qty : orPlaceholder(null)}</Table.Td>
                    <Table.Td>{orPlaceholder(s.slot_no)}</Table.Td>
                    <Table.Td><Text size="sm" ff="monospace">{s.scanned}</Text></Table.Td>
                    <Table.Td>{orPlaceholder(s.operator_id)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  );
}
