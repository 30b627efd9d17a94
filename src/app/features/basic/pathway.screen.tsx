import { useOpenByQuery } from '../../kit/search-param';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { storageAreaPerm } from '../../../shared/contract/storage-area.contract';
import { pathwayResource } from '../../../shared/resources/pathway.resource';
import { isBuilt } from '../../routes/screens';
import { StorageAreaTab } from './storage-area-tab';

/** /wmsbasic/pathway: the pathways (aisles) of the warehouse's zones; filters are remembered (spec §2). */
export default function PathwayScreen() {
  const { t } = useLingui();
  const open = useOpenByQuery();
  return (
    <StorageAreaTab
      resource={pathwayResource}
      endpoint={contract.searchPathway}
      title={t`Pathway`}
      path="/wmsbasic/pathway"
      remember
      rowActions={[
        { label: t`Detail`, onClick: (row) => open('/wmsbasic/pathway/detail', 'pathway_id', row.pathway_id) },
        { label: t`Edit`, permission: storageAreaPerm('pathway', 'Edit'), visible: () => isBuilt('/wmsbasic/pathway/edit'), onClick: (row) => open('/wmsbasic/pathway/edit', 'pathway_id', row.pathway_id) },
      ]}
    />
  );
}
