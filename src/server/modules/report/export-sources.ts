import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../../shared/resources/define';
import { resourceEntries } from '../../../shared/resources/endpoints';
import { servedResources } from '../resources';

/** A resource list that can be exported: its definition, its table, and the permission of its list call. */
export interface ExportSource {
  def: ResourceDef;
  table: PgTable;
  perm: string;
}

/**
 * Every registered resource's list can be exported, by resource name. The permission is the list
 * call's own, so exporting never reaches past what the list shows.
 */
export const EXPORT_SOURCES: ReadonlyMap<string, ExportSource> = new Map([...servedResources()].map(([name, { def, table }]) => {
  const { access } = resourceEntries(def as never).list!;
  if (typeof access !== 'object') throw new Error(`${name}: an exported list needs a permission`);
  return [name, { def, table, perm: access.perm }];
}));
