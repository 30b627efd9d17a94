import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { skuResource } from '../../../shared/resources/sku.resource';
import { ResourceList } from '../../kit/resource/resource-list';

/** /wmsbasic/skuitems: the warehouse's SKU items (spec §2 WMS Basic); filters are remembered. */
export default function SkuItemsScreen() {
  const { t } = useLingui();
  return (
    <ResourceList
      resource={skuResource}
      endpoint={contract.searchSku}
      exportable
      title={t`SKU List`}
      path="/wmsbasic/skuitems"
      detailHref={(id) => `/wmsbasic/skuitems/detail/${encodeURIComponent(id)}`}
    />
  );
}
