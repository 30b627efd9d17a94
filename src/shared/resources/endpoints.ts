import { z } from 'zod';
import { endpoint } from '../contract/define';
import { listInputSchema, rowSchema, type FieldDef, type ResourceDef } from './define';

/** Where a resource's calls live (spec §7 paths) and the permission each needs. */
export interface ResourceApi {
  list: { path: string; perm: string };
  detail: { path: string; perm: string };
}

/**
 * The contract entries of a resource, derived from its definition: the list (filters, paging,
 * sort of the definition) and the detail by key. The server answers them with
 * `resourceHandlers`; name them in a contract file as spec §7 does (`searchSupplier`, …).
 */
export function resourceEndpoints<F extends Record<string, FieldDef>>(def: ResourceDef<F>, api: ResourceApi) {
  const row = rowSchema(def);
  const key = def.fields[def.key]!;
  return {
    list: endpoint({
      method: 'GET', path: api.list.path, access: { perm: api.list.perm }, offlineRead: false,
      summary: `One page of ${def.name} rows${def.warehouseScoped ? ' of the warehouse' : ''}, filtered and sorted as the definition allows, with the total.`,
      input: listInputSchema(def),
      output: z.object({ list: z.array(row), total: z.number().int(), page_no: z.number().int(), page_size: z.number().int() }),
    }),
    detail: endpoint({
      method: 'GET', path: api.detail.path, access: { perm: api.detail.perm },
      summary: `One ${def.name} by ${def.key}${def.warehouseScoped ? ', in the warehouse' : ''}; -100404 when there is none.`,
      input: z.object({ [def.key]: z.string().trim().min(1).max(key.max ?? 200) }),
      output: row,
    }),
  };
}
