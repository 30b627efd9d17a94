import { useLingui } from '@lingui/react/macro';
import { LOCATION_STATUS } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { BLOCK_REASON_MAX } from '../../../shared/contract/stock-block.contract';
import { blockLocationResource } from '../../../shared/resources/stock-block.resource';
import { callApi } from '../../kit/api';
import { ReasonDialog } from '../../kit/reason-dialog';
import { toast } from '../../kit/toast';
import { BlockList } from './block-list';

/**
 * Location Block (/inventorymanage/locationblock; spec §3 location status Blocked 2): the
 * warehouse's cells with their status and stock. Blocking a normal cell blocks its available
 * units with it and keeps putaway from suggesting it; unblocking gives back what its block held.
 */
export default function LocationBlockScreen() {
  const { t } = useLingui();
  const label = t`Reason`;
  return (
    <BlockList
      resource={blockLocationResource}
      endpoint={contract.searchBlockLocation}
      change={contract.blockLocation.access}
      title={t`Location Block`}
      canBlock={(row) => row.status === LOCATION_STATUS.values.NORMAL}
      canUnblock={(row) => row.status === LOCATION_STATUS.values.BLOCKED}
      dialog={(choice, close, done) => {
        const code = String(choice?.row.location_code ?? '');
        const unblock = choice?.action === 'unblock';
        return (
          <ReasonDialog
            opened={choice !== null}
            title={unblock ? t`Unblock Location` : t`Block Location`}
            explanation={unblock
              ? t`Location ${code} becomes normal again and the units its block held become available. Units blocked otherwise stay blocked.`
              : t`Location ${code} is blocked with all its available units: nothing can be taken from it, and putaway no longer suggests it.`}
            validate={(reason) => (reason === '' ? t`Please Input ${label}` : null)}
            maxLength={BLOCK_REASON_MAX}
            confirmLabel={unblock ? t`Unblock` : t`Block`}
            confirmColor={unblock ? undefined : 'red'}
            onClose={close}
            onConfirm={async (reason) => {
              if (!choice) return;
              const input = { location_code: code, reason };
              const answer = unblock ? await callApi(contract.unblockLocation, input) : await callApi(contract.blockLocation, input);
              toast.success(unblock ? t`Location ${answer.location_code} unblocked` : t`Location ${answer.location_code} blocked`);
              await done();
            }}
          />
        );
      }}
    />
  );
}
