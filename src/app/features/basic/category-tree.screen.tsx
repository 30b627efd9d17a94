import { useMemo, useState } from 'react';
import { Alert, Badge, Group, Loader, Paper, Stack, Text, TextInput, Title, Tree, getTreeExpandedState, useTree, type TreeNodeData } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import { catalogQueries } from './catalog.queries';
import { nestCategories, searchCategories, type CategoryTreeNode } from './category-tree';

const toTreeData = (nodes: readonly CategoryTreeNode[]): TreeNodeData[] =>
  nodes.map((n) => ({ value: n.value, label: n.name, nodeProps: { level: n.level }, children: toTreeData(n.children) }));

/**
 * /wmsbasic/categoryTree: the warehouse's SKU categories, L1 to L5 (spec §2, §3). Searching by
 * name or id narrows the tree to the matches and their ancestors, opened so each match shows.
 */
export default function CategoryTreeScreen() {
  const { t } = useLingui();
  const categories = useQuery(catalogQueries.categoryTree());
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const nested = useMemo(() => nestCategories(categories.data ?? []), [categories.data]);
  const found = useMemo(() => searchCategories(nested, search), [nested, search]);
  const data = useMemo(() => toTreeData(found.tree), [found]);
  // Controlled, so that a search can set it (useTree's own setter changes on every render).
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const tree = useTree({ expandedState: expanded, onExpandedStateChange: setExpanded });

  // A new search opens the ancestors of its matches; clearing it folds the tree back. Set while
  // rendering (not in an effect) so no frame shows the new matches under folded ancestors.
  const [expandedFor, setExpandedFor] = useState(data);
  if (expandedFor !== data) {
    setExpandedFor(data);
    setExpanded(getTreeExpandedState(data, found.expand));
  }

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz="h2"><Trans>Category Tree</Trans></Title>
      <TextInput
        label={t`Search categories`}
        placeholder={t`Category name or ID`}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maw={420}
      />
      {categories.isPending && <Loader size="sm" aria-label={t`Loading`} />}
      {categories.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Could not load`}>
          <Trans>The category tree could not be read from the server.</Trans>
        </Alert>
      )}
      {categories.data && search.trim() !== '' && (
        <Text size="sm" c="dimmed" data-testid="category-matches">
          {plural(found.matches, { one: '# matching category', other: '# matching categories' })}
        </Text>
      )}
      {categories.data && (
        <Paper withBorder radius="md" p="sm" data-testid="category-tree">
          {data.length === 0 ? (
            <Text c="dimmed" ta="center" py="md"><Trans>No data</Trans></Text>
          ) : (
            <Tree
              data={data}
              tree={tree}
              levelOffset="lg"
              renderNode={({ node, expanded, hasChildren, elementProps }) => (
                <Group gap={6} wrap="nowrap" py={2} {...elementProps}>
                  <IconChevronRight
                    size={14}
                    aria-hidden
                    style={{ visibility: hasChildren ? 'visible' : 'hidden', transform: expanded ? 'rotate(90deg)' : undefined }}
                  />
                  <Badge size="xs" variant="light" w={28} px={0}>{`L${String(node.nodeProps?.level)}`}</Badge>
                  <Text size="sm">{node.label}</Text>
                  <Text size="xs" c="dimmed">{node.value}</Text>
                </Group>
              )}
            />
          )}
        </Paper>
      )}
    </Stack>
  );
}
