import type { ComponentProps } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResourceDef } from '../../../shared/resources/define';
import type { EndpointDef } from '../../../shared/contract/define';
import { ResourceList } from '../../kit/resource/resource-list';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { OrderBulkBar, useOrderSelection } from './order-selection';

/** What one kind of outbound order document (MT, RTS) gives its list. */
export interface DocOrderListProps {
  resource: ResourceDef;
  /** The list call of the resource. */
  endpoint: EndpointDef;
  pages: { list: string; create: string; detail: string };
  /** Who may allocate and release the chosen rows. */
  allocatePerm: string;
  allocate(orderNos: string[]): Promise<{ results: readonly { allocated: boolean }[] }>;
  release(orderNos: string[]): Promise<{ wave_no: string; task_nos: readonly string[] }>;
  detailHref: NonNullable<ComponentProps<typeof ResourceList>['detailHref']>;
  testId: string;
}

/**
 * The list of an outbound order document (filters, status tags, export), with Create and, for
 * those who may allocate, actions on the chosen rows: allocate them together, or release them to
 * picking in one wave of their type.
 */
export function DocOrderList({ resource, endpoint, pages, allocatePerm, allocate, release, detailHref, testId }: DocOrderListProps) {
  const { t, i18n } = useLingui();
  const { perms } = useSession();
  const { selection, orderNos, count, clear, moved } = useOrderSelection();
  const route = routeAt(pages.list);
  const createRoute = routeAt(pages.create);
  const canCreate = useCanOpen(pages.create);
  const canOpenDetail = useCanOpen(pages.detail);
  const canAllocate = perms.has(allocatePerm);

  const allocating = useMutation({
    mutationFn: () => allocate(orderNos),
    onSuccess: ({ results }) => {
      const allocated = results.filter((r) => r.allocated).length;
      const short = results.length - allocated;
      if (short === 0) toast.success(t`Orders allocated: ${allocated}`);
      else toast.warning(t`Orders allocated: ${allocated}; short of stock and left approved: ${short}.`, 6000);
      moved();
    },
  });
  const releasing = useMutation({
    mutationFn: () => release(orderNos),
    onSuccess: ({ wave_no: waveNo, task_nos: taskNos }) => {
      const tasks = taskNos.length;
      toast.success(t`Released in wave ${waveNo}: ${tasks} picking task(s)`);
      moved();
    },
  });

  const bulk = canAllocate && (
    <OrderBulkBar count={count} onClear={clear} testId={testId}>
      <Button size="xs" variant="light" disabled={!count} loading={allocating.isPending} onClick={() => allocating.mutate()}><Trans>Allocate</Trans></Button>
      <Button size="xs" variant="light" disabled={!count} loading={releasing.isPending} onClick={() => releasing.mutate()}><Trans>Release to Picking</Trans></Button>
    </OrderBulkBar>
  );

  return (
    <ResourceList
      resource={resource}
      endpoint={endpoint}
      title={route ? i18n._(route.title) : pages.list}
      path={pages.list}
      remember={route?.rememberFilters ?? false}
      exportable
      detailHref={canOpenDetail ? detailHref : undefined}
      selection={canAllocate ? selection : undefined}
      selectionActions={bulk}
      actions={canCreate && (
        <Button component={Link} to={pages.create} leftSection={<IconPlus size={16} aria-hidden />}>
          {createRoute ? i18n._(createRoute.title) : null}
        </Button>
      )}
    />
  );
}
