import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceApi, ResourceDef } from '../../shared/resources/define';
import { callsOf } from '../../shared/resources/endpoints';
import { RESOURCES, resourceNamed } from '../../shared/resources/registry';
import type { ResourcesContract } from '../../shared/resources/registry-contract';
import * as schema from '../db/schema';
import { listPage, type ListRequest, type RowsQuery } from '../http/list-query';
import type { AuthedCtx, Handlers } from '../http/register';
import { resourceHandlers, type ResourceHooks, type ServedTable } from '../http/resource-handlers';
import { shopHooks } from './basic/shop.hooks';
import { storeyHooks } from './basic/storey.hooks';
import { zoneHooks } from './basic/storage-area.hooks';
import { warehouseHooks } from './basic/warehouse.hooks';
import { deliverySlotHooks } from './inbound/delivery-slot.hooks';
import { putawayRuleHooks } from './inbound/putaway-rule.hooks';
import { qcRuleHooks } from './inbound/qc-rule.hooks';
import { ADJUSTMENT_QUERIES } from './inventory/adjustment.queries';
import { INVENTORY_MAP_QUERIES } from './inventory/inventory-map.queries';
import { cellHooks } from './inventory/stock-block';
import { STOCK_BLOCK_QUERIES } from './inventory/stock-block.queries';

/**
 * The server side of the resource registry (shared/resources/registry.ts): each definition is
 * answered over the table it names, found among the schema's tables, or over the read model it
 * names (QUERIES below); the few resources with rules beyond their fields add hooks here.
 * Contract handlers and export sources derive from it.
 */

const HOOKS: Readonly<Record<string, ResourceHooks>> = {
  warehouse: warehouseHooks,
  shop: shopHooks,
  storey: storeyHooks,
  zone: zoneHooks,
  putaway_rule: putawayRuleHooks,
  inbound_shift: deliverySlotHooks,
  qc_rule: qcRuleHooks,
  cell: cellHooks,
};

const TABLES: ReadonlyMap<string, PgTable> = new Map(
  Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable)).map((table) => [getTableName(table), table]),
);

/**
 * The read models a resource may be served from instead of a table (ResourceDef.query): queries
 * over the tables built in server code per list request (joins, aggregates, balances as of a time).
 */
const QUERIES: ReadonlyMap<string, RowsQuery> = new Map(Object.entries({ ...INVENTORY_MAP_QUERIES, ...ADJUSTMENT_QUERIES, ...STOCK_BLOCK_QUERIES }));

/** A registered resource and what answers it: its table, or its read model. */
export interface ServedResource {
  def: ResourceDef;
  table: PgTable | null;
  query: RowsQuery | null;
}

const served = new Map<string, ServedTable>();
const readModels = new Map<string, { def: ResourceDef; query: RowsQuery }>();
for (const def of RESOURCES as readonly ResourceDef[]) {
  if (def.query) {
    const query = QUERIES.get(def.query);
    if (!query) throw new Error(`${def.name}: no read model ${def.query} (server/modules/resources.ts QUERIES)`);
    readModels.set(def.name, { def, query });
    continue;
  }
  const table = TABLES.get(def.table ?? '');
  if (!table) throw new Error(`${def.name}: no table ${def.table ?? '(none named)'} in the schema`);
  if (def.related && !TABLES.has(def.related.table)) throw new Error(`${def.name}: no table ${def.related.table} for its related rows`);
  served.set(def.name, { def, table });
}
for (const name of Object.keys(HOOKS)) if (!resourceNamed(name)) throw new Error(`hooks for unknown resource ${name}`);

const everyServed: ReadonlyMap<string, ServedResource> = new Map((RESOURCES as readonly ResourceDef[]).map((def) => {
  const table = served.get(def.name)?.table ?? null;
  return [def.name, { def, table, query: readModels.get(def.name)?.query ?? null }];
}));

/** Every registered resource by name, with its table or read model: exports and the index check (tests/api/resource-indexes.test.ts) walk it. */
export const servedResources = (): ReadonlyMap<string, ServedResource> => everyServed;

const refs = (name: string): ServedTable => {
  const target = served.get(name);
  if (!target) throw new Error(`no served resource ${name}`);
  return target;
};

const handlers = new Map([...served].map(([name, { def, table }]) => [name, resourceHandlers(def, table, HOOKS[name], refs)]));
/** A read model answers its list only, scoped to the session's warehouse like a table's. */
const readModelHandlers = new Map([...readModels].map(([name, { def, query }]) => [name, {
  list: (input: Record<string, unknown>, { db, session }: AuthedCtx) => listPage(db, def, query, input as ListRequest, def.warehouseScoped ? session.whsId : null),
}]));

/** The generic handlers of a registered resource (its list, detail, create, update), typed by its fields. */
export function handlersOf<F extends Record<string, FieldDef>>(def: ResourceDef<F, string, ResourceApi | undefined>): ReturnType<typeof resourceHandlers<F>> {
  const found = handlers.get(def.name);
  if (!found) throw new Error(`${def.name} is not a registered resource`);
  return found as unknown as ReturnType<typeof resourceHandlers<F>>;
}

/** The handler of every derived contract entry (searchSupplier, createZone…). */
export const resourceContractHandlers = Object.fromEntries((RESOURCES as readonly ResourceDef[]).flatMap((def) =>
  callsOf(def).map(({ kind, name }) => [name, (handlers.get(def.name) ?? readModelHandlers.get(def.name) as Record<string, unknown> | undefined)![kind]]))) as unknown as Handlers<ResourcesContract>;
