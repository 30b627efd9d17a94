import type { PgTable } from 'drizzle-orm/pg-core';
import type { EndpointDef } from '../../../shared/contract/define';
import type { FieldDef, ResourceDef } from '../../../shared/resources/define';
import { supplierContract } from '../../../shared/contract/supplier.contract';
import { supplierResource } from '../../../shared/resources/supplier.resource';
import { skuContract } from '../../../shared/contract/sku.contract';
import { skuMappingResource, skuResource } from '../../../shared/resources/sku.resource';
import { shopContract } from '../../../shared/contract/catalog.contract';
import { shopResource } from '../../../shared/resources/shop.resource';
import { shops, skuMappings, skus, suppliers } from '../../db/schema';
import { resourceColumns } from '../../http/list-query';

/** A resource list that can be exported: its definition, its table, and the permission of its list call. */
export interface ExportSource {
  def: ResourceDef;
  table: PgTable;
  perm: string;
}

/** The permission is the list call's own, so exporting never reaches past what the list shows. */
function source<F extends Record<string, FieldDef>>(def: ResourceDef<F>, table: PgTable, list: EndpointDef): ExportSource {
  if (typeof list.access !== 'object') throw new Error(`${def.name}: an exported list needs a permission`);
  resourceColumns(def, table); // fails at start-up when a field has no column
  return { def: def as unknown as ResourceDef, table, perm: list.access.perm };
}

function byName(sources: ExportSource[]): ReadonlyMap<string, ExportSource> {
  const map = new Map(sources.map((s) => [s.def.name, s]));
  if (map.size !== sources.length) throw new Error('two export sources share a resource name');
  return map;
}

/** Every exportable resource, by resource name: one line per resource. */
export const EXPORT_SOURCES = byName([
  source(supplierResource, suppliers, supplierContract.searchSupplier),
  source(skuResource, skus, skuContract.searchSku),
  source(shopResource, shops, shopContract.searchShop),
  source(skuMappingResource, skuMappings, skuContract.searchSkuMapping),
]);
