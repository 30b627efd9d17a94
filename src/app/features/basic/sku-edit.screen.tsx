import { useNavigate, useParams } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { skuResource } from '../../../shared/resources/sku.resource';
import { ResourceForm } from '../../kit/resource/resource-form';

/** /wmsbasic/skuitems/$sku_id: changes a SKU of the warehouse (its id stays); saved or cancelled, back to its detail. */
export default function SkuEditScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { sku_id: id = '' } = useParams({ strict: false }) as { sku_id?: string };
  const toDetail = () => void navigate({ to: `/wmsbasic/skuitems/detail/${encodeURIComponent(id)}` });
  return (
    <ResourceForm
      resource={skuResource}
      mode="edit"
      title={t`Edit SKU`}
      detail={contract.getSkuDetail}
      id={id}
      submit={contract.updateSku}
      onSaved={toDetail}
      onCancel={toDetail}
    />
  );
}
