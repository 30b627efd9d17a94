import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { warehouseResource } from '../../../shared/resources/warehouse.resource';
import { ResourceList } from '../../kit/resource/resource-list';
import { useCanOpen } from '../../routes/use-access';
import { useOpenByQuery } from '../../kit/search-param';
import { WAREHOUSE_PAGES } from './warehouse-pages';

/** /wmsbasic/warehouse: every warehouse (they are global), with create, detail, edit and export. */
export default function WarehouseScreen() {
  const { t } = useLingui();
  const canCreate = useCanOpen(WAREHOUSE_PAGES.create);
  const canEdit = useCanOpen(WAREHOUSE_PAGES.edit);
  const openByQuery = useOpenByQuery();
  const open = (page: string, whsId: unknown) => openByQuery(page, 'whs_id', whsId);
  return (
    <ResourceList
      resource={warehouseResource}
      endpoint={contract.searchWarehouse}
      title={t`Warehouse`}
      path={WAREHOUSE_PAGES.list}
      exportable
      rowActions={[
        { label: t`Detail`, onClick: (row) => open(WAREHOUSE_PAGES.detail, row.whs_id) },
        { label: t`Edit`, visible: () => canEdit, onClick: (row) => open(WAREHOUSE_PAGES.edit, row.whs_id) },
      ]}
      actions={canCreate && (
        <Button component={Link} to={WAREHOUSE_PAGES.create} leftSection={<IconPlus size={16} aria-hidden />}>
          <Trans>Create Warehouse</Trans>
        </Button>
      )}
    />
  );
}
