import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { userRoleResource } from '../../../shared/resources/user.resource';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import { callApi } from '../../kit/api';
import { ResourceList, type RowAction } from '../../kit/resource/resource-list';
import { toast } from '../../kit/toast';
import { refreshUserAdmin, userAdminQueries } from './user-admin.queries';

interface Target { user_id: number; email: string; role_id: number }

/** /wmsconfig/userrole: who holds which role in this warehouse, and giving a user another role. */
export default function UserRoleScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Target | null>(null);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const roles = useQuery({ ...userAdminQueries.assignableRoles(), enabled: target !== null });
  const actions: RowAction[] = [{
    label: t`Change Role`,
    permission: USER_ADMIN_ACTIONS.assignUserRole,
    onClick: (row) => {
      setTarget(row as unknown as Target);
      setRoleId(String(row.role_id));
    },
  }];
  const save = async () => {
    if (!target || !roleId) return;
    setBusy(true);
    try {
      await callApi(contract.assignUserRole, { user_ids: [target.user_id], role_id: Number(roleId) });
      toast.success(t`Role changed`);
      refreshUserAdmin(queryClient);
      setTarget(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ResourceList resource={userRoleResource} endpoint={contract.searchUserRole} title={t`User Role`} path="/wmsconfig/userrole" rowActions={actions} exportable />
      <Modal opened={target !== null} onClose={() => setTarget(null)} title={t`Change Role`} centered>
        <Stack>
          <Text size="sm">{target?.email}</Text>
          <Select label={t`Role`} allowDeselect={false} data={(roles.data ?? []).map((r) => ({ value: String(r.role_id), label: r.role_name }))} value={roleId} onChange={setRoleId} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTarget(null)}><Trans>Cancel</Trans></Button>
            <Button loading={busy} onClick={() => void save()}><Trans>Confirm</Trans></Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
