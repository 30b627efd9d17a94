import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { skuMappingResource } from '../../../shared/resources/sku.resource';
import { ResourceList } from '../../kit/resource/resource-list';

/** /wmsbasic/skuMapping: the warehouse's seller mapping codes and the SKUs they stand for. */
export default function SkuMappingScreen() {
  const { t } = useLingui();
  return (
    <ResourceList
      resource={skuMappingResource}
      endpoint={contract.searchSkuMapping}
      exportable
      title={t`SKU Mapping`}
      path="/wmsbasic/skuMapping"
      remember={false}
    />
  );
}
