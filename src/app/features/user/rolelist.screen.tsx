import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { roleResource } from '../../../shared/resources/role.resource';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/use-session';
import { ResourceForm } from '../../kit/resource/resource-form';
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

  const remove = async (row: Record<string, unknown>) => {
    const roleName = String(row.role_name);
    if (!window.confirm(t`Delete the role ${roleName}?`)) return;
    await callApi(contract.deleteRole, { role_id: Number(row.role_id) });
    toast.success(t`Role deleted`);
    refreshUserAdmin(queryClient);
  };
  const actions: RowAction[] = [
    { label: t`Detail`, href: (row) => `/wmsconfig/roledetail?role_id=${String(row.role_id)}` },
    { label: t`Delete`, color: 'red', permission: USER_ADMIN_ACTIONS.deleteRole, onClick: (row) => void remove(row), visible: (row) => row.user_count === 0 },
  ];

  return (
    <>
      <ResourceList
        resource={roleResource} endpoint={contract.searchRole} title={t`Role List`} path="/wmsconfig/rolelist" rowActions={actions} exportable
        actions={perms.has(USER_ADMIN_ACTIONS.createRole) && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            <Trans>Create Role</Trans>
          </Button>
        )}
      />
      {/* The role form's Create item (its name); the permissions are granted on Role Detail, opened next. */}
      <Modal opened={creating} onClose={() => setCreating(false)} title={t`Create Role`} centered>
        {creating && (
          <ResourceForm
            resource={roleResource} mode="create" variant="modal" submit={contract.createRole}
            onSaved={(role) => {
              refreshUserAdmin(queryClient);
              setCreating(false);
              void navigate({ to: '/wmsconfig/roledetail', search: { role_id: Number(role.role_id) } as never });
            }}
            onCancel={() => setCreating(false)}
          />
        )}
      </Modal>
    </>
  );
}
