import { useState } from 'react';
import { Button, Drawer, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { userResource } from '../../../shared/resources/user.resource';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/use-session';
import { ResourceList, type RowAction } from '../../kit/resource/resource-list';
import { toast } from '../../kit/toast';
import { AccessStatusLog } from './access-status-log';
import { CreateBpoUserDialog, EditUserDialog, TemporaryPasswordDialog } from './user-dialogs';
import { refreshUserAdmin } from './user-admin.queries';
import { UserImportButton } from './user-import';

type Row = Record<string, unknown>;

/** /wmsconfig/userlist: the members of this warehouse, their role, kind and status (spec §2, §7 User list). */
export default function UserListScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { perms } = useSession();
  const [editing, setEditing] = useState<Row | null>(null);
  const [creating, setCreating] = useState(false);
  const [password, setPassword] = useState<{ email: string; password: string } | null>(null);
  const [logOf, setLogOf] = useState<{ userId: number; email: string; pageNo: number } | null>(null);

  const resetPassword = async (row: Row) => {
    const email = String(row.email);
    if (!window.confirm(t`Reset the password of ${email}? Their sessions end at once.`)) return;
    const answer = await callApi(contract.resetUserPassword, { user_id: Number(row.user_id) });
    setPassword({ email, password: answer.temporary_password });
  };
  const syncToTob = async (row: Row) => {
    await callApi(contract.syncUserToTob, { user_id: Number(row.user_id) });
    toast.success(t`Marked as synced`);
    refreshUserAdmin(queryClient);
  };
  // Each change needs its own permission (the page's View only reads): without it, it is not offered.
  const actions: RowAction[] = [
    { label: t`Edit`, permission: USER_ADMIN_ACTIONS.editUser, onClick: setEditing },
    { label: t`Access Log`, onClick: (row) => setLogOf({ userId: Number(row.user_id), email: String(row.email), pageNo: 1 }) },
    { label: t`Reset Password`, permission: USER_ADMIN_ACTIONS.resetUserPassword, onClick: (row) => void resetPassword(row) },
    { label: t`Sync to ToB`, permission: USER_ADMIN_ACTIONS.syncUserToTob, onClick: (row) => void syncToTob(row), visible: (row) => row.is_tob_synced !== 1 },
  ];
  const email = logOf?.email ?? '';

  return (
    <Stack gap="md">
      <ResourceList
        resource={userResource} endpoint={contract.getUserList} title={t`User List`} path="/wmsconfig/userlist" rowActions={actions} exportable
        actions={perms.has(USER_ADMIN_ACTIONS.createBpoUser) && (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            <Trans>Create BPO User</Trans>
          </Button>
        )}
      />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <CreateBpoUserDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(created, pw) => {
          setCreating(false);
          setPassword({ email: created, password: pw });
        }}
      />
      <TemporaryPasswordDialog value={password} onClose={() => setPassword(null)} />
      <Drawer opened={logOf !== null} onClose={() => setLogOf(null)} position="right" size="xl" title={t`Access Status Log: ${email}`}>
        {logOf && <AccessStatusLog userId={logOf.userId} pageNo={logOf.pageNo} onPage={(pageNo) => setLogOf({ ...logOf, pageNo })} />}
      </Drawer>
      <UserImportButton />
    </Stack>
  );
}
