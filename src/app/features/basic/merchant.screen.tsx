import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { merchantResource } from '../../../shared/resources/merchant.resource';
import { ResourceList } from '../../kit/resource/resource-list';

/** /wmsbasic/merchant: the sellers whose shops the warehouse fulfils (spec §2 WMS Basic). */
export default function MerchantScreen() {
  const { t } = useLingui();
  return (
    <ResourceList
      resource={merchantResource}
      endpoint={contract.searchMerchant}
      title={t`Merchant`}
      path="/wmsbasic/merchant"
      detailHref={(id) => `/wmsbasic/merchant/detail/${encodeURIComponent(id)}`}
    />
  );
}
