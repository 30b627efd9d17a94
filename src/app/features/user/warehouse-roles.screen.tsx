import { useMemo } from 'react';
import { useParams } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { warehouseRoleResource } from '../../../shared/resources/role.resource';
import { ResourceList } from '../../kit/resource/resource-list';

/**
 * /user/warehouselist/roles/$whsId: the roles of one warehouse with their permission and user
 * counts, filtered like the Role List. Filters, bookmarks and columns are kept for the page whatever the warehouse.
 */
export default function WarehouseRolesScreen() {
  const { t } = useLingui();
  const { whsId = '' } = useParams({ strict: false }) as { whsId?: string };
  const fixedInput = useMemo(() => ({ whs_id: whsId }), [whsId]);
  return (
    <ResourceList
      key={whsId}
      resource={warehouseRoleResource} endpoint={contract.searchWarehouseRole} title={t`Warehouse Roles: ${whsId}`}
      path="/user/warehouselist/roles" fixedInput={fixedInput} exportable
    />
  );
}
