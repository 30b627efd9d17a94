import { Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { shopGroupResource } from '../../../shared/resources/shop.resource';
import { ResourceList } from '../../kit/resource/resource-list';
import { RouteTabs } from './route-tabs';

/** /wmsbasic/shop/group, tab Group: shop groups with their shop counts; filters are remembered. */
export default function ShopGroupScreen() {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <RouteTabs group="shop" />
      <ResourceList resource={shopGroupResource} endpoint={contract.searchShopGroup} title={t`Shop Group`} path="/wmsbasic/shop/group" />
    </Stack>
  );
}
