import type { ReactNode } from 'react';
import { Group, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { EndpointDef } from '../../../shared/contract/define';
import type { ResourceDef } from '../../../shared/resources/define';
import { ResourceList, type RowAction } from '../../kit/resource/resource-list';
import { RouteTabs } from './route-tabs';

export interface StorageAreaTabProps<E extends EndpointDef> {
  resource: ResourceDef;
  endpoint: E;
  title: string;
  /** The tab's manifest path. */
  path: string;
  /** Spec §2 remembers the filters of the pathway and cell tabs only. */
  remember?: boolean;
  detailHref?(key: string): string;
  rowActions?: readonly RowAction[];
  /** Buttons over the list (Create…). */
  actions?: ReactNode;
}

/** One tab of Storage Area Setting (spec §2): the tabs the user may open, then the tab's list. */
export function StorageAreaTab<E extends EndpointDef>({ actions, remember = false, ...list }: StorageAreaTabProps<E>) {
  return (
    <Stack gap="md">
      <RouteTabs group="storageAreaSetting" />
      {actions && <Group justify="flex-end">{actions}</Group>}
      <ResourceList {...list} remember={remember} />
    </Stack>
  );
}

/**
 * Opens a storage-area page that takes its record by query string (…/detail?zone_id=A01, as the
 * manifest declares them): string links cannot carry a search, so row actions navigate.
 */
export function useOpenByQuery() {
  const navigate = useNavigate();
  return (path: string, key: string, value: unknown) => void navigate({ to: path, search: { [key]: String(value) } as never });
}
