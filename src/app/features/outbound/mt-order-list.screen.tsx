import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { MT_ORDER_ACCESS, MT_ORDER_PAGES, mtOrderContract } from '../../../shared/contract/mt-order.contract';
import { mtOrderResource } from '../../../shared/resources/mt-order.resource';
import { callApi } from '../../kit/api';
import { ResourceList } from '../../kit/resource/resource-list';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { OrderBulkBar, useOrderSelection } from './order-selection';

/**
 * /mtoutbound/order: the derived list of MT orders (filters, status tags, export), highest
 * destination priority first, with Create and, for those who may allocate, actions on the chosen
 * rows: allocate them together (the destination priority decides who gets scarce stock) or release
 * them to picking in one MT wave.
 */
export default function MtOrderListScreen() {
  const { t, i18n } = useLingui();
  const { perms } = useSession();
  const { selection, orderNos, count, clear, moved } = useOrderSelection();
  const route = routeAt(MT_ORDER_PAGES.list);
  const createRoute = routeAt(MT_ORDER_PAGES.create);
  const canCreate = useCanOpen(MT_ORDER_PAGES.create);
  const canOpenDetail = useCanOpen(MT_ORDER_PAGES.detail);
  const canAllocate = perms.has(MT_ORDER_ACCESS.allocate.perm);

  const allocate = useMutation({
    mutationFn: () => callApi(mtOrderContract.allocateMtOrders, { order_nos: orderNos }),
    onSuccess: ({ results }) => {
      const allocated = results.filter((r) => r.allocated).length;
      const short = results.length - allocated;
      if (short === 0) toast.success(t`Orders allocated: ${allocated}`);
      else toast.warning(t`Orders allocated: ${allocated}; short of stock and left approved: ${short}.`, 6000);
      moved();
    },
  });
  const release = useMutation({
    mutationFn: () => callApi(mtOrderContract.releaseMtOrders, { order_nos: orderNos }),
    onSuccess: ({ wave_no: waveNo, task_nos: taskNos }) => {
      const tasks = taskNos.length;
      toast.success(t`Released in wave ${waveNo}: ${tasks} picking task(s)`);
      moved();
    },
  });

  const bulk = canAllocate && (
    <OrderBulkBar count={count} onClear={clear} testId="mt-order-bulk-actions">
        <Button size="xs" variant="light" disabled={!count} loading={allocate.isPending} onClick={() => allocate.mutate()}><Trans>Allocate</Trans></Button>
        <Button size="xs" variant="light" disabled={!count} loading={release.isPending} onClick={() => release.mutate()}><Trans>Release to Picking</Trans></Button>
    </OrderBulkBar>
  );

  return (
    <ResourceList
      resource={mtOrderResource}
      endpoint={contract.searchMtOrder}
      title={route ? i18n._(route.title) : MT_ORDER_PAGES.list}
      path={MT_ORDER_PAGES.list}
      remember={route?.rememberFilters ?? false}
      exportable
      detailHref={canOpenDetail ? (key) => ({ to: MT_ORDER_PAGES.detail, search: { order_no: key } }) : undefined}
      selection={canAllocate ? selection : undefined}
      selectionActions={bulk}
      actions={canCreate && (
        <Button component={Link} to={MT_ORDER_PAGES.create} leftSection={<IconPlus size={16} aria-hidden />}>
          {createRoute ? i18n._(createRoute.title) : null}
        </Button>
      )}
    />
  );
}
