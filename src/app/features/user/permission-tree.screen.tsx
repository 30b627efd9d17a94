import { useMemo, useState } from 'react';
import { Badge, Button, Code, Group, Paper, Stack, Switch, Text, TextInput, Title, Tree, useTree, type TreeNodeData } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import { useSession } from '../../kit/use-session';
import { countPermissions, filterTree, permissionTree, type PermissionNode } from './permission-tree';

const CATALOG = permissionTree();

/**
 * Every permission name of Tally, pages under their areas and the actions, with what the
 * signed-in user holds in this warehouse: the reference for designing roles.
 */
export default function PermissionTreeScreen() {
  const { t, i18n } = useLingui();
  const { perms } = useSession();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const [onlyHeld, setOnlyHeld] = useState(false);
  const tree = useTree();

  const byKey = useMemo(() => {
    const map = new Map<string, PermissionNode>();
    const walk = (nodes: readonly PermissionNode[]) => nodes.forEach((n) => (map.set(n.key, n), walk(n.children)));
    walk([...CATALOG.pages, ...CATALOG.actions]);
    return map;
  }, []);

  const { data, shown, held } = useMemo(() => {
    const keep = (node: PermissionNode) =>
      node.perm !== null &&
      (!onlyHeld || perms.has(node.perm)) &&
      (debounced === '' || i18n._(node.title).toLowerCase().includes(debounced) || node.perm.toLowerCase().includes(debounced));
    const pages = filterTree(CATALOG.pages, keep);
    const actions = filterTree(CATALOG.actions, keep);
    const toData = (nodes: readonly PermissionNode[]): TreeNodeData[] =>
      nodes.map((n) => ({ value: n.key, label: i18n._(n.title), children: toData(n.children) }));
    const groups: TreeNodeData[] = [];
    if (pages.length > 0) groups.push({ value: '#pages', label: t`Pages`, children: toData(pages) });
    if (actions.length > 0) groups.push({ value: '#actions', label: t`Actions`, children: toData(actions) });
    return { data: groups, shown: countPermissions([...pages, ...actions]), held: countPermissions([...pages, ...actions], perms) };
  }, [debounced, onlyHeld, perms, i18n, t]);

  const total = countPermissions([...CATALOG.pages, ...CATALOG.actions]);

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={2}>
          <Trans>Permission Tree</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Every permission a role can grant: the pages (menu keys) under their areas, and the actions inside pages.</Trans>
        </Text>
      </div>
      <Paper withBorder p="sm" radius="md">
        <Group gap="md" align="end" wrap="wrap">
          <TextInput
            label={t`Search permissions`}
            placeholder={t`Page title or permission name`}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            w={320}
          />
          <Switch label={t`Only permissions I hold here`} checked={onlyHeld} onChange={(e) => setOnlyHeld(e.currentTarget.checked)} />
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => tree.expandAllNodes()}>
              <Trans>Expand all</Trans>
            </Button>
            <Button variant="default" size="xs" onClick={() => tree.collapseAllNodes()}>
              <Trans>Collapse all</Trans>
            </Button>
          </Group>
        </Group>
        <Text size="sm" mt="xs" data-testid="permission-count">
          <Trans>
            Showing {shown} of {total} permissions; you hold {held} of those shown in this warehouse.
          </Trans>
        </Text>
      </Paper>
      {data.length === 0 ? (
        <Text c="dimmed">
          <Trans>No permission matches.</Trans>
        </Text>
      ) : (
        <Paper withBorder p="sm" radius="md">
          <Tree
            data={data}
            tree={tree}
            levelOffset="lg"
            aria-label={t`Permission tree`}
            renderNode={({ node, expanded, hasChildren, elementProps }) => {
              const perm = byKey.get(node.value)?.perm ?? null;
              return (
                <Group gap={6} wrap="nowrap" {...elementProps} py={2}>
                  {hasChildren ? (
                    expanded ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />
                  ) : (
                    <span style={{ width: 14 }} />
                  )}
                  <Text size="sm" fw={hasChildren ? 600 : 400}>
                    {node.label}
                  </Text>
                  {perm && <Code fz="xs">{perm}</Code>}
                  {perm && perms.has(perm) && (
                    <Badge size="xs" variant="light" color="teal" leftSection={<IconCircleCheck size={10} aria-hidden />}>
                      <Trans>held</Trans>
                    </Badge>
                  )}
                </Group>
              );
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}
