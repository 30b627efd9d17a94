import { useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { EndpointDef } from '../../../shared/contract/define';
import type { ResourceDef } from '../../../shared/resources/define';
import { entryName } from '../../../shared/resources/endpoints';
import { callApi } from '../api';
import { useMayCall } from '../permitted';
import { toast } from '../toast';
import type { RowAction } from './resource-list';

type Row = Record<string, unknown>;

export interface DeleteRowOptions {
  /** How the dialog names the row (default: its key). */
  describe?(row: Row): string;
  /** What the dialog says beside the question (default: that it cannot be undone). */
  note?: ReactNode;
}

/**
 * The Delete row action of a resource that declares a delete call (ResourceApi.delete), for users
 * holding its permission, and the dialog confirming it. The server refuses a row still in use
 * (-100400, shown as any refusal); after a delete the resource's lists are read again.
 */
export function useDeleteRow(def: ResourceDef, { describe, note }: DeleteRowOptions = {}): { action: RowAction | null; dialog: ReactNode } {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const path = def.api?.delete?.path;
  const entry = path ? (contract as Record<string, EndpointDef>)[entryName(path)] : undefined;
  const permitted = useMayCall(entry?.access ?? { perm: '' });
  const [deleting, setDeleting] = useState<Row | null>(null);
  const remove = useMutation({
    mutationFn: (row: Row) => callApi(entry!, { [def.key]: row[def.key] }),
    onSuccess: () => {
      toast.success(t`Deleted`);
      void queryClient.invalidateQueries({ queryKey: ['resource', def.name] });
    },
    onSettled: () => setDeleting(null),
  });
  const action = useMemo<RowAction | null>(() => (entry && permitted ? { label: t`Delete`, color: 'red', onClick: setDeleting } : null), [entry, permitted, t]);
  if (!action) return { action, dialog: null };
  const what = deleting ? (describe?.(deleting) ?? String(deleting[def.key])) : '';
  return {
    action,
    dialog: (
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t`Delete ${what}?`}>
        <Stack gap="md">
          <Text size="sm">{note ?? <Trans>A deleted record cannot be restored.</Trans>}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}><Trans>Cancel</Trans></Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}><Trans>Delete</Trans></Button>
          </Group>
        </Stack>
      </Modal>
    ),
  };
}
