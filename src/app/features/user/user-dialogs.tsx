import { useCallback } from 'react';
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { FormOption, FormValues } from '../../../shared/resources/form-items';
import { STATUS_REASON_FIELDS, userResource } from '../../../shared/resources/user.resource';
import { callApi } from '../../kit/api';
import { ResourceForm } from '../../kit/resource/resource-form';
import { toast } from '../../kit/toast';
import { refreshUserAdmin, userAdminQueries } from './user-admin.queries';

type Row = Record<string, unknown>;
type Choice = { id: number; name: string };

/**
 * The options of the user form's selects: the warehouse's roles (those `roles` lists) and its
 * departments, by id; undefined while they load.
 */
function useMemberSelections(roles: readonly Choice[] | undefined, enabled: boolean) {
  const departments = useQuery({ ...userAdminQueries.departments(), enabled });
  const departmentList = departments.data;
  return useCallback((prop: string): readonly FormOption[] | undefined => {
    const choices = prop === 'role_id' ? roles : prop === 'department_id' ? departmentList?.map((d) => ({ id: d.department_id, name: d.department_name })) : undefined;
    return choices?.map((c) => ({ value: c.id, label: c.name }));
  }, [roles, departmentList]);
}

/** Edit a member of the warehouse (the user form's Edit items): role here, names, employment, department, status with its reason. */
export function EditUserDialog({ user, onClose }: { user: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const roles = useQuery({ ...userAdminQueries.roleConfiguration(), enabled: user !== null });
  const roleChoices = roles.data?.map((r) => ({ id: r.role_id, name: r.role_name }));
  const selections = useMemberSelections(roleChoices, user !== null);
  return (
    <Modal opened={user !== null} onClose={onClose} title={t`Edit User`} centered>
      {user && (
        <ResourceForm
          resource={userResource} mode="edit" variant="modal" row={user} extraFields={STATUS_REASON_FIELDS}
          submit={contract.editUser} selections={selections}
          onSaved={() => {
            toast.success(t`User saved`);
            refreshUserAdmin(queryClient);
            onClose();
          }}
          onCancel={onClose}
        />
      )}
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

/**
 * Creates an outsourced (BPO) account in this warehouse (the user form's Create items): email,
 * names, a BPO role, employment type and department. Its temporary password is shown once.
 */
export function CreateBpoUserDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (email: string, password: string) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const roles = useQuery({ ...userAdminQueries.bpoRoles(), enabled: opened });
  const roleChoices = roles.data?.map((r) => ({ id: r.role_id, name: r.role_name }));
  const selections = useMemberSelections(roleChoices, opened);
  /** An email a member of this warehouse already has is said at once (the server refuses any account's on Confirm). */
  const check = async (prop: string, values: FormValues): Promise<string | null> => {
    const email = typeof values.email === 'string' ? values.email.trim().toLowerCase() : '';
    if (prop !== 'email' || email === '') return null;
    const found = await callApi(contract.searchEmail, { email }, { quiet: true }).catch(() => null);
    return found?.list.some((u) => u.email.toLowerCase() === email) ? t`A member of this warehouse already has this email.` : null;
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Create BPO User`} centered>
      {opened && (
        <ResourceForm
          resource={userResource} mode="create" variant="modal"
          submit={contract.createBpoUser} selections={selections} check={check}
          onSaved={(created, input) => {
            refreshUserAdmin(queryClient);
            onCreated(String(input.email), String(created.temporary_password));
          }}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
