import { Button, Group, Menu, Text } from '@mantine/core';
import { EMPTY_PLACEHOLDER } from '../../../shared/constants';
import { IconChevronDown, IconPlus, IconWaveSine } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ORDER_PRIORITY, type CodeOf } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { SALES_ORDER_ACCESS, SALES_ORDER_PAGES, salesOrderContract } from '../../../shared/contract/sales-order.contract';
import { WAVE_ACCESS, WAVE_PAGES } from '../../../shared/contract/wave.contract';
import { salesOrderResource } from '../../../shared/resources/sales-order.resource';
import { callApi } from '../../kit/api';
import { ResourceList } from '../../kit/resource/resource-list';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { manualWaveSearch } from './wave-selection';
import { OrderBulkBar, useOrderSelection } from './order-selection';
import { SalesOrderImportButton } from './sales-order-import';

type Row = Record<string, unknown>;

/** A hold reason is a sentence or two: two lines in the list (all of it on hover and in the detail). */
const holdReasonCell = (row: Row) => {
  const reason = typeof row.hold_reason === 'string' && row.hold_reason !== '' ? row.hold_reason : null;
  return reason ? <Text size="sm" lineClamp={2} miw={200} maw={320} title={reason}>{reason}</Text> : EMPTY_PLACEHOLDER;
};

/**
 * /salesoutbound/order: the derived list of sales orders (filters, status and priority tags,
 * export), with Create and, for those who may, actions on the chosen rows: allocate them, set
 * their priority, or release them in a manual wave (Manual Wave opens with them chosen).
 */
export default function SalesOrderListScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { perms } = useSession();
  const { selection, orderNos, count, clear, moved } = useOrderSelection();
  const route = routeAt(SALES_ORDER_PAGES.list);
  const createRoute = routeAt(SALES_ORDER_PAGES.create);
  const canCreate = useCanOpen(SALES_ORDER_PAGES.create);
  const canOpenDetail = useCanOpen(SALES_ORDER_PAGES.detail);
  const canWave = useCanOpen(WAVE_PAGES.manual) && perms.has(WAVE_ACCESS.create.perm);
  const canEdit = perms.has(SALES_ORDER_ACCESS.edit.perm);

  const allocate = useMutation({
    mutationFn: () => callApi(salesOrderContract.allocateSalesOrders, { order_nos: orderNos }),
    onSuccess: ({ results }) => {
      const allocated = results.filter((r) => r.allocated).length;
      const waiting = results.length - allocated;
      if (waiting === 0) toast.success(t`Orders allocated: ${allocated}`);
      else toast.warning(t`Orders allocated: ${allocated}; not allocated: ${waiting} (on hold, waiting for stock or already released): see each order's hold reason.`, 6000);
      moved();
    },
  });
  const priority = useMutation({
    mutationFn: (value: CodeOf<typeof ORDER_PRIORITY>) => callApi(salesOrderContract.updateSalesOrderPriority, { order_nos: orderNos, priority: value }),
    onSuccess: ({ updated }) => {
      toast.success(t`Orders whose priority was set: ${updated}`);
      moved();
    },
  });

  const bulk = (canEdit || canWave) && (
    <OrderBulkBar count={count} onClear={clear} testId="order-bulk-actions">
        {canEdit && (
          <Button size="xs" variant="light" disabled={!count} loading={allocate.isPending} onClick={() => allocate.mutate()}><Trans>Allocate</Trans></Button>
        )}
        {canEdit && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="light" disabled={!count} loading={priority.isPending} rightSection={<IconChevronDown size={14} aria-hidden />}>
                <Trans>Set Priority</Trans>
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {ORDER_PRIORITY.options.map((o) => <Menu.Item key={o.value} onClick={() => priority.mutate(o.value)}>{i18n._(o.label)}</Menu.Item>)}
            </Menu.Dropdown>
          </Menu>
        )}
        {canWave && (
          <Button
            size="xs" variant="light" disabled={!count} leftSection={<IconWaveSine size={14} aria-hidden />}
            onClick={() => void navigate({ to: WAVE_PAGES.manual, search: manualWaveSearch(orderNos) as never })}
          >
            <Trans>Create Wave</Trans>
          </Button>
        )}
    </OrderBulkBar>
  );

  return (
    <ResourceList
      resource={salesOrderResource}
      endpoint={contract.searchSalesOrder}
      title={route ? i18n._(route.title) : SALES_ORDER_PAGES.list}
      path={SALES_ORDER_PAGES.list}
      remember={route?.rememberFilters ?? false}
      exportable
      detailHref={canOpenDetail ? (key) => SALES_ORDER_PAGES.detail.replace('$id', encodeURIComponent(key)) : undefined}
      selection={canEdit || canWave ? selection : undefined}
      selectionActions={bulk}
      cells={{ hold_reason: holdReasonCell }}
      actions={canCreate && (
        <Group gap="sm">
          <SalesOrderImportButton />
          <Button component={Link} to={SALES_ORDER_PAGES.create} leftSection={<IconPlus size={16} aria-hidden />}>
            {createRoute ? i18n._(createRoute.title) : null}
          </Button>
        </Group>
      )}
    />
  );
}
