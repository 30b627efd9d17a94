import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PICKING_TASK_KIND, SALES_ORDER_STATUS } from '../../../shared/codes';
import { SALES_ORDER_PAGES } from '../../../shared/contract/sales-order.contract';
import { mergeTaskResource } from '../../../shared/resources/merging.resource';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { FactsCard, NoData, Section, codeField, orPlaceholder } from '../../kit/record-parts';
import { useCanOpen } from '../../routes/use-access';
import { TaskLink } from './outbound-parts';
import { mergingQueries } from './merging.queries';

const F = mergeTaskResource.fields;
const orderStatusField = codeField(SALES_ORDER_STATUS, /*i18n*/ 'Order Status', true);

function OrderLink({ orderNo }: { orderNo: string }) {
  const canOpen = useCanOpen(SALES_ORDER_PAGES.detail);
  return canOpen ? <Anchor component={Link} to={SALES_ORDER_PAGES.detail.replace('$id', encodeURIComponent(orderNo))}>{orderNo}</Anchor> : <>{orderNo}</>;
}

/**
 * /salesoutbound/task/transiting/detail/$task_number: one merging task — its order, lane and slot,
 * and the containers the order waits for on the lane: the picking task filling each, its zone, and
 * whether it is picked and when it arrived.
 */
export default function MergeTaskDetailScreen() {
  const { t } = useLingui();
  const { id: taskNo, heading } = useRecordHeading('task_number');
  const detail = useQuery(mergingQueries.taskDetail(taskNo));
  if (!detail.data) return <RecordPending heading={heading} id={taskNo} error={detail.error} />;
  const task = detail.data;
  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} fz="h2">{heading}</Title>
      <FactsCard
        testId="merge-task-header"
        facts={[
          [F.status, <FieldValue field={F.status} value={task.status} />],
          [F.order_no, <OrderLink orderNo={task.order_no} />],
          [orderStatusField, <FieldValue field={orderStatusField} value={task.order_status} />],
          [F.station_id, orPlaceholder(task.station_id)],
          [F.slot_no, orPlaceholder(task.slot_no)],
          [<Trans>Merge Rule ID</Trans>, orPlaceholder(task.rule_id)],
          [F.arrived_count, `${task.arrived_count} / ${task.container_count}`],
          [F.created_at, <FieldValue field={F.created_at} value={task.created_at} />],
          [<Trans>Started At</Trans>, <FieldValue field={F.created_at} value={task.started_at} />],
          [F.finished_at, <FieldValue field={F.finished_at} value={task.finished_at} />],
        ]}
      />
      {task.station_id === null && (
        <Text size="sm" c="orange.8"><Trans>No merge rule takes this order yet: set one in Rule Center › Merge Rule, and the lane screen gives it a lane.</Trans></Text>
      )}
      <Section title={<Trans>Containers</Trans>} testId="merge-task-containers">
        {task.containers.length === 0 ? <NoData /> : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={t`Containers`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th><Trans>Container</Trans></Table.Th>
                  <Table.Th><Trans>Picking Task</Trans></Table.Th>
                  <Table.Th><Trans>Zone ID</Trans></Table.Th>
                  <Table.Th><Trans>State</Trans></Table.Th>
                  <Table.Th><Trans>Arrived At</Trans></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {task.containers.map((c) => (
                  <Table.Tr key={c.picking_task_no} data-testid="merge-task-container">
                    <Table.Td><Text size="sm" ff="monospace">{orPlaceholder(c.container_code)}</Text></Table.Td>
                    <Table.Td><TaskLink taskNo={c.picking_task_no} kind={PICKING_TASK_KIND.values.PICKING} /></Table.Td>
                    <Table.Td>{orPlaceholder(c.zone_id)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {c.arrived_at !== null
                          ? <Badge color="teal"><Trans>On the lane</Trans></Badge>
                          : c.picked ? <Badge color="gray" variant="light"><Trans>On its way</Trans></Badge> : <Badge color="orange" variant="light"><Trans>Being picked</Trans></Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td><FieldValue field={F.created_at} value={c.arrived_at} /></Table.Td>
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
