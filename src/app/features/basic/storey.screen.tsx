import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { storageAreaPerm } from '../../../shared/routes/derive';
import { storeyResource } from '../../../shared/resources/storey.resource';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/use-session';
import { toast } from '../../kit/toast';
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
  const [deleting, setDeleting] = useState<Storey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', storeyResource.name] });
  const remove = useMutation({
    mutationFn: (storey: Storey) => callApi(contract.deleteStorey, { storey_id: Number(storey.storey_id) }),
    onSuccess: () => {
      toast.success(t`Deleted`);
      void refresh();
    },
    onSettled: () => setDeleting(null),
  });
  const named = setup.data?.storey_name_setup === 1;
  const storeyName = String(deleting?.storey_name ?? '');
  const canCreate = named && perms.has(storageAreaPerm('storey', 'Create'));
  const canEdit = named && perms.has(storageAreaPerm('storey', 'Edit'));
  const canDelete = named && perms.has(storageAreaPerm('storey', 'Delete'));
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
          ...(canDelete ? [{ label: t`Delete`, color: 'red', onClick: setDeleting }] : []),
        ]}
      />
      {editing && <StoreyDialog editing={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void refresh(); }} />}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t`Delete Storey`}>
        <Stack gap="md">
          <Text size="sm"><Trans>Delete storey {storeyName}? A storey that cells are on cannot be deleted.</Trans></Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}><Trans>Cancel</Trans></Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}><Trans>Delete</Trans></Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
