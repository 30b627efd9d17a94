import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { LOCATION_STATUS } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { BLOCK_REASON_MAX } from '../../../shared/contract/stock-block.contract';
import { blockLocationResource } from '../../../shared/resources/stock-block.resource';
import { callApi } from '../../kit/api';
import { ReasonDialog } from '../../kit/reason-dialog';
import { ResourceList } from '../../kit/resource/resource-list';
import { toast } from '../../kit/toast';
import { routeAt } from '../../routes/access';

type Action = 'block' | 'unblock';

/**
 * Location Block (/inventorymanage/locationblock; spec §3 location status Blocked 2): the
 * warehouse's cells with their status and stock. Blocking a normal cell blocks its available
 * units with it and keeps putaway from suggesting it; unblocking gives back what its block held.
 */
export default function LocationBlockScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [acting, setActing] = useState<{ action: Action; code: string } | null>(null);
  const route = routeAt(blockLocationResource.pages!.list!);
  const label = t`Reason`;
  const act = (action: Action) => (row: Record<string, unknown>) => setActing({ action, code: String(row.location_code) });
  const code = acting?.code ?? '';
  return (
    <>
      <ResourceList
        resource={blockLocationResource}
        endpoint={contract.searchBlockLocation}
        title={route ? i18n._(route.title) : t`Location Block`}
        path={blockLocationResource.pages!.list!}
        exportable
        rowActions={[
          { label: t`Block`, color: 'red', visible: (row) => row.status === LOCATION_STATUS.values.NORMAL, onClick: act('block') },
          { label: t`Unblock`, visible: (row) => row.status === LOCATION_STATUS.values.BLOCKED, onClick: act('unblock') },
        ]}
      />
      <ReasonDialog
        opened={acting !== null}
        title={acting?.action === 'unblock' ? t`Unblock Location` : t`Block Location`}
        explanation={acting?.action === 'unblock'
          ? t`Location ${code} becomes normal again and the units its block held become available. Units blocked otherwise stay blocked.`
          : t`Location ${code} is blocked with all its available units: nothing can be taken from it, and putaway no longer suggests it.`}
        validate={(reason) => (reason === '' ? t`Please Input ${label}` : null)}
        maxLength={BLOCK_REASON_MAX}
        confirmLabel={acting?.action === 'unblock' ? t`Unblock` : t`Block`}
        confirmColor={acting?.action === 'unblock' ? undefined : 'red'}
        onClose={() => setActing(null)}
        onConfirm={async (reason) => {
          if (!acting) return;
          const input = { location_code: acting.code, reason };
          const done = acting.action === 'block' ? await callApi(contract.blockLocation, input) : await callApi(contract.unblockLocation, input);
          toast.success(acting.action === 'block' ? t`Location ${done.location_code} blocked` : t`Location ${done.location_code} unblocked`);
          setActing(null);
          await queryClient.invalidateQueries({ queryKey: ['resource', blockLocationResource.name] });
        }}
      />
    </>
  );
}
