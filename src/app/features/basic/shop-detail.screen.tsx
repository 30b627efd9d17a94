import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { shopResource } from '../../../shared/resources/shop.resource';
import { ResourceForm } from '../../kit/resource/resource-form';
import { useCanOpen } from '../../routes/use-access';

const EDIT_PATH = '/wmsbasic/shop/$id/edit';

/** /wmsbasic/shop/detail/$id: one shop of the warehouse, with Edit for those who may. */
export default function ShopDetailScreen() {
  const { t } = useLingui();
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const canEdit = useCanOpen(EDIT_PATH);
  return (
    <ResourceForm
      resource={shopResource}
      mode="detail"
      title={t`Shop Detail`}
      detail={contract.getShopDetail}
      id={id}
      actions={canEdit && (
        <Button component={Link} to={`/wmsbasic/shop/${encodeURIComponent(id)}/edit`} variant="default" leftSection={<IconPencil size={16} aria-hidden />}>
          <Trans>Edit</Trans>
        </Button>
      )}
    />
  );
}
