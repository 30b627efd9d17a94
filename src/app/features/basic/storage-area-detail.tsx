import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import type { EndpointDef } from '../../../shared/contract/define';
import type { ResourceDef } from '../../../shared/resources/define';
import { ResourceForm } from '../../kit/resource/resource-form';
import { useOpenByQuery, useSearchParam } from '../../kit/search-param';
import { useCanOpen } from '../../routes/use-access';

export interface StorageAreaDetailProps {
  resource: ResourceDef;
  /** The detail call. */
  endpoint: EndpointDef;
  title: string;
  /** The edit page of the record: Edit shows when the user may open it. */
  editPath: string;
}

/** A storage-area detail page (zone, pathway, cell): the record the query string names, and Edit when permitted. */
export function StorageAreaDetail({ resource, endpoint, title, editPath }: StorageAreaDetailProps) {
  const id = useSearchParam(resource.key) ?? '';
  const open = useOpenByQuery();
  const canEdit = useCanOpen(editPath) && id !== '';
  return (
    <ResourceForm
      resource={resource}
      mode="detail"
      title={title}
      detail={endpoint}
      id={id}
      actions={canEdit && (
        <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => open(editPath, resource.key, id)}>
          <Trans>Edit</Trans>
        </Button>
      )}
    />
  );
}
