import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { dockResource } from '../../../shared/resources/dock.resource';
import { ResourceDetail } from '../../kit/resource/resource-detail';
import { useSearchParam } from '../../kit/search-param';

/** /wmsbasic/dockmanagement/detail?dock_code=…: one dock of the warehouse (the route takes it by query). */
export default function DockDetailScreen() {
  const { t } = useLingui();
  const dockCode = useSearchParam('dock_code') ?? '';
  return <ResourceDetail resource={dockResource} endpoint={contract.getDockDetail} title={t`Dock Detail`} id={dockCode} />;
}
