import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceApi, ResourceDef } from '../../shared/resources/define';
import { callsOf } from '../../shared/resources/endpoints';
import { RESOURCES, resourceNamed, type ResourcesContract } from '../../shared/resources/registry';
import * as schema from '../db/schema';
import type { Handlers } from '../http/register';
import { resourceHandlers, type ResourceHooks, type ServedTable } from '../http/resource-handlers';
import { shopHooks } from './basic/shop.hooks';
import { storeyHooks } from './basic/storey.hooks';
import { zoneHooks } from './basic/storage-area.hooks';
import { warehouseHooks } from './basic/warehouse.hooks';

/**
 * The server side of the resource registry (shared/resources/registry.ts): each definition is
 * answered over the table it names, found among the schema's tables; the few resources with rules
 * beyond their fields add hooks here. Contract handlers and export sources derive from it.
 */

const HOOKS: Readonly<Record<string, ResourceHooks>> = {
  warehouse: warehouseHooks,
  shop: shopHooks,
  storey: storeyHooks,
  zone: zoneHooks,
};

const TABLES: ReadonlyMap<string, PgTable> = new Map(
  Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable)).map((table) => [getTableName(table), table]),
);

const served = new Map<string, ServedTable>();
for (const def of RESOURCES as readonly ResourceDef[]) {
  const table = TABLES.get(def.table ?? '');
  if (!table) throw new Error(`${def.name}: no table ${def.table ?? '(none named)'} in the schema`);
  served.set(def.name, { def, table });
}
for (const name of Object.keys(HOOKS)) if (!resourceNamed(name)) throw new Error(`hooks for unknown resource ${name}`);

/** Every resource served over a table, by name: references, exports and the index check (tests/api/resource-indexes.test.ts) walk it. */
export const servedResources = (): ReadonlyMap<string, ServedTable> => served;

const refs = (name: string): ServedTable => {
  const target = served.get(name);
  if (!target) throw new Error(`no served resource ${name}`);
  return target;
};

const handlers = new Map([...served].map(([name, { def, table }]) => [name, resourceHandlers(def, table, HOOKS[name], refs)]));

/** The generic handlers of a registered resource (its list, detail, create, update), typed by its fields. */
export function handlersOf<F extends Record<string, FieldDef>>(def: ResourceDef<F, string, ResourceApi | undefined>): ReturnType<typeof resourceHandlers<F>> {
  const found = handlers.get(def.name);
  if (!found) throw new Error(`${def.name} is not a registered resource`);
  return found as unknown as ReturnType<typeof resourceHandlers<F>>;
}

/** The handler of every derived contract entry (searchSupplier, createZone…). */
export const resourceContractHandlers = Object.fromEntries((RESOURCES as readonly ResourceDef[]).flatMap((def) =>
  callsOf(def).map(({ kind, name }) => [name, handlers.get(def.name)![kind]]))) as unknown as Handlers<ResourcesContract>;
