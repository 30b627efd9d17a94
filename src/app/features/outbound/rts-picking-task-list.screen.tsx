import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { OUTBOUND_ORDER_TYPE } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { RTS_PICKING_TASK_PAGES } from '../../../shared/contract/rts-order.contract';
import { rtsPickingTaskResource } from '../../../shared/resources/picking-task.resource';
import { ResourceList } from '../../kit/resource/resource-list';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { OrderLink, rtsTaskDetailHref } from './outbound-parts';

/**
 * /rtsoutbound/task/picking: the picking tasks of RTS waves, a row per task and RTS order on it
 * (rtsPickingTaskResource), newest task first. The task number opens the task's detail for the
 * row's order (two path parameters, so linked here rather than by the derived list); the order
 * number opens the RTS order.
 */
export default function RtsPickingTaskListScreen() {
  const { i18n } = useLingui();
  const path = RTS_PICKING_TASK_PAGES.list;
  const route = routeAt(path);
  const canOpenDetail = useCanOpen(RTS_PICKING_TASK_PAGES.detail);
  return (
    <ResourceList
      resource={rtsPickingTaskResource}
      endpoint={contract.searchRtsPickingTask}
      title={route ? i18n._(route.title) : path}
      path={path}
      remember={route?.rememberFilters ?? false}
      exportable
      cells={{
        task_no: (row) => {
          const taskNo = String(row.task_no);
          return canOpenDetail
            ? <Anchor component={Link} to={rtsTaskDetailHref(taskNo, String(row.order_no))} data-testid="rts-task-link">{taskNo}</Anchor>
            : taskNo;
        },
        order_no: (row) => <OrderLink orderNo={String(row.order_no)} orderType={OUTBOUND_ORDER_TYPE.values.RTS} />,
      }}
    />
  );
}
