import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { formModeOf, type FormValues } from '../../../shared/resources/form-items';
import { ALL_TIME_ZONES, timeZonesOf, warehouseResource } from '../../../shared/resources/warehouse.resource';
import { countryOfWarehouse } from '../../../shared/warehouse';
import { ResourceForm } from '../../kit/resource/resource-form';
import { sessionQueries } from '../../kit/queries';
import { useSearchParam } from '../../kit/search-param';
import { pageTitle } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { useOpenByQuery } from '../../kit/search-param';
import { WAREHOUSE_PAGES } from './warehouse-pages';

/** Time zones offered: those of the country the id begins with (spec §1, §3), the first its default. */
function timeZoneChoices(prop: string, values: FormValues): readonly string[] | undefined {
  if (prop !== 'time_region') return undefined;
  const zones = timeZonesOf(countryOfWarehouse(String(values.whs_id ?? '')));
  return zones.length > 0 ? zones : ALL_TIME_ZONES;
}

/**
 * /wmsbasic/warehouse/create, /detail?whs_id=…, /edit?whs_id=…: one form, its mode from the
 * route's title (spec §2: Create, Edit, Detail). A save opens the warehouse's detail.
 */
export default function WarehouseFormScreen() {
  const { i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const title = pageTitle(pathname);
  // The route's English title names the mode (spec §2); built apps carry titles as ids only, so the
  // title's last path word (create, edit, detail: the same words) is read instead.
  const mode = formModeOf(pathname.split('/').pop() ?? '') ?? 'detail';
  const whsId = useSearchParam('whs_id');
  const navigate = useNavigate();
  const openByQuery = useOpenByQuery();
  const open = (page: string, whsId: unknown) => openByQuery(page, 'whs_id', whsId);
  const canEdit = useCanOpen(WAREHOUSE_PAGES.edit);
  const queryClient = useQueryClient();
  const onSaved = (row: Record<string, unknown>) => {
    // The warehouse switcher lists a new warehouse, and the shell follows an edit of its own one.
    void queryClient.invalidateQueries({ queryKey: sessionQueries.loginInfo().queryKey });
    void queryClient.invalidateQueries({ queryKey: sessionQueries.warehouseDetail().queryKey });
    open(WAREHOUSE_PAGES.detail, row.whs_id);
  };
  return (
    <ResourceForm
      resource={warehouseResource}
      mode={mode}
      title={title ? i18n._(title) : ''}
      detail={contract.getWarehouseDetail}
      id={whsId}
      submit={mode === 'create' ? contract.createWarehouse : contract.updateWarehouse}
      selections={timeZoneChoices}
      onSaved={onSaved}
      onCancel={() => (mode === 'edit' && whsId ? open(WAREHOUSE_PAGES.detail, whsId) : void navigate({ to: WAREHOUSE_PAGES.list }))}
      actions={mode === 'detail' && canEdit && whsId && (
        <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => open(WAREHOUSE_PAGES.edit, whsId)}>
          <Trans>Edit</Trans>
        </Button>
      )}
    />
  );
}
