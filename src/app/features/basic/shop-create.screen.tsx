import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { shopResource } from '../../../shared/resources/shop.resource';
import { ResourceForm } from '../../kit/resource/resource-form';
import { useShopSelections } from './shop-form';

/** /wmsbasic/shop/create: a new shop of the warehouse; saved, it opens its detail. */
export default function ShopCreateScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const selections = useShopSelections();
  return (
    <ResourceForm
      resource={shopResource}
      mode="create"
      title={t`Create Shop`}
      submit={contract.createShop}
      selections={selections}
      onSaved={(row) => void navigate({ to: `/wmsbasic/shop/detail/${encodeURIComponent(String(row.shop_id))}` })}
      onCancel={() => void navigate({ to: '/wmsbasic/shop' })}
    />
  );
}
