import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { pathwayResource } from '../../../shared/resources/pathway.resource';
import { StorageAreaForm } from './storage-area-form';

/** /wmsbasic/pathway/edit?pathway_id=…: change one pathway of the warehouse (spec §2; the route takes it by query). */
export default function PathwayEditScreen() {
  const { t } = useLingui();
  return (
    <StorageAreaForm
      resource={pathwayResource} mode="edit" title={t`Edit Pathway`} detail={contract.getPathwayDetail} submit={contract.updatePathway}
      detailPath="/wmsbasic/pathway/detail" savedMessage={t`Saved`}
    />
  );
}
