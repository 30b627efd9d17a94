import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { supplierResource } from '../../../shared/resources/supplier.resource';
import { ResourceList } from '../../kit/resource/resource-list';

/** /wmsbasic/supplier: the warehouse's suppliers (spec §2 WMS Basic); filters are remembered. */
export default function SupplierScreen() {
  const { t } = useLingui();
  return (
    <ResourceList
      resource={supplierResource}
      endpoint={contract.searchSupplier}
      title={t`Supplier`}
      path="/wmsbasic/supplier"
      detailHref={(id) => `/wmsbasic/supplier/detail/${encodeURIComponent(id)}`}
    />
  );
}
