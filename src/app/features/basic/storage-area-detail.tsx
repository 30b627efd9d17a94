import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import type { EndpointDef } from '../../../shared/contract/define';
import type { ResourceDef } from '../../../shared/resources/define';
import { ResourceForm } from '../../kit/resource/resource-form';
import { useSearchParam } from '../../kit/search-param';
import { useSession } from '../../kit/session';
import { isBuilt } from '../../routes/screens';
import { useOpenByQuery } from './storage-area-tab';

export interface StorageAreaDetailProps {
  resource: ResourceDef;
  /** The detail call. */
  endpoint: EndpointDef;
  title: string;
  /** The edit page of the record, and the permission it needs. */
  edit: { path: string; perm: string };
}

/** A storage-area detail page (zone, pathway, cell): the record the query string names, and Edit when permitted. */
export function StorageAreaDetail({ resource, endpoint, title, edit }: StorageAreaDetailProps) {
  const id = useSearchParam(resource.key) ?? '';
  const { perms } = useSession();
  const open = useOpenByQuery();
  const canEdit = perms.has(edit.perm) && isBuilt(edit.path) && id !== '';
  return (
    <ResourceForm
      resource={resource}
      mode="detail"
      title={title}
      detail={endpoint}
      id={id}
      actions={canEdit && (
        <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => open(edit.path, resource.key, id)}>
          <Trans>Edit</Trans>
        </Button>
      )}
    />
  );
}
