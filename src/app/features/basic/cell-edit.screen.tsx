import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { cellResource } from '../../../shared/resources/cell.resource';
import { StorageAreaForm } from './storage-area-form';

/** /wmsbasic/cell/edit?location_code=…: change one cell of the warehouse (spec §2; the route takes it by query). */
export default function CellEditScreen() {
  const { t } = useLingui();
  return (
    <StorageAreaForm
      resource={cellResource} mode="edit" title={t`Edit Cell`} detail={contract.getCellDetail} submit={contract.updateCell}
      detailPath="/wmsbasic/cell/detail" savedMessage={t`Saved`}
    />
  );
}
