import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { warehouseUsersResource } from '../../../shared/resources/user.resource';
import { ResourceList, type RowAction } from '../../kit/resource/resource-list';

/** /user/warehouselist: warehouses with their user and role counts, opening each one's users and roles. */
export default function UserWarehousesScreen() {
  const { t } = useLingui();
  const actions: RowAction[] = [
    { label: t`Users`, href: (row) => `/user/warehouselist/users/${encodeURIComponent(String(row.whs_id))}` },
    { label: t`Roles`, href: (row) => `/user/warehouselist/roles/${encodeURIComponent(String(row.whs_id))}` },
  ];
  return <ResourceList resource={warehouseUsersResource} endpoint={contract.searchUserWarehouse} title={t`Warehouse List`} path="/user/warehouselist" rowActions={actions} exportable />;
}
