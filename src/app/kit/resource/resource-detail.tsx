import type { EndpointDef } from '../../../shared/contract/define';
import type { ResourceDef } from '../../../shared/resources/define';
import { ResourceForm } from './resource-form';

export interface ResourceDetailProps<E extends EndpointDef> {
  resource: ResourceDef;
  /** The detail call of the resource (resourceEndpoints(...).detail). */
  endpoint: E;
  title: string;
  /** The key of the row, from the route. */
  id: string;
}

/** The Detail mode of a resource's form (spec §2): every item read-only, no Confirm or Cancel. */
export function ResourceDetail<E extends EndpointDef>({ resource, endpoint, title, id }: ResourceDetailProps<E>) {
  return <ResourceForm resource={resource} mode="detail" detail={endpoint} id={id} title={title} />;
}
