import { useOpenByQuery } from '../../kit/search-param';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { storageAreaPerm } from '../../../shared/contract/storage-area.contract';
import { cellResource } from '../../../shared/resources/cell.resource';
import { isBuilt } from '../../routes/screens';
import { StorageAreaTab } from './storage-area-tab';

/** /wmsbasic/cell: the warehouse's cells (spec §2); filters are remembered. */
export default function CellScreen() {
  const { t } = useLingui();
  const open = useOpenByQuery();
  return (
    <StorageAreaTab
      resource={cellResource}
      endpoint={contract.searchCell}
      title={t`Cell`}
      path="/wmsbasic/cell"
      remember
      rowActions={[
        { label: t`Detail`, onClick: (row) => open('/wmsbasic/cell/detail', 'location_code', row.location_code) },
        { label: t`Edit`, permission: storageAreaPerm('cell', 'Edit'), visible: () => isBuilt('/wmsbasic/cell/edit'), onClick: (row) => open('/wmsbasic/cell/edit', 'location_code', row.location_code) },
      ]}
    />
  );
}
