import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { zoneClusterResource } from '../../../shared/resources/zone-cluster.resource';
import { StorageAreaTab } from './storage-area-tab';

/** /wmsbasic/zonecluster (spec §2 Storage Area Setting): zone clusters and the sectors they are in. */
export default function ZoneClusterScreen() {
  const { t } = useLingui();
  return <StorageAreaTab resource={zoneClusterResource} endpoint={contract.searchZoneCluster} title={t`Zone Cluster`} path="/wmsbasic/zonecluster" />;
}
