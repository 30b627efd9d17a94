import { Stack } from '@mantine/core';
import type { EndpointDef } from '../../../shared/contract/define';
import { ResourceList, type ResourceListProps } from '../../kit/resource/resource-list';
import { RouteTabs } from './route-tabs';

/**
 * One tab of Storage Area Setting (spec §2): the tabs the user may open, then the tab's list.
 * Spec §2 remembers the filters of the pathway and cell tabs only: the others say remember.
 */
export function StorageAreaTab<E extends EndpointDef>({ remember = false, ...list }: ResourceListProps<E>) {
  return (
    <Stack gap="md">
      <RouteTabs group="storageAreaSetting" />
      <ResourceList {...list} remember={remember} />
    </Stack>
  );
}
