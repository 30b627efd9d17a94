import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract, type InputOf } from '../../../shared/contract';
import { storageAreaPerm } from '../../../shared/routes/derive';
import { MAX_STOREY_NO, storeyResource } from '../../../shared/resources/storey.resource';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/session';
import { toast } from '../../kit/toast';
import { ResourceList } from '../../kit/resource/resource-list';
import { RouteTabs } from '../../kit/route-tabs';

interface Storey { storey_id: number; storey_no: number; storey_name: string; remark: string | null }

/** The storey being created (no id) or edited. */
type Editing = Partial<Storey> | null;

/** Create or edit one storey (spec §7 create_storey / update_storey): number, name, remark. */
function StoreyDialog({ editing, onClose, onSaved }: { editing: Editing; onClose(): void; onSaved(): void }) {
  const { t, i18n } = useLingui();
  const [no, setNo] = useState<number | string>(editing?.storey_no ?? '');
  const [name, setName] = useState(editing?.storey_name ?? '');
  const [remark, setRemark] = useState(editing?.remark ?? '');
  const [touched, setTouched] = useState<{ no?: boolean; name?: boolean }>({});
  const noLabel = i18n._(storeyResource.fields.storey_no.label);
  const nameLabel = i18n._(storeyResource.fields.storey_name.label);
  // The same message as every form's (spec §5).
  const pleaseInput = (label: string) => t`Please Input ${label}`;
  const noMissing = typeof no !== 'number';
  const nameMissing = name.trim() === '';
  const save = useMutation({
    mutationFn: () => {
      const values = { storey_no: Number(no), storey_name: name.trim(), remark: remark.trim() || null };
      // The derived input types mark every optional field present; the API takes them absent or null.
      return editing?.storey_id
        ? callApi(contract.updateStorey, { storey_id: editing.storey_id, ...values } as InputOf<typeof contract.updateStorey>)
        : callApi(contract.createStorey, values as InputOf<typeof contract.createStorey>);
    },
    onSuccess: () => {
      toast.success(t`Saved`);
      onSaved();
    },
  });
  return (
    <Modal opened onClose={onClose} title={editing?.storey_id ? t`Edit Storey` : t`Create Storey`}>
      <form onSubmit={(e) => { e.preventDefault(); if (!noMissing && !nameMissing) save.mutate(); }}>
        <Stack gap="sm">
          <NumberInput
            label={noLabel} required min={1} max={MAX_STOREY_NO} allowDecimal={false} allowNegative={false} value={no} onChange={setNo}
            onBlur={() => setTouched((s) => ({ ...s, no: true }))}
            error={touched.no && noMissing ? pleaseInput(noLabel) : undefined}
          />
          <TextInput
            label={nameLabel} required maxLength={60} value={name} onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setTouched((s) => ({ ...s, name: true }))}
            error={touched.name && nameMissing ? pleaseInput(nameLabel) : undefined}
          />
          <Textarea label={i18n._(storeyResource.fields.remark.label)} maxLength={500} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}><Trans>Cancel</Trans></Button>
            <Button type="submit" loading={save.isPending} disabled={noMissing || nameMissing}><Trans>Confirm</Trans></Button>
          </Group>
        </Stack>
      </form>
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
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Storey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', storeyResource.name] });
  const remove = useMutation({
    mutationFn: (storey: Storey) => callApi(contract.deleteStorey, { storey_id: storey.storey_id }),
    onSuccess: () => {
      toast.success(t`Deleted`);
      void refresh();
    },
    onSettled: () => setDeleting(null),
  });
  const named = setup.data?.storey_name_setup === 1;
  const storeyName = deleting?.storey_name ?? '';
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
        actions={canCreate
          ? <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}><Trans>Create Storey</Trans></Button>
          : setup.data && !named && (
            <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} w="100%">
              <Trans>Storey names are not set up in this warehouse, so storeys cannot be changed here.</Trans>
            </Alert>
          )}
        rowActions={[
          ...(canEdit ? [{ label: t`Edit`, onClick: (row: Record<string, unknown>) => setEditing(row as unknown as Storey) }] : []),
          ...(canDelete ? [{ label: t`Delete`, color: 'red', onClick: (row: Record<string, unknown>) => setDeleting(row as unknown as Storey) }] : []),
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
