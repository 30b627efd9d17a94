import { useNavigate, useParams } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { shopResource } from '../../../shared/resources/shop.resource';
import { ResourceForm } from '../../kit/resource/resource-form';
import { useShopSelections } from './shop-form';

/** /wmsbasic/shop/$id/edit: changes a shop of the warehouse (its id stays); saved or cancelled, back to its detail. */
export default function ShopEditScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const selections = useShopSelections();
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const toDetail = () => void navigate({ to: `/wmsbasic/shop/detail/${encodeURIComponent(id)}` });
  return (
    <ResourceForm
      resource={shopResource}
      mode="edit"
      title={t`Edit Shop`}
      detail={contract.getShopDetail}
      id={id}
      submit={contract.updateShop}
      selections={selections}
      onSaved={toDetail}
      onCancel={toDetail}
    />
  );
}
