import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { FEATURE_FLAGS, flagIsOn, type FeatureFlag } from '../../shared/permissions';
import type { FieldDef, ResourceApi, ResourceDef } from '../../shared/resources/define';
import { callsOf } from '../../shared/resources/endpoints';
import { RESOURCES, resourceNamed } from '../../shared/resources/registry';
import type { ResourcesContract } from '../../shared/resources/registry-contract';
import { RET } from '../../shared/retcodes';
import { ROUTES } from '../../shared/routes/manifest';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { ApiError } from '../http/errors';
import { listPage, type ListRequest, type RowsQuery } from '../http/list-query';
import type { AuthedCtx, Handlers } from '../http/register';
import { resourceHandlers, type ResourceHooks, type ServedTable } from '../http/resource-handlers';
import { shopHooks } from './basic/shop.hooks';
import { storeyHooks } from './basic/storey.hooks';
import { pathwayHooks, zoneHooks } from './basic/storage-area.hooks';
import { warehouseHooks } from './basic/warehouse.hooks';
import { deliverySlotHooks } from './inbound/inbound-shift.hooks';
import { putawayRuleHooks } from './inbound/putaway-rule.hooks';
import { qcRuleHooks } from './inbound/qc-rule.hooks';
import { cycleCountSkillHooks, flowPickingSkillHooks, pickingRuleHooks, pickingSkillHooks, storeGroupTemplateHooks, waveGroupHooks, waveRuleHooks, zoneColorHooks } from './outbound/outbound-rules.hooks';
import { packagingRuleHooks } from './outbound/packaging-rule';
import { weightBandHooks } from './outbound/weight-validation';
import { consumableHooks, consumableReceiptHooks } from './consumables/consumables.hooks';
import { CONSUMABLE_READS } from './consumables/consumables.reads';
import { mergeRuleHooks } from './outbound/merging.hooks';
import { sortingRuleHooks, sortingSkillHooks } from './outbound/sorting.hooks';
import { CANCEL_AFTER_CHECKING_READS } from './outbound/cancel-after-checking.reads';
import { OUTBOUND_EXCEPTION_READS } from './outbound/outbound-exception.reads';
import { MT_ORDER_READS } from './outbound/mt-order.reads';
import { RTS_ORDER_READS } from './outbound/rts-order.reads';
import { RETURN_ORDER_READS } from './inbound/return-order.reads';
import { rtsQuotaHooks } from './outbound/rts-order.hooks';
import { TRANSFER_REQUEST_READS } from './outbound/transfer-request.reads';
import { mtDestinationPriorityHooks } from './outbound/mt-order.hooks';
import { shippingRuleHooks } from './outbound/shipping-rule';
import { instantZoneCodeHooks } from './outbound/instant-delivery';
import { ADJUSTMENT_READS } from './inventory/adjustment.reads';
import { INVENTORY_MAP_READS } from './inventory/inventory-map.reads';
import { TRANSIT_READS } from './inventory/transit.reads';
import { readConfValue } from '../common/conf';
import { cellHooks } from './inventory/stock-block';
import { ccFrequencyRuleHooks, highValueRuleHooks } from './inventory/abc.hooks';
import { cycleCountTaskRuleHooks } from './inventory/cycle-count.hooks';
import { STOCK_BLOCK_READS } from './inventory/stock-block.reads';
import { USER_READS } from './user/user.reads';
import { EXPORT_TASK_READS } from './report/export-task.reads';

/**
 * The server side of the resource registry (shared/resources/registry.ts): each definition is
 * answered over the table it names, found among the schema's tables, or over the read model it
 * names (READS below); the few resources with rules beyond their fields add hooks here.
 * Contract handlers and export sources derive from it.
 */

const HOOKS: Readonly<Record<string, ResourceHooks>> = {
  warehouse: warehouseHooks,
  shop: shopHooks,
  storey: storeyHooks,
  zone: zoneHooks,
  pathway: pathwayHooks,
  putaway_rule: putawayRuleHooks,
  inbound_shift: deliverySlotHooks,
  qc_rule: qcRuleHooks,
  cell: cellHooks,
  picking_rule: pickingRuleHooks,
  picking_skill: pickingSkillHooks,
  flow_picking_skill: flowPickingSkillHooks,
  store_group_template: storeGroupTemplateHooks,
  wave_rule: waveRuleHooks,
  wave_group: waveGroupHooks,
  zone_color: zoneColorHooks,
  consumable: consumableHooks,
  consumable_receipt: consumableReceiptHooks,
  packaging_rule: packagingRuleHooks,
  weight_band: weightBandHooks,
  merge_rule: mergeRuleHooks,
  sorting_rule: sortingRuleHooks,
  sorting_skill: sortingSkillHooks,
  group_shipping_rule: shippingRuleHooks,
  one_awb_rule: shippingRuleHooks,
  bypass_tws_rule: shippingRuleHooks,
  instant_zone_code: instantZoneCodeHooks,
  high_value_rule: highValueRuleHooks,
  cc_frequency_rule: ccFrequencyRuleHooks,
  cycle_count_skill: cycleCountSkillHooks,
  cycle_count_task_rule: cycleCountTaskRuleHooks,
  mt_destination_priority: mtDestinationPriorityHooks,
  rts_quota: rtsQuotaHooks,
};

/**
 * Resources whose data is a warehouse feature's own (spec §6: feature flags hide their pages): while
 * the feature is off in the session's warehouse, each of their calls, and an export of their list,
 * is refused with -100413 — the server keeps what the menu hides. The flag is the one the route
 * manifest gives their list page (checked below). Storeys are not here although their tab depends
 * on storey_name_setup: cells name their storey whatever it says, so only storey changes are
 * refused (storeyHooks).
 */
