import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { OUTBOUND_ORDER_TYPE, PICKING_TASK_KIND } from '../../../shared/codes';
import { MT_PICKING_TASK_PAGES } from '../../../shared/contract/mt-order.contract';
import { useSearchParam } from '../../kit/search-param';
import { pickingTaskResource } from '../../../shared/resources/picking-task.resource';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { pageTitle } from '../../routes/access';
import { FactsCard, NoData, Section, codeField, orPlaceholder } from '../../kit/record-parts';
import { OrderLink, TaskLink, WaveLink } from './outbound-parts';
import { GroupLink, GroupsOf, SplitAction } from './sub-picking-parts';
import { outboundQueries } from './outbound.queries';

const F = pickingTaskResource.fields;
const kindField = codeField(PICKING_TASK_KIND, /*i18n*/ 'Task Type');

/**
 * /salesoutbound/task/picking/detail/$pickup_id, /salesoutbound/task/reversePicking/detail/$task_number
 * and /salesoutbound/task/subPicking/detail/$sub_picking_id (and /mtoutbound/pickingTaskDetail?task_no=…, an MT wave's task): one picking (reverse picking, sub-picking)
 * task — its facts and its lines in route order: where, what, how many asked, picked, short and put
 * back. A sub-picking task names the task it was split from and its group; a pending picking task
 * may be split (Split into sub-picking tasks), and names the groups it was split into.
 */
export default function PickingTaskDetailScreen() {
  const { t, i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const params = useParams({ strict: false }) as { pickup_id?: string; task_number?: string; sub_picking_id?: string };
  // MT Picking Task Detail takes its task from the query string (?task_no=…).
  const mtTaskNo = useSearchParam('task_no');
  const mt = pathname.endsWith(MT_PICKING_TASK_PAGES.detail);
  const orderType = mt ? OUTBOUND_ORDER_TYPE.values.MT : undefined;
  const taskNo = (mt ? mtTaskNo : params.pickup_id ?? params.task_number ?? params.sub_picking_id) ?? '';
  const detail = useQuery(mt ? outboundQueries.mtTaskDetail(taskNo)
    : params.sub_picking_id === undefined ? outboundQueries.taskDetail(taskNo) : outboundQueries.subTaskDetail(taskNo));
  const title = pageTitle(pathname);
  const heading = `${title ? i18n._(title) : ''} ${taskNo}`.trim();
  if (!detail.data) {
    return <RecordPending heading={heading} id={taskNo} error={detail.error} />;
  }
  const { task, lines } = detail.data;
  const reverse = task.kind === PICKING_TASK_KIND.values.REVERSE_PICKING;
  // Sorting while picking: each order's slot of the cart.
  const slotted = !reverse && lines.some((l) => l.slot_no !== null);
  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between" align="center">
        <Title order={1} fz="h2">{heading}</Title>
        <SplitAction task={task} stops={lines.length} />
      </Group>
      <FactsCard
        testId="task-header"
        facts={[
          [F.status, <FieldValue field={F.status} value={task.status} />],
          [kindField, <FieldValue field={kindField} value={task.kind} />],
          [F.wave_no, task.wave_no ? <WaveLink waveNo={task.wave_no} /> : orPlaceholder(null)],
          task.parent_task_no !== null && [<Trans>Parent Task No.</Trans>, <TaskLink taskNo={task.parent_task_no} kind={task.kind} />],
          task.sub_picking_group_id !== null && [<Trans>Sub-picking Group ID</Trans>, <GroupLink groupId={task.sub_picking_group_id} />],
          !reverse && task.parent_task_no === null && [<Trans>Sub-picking Groups</Trans>, <GroupsOf taskNo={task.task_no} />],
          [F.order_no, task.order_no ? <OrderLink orderNo={task.order_no} orderType={orderType} /> : orPlaceholder(null)],
          [F.zone_id, orPlaceholder(task.zone_id)],
          [F.picking_type, <FieldValue field={F.picking_type} value={task.picking_type} />],
          [F.container_code, orPlaceholder(task.container_code)],
          [<Trans>Assignee</Trans>, orPlaceholder(task.assignee_name)],
          [F.total_qty, task.total_qty],
          [F.picked_qty, task.picked_qty],
          [F.short_qty, task.short_qty],
          [F.created_at, <FieldValue field={F.created_at} value={task.created_at} />],
          [F.started_at, <FieldValue field={F.started_at} value={task.started_at} />],
          [F.finished_at, <FieldValue field={F.finished_at} value={task.finished_at} />],
        ]}
      />
      <Section title={<Trans>Task lines</Trans>} testId="task-lines">
        {lines.length === 0 ? <NoData /> : (
          <Table.ScrollContainer minWidth={1000}>
            <Table striped aria-label={t`Task lines`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th><Trans>Seq</Trans></Table.Th>
                  <Table.Th><Trans>Location</Trans></Table.Th>
                  <Table.Th><Trans>SKU</Trans></Table.Th>
                  <Table.Th><Trans>Batch</Trans></Table.Th>
                  <Table.Th><Trans>Expiry Date</Trans></Table.Th>
                  <Table.Th>{i18n._(F.order_no.label)}</Table.Th>
                  {slotted && <Table.Th ta="right"><Trans>Cart Slot</Trans></Table.Th>}
                  <Table.Th ta="right"><Trans>Qty</Trans></Table.Th>
                  <Table.Th ta="right"><Trans>Picked</Trans></Table.Th>
                  <Table.Th ta="right"><Trans>Short</Trans></Table.Th>
                  <Table.Th ta="right">{reverse ? <Trans>Put Back</Trans> : <Trans>Returned</Trans>}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l) => (
                  <Table.Tr key={l.alloc_id}>
                    <Table.Td>{l.seq}</Table.Td>
                    <Table.Td>{l.location_id}<Text size="xs" c="dimmed">{orPlaceholder(l.zone_id)}</Text></Table.Td>
                    <Table.Td><Text size="sm" ff="monospace">{l.sku_id}</Text><Text size="xs" c="dimmed">{l.sku_name}</Text></Table.Td>
                    <Table.Td>{l.batch_id}</Table.Td>
                    <Table.Td>{orPlaceholder(l.expiry_date)}</Table.Td>
                    <Table.Td><OrderLink orderNo={l.order_no} orderType={orderType} /></Table.Td>
                    {slotted && <Table.Td ta="right" data-testid="task-line-slot">{orPlaceholder(l.slot_no)}</Table.Td>}
                    <Table.Td ta="right">{l.qty}</Table.Td>
                    <Table.Td ta="right">{l.picked_qty}</Table.Td>
                    <Table.Td ta="right">{l.short_qty}</Table.Td>
                    <Table.Td ta="right">{l.returned_qty}</Table.Td>
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
