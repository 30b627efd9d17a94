import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { supplierResource } from '../../../shared/resources/supplier.resource';
import { ResourceList } from '../../kit/resource/resource-list';

const detailHref = (id: string) => `/wmsbasic/supplier/detail/${encodeURIComponent(id)}`;

/** /wmsbasic/supplier: the warehouse's suppliers (spec §2 WMS Basic); filters are remembered. */
export default function SupplierScreen() {
  const { t } = useLingui();
  return (
    <ResourceList
      resource={supplierResource}
      endpoint={contract.searchSupplier}
      exportable
      title={t`Supplier`}
      path="/wmsbasic/supplier"
      detailHref={detailHref}
      rowActions={[{ label: t`Detail`, href: (row) => detailHref(String(row.supplier_id)) }]}
    />
  );
}
