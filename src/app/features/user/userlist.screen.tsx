import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { userResource } from '../../../shared/resources/user.resource';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/session';
import { ResourceList, type RowAction } from '../../kit/resource/resource-list';
import { toast } from '../../kit/toast';
import { CreateBpoUserDialog, EditUserDialog, TemporaryPasswordDialog, type EditableUser } from './user-dialogs';
import { refreshUserAdmin } from './user-admin.queries';

/** /wmsconfig/userlist: the members of this warehouse, their role, kind and status (spec §2, §7 User list). */
export default function UserListScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { perms } = useSession();
  const [editing, setEditing] = useState<EditableUser | null>(null);
  const [creating, setCreating] = useState(false);
  const [password, setPassword] = useState<{ email: string; password: string } | null>(null);

  const resetPassword = async (row: Record<string, unknown>) => {
    const email = String(row.email);
    if (!window.confirm(t`Reset the password of ${email}? Their sessions end at once.`)) return;
    const answer = await callApi(contract.resetUserPassword, { user_id: Number(row.user_id) });
    setPassword({ email, password: answer.temporary_password });
  };
  const syncToTob = async (row: Record<string, unknown>) => {
    await callApi(contract.syncUserToTob, { user_id: Number(row.user_id) });
    toast.success(t`Marked as synced`);
    refreshUserAdmin(queryClient);
  };
  // Each action needs its own permission (the page's View only reads): without it, it is not offered.
  const actions: RowAction[] = [
    { label: t`Edit`, permission: USER_ADMIN_ACTIONS.editUser, onClick: (row) => setEditing(row as unknown as EditableUser) },
    { label: t`Reset Password`, permission: USER_ADMIN_ACTIONS.resetUserPassword, onClick: (row) => void resetPassword(row) },
    { label: t`Sync to ToB`, permission: USER_ADMIN_ACTIONS.syncUserToTob, onClick: (row) => void syncToTob(row), visible: (row) => row.is_tob_synced !== 1 },
  ];

  return (
    <Stack gap="md">
      {perms.has(USER_ADMIN_ACTIONS.createBpoUser) && (
        <Group justify="flex-end">
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            <Trans>Create BPO User</Trans>
          </Button>
        </Group>
      )}
      <ResourceList resource={userResource} endpoint={contract.getUserList} title={t`User List`} path="/wmsconfig/userlist" rowActions={actions} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <CreateBpoUserDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(email, pw) => {
          setCreating(false);
          setPassword({ email, password: pw });
        }}
      />
      <TemporaryPasswordDialog value={password} onClose={() => setPassword(null)} />
    </Stack>
  );
}
