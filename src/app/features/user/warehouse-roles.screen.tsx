import { useParams } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { roleResource } from '../../../shared/resources/role.resource';
import { WarehouseScopedTable } from './warehouse-scoped-table';

/** /user/warehouselist/roles/$whsId: the roles of one warehouse with their permission and user counts. */
export default function WarehouseRolesScreen() {
  const { t } = useLingui();
  const { whsId = '' } = useParams({ strict: false }) as { whsId?: string };
  return <WarehouseScopedTable resource={roleResource} endpoint={contract.searchWarehouseRole} title={t`Warehouse Roles: ${whsId}`} whsId={whsId} />;
}
