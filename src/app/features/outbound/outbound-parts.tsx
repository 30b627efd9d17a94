import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { OUTBOUND_ORDER_TYPE, PICKING_TASK_KIND, TASK_STATUS } from '../../../shared/codes';
import { MT_ORDER_PAGES, MT_PICKING_TASK_PAGES } from '../../../shared/contract/mt-order.contract';
import { RTS_ORDER_PAGES, RTS_PICKING_TASK_PAGES } from '../../../shared/contract/rts-order.contract';
import { PICKING_TASK_PAGES } from '../../../shared/contract/picking.contract';
import { SALES_ORDER_PAGES, type OrderTask } from '../../../shared/contract/sales-order.contract';
import { waveContract } from '../../../shared/contract/wave.contract';
import { waveDetailLink } from '../../../shared/resources/wave.resource';
import { callApi } from '../../kit/api';
import { ScanInput } from '../../kit/scan/scan-input';
import { FieldValue } from '../../kit/resource/field-value';
import { NoData, codeField, orPlaceholder } from '../../kit/record-parts';
import { useCanOpen } from '../../routes/use-access';

/**
 * The pieces the outbound detail screens share: task and order links and the table of picking
 * tasks. `orderType` says whose pages they open: a sales order's (default), an MT order's, whose
 * detail pages take their record from the query string, or an RTS order's.
 */

const MT = OUTBOUND_ORDER_TYPE.values.MT;
const RTS = OUTBOUND_ORDER_TYPE.values.RTS;


export const taskStatusField = codeField(TASK_STATUS, /*i18n*/ 'Status', true);
const taskKindField = codeField(PICKING_TASK_KIND, /*i18n*/ 'Task Type');

/** Text, or the placeholder for nothing. */
/** The detail page of a picking task (kind 1) or a reverse picking task (kind 2). */
export const taskDetailHref = (taskNo: string, kind: number): string => (kind === PICKING_TASK_KIND.values.REVERSE_PICKING
  ? PICKING_TASK_PAGES.reverseDetail.replace('$task_number', encodeURIComponent(taskNo))
  : PICKING_TASK_PAGES.detail.replace('$pickup_id', encodeURIComponent(taskNo)));

/** The detail page of an RTS picking task for one of its orders (/rtsoutbound/task/picking/detail/$task_number/$order_no). */
export const rtsTaskDetailHref = (taskNo: string, orderNo: string): string => RTS_PICKING_TASK_PAGES.detail
  .replace('$task_number', encodeURIComponent(taskNo)).replace('$order_no', encodeURIComponent(orderNo));

/**
 * A task number, linked to its detail page when the user may open it. An RTS task's detail names
 * one of its orders: without `orderNo` it is its number only.
 */
export function TaskLink({ taskNo, kind, orderType, orderNo }: { taskNo: string; kind: number; orderType?: number; orderNo?: string }) {
  const mt = orderType === MT;
  const rts = orderType === RTS;
  const href = mt ? MT_PICKING_TASK_PAGES.detail : rts ? RTS_PICKING_TASK_PAGES.detail : taskDetailHref(taskNo, kind);
  const canOpen = useCanOpen(href);
  if (!canOpen || (rts && orderNo === undefined)) return <>{taskNo}</>;
  if (rts) return <Anchor component={Link} to={rtsTaskDetailHref(taskNo, orderNo!)}>{taskNo}</Anchor>;
  return mt ? <Anchor component={Link} to={href} search={{ task_no: taskNo } as never}>{taskNo}</Anchor> : <Anchor component={Link} to={href}>{taskNo}</Anchor>;
}

/** Picking and reverse picking tasks: number (to the detail), kind, status, zone, picked (and short) of total. */
export function TaskTable({ tasks, orderType, orderNo }: { tasks: readonly OrderTask[]; orderType?: number; orderNo?: string }) {
  const { t, i18n } = useLingui();
  if (tasks.length === 0) return <NoData />;
  return (
    <Table striped aria-label={t`Tasks`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th><Trans>Task No.</Trans></Table.Th>
          <Table.Th>{i18n._(taskKindField.label)}</Table.Th>
          <Table.Th><Trans>Status</Trans></Table.Th>
          <Table.Th><Trans>Zone ID</Trans></Table.Th>
          <Table.Th ta="right"><Trans>Picked / Qty</Trans></Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tasks.map((task) => (
          <Table.Tr key={task.task_no}>
            <Table.Td><TaskLink taskNo={task.task_no} kind={task.kind} orderType={orderType} orderNo={orderNo} /></Table.Td>
            <Table.Td><FieldValue field={taskKindField} value={task.kind} /></Table.Td>
            <Table.Td><FieldValue field={taskStatusField} value={task.status} /></Table.Td>
            <Table.Td>{orPlaceholder(task.zone_id)}</Table.Td>
            <Table.Td ta="right">
              {task.picked_qty} / {task.total_qty}
              {task.short_qty > 0 && <Text span size="sm" c="orange.8"> · <Trans>{task.short_qty} short</Trans></Text>}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** An order number, linked to its detail for those who may open it. */
export function OrderLink({ orderNo, orderType }: { orderNo: string; orderType?: number }) {
  const mt = orderType === MT;
  const rts = orderType === RTS;
  const canOpen = useCanOpen(mt ? MT_ORDER_PAGES.detail : rts ? RTS_ORDER_PAGES.detail : SALES_ORDER_PAGES.detail);
  if (!canOpen) return <>{orderNo}</>;
  if (rts) return <Anchor component={Link} to={RTS_ORDER_PAGES.detail.replace('$id', encodeURIComponent(orderNo))}>{orderNo}</Anchor>;
  return mt
    ? <Anchor component={Link} to={MT_ORDER_PAGES.detail} search={{ order_no: orderNo } as never}>{orderNo}</Anchor>
    : <Anchor component={Link} to={SALES_ORDER_PAGES.detail.replace('$id', encodeURIComponent(orderNo))}>{orderNo}</Anchor>;
}

/**
 * A wave number, linked to the wave's detail when the user may open it. The detail's path says
 * whether the wave is manual, which only the wave knows: it is read first (the same query as the
 * detail's, so opening it then shows at once).
 */
export function WaveLink({ waveNo }: { waveNo: string }) {
  const wave = useQuery({
    queryKey: ['outbound', 'wave', 'detail', waveNo],
    queryFn: ({ signal }) => callApi(waveContract.getWaveDetail, { wave_no: waveNo }, { signal, quiet: true }),
    retry: false,
  });
  const href = wave.data ? waveDetailLink(waveNo, wave.data.wave.is_manual) : null;
  const canOpen = useCanOpen(href ?? '');
  return href && canOpen ? <Anchor component={Link} to={href}>{waveNo}</Anchor> : <>{waveNo}</>;
}

/**
 * A station screen's scan for the next container once one is done (or refused): the scanner opens
 * it straight away, no tap needed; `onContainer` gets the code.
 */
export function NextContainerScan({ testId, onContainer }: { testId: string; onContainer(code: string): void }) {
  const { t } = useLingui();
  return (
    <ScanInput
      label={<Trans>Scan the next container</Trans>} placeholder={t`Container code`} testId={testId}
      onScan={({ value }) => {
        const code = value.trim();
        if (!code) return { ok: false };
        onContainer(code);
        return 'handled';
      }}
    />
  );
}
