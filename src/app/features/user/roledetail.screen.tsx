import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, Group, Loader, Paper, Stack, Text, Tree, useTree, type TreeNodeData } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { roleResource } from '../../../shared/resources/role.resource';
import { USER_ADMIN_ACTIONS } from '../../../shared/contract/userlist.contract';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/use-session';
import { ResourceForm } from '../../kit/resource/resource-form';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import { permissionTree, permissionsUnder, type PermissionNode } from './permission-tree';
import { refreshUserAdmin, userAdminQueries } from './user-admin.queries';

const CATALOG = permissionTree();
const ROOTS: readonly PermissionNode[] = [...CATALOG.pages, ...CATALOG.actions];

/**
 * /wmsconfig/roledetail?role_id=: a role (the role form: its name, Edit with the permission to
 * change roles, else Detail) and the permissions it grants, as the permission tree.
 */
export default function RoleDetailScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { perms } = useSession();
  const roleId = Number(useSearchParam('role_id'));
  const valid = Number.isInteger(roleId) && roleId > 0;
  const role = useQuery({ ...userAdminQueries.roleDetail(roleId), enabled: valid });
  const [granted, setGranted] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const tree = useTree();
  useEffect(() => {
    if (role.data) setGranted(new Set(role.data.perms));
  }, [role.data]);
  // The role as a row of the role list: the form's record (the same object until the role is read again).
  const row = useMemo(() => role.data && { ...role.data, permission_count: role.data.perms.length }, [role.data]);

  const byKey = useMemo(() => {
    const map = new Map<string, PermissionNode>();
    const walk = (nodes: readonly PermissionNode[]) => nodes.forEach((n) => (map.set(n.key, n), walk(n.children)));
    walk(ROOTS);
    return map;
  }, []);
  const data = useMemo(() => {
    const toData = (nodes: readonly PermissionNode[]): TreeNodeData[] => nodes.map((n) => ({ value: n.key, label: i18n._(n.title), children: toData(n.children) }));
    return toData(ROOTS);
  }, [i18n]);

  if (!valid) return <Alert color="yellow"><Trans>Open a role from the Role List.</Trans></Alert>;
  if (role.isPending) return <Loader size="sm" />;
  if (!role.data || !row) return <Alert color="red"><Trans>The role could not be read from the server.</Trans></Alert>;
  // Reading the role needs the Role List's View; changing it, its Edit permission.
  const mayEdit = perms.has(USER_ADMIN_ACTIONS.updateRole);
  const readOnly = role.data.all_permissions === 1 || !mayEdit;

  const toggle = (perms: readonly string[], on: boolean) => setGranted((prev) => {
    const next = new Set(prev);
    for (const p of perms) {
      if (on) next.add(p);
      else next.delete(p);
    }
    return next;
  });
  const savePermissions = async () => {
    setBusy(true);
    try {
      await callApi(contract.updateRole, { role_id: roleId, perms: [...granted] });
      toast.success(t`Role saved`);
      refreshUserAdmin(queryClient);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={1100}>
      <ResourceForm
        resource={roleResource} mode={mayEdit ? 'edit' : 'detail'} title={t`Role Detail`} row={row} submit={contract.updateRole}
        onSaved={() => {
          toast.success(t`Role saved`);
          refreshUserAdmin(queryClient);
        }}
        onCancel={() => void navigate({ to: '/wmsconfig/rolelist' })}
      />
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" align="center" wrap="wrap">
          <Text size="sm" data-testid="role-permission-count">
            <Trans>{granted.size} permissions granted; {role.data.user_count} users hold this role.</Trans>
          </Text>
          {!readOnly && <Button loading={busy} onClick={() => void savePermissions()}><Trans>Save Permissions</Trans></Button>}
        </Group>
        {role.data.all_permissions === 1 && <Text size="sm" c="dimmed" mt="xs"><Trans>This role holds every permission, present and future.</Trans></Text>}
        <Tree
          data={data}
          tree={tree}
          levelOffset="lg"
          aria-label={t`Permission tree`}
          renderNode={({ node, expanded, hasChildren, elementProps }) => {
            const entry = byKey.get(node.value);
            const under = entry ? permissionsUnder([entry]) : [];
            const held = under.filter((p) => granted.has(p)).length;
            return (
              <Group gap={6} wrap="nowrap" py={2} {...elementProps}>
                {hasChildren ? (expanded ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />) : <span style={{ width: 14 }} />}
                <Checkbox
                  size="xs"
                  aria-label={node.label as string}
                  disabled={readOnly}
                  checked={under.length > 0 && held === under.length}
                  indeterminate={held > 0 && held < under.length}
                  onClick={(e) => e.stopPropagation()}
                  onChange={(e) => toggle(under, e.currentTarget.checked)}
                />
                <Text size="sm" fw={hasChildren ? 600 : 400}>{node.label}</Text>
                {entry?.perm && <Code fz="xs">{entry.perm}</Code>}
                {hasChildren && <Badge size="xs" variant="light">{held}/{under.length}</Badge>}
              </Group>
            );
          }}
        />
      </Paper>
    </Stack>
  );
}
