import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { skuResource } from '../../../shared/resources/sku.resource';
import { ResourceForm } from '../../kit/resource/resource-form';
import { useCanOpen } from '../../routes/use-access';

/** /wmsbasic/skuitems/detail/$sku_id: one SKU of the warehouse, with Edit for those who may. */
export default function SkuDetailScreen() {
  const { t } = useLingui();
  const { sku_id: id = '' } = useParams({ strict: false }) as { sku_id?: string };
  const canEdit = useCanOpen('/wmsbasic/skuitems/$sku_id');
  return (
    <ResourceForm
      resource={skuResource}
      mode="detail"
      title={t`SKU Detail`}
      detail={contract.getSkuDetail}
      id={id}
      actions={canEdit && (
        <Button component={Link} to={`/wmsbasic/skuitems/${encodeURIComponent(id)}`} variant="default" leftSection={<IconPencil size={16} aria-hidden />}>
          <Trans>Edit</Trans>
        </Button>
      )}
    />
  );
}
