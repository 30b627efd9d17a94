import { useState } from 'react';
import { Alert, Button, Group, Menu, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconHandGrab, IconPackageOff, IconX } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ORDER_PRIORITY, SALES_ORDER_STATUS, type CodeOf } from '../../../shared/codes';
import { CANCEL_REASON_MAX, SALES_ORDER_ACCESS, SALES_ORDER_PAGES, salesOrderContract, type SalesOrderDetail } from '../../../shared/contract/sales-order.contract';
import { SALES_ORDER_LIFECYCLE, canMove } from '../../../shared/lifecycles';
import { salesOrderResource } from '../../../shared/resources/sales-order.resource';
import { callApi } from '../../kit/api';
import { RecordPending } from '../../kit/record-pending';
import { ReasonDialog } from '../../kit/reason-dialog';
import { FieldValue } from '../../kit/resource/field-value';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { pageTitle } from '../../routes/access';
import { FactsCard, Section, orPlaceholder } from '../../kit/record-parts';
import { WaveLink } from './outbound-parts';
import { OrderDetailLayout, useOrderRefresh } from './order-detail-parts';
import { outboundQueries } from './outbound.queries';
import { ParcelsTable } from './packing-parts';
import { packingQueries } from './packing.queries';

const F = salesOrderResource.fields;
const S = SALES_ORDER_STATUS.values;
type OrderStatus = CodeOf<typeof SALES_ORDER_STATUS>;
type Order = SalesOrderDetail['order'];

/** Orders allocation and priority changes still reach: not released to the floor yet. */
const WAITING: readonly number[] = [S.CREATED, S.PENDING_PICK];
/** Cancelled from these, an order's parcels are intercepted and its units come back from the order (cancel after checking). */
const AFTER_CHECKING: readonly OrderStatus[] = [S.CHECKED, S.PACKING, S.PACKED];

function Header({ order }: { order: Order }) {
  return (
    <FactsCard
      testId="order-header"
      facts={[
        [F.status, <FieldValue field={F.status} value={order.status} />],
        [F.priority, <FieldValue field={F.priority} value={order.priority} />],
        [F.external_no, order.external_no],
        [F.source, <FieldValue field={F.source} value={order.source} />],
        [F.parcel_split, <FieldValue field={F.parcel_split} value={order.parcel_split} />],
        [F.shop_id, orPlaceholder(order.shop_id)],
        [F.wave_no, order.wave_no ? <WaveLink waveNo={order.wave_no} /> : orPlaceholder(null)],
        [F.cutoff_at, <FieldValue field={F.cutoff_at} value={order.cutoff_at} />],
        [<Trans>Carrier</Trans>, orPlaceholder(order.carrier)],
        [<Trans>Tracking No.</Trans>, orPlaceholder(order.tracking_no)],
        [<Trans>Receiver</Trans>, <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{orPlaceholder([order.receiver_name, order.receiver_phone, order.receiver_address].filter(Boolean).join('\n'))}</Text>],
        [F.line_count, order.line_count],
        [F.total_qty, order.total_qty],
        [F.allocated_qty, order.allocated_qty],
        [F.picked_qty, order.picked_qty],
        [F.created_at, <FieldValue field={F.created_at} value={order.created_at} />],
        [<Trans>Updated At</Trans>, <FieldValue field={F.created_at} value={order.updated_at} />],
        [<Trans>Remark</Trans>, orPlaceholder(order.remark)],
      ]}
    />
  );
}

/**
 * Why the order waits or failed, where nobody can miss it. Waiting for stock says what will free it:
 * Tally has no replenishment yet, so only stock put away or released by other orders lets it allocate.
 */
function HoldNotice({ order }: { order: Order }) {
  const reason = order.hold_reason;
  if (order.status === S.PENDING_PICK) {
    return (
      <Alert color="orange" icon={<IconPackageOff size={18} aria-hidden />} title={<Trans>Waiting for stock</Trans>} data-testid="hold-notice">
        {reason && <Text size="sm" fw={500}>{reason}</Text>}
        <Text size="sm">
          <Trans>Replenishment is not available in Tally yet: this order waits until stock is put away or freed by other orders, then Allocate again. A later release adds replenishment.</Trans>
        </Text>
      </Alert>
    );
  }
  if (order.status === S.PICK_FAIL) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={<Trans>Pick failed</Trans>} data-testid="hold-notice">
        {reason && <Text size="sm" fw={500}>{reason}</Text>}
        <Text size="sm"><Trans>Replenishment is not available in Tally yet: the order can be allocated again once stock is put away or freed, or cancelled.</Trans></Text>
      </Alert>
    );
  }
  if (order.priority === ORDER_PRIORITY.values.ON_HOLD && WAITING.includes(order.status)) {
    return (
      <Alert color="gray" icon={<IconHandGrab size={18} aria-hidden />} data-testid="hold-notice">
        <Trans>This order is on hold: no wave takes it until its priority is set to Normal or Priority.</Trans>
      </Alert>
    );
  }
  return null;
}

