import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { cellResource } from '../../../shared/resources/cell.resource';
import { StorageAreaDetail } from './storage-area-detail';

/** /wmsbasic/cell/detail?location_code=…: one cell of the warehouse (the route takes it by query). */
export default function CellDetailScreen() {
  const { t } = useLingui();
  return (
    <StorageAreaDetail
      resource={cellResource}
      endpoint={contract.getCellDetail}
      title={t`Cell Detail`}
      editPath="/wmsbasic/cell/edit"
    />
  );
}
