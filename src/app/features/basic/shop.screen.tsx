import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { shopResource } from '../../../shared/resources/shop.resource';
import { ResourceList } from '../../kit/resource/resource-list';
import { useCanOpen } from '../../routes/use-access';
import { RouteTabs } from './route-tabs';

const CREATE_PATH = '/wmsbasic/shop/create';
const EDIT_PATH = '/wmsbasic/shop/$id/edit';
const editHref = (id: unknown) => `/wmsbasic/shop/${encodeURIComponent(String(id))}/edit`;

/** /wmsbasic/shop, tab Shop: the shops the warehouse fulfils for (spec §2 WMS Basic), with Create and Edit for those who may. */
export default function ShopScreen() {
  const { t } = useLingui();
  const canCreate = useCanOpen(CREATE_PATH);
  const canEdit = useCanOpen(EDIT_PATH);
  return (
    <Stack gap="md">
      <RouteTabs group="shop" />
      <ResourceList
        resource={shopResource}
        endpoint={contract.searchShop}
        title={t`Shop`}
        path="/wmsbasic/shop"
        exportable
        detailHref={(id) => `/wmsbasic/shop/detail/${encodeURIComponent(id)}`}
        // The shop id links to the detail; Edit is the row's action.
        rowActions={canEdit ? [{ label: t`Edit`, href: (row) => editHref(row.shop_id) }] : []}
        actions={canCreate && (
          <Button component={Link} to={CREATE_PATH} leftSection={<IconPlus size={16} aria-hidden />}>
            <Trans>Create Shop</Trans>
          </Button>
        )}
      />
    </Stack>
  );
}
