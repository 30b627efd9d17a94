import { STAFF_EMPLOYMENT, STAFF_STATUS } from '../../../shared/codes';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { callApi } from '../../kit/api';
import { toast } from '../../kit/toast';
import { refreshUserAdmin, userAdminQueries } from './user-admin.queries';

export interface EditableUser {
  user_id: number;
  email: string;
  display_name: string;
  local_name: string;
  role_id: number;
  status: number;
  employment_type: number;
  department_id: number | null;
}

const errorText = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/** Edit a member of the warehouse: role here, names, employment, department, status (with a reason when it changes). */
export function EditUserDialog({ user, onClose }: { user: EditableUser | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const roles = useQuery({ ...userAdminQueries.roleConfiguration(), enabled: user !== null });
  const departments = useQuery({ ...userAdminQueries.departments(), enabled: user !== null });
  const [draft, setDraft] = useState<EditableUser | null>(user);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDraft(user);
    setReason('');
    setError(null);
  }, [user]);
  if (!user || !draft) return null;
  const statusChanged = draft.status !== user.status;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.display_name.trim() === '') return setError(t`Please Input Name`);
    setBusy(true);
    try {
      await callApi(contract.editUser, {
        user_id: user.user_id, role_id: draft.role_id, display_name: draft.display_name, local_name: draft.local_name,
        employment_type: draft.employment_type as 1 | 2 | 3, department_id: draft.department_id, status: draft.status as 1 | 2 | 3, reason,
      }, { quiet: true });
      toast.success(t`User saved`);
      refreshUserAdmin(queryClient);
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const optionsOf = (list: typeof STAFF_STATUS | typeof STAFF_EMPLOYMENT) =>
    list.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }));
  const statusOptions = optionsOf(STAFF_STATUS);
  const employmentOptions = optionsOf(STAFF_EMPLOYMENT);
  return (
    <Modal opened onClose={onClose} title={t`Edit User`} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput label={t`Email`} value={user.email} readOnly />
          <TextInput label={t`Name`} required value={draft.display_name} onChange={(e) => setDraft({ ...draft, display_name: e.currentTarget.value })} />
          <TextInput label={t`Local Name`} value={draft.local_name} onChange={(e) => setDraft({ ...draft, local_name: e.currentTarget.value })} />
          <Select
            label={t`Role`} required allowDeselect={false}
            data={(roles.data ?? []).map((r) => ({ value: String(r.role_id), label: r.role_name }))}
            value={String(draft.role_id)} onChange={(v) => v && setDraft({ ...draft, role_id: Number(v) })}
          />
          <Select label={t`Employment Type`} allowDeselect={false} data={employmentOptions} value={String(draft.employment_type)} onChange={(v) => v && setDraft({ ...draft, employment_type: Number(v) })} />
          <Select
            label={t`Department`} clearable
            data={(departments.data ?? []).map((d) => ({ value: String(d.department_id), label: d.department_name }))}
            value={draft.department_id === null ? null : String(draft.department_id)} onChange={(v) => setDraft({ ...draft, department_id: v ? Number(v) : null })}
          />
          <Select label={t`Status`} allowDeselect={false} data={statusOptions} value={String(draft.status)} onChange={(v) => v && setDraft({ ...draft, status: Number(v) })} />
          {statusChanged && (
            <Textarea label={t`Reason`} description={t`Recorded in the access status log.`} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          )}
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}><Trans>Cancel</Trans></Button>
            <Button type="submit" loading={busy}><Trans>Confirm</Trans></Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Shows a temporary password once, with a copy button. */
export function TemporaryPasswordDialog({ value, onClose }: { value: { email: string; password: string } | null; onClose: () => void }) {
  const { t } = useLingui();
  if (!value) return null;
  return (
    <Modal opened onClose={onClose} title={t`Temporary password`} centered>
      <Stack>
        <Text size="sm"><Trans>The temporary password of {value.email} is shown only now. Hand it over safely: they must change it when they sign in.</Trans></Text>
        <Group>
          <Code fz="lg" data-testid="temporary-password">{value.password}</Code>
          <CopyButton value={value.password}>
            {({ copied, copy }) => <Button size="xs" variant="light" onClick={copy}>{copied ? t`Copied` : t`Copy`}</Button>}
          </CopyButton>
        </Group>
        <Group justify="flex-end"><Button onClick={onClose}><Trans>Close</Trans></Button></Group>
      </Stack>
    </Modal>
  );
}

/** Creates an outsourced (BPO) account in this warehouse; its temporary password is shown once. */
export function CreateBpoUserDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (email: string, password: string) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const roles = useQuery({ ...userAdminQueries.bpoRoles(), enabled: opened });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [localName, setLocalName] = useState('');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setEmail('');
    setName('');
    setLocalName('');
    setRoleId(null);
    setError(null);
  }, [opened]);
  const filled = email.trim() !== '' && name.trim() !== '' && roleId !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!filled) return;
    setBusy(true);
    try {
      const created = await callApi(contract.createBpoUser, { email: email.trim(), display_name: name.trim(), local_name: localName.trim(), role_id: Number(roleId) }, { quiet: true });
      refreshUserAdmin(queryClient);
      onCreated(email.trim(), created.temporary_password);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t`Create BPO User`} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput label={t`Email`} type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <TextInput label={t`Name`} required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label={t`Local Name`} value={localName} onChange={(e) => setLocalName(e.currentTarget.value)} />
          <Select label={t`Role`} required data={(roles.data ?? []).map((r) => ({ value: String(r.role_id), label: r.role_name }))} value={roleId} onChange={setRoleId} />
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}><Trans>Cancel</Trans></Button>
            <Button type="submit" loading={busy} disabled={!filled}><Trans>Confirm</Trans></Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
