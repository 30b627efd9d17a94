import { useRouter } from '@tanstack/react-router';
import type { EndpointDef } from '../../../shared/contract/define';
import type { ResourceDef } from '../../../shared/resources/define';
import { ResourceForm } from '../../kit/resource/resource-form';
import { useOpenByQuery, useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';

export interface StorageAreaFormProps {
  resource: ResourceDef;
  mode: 'create' | 'edit';
  title: string;
  /** Edit: the detail call the form starts from. */
  detail?: EndpointDef;
  /** The create or update call. */
  submit: EndpointDef;
  /** Where a saved record is shown. */
  detailPath: string;
  savedMessage: string;
}

/**
 * A storage-area create or edit page (spec §2 zone create/edit, pathway and cell edit): the record
 * the query string names; once saved, its detail page; Cancel goes back where the form was opened from.
 */
export function StorageAreaForm({ resource, mode, title, detail, submit, detailPath, savedMessage }: StorageAreaFormProps) {
  const id = useSearchParam(resource.key) ?? '';
  const router = useRouter();
  const open = useOpenByQuery();
  return (
    <ResourceForm
      resource={resource}
      mode={mode}
      title={title}
      detail={detail}
      id={mode === 'edit' ? id : undefined}
      submit={submit}
      onSaved={(row) => {
        toast.success(savedMessage);
        open(detailPath, resource.key, row[resource.key]);
      }}
      onCancel={() => router.history.back()}
    />
  );
}
