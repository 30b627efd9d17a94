import type { ResourceDef } from '../../../shared/resources/define';
import { resourceEntries } from '../../../shared/resources/endpoints';
import type { ListSource } from '../../http/list-query';
import { servedResources, type ServedResource } from '../resources';

/** A resource list that can be exported: its definition, its table or read model, the permission of its list call and the rows a viewer may see. */
export interface ExportSource {
  def: ResourceDef;
  source: ListSource;
  perm: string;
  visibleTo: ServedResource['visibleTo'];
}

/**
 * Every registered resource's list can be exported, by resource name. The permission is the list
 * call's own, so exporting never reaches past what the list shows.
 */
export const EXPORT_SOURCES: ReadonlyMap<string, ExportSource> = new Map([...servedResources()].map(([name, { def, table, query, visibleTo }]) => {
  const { access } = resourceEntries(def as never).list!;
  if (typeof access !== 'object' || !('perm' in access)) throw new Error(`${name}: an exported list needs one permission`);
  return [name, { def, source: (table ?? query)!, perm: access.perm, visibleTo }];
}));
