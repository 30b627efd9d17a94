import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import type { RouteDecl } from './types';

/** Inventory Map (spec §2). */
export const INVENTORY_MAP_ROUTES: readonly RouteDecl[] = [
  group('/inventorymap', msg`Inventory Map`, '/inventorymap/historical'),
  list('/inventorymap/historical', msg`Historical Inventory Map`),
  list('/inventorymap/available', msg`Available Inventory Map`),
  page('/inventorymap/available/detail/$sku_id', msg`SKU Detail`),
  list('/inventorymap/onhand', msg`On-hand Inventory Map`),
  page('/inventorymap/onhand/detail/$sku_id', msg`SKU Detail`),
  list('/inventorymap/expiry', msg`Expiry Inventory Map`),
  page('/inventorymap/expiry/detail/$sku_id', msg`SKU Detail`),
  list('/inventorymap/transactionInventoryMap', msg`Transaction Inventory Map`),
  list('/inventorymap/blockInventoryMap', msg`Block Log`),
  list('/inventorymap/unblockInventoryMap', msg`Unblock Log`),
  list('/inventorymap/instransitInventoryMap', msg`In-transit Inventory Map`),
  list('/inventorymap/zone_inventory_map', msg`Zone Inventory Map`),
  list('/inventorymap/skubatch', msg`SKU Batch Inventory Map`),
];
