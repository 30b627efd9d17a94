import { z } from 'zod';
import { endpoint, MAX_SQL_INT, type EndpointDef } from '../contract/define';
import { rowId } from '../contract/values';
import { actionPerm, derivePerm } from '../routes/derive';
import { type FieldDef, type ResourceApi, type ResourceDef } from './define';
import { checkDefaultValues, createInputSchema, listInputSchema, rowSchema, updateInputSchema, type CreateShape, type UpdateShape } from './schemas';

type Row<F extends Record<string, FieldDef>> = ReturnType<typeof rowSchema<F>>;

/** The entry each kind of call becomes. */
export interface ResourceEntries<F extends Record<string, FieldDef>, K extends string> {
  list: EndpointDef<ReturnType<typeof listInputSchema<F>>, z.ZodObject<{ list: z.ZodArray<Row<F>>; total: z.ZodNumber; total_capped: z.ZodBoolean; page_no: z.ZodNumber; page_size: z.ZodNumber }>>;
  detail: EndpointDef<z.ZodObject<{ [P in K]: z.ZodType<string | number, unknown> }>, Row<F>>;
  create: EndpointDef<z.ZodObject<CreateShape<F>>, Row<F>>;
  update: EndpointDef<z.ZodObject<UpdateShape<F, K>>, Row<F>>;
  delete: EndpointDef<z.ZodObject<{ [P in K]: z.ZodType<string | number, unknown> }>, z.ZodObject<{ [P in K]: z.ZodType<string | number, unknown> }>>;
}
export type CallKind = keyof ResourceEntries<Record<string, FieldDef>, string>;
const CALL_KINDS: readonly CallKind[] = ['list', 'detail', 'create', 'update', 'delete'];

type LastSegment<P extends string> = P extends `${string}/${infer Rest}` ? LastSegment<Rest> : P;
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
/** A call's contract entry name: the last path segment in camel case (`…/search_supplier` → `searchSupplier`). */
export type EntryName<P extends string> = Camel<LastSegment<P>>;
export const entryName = (path: string): string =>
  (path.split('/').at(-1) ?? '').replace(/_([a-zA-Z0-9])/g, (_m, ch: string) => ch.toUpperCase());

/** The contract entries of a resource with calls, named after their paths. */
export type ResourceContract<F extends Record<string, FieldDef>, K extends string, A extends ResourceApi> = {
  [C in keyof A & CallKind as A[C] extends { path: infer P extends string } ? EntryName<P> : never]: ResourceEntries<F, K>[C];
};

/** The page whose permission a call needs when it names none (a delete: its list page's Delete action). */
const PAGE_OF_CALL = { list: 'list', detail: 'list', create: 'create', update: 'edit', delete: 'list' } as const;

/**
 * The permission of a call: its own, else its page's (routes/derive.ts, as the route manifest
 * derives it). A create or edit page whose path names no verb derives a View permission, which
 * must never change anything: such a call names its permission.
 */
function permOfCall(def: ResourceDef, kind: CallKind): string {
  const call = def.api![kind]!;
  if (call.perm) return call.perm;
  const page = def.pages?.[PAGE_OF_CALL[kind]];
  if (!page) throw new Error(`${def.name}.${kind}: a call needs a permission or a ${PAGE_OF_CALL[kind]} page to take it from`);
  const perm = derivePerm(page);
  if (kind === 'delete') return actionPerm(perm, 'Delete');
  if ((kind === 'create' || kind === 'update') && perm.endsWith('.View')) throw new Error(`${def.name}.${kind}: ${page} gives ${perm}; name the call's permission`);
  return perm;
}

/**
 * The contract entries of a resource, derived from its definition: the list (filters, paging,
 * sort of the definition), the detail by key, and — when the definition's api names them —
 * create (the writable fields, required ones required) and update (the key and any field to
 * change). Each answers with the row. The server answers them over the definition's table
 * (server/http/resource-registry.ts).
 */
export function resourceEntries<F extends Record<string, FieldDef>, K extends string, A extends ResourceApi>(def: ResourceDef<F, K, A>): Partial<ResourceEntries<F, K>> {
  const api = def.api;
  if (!api) throw new Error(`${def.name}: no calls declared`);
  checkDefaultValues(def as unknown as ResourceDef);
  const row = rowSchema(def);
  const key = def.fields[def.key]!;
  const scoped = def.warehouseScoped ? ' of the warehouse' : '';
  const access = (kind: CallKind) => ({ perm: permOfCall(def as unknown as ResourceDef, kind) });
  const entries: Record<string, EndpointDef> = {
    list: endpoint({
      method: 'GET', path: api.list.path, access: access('list'), offlineRead: false,
      summary: `One page of ${def.name} rows${scoped}, filtered and sorted as the definition allows, with the total.`,
      input: listInputSchema(def),
      output: z.object({ list: z.array(row), total: z.number().int(), total_capped: z.boolean(), page_no: z.number().int(), page_size: z.number().int() }),
    }),
  };
  // A query string carries the key as text: a numeric key is read as the number it must be.
  const byKey = z.object({ [def.key]: key.kind === 'int' ? rowId().max(key.max ?? MAX_SQL_INT) : z.string().trim().min(1).max(key.max ?? 200) });
  if (api.detail) {
    entries.detail = endpoint({
      method: 'GET', path: api.detail.path, access: access('detail'),
      summary: `One ${def.name} by ${def.key}${scoped}; -100404 when there is none.`,
      input: byKey,
      output: row,
    });
  }
  if (api.create) {
    entries.create = endpoint({
      method: 'POST', path: api.create.path, access: access('create'),
      summary: `Creates a ${def.name}${scoped} and answers it; -100400 naming the fields that are wrong, -100411 when ${def.key} exists.`,
      input: createInputSchema(def),
      output: row,
    });
  }
  if (api.update) {
    const method = api.update.method ?? 'POST';
    entries.update = endpoint({
      method, mutates: true, path: api.update.path, access: access('update'),
      summary: `Changes the fields sent of a ${def.name}${scoped} by ${def.key} and answers it; the rest stay. -100404 when there is none.`,
      input: updateInputSchema(def, { query: method === 'GET' }),
      output: row,
    });
  }
  if (api.delete) {
    entries.delete = endpoint({
      method: 'POST', path: api.delete.path, access: access('delete'),
      summary: `Deletes a ${def.name}${scoped} by ${def.key} and answers its ${def.key}; -100404 when there is none, -100400 when it is still in use.`,
      input: byKey,
      output: z.object({ [def.key]: row.shape[def.key]! }),
    });
  }
  return entries as Partial<ResourceEntries<F, K>>;
}

/** A resource's entries under their contract names. */
export function resourceContract<F extends Record<string, FieldDef>, K extends string, A extends ResourceApi>(def: ResourceDef<F, K, A>): ResourceContract<F, K, A> {
  const entries = resourceEntries(def) as Record<string, EndpointDef>;
  return Object.fromEntries(CALL_KINDS.filter((kind) => entries[kind]).map((kind) => [entryName(def.api![kind]!.path), entries[kind]])) as ResourceContract<F, K, A>;
}

/** Which kind of call of its resource a contract entry name is, for the resources that have calls. */
export function callsOf(def: ResourceDef): { kind: CallKind; name: string }[] {
  if (!def.api) return [];
  return CALL_KINDS.filter((kind) => def.api![kind]).map((kind) => ({ kind, name: entryName(def.api![kind]!.path) }));
}