/**
 * What the user may do to the order (SALES_ORDER_ACCESS.edit) in its status: allocate it while it
 * waits and is not on hold, set its priority before it is released, cancel it (with a reason)
 * while its lifecycle allows.
 */
function Actions({ order, onMoved }: { order: Order; onMoved(): void }) {
  const { t, i18n } = useLingui();
  const { perms } = useSession();
  const [cancelling, setCancelling] = useState(false);
  const orderNos = [order.order_no];
  const allocate = useMutation({
    mutationFn: () => callApi(salesOrderContract.allocateSalesOrders, { order_nos: orderNos }),
    onSuccess: ({ results }) => {
      const result = results[0];
      if (result?.allocated) toast.success(t`Allocated`);
      else toast.warning(result?.hold_reason ?? t`Not allocated`, 6000);
      onMoved();
    },
  });
  const priority = useMutation({
    mutationFn: (value: CodeOf<typeof ORDER_PRIORITY>) => callApi(salesOrderContract.updateSalesOrderPriority, { order_nos: orderNos, priority: value }),
    onSuccess: () => {
      toast.success(t`Priority set`);
      onMoved();
    },
  });
  if (!perms.has(SALES_ORDER_ACCESS.edit.perm)) return null;
  const status = order.status as OrderStatus;
  const waiting = WAITING.includes(status);
  const canAllocate = waiting && order.priority !== ORDER_PRIORITY.values.ON_HOLD;
  const canCancel = canMove(SALES_ORDER_LIFECYCLE, status, S.CANCEL);
  const orderNo = order.order_no;
  return (
    <Group gap="sm">
      {canAllocate && (
        <Button variant="light" loading={allocate.isPending} onClick={() => allocate.mutate()}><Trans>Allocate</Trans></Button>
      )}
      {waiting && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="light" loading={priority.isPending} rightSection={<IconChevronDown size={14} aria-hidden />}><Trans>Set Priority</Trans></Button>
          </Menu.Target>
          <Menu.Dropdown>
            {ORDER_PRIORITY.options.map((o) => (
              <Menu.Item key={o.value} disabled={o.value === order.priority} onClick={() => priority.mutate(o.value)}>{i18n._(o.label)}</Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {canCancel && (
        <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={() => setCancelling(true)}>
          <Trans>Cancel Order</Trans>
        </Button>
      )}
      <ReasonDialog
        opened={cancelling}
        title={t`Cancel Order`}
        explanation={AFTER_CHECKING.includes(status)
          ? <Trans>Cancel sales order {orderNo}? It is checked: its parcels are intercepted and a return task puts its units back from the order into stock. A cancelled order cannot be reopened.</Trans>
          : <Trans>Cancel sales order {orderNo}? Units not picked yet are released; units already picked get a reverse picking task that puts them back. A cancelled order cannot be reopened.</Trans>}
        maxLength={CANCEL_REASON_MAX}
        confirmLabel={t`Cancel Order`}
        confirmColor="red"
        onConfirm={async (reason) => {
          const { reverse_task_no: reverseTask, intercepted_tracking_nos: intercepted } = await callApi(salesOrderContract.cancelSalesOrder, { order_no: order.order_no, reason }, { quiet: true });
          const parcelList = intercepted.join(', ');
          if (intercepted.length > 0) toast.success(t`Order cancelled: parcels ${parcelList} intercepted; task ${reverseTask} returns the units`);
          else toast.success(reverseTask ? t`Order cancelled: reverse picking task ${reverseTask} puts its picked units back` : t`Order cancelled`);
          setCancelling(false);
          onMoved();
        }}
        onClose={() => setCancelling(false)}
      />
    </Group>
  );
}

/** The order's parcels once it is packed: tracking numbers, boxes, weights, units, handovers. */
function OrderParcels({ orderNo }: { orderNo: string }) {
  const parcels = useQuery(packingQueries.orderParcels(orderNo));
  if (!parcels.data || parcels.data.parcels.length === 0) return null;
  return <Section title={<Trans>Parcels</Trans>} testId="order-parcels"><ParcelsTable parcels={parcels.data.parcels} /></Section>;
}

/**
 * /salesoutbound/order/detail/$id: one sales order — its facts, why it waits or failed, its lines,
 * the stock reserved for it (and picked, short, released, put back), its picking tasks and the log
 * of every status change — with the moves its status allows.
 */
export default function SalesOrderDetailScreen() {
  const { i18n } = useLingui();
  const refresh = useOrderRefresh();
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const detail = useQuery(outboundQueries.orderDetail(id));
  const title = pageTitle(SALES_ORDER_PAGES.detail);
  const heading = `${title ? i18n._(title) : ''} ${id}`.trim();
  if (!detail.data) {
    return <RecordPending heading={heading} id={id} error={detail.error} />;
  }
  const { order } = detail.data;
  return (
    <OrderDetailLayout
      heading={heading} detail={detail.data}
      actions={<Actions order={order} onMoved={refresh} />}
      notice={<HoldNotice order={order} />}
      header={<Header order={order} />}
    >
      <OrderParcels orderNo={order.order_no} />
    </OrderDetailLayout>
  );
}
