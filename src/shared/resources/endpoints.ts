import { z } from 'zod';
import { endpoint, type EndpointDef } from '../contract/define';
import {
  createInputSchema, listInputSchema, rowSchema, updateInputSchema,
  type CreateShape, type FieldDef, type ResourceDef, type UpdateShape,
} from './define';

/** Where one call of a resource lives (spec §7 path) and the permission it needs. */
export interface ResourceCall {
  path: string;
  perm: string;
}

/** Where a resource's calls live. Create and update are optional: read-only resources have neither. */
export interface ResourceApi {
  list: ResourceCall;
  detail: ResourceCall;
  create?: ResourceCall;
  /** `method: 'GET'`: an edit sent as a query string (spec §7 update_warehouse); it still needs the CSRF header. */
  update?: ResourceCall & { method?: 'GET' | 'POST' };
}

type Row<F extends Record<string, FieldDef>> = ReturnType<typeof rowSchema<F>>;

/** The entries `resourceEndpoints` returns: list and detail, and create/update when the api names them. */
export type ResourceEndpoints<F extends Record<string, FieldDef>, K extends string, A extends ResourceApi> = {
  list: EndpointDef<ReturnType<typeof listInputSchema<F>>, z.ZodObject<{ list: z.ZodArray<Row<F>>; total: z.ZodNumber; page_no: z.ZodNumber; page_size: z.ZodNumber }>>;
  detail: EndpointDef<z.ZodObject<{ [P in K]: z.ZodString }>, Row<F>>;
} & (A['create'] extends ResourceCall ? { create: EndpointDef<z.ZodObject<CreateShape<F>>, Row<F>> } : unknown)
  & (A['update'] extends ResourceCall ? { update: EndpointDef<z.ZodObject<UpdateShape<F, K>>, Row<F>> } : unknown);

/**
 * The contract entries of a resource, derived from its definition: the list (filters, paging,
 * sort of the definition), the detail by key, and — when `api` names them — create (the
 * writable fields, required ones required) and update (the key and any field to change). Each
 * answers with the row. The server answers them with `resourceHandlers`; name them in a
 * contract file as spec §7 does (`searchSupplier`, `createWarehouse`, …).
 */
export function resourceEndpoints<F extends Record<string, FieldDef>, K extends string, const A extends ResourceApi>(def: ResourceDef<F, K>, api: A): ResourceEndpoints<F, K, A> {
  const row = rowSchema(def);
  const key = def.fields[def.key]!;
  const scoped = def.warehouseScoped ? ' of the warehouse' : '';
  const entries: Record<string, EndpointDef> = {
    list: endpoint({
      method: 'GET', path: api.list.path, access: { perm: api.list.perm }, offlineRead: false,
      summary: `One page of ${def.name} rows${scoped}, filtered and sorted as the definition allows, with the total.`,
      input: listInputSchema(def),
      output: z.object({ list: z.array(row), total: z.number().int(), total_capped: z.boolean(), page_no: z.number().int(), page_size: z.number().int() }),
    }),
    detail: endpoint({
      method: 'GET', path: api.detail.path, access: { perm: api.detail.perm },
      summary: `One ${def.name} by ${def.key}${scoped}; -100404 when there is none.`,
      input: z.object({ [def.key]: z.string().trim().min(1).max(key.max ?? 200) }),
      output: row,
    }),
  };
  if (api.create) {
    entries.create = endpoint({
      method: 'POST', path: api.create.path, access: { perm: api.create.perm },
      summary: `Creates a ${def.name}${scoped} and answers it; -100400 naming the fields that are wrong, -100411 when ${def.key} exists.`,
      input: createInputSchema(def),
      output: row,
    });
  }
  if (api.update) {
    const method = api.update.method ?? 'POST';
    entries.update = endpoint({
      method, mutates: true, path: api.update.path, access: { perm: api.update.perm },
      summary: `Changes the fields sent of a ${def.name}${scoped} by ${def.key} and answers it; the rest stay. -100404 when there is none.`,
      input: updateInputSchema(def, { query: method === 'GET' }),
      output: row,
    });
  }
  return entries as ResourceEndpoints<F, K, A>;
}
