import { Anchor } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { userResource } from '../../../shared/resources/user.resource';
import { WarehouseScopedTable } from './warehouse-scoped-table';

/** /user/warehouselist/users/$whsId: the members of one warehouse with their role there. */
export default function WarehouseUsersScreen() {
  const { t } = useLingui();
  const { whsId = '' } = useParams({ strict: false }) as { whsId?: string };
  return (
    <WarehouseScopedTable
      resource={userResource} endpoint={contract.searchWarehouseUser} title={t`Warehouse Users: ${whsId}`} whsId={whsId}
      action={(row) => (
        <Anchor component={Link} to={`/user/warehouselist/users/${encodeURIComponent(whsId)}/${String(row.user_id)}`} size="sm">{t`Detail`}</Anchor>
      )}
    />
  );
}
