import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { FieldDef, ResourceDef } from '../../../shared/resources/define';
import { callApi } from '../api';
import { toast } from '../toast';
import {
  anchorColumnOf, applyColumnSettings, defaultColumnSettings, moveColumn, parseColumnHeader, visibleColumnsOf, type ColumnHeader, type ColumnSetting,
} from './column-settings-rule';

/** A list's saved column settings (spec §7 paging header); null when none or unreadable, so the list still draws. */
export const pagingHeaderQueries = {
  columns: (urlPath: string) => queryOptions({
    queryKey: ['pagingHeader', 'detail', urlPath],
    queryFn: ({ signal }) => callApi(contract.searchPagingHeaderList, { url_path: urlPath }, { signal, quiet: true })
      .then((d) => parseColumnHeader(d.list[0]?.header))
      .catch(() => null),
    staleTime: Infinity,
  }),
};

/** The list's columns to draw, in the user's order (the definition's when nothing is saved). */
export function useVisibleColumns(resource: ResourceDef, path: string): [string, FieldDef][] {
  const saved = useQuery(pagingHeaderQueries.columns(path));
  return useMemo(() => visibleColumnsOf(resource, saved.data ?? null), [resource, saved.data]);
}

/**
 * The list's "Columns" popover: show or hide each column and change their order; saved for the
 * user with set_paging_header, read back each time it opens.
 */
export function ColumnSettings({ resource, path }: { resource: ResourceDef; path: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const saved = useQuery(pagingHeaderQueries.columns(path));
  const [draft, setDraft] = useState<ColumnSetting[]>([]);

  // Each opening starts from what is saved now (another tab may have changed it), read once: a
  // read finishing after the user's first changes must not put the columns back under them.
  const { refetch } = saved;
  useEffect(() => {
    if (!opened) return;
    let current = true;
    setDraft([]);
    void refetch().then((read) => {
      if (current) setDraft(applyColumnSettings(resource, read.data ?? null));
    });
    return () => {
      current = false;
    };
  }, [opened, refetch, resource]);

  const save = useMutation({
    mutationFn: (columns: ColumnSetting[]) =>
      callApi(contract.setPagingHeader, { url_path: path, header: { columns } satisfies ColumnHeader }),
    onSuccess: (_answer, columns) => {
      queryClient.setQueryData(pagingHeaderQueries.columns(path).queryKey, columns);
      setOpened(false);
      toast.success(t`Columns saved`);
    },
  });

  const labelOf = (field: string) => i18n._(resource.fields[field]!.label);
  const toggle = (index: number, visible: boolean) =>
    setDraft((d) => d.map((c, i) => (i === index ? { ...c, visible } : c)));

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={300} trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />} onClick={() => setOpened((o) => !o)}>
          <Trans>Columns</Trans>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" data-testid="column-settings">
          <Text size="sm" fw={600}><Trans>Show and order columns</Trans></Text>
          {draft.length === 0 ? <Loader size="sm" /> : draft.map((column, index) => {
            const label = labelOf(column.field);
            return (
              <Group key={column.field} justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  label={label}
                  checked={column.visible}
                  // The key column opens the row: it always shows (a hidden composed key's first column stands in).
                  disabled={column.field === anchorColumnOf(resource)}
                  onChange={(e) => toggle(index, e.currentTarget.checked)}
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon variant="subtle" size="sm" aria-label={t`Move ${label} up`} disabled={index === 0}
                    onClick={() => setDraft((d) => moveColumn(d, index, -1))}>
                    <IconArrowUp size={14} aria-hidden />
                  </ActionIcon>
                  <ActionIcon variant="subtle" size="sm" aria-label={t`Move ${label} down`} disabled={index === draft.length - 1}
                    onClick={() => setDraft((d) => moveColumn(d, index, 1))}>
                    <IconArrowDown size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
          <Group justify="space-between" mt="xs">
            <Button variant="subtle" size="xs" onClick={() => setDraft(defaultColumnSettings(resource))}>
              <Trans>Default columns</Trans>
            </Button>
            <Button size="xs" loading={save.isPending} disabled={draft.length === 0} onClick={() => save.mutate(draft)}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
