import { Stack } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { merchantResource } from '../../../shared/resources/merchant.resource';
import { shopResource } from '../../../shared/resources/shop.resource';
import { derivePerm } from '../../../shared/routes/derive';
import { ResourceDetail } from '../../kit/resource/resource-detail';
import { recordLink } from '../../kit/resource/resource-pages';
import { ResourceList } from '../../kit/resource/resource-list';
import { useSession } from '../../kit/use-session';

const SHOP_LIST = shopResource.pages!.list!;
const SHOP_DETAIL = shopResource.pages!.detail!;
/** Saved filters and columns of the shops are the merchant detail page's, whichever merchant it shows. */
const SHOPS_PATH = merchantResource.pages!.detail!.replace(/\/\$[^/]+/g, '');

/** /wmsbasic/merchant/detail/$merchant_id: one merchant of the warehouse and its shops. */
export default function MerchantDetailScreen() {
  const { t } = useLingui();
  const { merchant_id: merchantId = '' } = useParams({ strict: false }) as { merchant_id?: string };
  // The shops are read with the shop list's permission: without it the merchant shows alone.
  const canSeeShops = useSession().perms.has(derivePerm(SHOP_LIST));
  return (
    <Stack gap="lg">
      <ResourceDetail resource={merchantResource} endpoint={contract.getMerchantDetail} title={t`Merchant Detail`} id={merchantId} />
      {canSeeShops && (
        // The shop list fixed to the merchant: its filters, columns and export, each shop linking to its detail.
        <ResourceList
          resource={shopResource}
          endpoint={contract.searchShop}
          title={t`Shops`}
          headingLevel={2}
          path={SHOPS_PATH}
          remember={false}
          exportable
          fixedInput={{ merchant_id: merchantId }}
          detailHref={(key) => recordLink(shopResource, SHOP_DETAIL, key)}
        />
      )}
    </Stack>
  );
}
