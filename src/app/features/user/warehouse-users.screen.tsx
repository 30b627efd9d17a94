import { useMemo } from 'react';
import { useParams } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { warehouseMemberResource } from '../../../shared/resources/user.resource';
import { ResourceList, type RowAction } from '../../kit/resource/resource-list';

/**
 * /user/warehouselist/users/$whsId: the members of one warehouse with their role there, filtered
 * like the User List. Filters, bookmarks and columns are kept for the page whatever the warehouse.
 */
export default function WarehouseUsersScreen() {
  const { t } = useLingui();
  const { whsId = '' } = useParams({ strict: false }) as { whsId?: string };
  const fixedInput = useMemo(() => ({ whs_id: whsId }), [whsId]);
  const actions: RowAction[] = [
    { label: t`Detail`, href: (row) => `/user/warehouselist/users/${encodeURIComponent(whsId)}/${String(row.user_id)}` },
  ];
  return (
    <ResourceList
      key={whsId}
      resource={warehouseMemberResource} endpoint={contract.searchWarehouseUser} title={t`Warehouse Users: ${whsId}`}
      path="/user/warehouselist/users" fixedInput={fixedInput} rowActions={actions} exportable
    />
  );
}
