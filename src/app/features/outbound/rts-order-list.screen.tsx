import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { RTS_ORDER_ACCESS, RTS_ORDER_PAGES, rtsOrderContract } from '../../../shared/contract/rts-order.contract';
import { rtsOrderResource } from '../../../shared/resources/rts-order.resource';
import { callApi } from '../../kit/api';
import { ResourceList } from '../../kit/resource/resource-list';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { OrderBulkBar, useOrderSelection } from './order-selection';

/**
 * /rtsoutbound/order: the derived list of RTS orders (filters, status tags, export), newest first,
 * with Create and actions on the chosen rows for those who may allocate: allocate them together by the RTS
 * allocate rules, or release them (one supplier's) to picking in one RTS wave.
 */
export default function RtsOrderListScreen() {
  const { t, i18n } = useLingui();
  const { perms } = useSession();
  const { selection, orderNos, count, clear, moved } = useOrderSelection();
  const route = routeAt(RTS_ORDER_PAGES.list);
  const createRoute = routeAt(RTS_ORDER_PAGES.create);
  const canCreate = useCanOpen(RTS_ORDER_PAGES.create);
  const canOpenDetail = useCanOpen(RTS_ORDER_PAGES.detail);
  const canAllocate = perms.has(RTS_ORDER_ACCESS.allocate.perm);

  const allocate = useMutation({
    mutationFn: () => callApi(rtsOrderContract.allocateRtsOrders, { order_nos: orderNos }),
    onSuccess: ({ results }) => {
      const allocated = results.filter((r) => r.allocated).length;
      const short = results.length - allocated;
      if (short === 0) toast.success(t`Orders allocated: ${allocated}`);
      else toast.warning(t`Orders allocated: ${allocated}; short of stock and left approved: ${short}.`, 6000);
      moved();
    },
  });
  const release = useMutation({
    mutationFn: () => callApi(rtsOrderContract.releaseRtsOrders, { order_nos: orderNos }),
    onSuccess: ({ wave_no: waveNo, task_nos: taskNos }) => {
      const tasks = taskNos.length;
      toast.success(t`Released in wave ${waveNo}: ${tasks} picking task(s)`);
      moved();
    },
  });

  const bulk = canAllocate && (
    <OrderBulkBar count={count} onClear={clear} testId="rts-order-bulk-actions">
      <Button size="xs" variant="light" disabled={!count} loading={allocate.isPending} onClick={() => allocate.mutate()}><Trans>Allocate</Trans></Button>
      <Button size="xs" variant="light" disabled={!count} loading={release.isPending} onClick={() => release.mutate()}><Trans>Release to Picking</Trans></Button>
    </OrderBulkBar>
  );

  return (
    <ResourceList
      resource={rtsOrderResource}
      endpoint={contract.searchRtsOrder}
      title={route ? i18n._(route.title) : RTS_ORDER_PAGES.list}
      path={RTS_ORDER_PAGES.list}
      remember={route?.rememberFilters ?? false}
      exportable
      detailHref={canOpenDetail ? (key) => ({ to: RTS_ORDER_PAGES.detail, params: { id: key } }) : undefined}
      selection={canAllocate ? selection : undefined}
      selectionActions={bulk}
      actions={canCreate && (
        <Button component={Link} to={RTS_ORDER_PAGES.create} leftSection={<IconPlus size={16} aria-hidden />}>
          {createRoute ? i18n._(createRoute.title) : null}
        </Button>
      )}
    />
  );
}
