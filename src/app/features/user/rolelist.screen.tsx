import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { ROLE_NAME_MAX, roleResource } from '../../../shared/resources/role.resource';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/session';
import { ResourceList, type RowAction } from '../../kit/resource/resource-list';
import { toast } from '../../kit/toast';
import { refreshUserAdmin } from './user-admin.queries';

/** /wmsconfig/rolelist: the roles of this warehouse; create, open (grants) and delete unused ones. */
export default function RoleListScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { perms } = useSession();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const remove = async (row: Record<string, unknown>) => {
    const roleName = String(row.role_name);
    if (!window.confirm(t`Delete the role ${roleName}?`)) return;
    await callApi(contract.deleteRole, { role_id: Number(row.role_id) });
    toast.success(t`Role deleted`);
    refreshUserAdmin(queryClient);
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const role = await callApi(contract.createRole, { role_name: name.trim() }, { quiet: true });
      refreshUserAdmin(queryClient);
      setCreating(false);
      void navigate({ to: '/wmsconfig/roledetail', search: { role_id: role.role_id } as never });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  const actions: RowAction[] = [
    { label: t`Detail`, href: (row) => `/wmsconfig/roledetail?role_id=${String(row.role_id)}` },
    { label: t`Delete`, color: 'red', permission: USER_ADMIN_ACTIONS.deleteRole, onClick: (row) => void remove(row), visible: (row) => row.user_count === 0 },
  ];

  return (
    <Stack gap="md">
      {perms.has(USER_ADMIN_ACTIONS.createRole) && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => { setName(''); setError(null); setCreating(true); }}>
            <Trans>Create Role</Trans>
          </Button>
        </Group>
      )}
      <ResourceList resource={roleResource} endpoint={contract.searchRole} title={t`Role List`} path="/wmsconfig/rolelist" rowActions={actions} />
      <Modal opened={creating} onClose={() => setCreating(false)} title={t`Create Role`} centered>
        <form onSubmit={(e) => void create(e)} noValidate>
          <Stack>
            <TextInput label={t`Role Name`} required maxLength={ROLE_NAME_MAX} value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
            {error && <Alert color="red">{error}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCreating(false)}><Trans>Cancel</Trans></Button>
              <Button type="submit" disabled={name.trim() === ''}><Trans>Confirm</Trans></Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