const FEATURES: Readonly<Record<string, FeatureFlag>> = { whs_planning: 'fulfilChain', zone_color: 'zoneByColor' };

for (const [name, flag] of Object.entries(FEATURES)) {
  const page = resourceNamed(name)?.pages?.list;
  const pageFlag = ROUTES.find((route) => route.path === page)?.flag;
  if (pageFlag !== flag) throw new Error(`${name}: belongs to the feature ${flag}, but its list page ${page ?? '(none)'} is behind ${pageFlag ?? 'no flag'}`);
}

/** Refuses a call of a resource of a warehouse feature (FEATURES) while that feature is off in the warehouse: -100413 naming its setting. */
export async function requireFeature(db: Db, whsId: string, resource: string): Promise<void> {
  const flag = FEATURES[resource];
  if (!flag) return;
  const { confKey } = FEATURE_FLAGS[flag];
  if (flagIsOn(flag, await readConfValue(db, whsId, confKey))) return;
  throw new ApiError(
    RET.FEATURE_OFF,
    `${resource.replace(/_/g, ' ')} is not available in this warehouse: turn on its setting ${confKey} first.`,
    { flag, conf_key: confKey },
    403,
  );
}

type Call = (input: never, ctx: AuthedCtx) => Promise<unknown>;

/** A resource's calls, each first refused while its warehouse feature is off (FEATURES); the calls as they are for the rest. */
function gated(resource: string, calls: Readonly<Record<string, Call>>): Readonly<Record<string, Call>> {
  if (!FEATURES[resource]) return calls;
  return Object.fromEntries(Object.entries(calls).map(([kind, call]) => [kind, async (input: never, ctx: AuthedCtx) => {
    await requireFeature(ctx.db, ctx.session.whsId, resource);
    return call(input, ctx);
  }]));
}

const TABLES: ReadonlyMap<string, PgTable> = new Map(
  Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable)).map((table) => [getTableName(table), table]),
);

/**
 * The read models a resource may be served from instead of a table (ResourceDef.query): queries
 * over the tables built in server code per list request (joins, aggregates, balances as of a time).
 */
const READS: ReadonlyMap<string, RowsQuery> = new Map(Object.entries({ ...INVENTORY_MAP_READS, ...TRANSIT_READS, ...ADJUSTMENT_READS, ...STOCK_BLOCK_READS, ...USER_READS, ...EXPORT_TASK_READS, ...CONSUMABLE_READS, ...CANCEL_AFTER_CHECKING_READS, ...OUTBOUND_EXCEPTION_READS, ...MT_ORDER_READS, ...RTS_ORDER_READS, ...RETURN_ORDER_READS, ...TRANSFER_REQUEST_READS }));

/** A registered resource and what answers it: its table, or its read model; and which of its rows a viewer may list. */
export interface ServedResource {
  def: ResourceDef;
  table: PgTable | null;
  query: RowsQuery | null;
  visibleTo: ResourceHooks['visibleTo'];
}

const served = new Map<string, ServedTable>();
const readModels = new Map<string, { def: ResourceDef; query: RowsQuery }>();
for (const def of RESOURCES as readonly ResourceDef[]) {
  if (def.query) {
    const query = READS.get(def.query);
    if (!query) throw new Error(`${def.name}: no read model ${def.query} (server/modules/resources.ts READS)`);
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
  return [def.name, { def, table, query: readModels.get(def.name)?.query ?? null, visibleTo: HOOKS[def.name]?.visibleTo }];
}));

/** Every registered resource by name, with its table or read model: exports and the index check (tests/api/resource-indexes.test.ts) walk it. */
export const servedResources = (): ReadonlyMap<string, ServedResource> => everyServed;

const refs = (name: string): ServedTable => {
  const target = served.get(name);
  if (!target) throw new Error(`no served resource ${name}`);
  return target;
};

const handlers = new Map([...served].map(([name, { def, table }]) => [name, resourceHandlers(def, table, HOOKS[name], refs)]));
/** A read model answers its list only, scoped to the session's warehouse like a table's, and read for the signed-in user. */
const readModelHandlers = new Map([...readModels].map(([name, { def, query }]) => [name, {
  list: (input: Record<string, unknown>, { db, session }: AuthedCtx) => listPage(db, def, query, input as ListRequest, def.warehouseScoped ? session.whsId : null,
    { viewer: { userId: session.userId, whsId: session.whsId } }),
}]));

/** The generic handlers of a registered resource (its list, detail, create, update), typed by its fields. */
export function handlersOf<F extends Record<string, FieldDef>>(def: ResourceDef<F, string, ResourceApi | undefined>): ReturnType<typeof resourceHandlers<F>> {
  const found = handlers.get(def.name);
  if (!found) throw new Error(`${def.name} is not a registered resource`);
  return found as unknown as ReturnType<typeof resourceHandlers<F>>;
}

/** The handler of every derived contract entry (searchSupplier, createZone…), behind its resource's warehouse feature if it has one. */
export const resourceContractHandlers = Object.fromEntries((RESOURCES as readonly ResourceDef[]).flatMap((def) => {
  const calls = gated(def.name, (handlers.get(def.name) ?? readModelHandlers.get(def.name))!);
  return callsOf(def).map(({ kind, name }) => [name, calls[kind]]);
})) as unknown as Handlers<ResourcesContract>;
