import { useState } from 'react';
import { Alert, Button, Modal, Stack } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { storageAreaPerm } from '../../../shared/routes/derive';
import { storeyResource } from '../../../shared/resources/storey.resource';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/use-session';
import { toast } from '../../kit/toast';
import { useDeleteRow } from '../../kit/resource/delete-row';
import { ResourceForm } from '../../kit/resource/resource-form';
import { ResourceList } from '../../kit/resource/resource-list';
import { RouteTabs } from '../../kit/route-tabs';

type Storey = Record<string, unknown>;

/** Create or edit one storey (spec §7 create_storey / update_storey): the storey form's items in a dialog. */
function StoreyDialog({ editing, onClose, onSaved }: { editing: Storey | 'new'; onClose(): void; onSaved(): void }) {
  const { t } = useLingui();
  const creating = editing === 'new';
  return (
    <Modal opened onClose={onClose} title={creating ? t`Create Storey` : t`Edit Storey`}>
      <ResourceForm
        resource={storeyResource} mode={creating ? 'create' : 'edit'} variant="modal" row={creating ? undefined : editing}
        submit={creating ? contract.createStorey : contract.updateStorey}
        onSaved={() => {
          toast.success(t`Saved`);
          onSaved();
        }}
        onCancel={onClose}
      />
    </Modal>
  );
}

/**
 * /wmsbasic/storey: the warehouse's storeys (spec §2, §7). They are created, renamed and deleted
 * here while the warehouse names its storeys (storey_name_setup); a storey cells are on is kept.
 */
export default function StoreyScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { perms } = useSession();
  const setup = useQuery({
    queryKey: ['storey', 'nameSetup'],
    queryFn: ({ signal }) => callApi(contract.getWhsStoreyNameSetup, {}, { signal }),
  });
  const [editing, setEditing] = useState<Storey | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', storeyResource.name] });
  const deletion = useDeleteRow(storeyResource, {
    describe: (storey) => String(storey.storey_name),
    note: <Trans>A storey that cells are on cannot be deleted.</Trans>,
  });
  const named = setup.data?.storey_name_setup === 1;
  const canCreate = named && perms.has(storageAreaPerm('storey', 'Create'));
  const canEdit = named && perms.has(storageAreaPerm('storey', 'Edit'));
  return (
    <Stack gap="md">
      <RouteTabs group="storageAreaSetting" />
      <ResourceList
        resource={storeyResource}
        endpoint={contract.searchStorey}
        title={t`Storey`}
        path="/wmsbasic/storey"
        remember={false}
        exportable
        actions={canCreate
          ? <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}><Trans>Create Storey</Trans></Button>
          : setup.data && !named && (
            <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} w="100%">
              <Trans>Storey names are not set up in this warehouse, so storeys cannot be changed here.</Trans>
            </Alert>
          )}
        rowActions={[
          ...(canEdit ? [{ label: t`Edit`, onClick: setEditing }] : []),
          ...(named && deletion.action ? [deletion.action] : []),
        ]}
      />
      {editing && <StoreyDialog editing={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void refresh(); }} />}
      {deletion.dialog}
    </Stack>
  );
}
