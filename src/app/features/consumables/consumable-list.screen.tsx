import { useMemo } from 'react';
import { Button } from '@mantine/core';
import { IconPackageImport, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { CONSUMABLE_PAGES, consumableResource, consumableStockResource } from '../../../shared/resources/consumable.resource';
import { ListPage, recordLink, type ListPageExtras } from '../../kit/resource/resource-pages';
import { useCanOpen } from '../../routes/use-access';

/**
 * /consumables/list: every consumable of the warehouse with its stock and stock status (low at or
 * below its threshold), from the stock read model; Create and Edit open the master's derived forms,
 * Receive opens consumables inbound.
 */
export default function ConsumableListScreen() {
  const { t } = useLingui();
  const canCreate = useCanOpen(CONSUMABLE_PAGES.create);
  const canEdit = useCanOpen(CONSUMABLE_PAGES.edit);
  const canReceive = useCanOpen(CONSUMABLE_PAGES.inboundCreate);
  const extras = useMemo<ListPageExtras>(() => ({
    rowActions: canEdit ? [{ label: t`Edit`, href: (row) => recordLink(consumableResource, CONSUMABLE_PAGES.edit, row.consumable_id) }] : [],
    actions: (
      <>
        {canReceive && (
          <Button variant="light" component={Link} to={CONSUMABLE_PAGES.inboundCreate} leftSection={<IconPackageImport size={16} aria-hidden />}>
            {t`Receive Consumables`}
          </Button>
        )}
        {canCreate && (
          <Button component={Link} to={CONSUMABLE_PAGES.create} leftSection={<IconPlus size={16} aria-hidden />}>
            {t`Create Consumable`}
          </Button>
        )}
      </>
    ),
  }), [canCreate, canEdit, canReceive, t]);
  return <ListPage def={consumableStockResource} extras={extras} />;
}
