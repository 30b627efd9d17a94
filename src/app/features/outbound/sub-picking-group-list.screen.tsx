import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { SUB_PICKING_PAGES } from '../../../shared/contract/sub-picking.contract';
import { subPickingGroupResource } from '../../../shared/resources/picking-task.resource';
import { ResourceList } from '../../kit/resource/resource-list';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { groupLink } from './sub-picking-parts';

/**
 * /salesoutbound/subPicking/grouplog: every split of a picking task into sub-picking tasks, newest
 * first (the derived list of subPickingGroupResource), each group opening its detail, whose route
 * takes the group as the search parameter `group_id`.
 */
export default function SubPickingGroupListScreen() {
  const { i18n } = useLingui();
  const path = SUB_PICKING_PAGES.groupLog;
  const route = routeAt(path);
  const canOpenDetail = useCanOpen(SUB_PICKING_PAGES.groupDetail);
  return (
    <ResourceList
      resource={subPickingGroupResource}
      endpoint={contract.searchSubPickingGroup}
      title={route ? i18n._(route.title) : path}
      path={path}
      remember={route?.rememberFilters ?? false}
      exportable
      detailHref={canOpenDetail ? (key) => groupLink(key) : undefined}
    />
  );
}
