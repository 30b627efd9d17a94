import { useParams } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { supplierResource } from '../../../shared/resources/supplier.resource';
import { ResourceDetail } from '../../kit/resource/resource-detail';

/** /wmsbasic/supplier/detail/$id: one supplier of the warehouse. */
export default function SupplierDetailScreen() {
  const { t } = useLingui();
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  return <ResourceDetail resource={supplierResource} endpoint={contract.getSupplierDetail} title={t`Supplier Detail`} id={id} />;
}
