import { useState } from 'react';
import { Select } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { RET } from '../../../shared/retcodes';
import { WAREHOUSE_RELOAD_DELAY_MS } from '../../../shared/constants';
import { callApi, getTenant, isApiError, switchingWarehouse } from '../../kit/api';
import { adoptWarehouse } from '../../kit/session';
import { useSession } from '../../kit/use-session';
import { toast } from '../../kit/toast';
import { useSignOut } from './use-sign-out';

/**
 * The sidebar's warehouse select (spec §2, §4, §6). A switch between warehouses of different
 * is_rms reloads after 200 ms; otherwise every query is fetched again for the new warehouse
 * and the route guard re-checks the page against the new permissions.
 */
export function WarehouseSelect() {
  const { t } = useLingui();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const router = useRouter();
  const signOut = useSignOut();
  const [selected, setSelected] = useState(() => getTenant() ?? user.whs_id);
  const warehouses = user.whs_id_country;

  const switchTo = useMutation({
    mutationFn: (whsId: string) => switchingWarehouse(whsId, () => callApi(contract.switchWarehouse, { type: 'whs', value: whsId })),
    onSuccess: async (result) => {
      const wasRms = warehouses.find((w) => w.whs_id === selected)?.is_rms;
      adoptWarehouse(result.whs_id);
      setSelected(result.whs_id);
      toast.success(t`Switch successfully!`);
      if (result.reload_required || result.is_rms !== wasRms) {
        window.setTimeout(() => window.location.reload(), WAREHOUSE_RELOAD_DELAY_MS);
        return;
      }
      // Cached data of the old warehouse must not reappear: drop what is not on screen,
      // refetch what is, then let the guard judge the current page in the new warehouse.
      queryClient.removeQueries({ type: 'inactive' });
      await queryClient.invalidateQueries({ type: 'active' });
      await router.invalidate();
    },
    onError: async (error) => {
      if (isApiError(error, RET.WAREHOUSE_FORBIDDEN)) {
        toast.error(t`Switch failed, please try again later!`);
        await signOut('/403');
      }
    },
  });

  return (
    <Select
      label={t`Warehouse`}
      leftSection={<IconBuildingWarehouse size={16} aria-hidden />}
      data={warehouses.map((w) => ({ value: w.whs_id, label: `${w.whs_name} (${w.whs_id})` }))}
      value={selected}
      onChange={(value) => {
        if (value && value !== selected) switchTo.mutate(value);
      }}
      allowDeselect={false}
      searchable={warehouses.length > 6}
      disabled={switchTo.isPending || warehouses.length < 2}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
