import { Alert, Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { OUTBOUND_ORDER_TYPE, PICKING_TASK_KIND, RTS_STATUS } from '../../../shared/codes';
import { MT_PICKING_TASK_PAGES } from '../../../shared/contract/mt-order.contract';
import type { PickingWork } from '../../../shared/contract/picking.contract';
import type { RtsTaskOrder } from '../../../shared/contract/rts-order.contract';
import { RET } from '../../../shared/retcodes';
import { isApiError } from '../../kit/api';
import { useSearchParam } from '../../kit/search-param';
import { pickingTaskResource } from '../../../shared/resources/picking-task.resource';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { pageTitle } from '../../routes/access';
import { FactsCard, NoData, Section, codeField, orPlaceholder } from '../../kit/record-parts';
import { OrderLink, TaskLink, WaveLink, rtsTaskDetailHref } from './outbound-parts';
import { GroupLink, GroupsOf, SplitAction } from './sub-picking-parts';
import { outboundQueries } from './outbound.queries';

const F = pickingTaskResource.fields;
const kindField = codeField(PICKING_TASK_KIND, /*i18n*/ 'Task Type');
const rtsStatusField = codeField(RTS_STATUS, /*i18n*/ 'Status', true);

/** An RTS task's orders (a release of one supplier may put several on a task): each opens this page for it; the one shown is marked. */
function RtsTaskOrders({ taskNo, orders, shown }: { taskNo: string; orders: readonly RtsTaskOrder[]; shown: string }) {
  const { t, i18n } = useLingui();
  return (
    <Section title={<Trans>Orders of the task</Trans>} testId="task-orders">
      <Table striped aria-label={t`Orders of the task`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{i18n._(F.order_no.label)}</Table.Th>
            <Table.Th>{i18n._(rtsStatusField.label)}</Table.Th>
            <Table.Th ta="right"><Trans>Stops</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Qty</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Picked</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Short</Trans></Table.Th>
            <Table.Th ta="right"><Trans>To Pick</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.order_no} data-testid="task-order">
              <Table.Td>
                {o.order_no === shown
                  ? <Group gap="xs"><Text size="sm" fw={700}>{o.order_no}</Text><Badge size="sm" variant="light"><Trans>Shown</Trans></Badge></Group>
                  : <Anchor component={Link} to={rtsTaskDetailHref(taskNo, o.order_no)}>{o.order_no}</Anchor>}
              </Table.Td>
              <Table.Td><FieldValue field={rtsStatusField} value={o.doc_status} /></Table.Td>
              <Table.Td ta="right">{o.stops}</Table.Td>
              <Table.Td ta="right">{o.qty}</Table.Td>
              <Table.Td ta="right">{o.picked_qty}</Table.Td>
              <Table.Td ta="right">{o.short_qty}</Table.Td>
              <Table.Td ta="right">{o.open_qty}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

/** The task of an RTS task page exists but the order it names is not on it: say so, and offer the task's orders. */
function OrderNotOnTask({ heading, taskNo, orderNo, error }: { heading: string; taskNo: string; orderNo: string; error: unknown }) {
  const orderNos = isApiError(error, RET.NOT_FOUND) ? (error.data as { order_nos?: unknown } | null)?.order_nos : undefined;
  if (!Array.isArray(orderNos)) return <RecordPending heading={heading} id={taskNo} error={error} />;
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">{heading}</Title>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="order-not-on-task">
        <Stack gap="xs">
          <Text size="sm"><Trans>RTS order {orderNo} is not on picking task {taskNo}.</Trans></Text>
          {orderNos.length > 0 && (
            <Group gap="xs">
              <Text size="sm"><Trans>Its orders:</Trans></Text>
              {orderNos.map((no) => <Anchor key={String(no)} size="sm" component={Link} to={rtsTaskDetailHref(taskNo, String(no))}>{String(no)}</Anchor>)}
            </Group>
          )}
        </Stack>
      </Alert>
    </Stack>
  );
}

/**
 * /salesoutbound/task/picking/detail/$pickup_id, /salesoutbound/task/reversePicking/detail/$task_number
 * and /salesoutbound/task/subPicking/detail/$sub_picking_id (and /mtoutbound/pickingTaskDetail?task_no=…, an MT wave's task): one picking (reverse picking, sub-picking)
 * task — its facts and its lines in route order: where, what, how many asked, picked, short and put
 * back. A sub-picking task names the task it was split from and its group; a pending picking task
 * may be split (Split into sub-picking tasks), and names the groups it was split into.
 * /rtsoutbound/task/picking/detail/$task_number/$order_no, an RTS wave's task for one of its orders:
 * the task's facts, the supplier, every order of the task, and the named order's stops only.
 */
export default function PickingTaskDetailScreen() {
  const { t, i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const params = useParams({ strict: false }) as { pickup_id?: string; task_number?: string; sub_picking_id?: string; order_no?: string };
  // MT Picking Task Detail takes its task from the query string (?task_no=…); RTS Picking Task Detail names an order too.
  const mtTaskNo = useSearchParam('task_no');
  const mt = pathname.endsWith(MT_PICKING_TASK_PAGES.detail);
  const rtsOrderNo = params.order_no;
  const orderType = mt ? OUTBOUND_ORDER_TYPE.values.MT : rtsOrderNo !== undefined ? OUTBOUND_ORDER_TYPE.values.RTS : undefined;
  const taskNo = (mt ? mtTaskNo : params.pickup_id ?? params.task_number ?? params.sub_picking_id) ?? '';
  const rtsDetail = useQuery(outboundQueries.rtsTaskDetail(taskNo, rtsOrderNo ?? ''));
  const work = useQuery({
    ...(mt ? outboundQueries.mtTaskDetail(taskNo) : params.sub_picking_id === undefined ? outboundQueries.taskDetail(taskNo) : outboundQueries.subTaskDetail(taskNo)),
    enabled: rtsOrderNo === undefined && taskNo !== '',
  });
  const detail: { data: PickingWork | undefined; error: unknown } = rtsOrderNo === undefined ? work : rtsDetail;
  const title = pageTitle(pathname);
  const heading = `${title ? i18n._(title) : ''} ${taskNo}${rtsOrderNo !== undefined ? ` · ${rtsOrderNo}` : ''}`.trim();
  if (!detail.data) {
    return rtsOrderNo !== undefined && detail.error
      ? <OrderNotOnTask heading={heading} taskNo={taskNo} orderNo={rtsOrderNo} error={detail.error} />
      : <RecordPending heading={heading} id={taskNo} error={detail.error} />;
  }
  const { task, lines } = detail.data;
  const rts = rtsOrderNo === undefined ? undefined : rtsDetail.data;
  const shownOrderNo = rts?.order_no;
  const reverse = task.kind === PICKING_TASK_KIND.values.REVERSE_PICKING;
  // Sorting while picking: each order's slot of the cart.
  const slotted = !reverse && lines.some((l) => l.slot_no !== null);
  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between" align="center">
        <Title order={1} fz="h2">{heading}</Title>
        {!rts && <SplitAction task={task} stops={lines.length} />}
      </Group>
      <FactsCard
        testId="task-header"
        facts={[
          [F.status, <FieldValue field={F.status} value={task.status} />],
          [kindField, <FieldValue field={kindField} value={task.kind} />],
          [F.wave_no, task.wave_no ? <WaveLink waveNo={task.wave_no} /> : orPlaceholder(null)],
          task.parent_task_no !== null && [<Trans>Parent Task No.</Trans>, <TaskLink taskNo={task.parent_task_no} kind={task.kind} />],
          task.sub_picking_group_id !== null && [<Trans>Sub-picking Group ID</Trans>, <GroupLink groupId={task.sub_picking_group_id} />],
          !reverse && !rts && task.parent_task_no === null && [<Trans>Sub-picking Groups</Trans>, <GroupsOf taskNo={task.task_no} />],
          rts ? [F.order_no, <OrderLink orderNo={rts.order_no} orderType={orderType} />]
            : [F.order_no, task.order_no ? <OrderLink orderNo={task.order_no} orderType={orderType} /> : orPlaceholder(null)],
          rts !== undefined && [<Trans>Supplier ID</Trans>, rts.supplier_id],
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
      {rts && <RtsTaskOrders taskNo={task.task_no} orders={rts.orders} shown={rts.order_no} />}
      <Section title={rts ? <Trans>Stops of order {shownOrderNo}</Trans> : <Trans>Task lines</Trans>} testId="task-lines">
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
