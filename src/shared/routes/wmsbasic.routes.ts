import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { FULFIL_CHAIN, group, list, page, type RouteOptions } from './builders';
import { SKU_EDIT_PERM } from '../resources/sku-perms';
import { storageAreaPerm } from './derive';
import type { RouteDecl } from './types';

/**
 * Storage Area Setting (spec §2 WMS Basic, §6): the tabs sit at /wmsbasic/<tab> under one menu entry.
 * Their codes are PC.WMSBasic.StorageAreaSetting.<Tab>, <Tab> being the path segment in PascalCase
 * exactly as derivePerm writes segments (Whsplanning, Zonecluster, InboundStagingLocation, LogicArea);
 * their form pages add the verb (PC.WMSBasic.StorageAreaSetting.Zone.Create).
 */
const STORAGE_AREA = '/wmsbasic/storageAreaSetting';

const storageArea = (tab: string, title: MessageDescriptor, more: RouteOptions = {}): RouteDecl =>
  list(`/wmsbasic/${tab}`, title, {
    perm: storageAreaPerm(tab),
    parent: STORAGE_AREA,
    tabGroup: 'storageAreaSetting',
    tabFallback: '/wmsbasic/zonecluster',
    // Spec §2: of the tabs only pathway and cell remember their filters.
    rememberFilters: false,
    ...more,
  });

/** WMS Basic (spec §2). */
export const WMS_BASIC_ROUTES: readonly RouteDecl[] = [
  group('/wmsbasic', msg`WMS Basic`, '/wmsbasic/warehouse'),
  // The warehouse forms take the warehouse from the query string, not the path.
  list('/wmsbasic/warehouse', msg`Warehouse`),
  page('/wmsbasic/warehouse/create', msg`Create Warehouse`),
  page('/wmsbasic/warehouse/detail', msg`Warehouse Detail`),
  page('/wmsbasic/warehouse/edit', msg`Edit Warehouse`),
  group(STORAGE_AREA, msg`Storage Area Setting`, '/wmsbasic/whsplanning'),
  storageArea('whsplanning', msg`Warehouse Planning`, FULFIL_CHAIN),
  // Ours: the spec names the tab only; its plans are made and changed on pages like the zone's.
  page('/wmsbasic/whsplanning/create', msg`Create Warehouse Planning`, { perm: storageAreaPerm('whsplanning', 'Create'), ...FULFIL_CHAIN }),
  page('/wmsbasic/whsplanning/edit', msg`Edit Warehouse Planning`, { perm: storageAreaPerm('whsplanning', 'Edit'), ...FULFIL_CHAIN }),
  page('/wmsbasic/whsplanning/detail', msg`Warehouse Planning Detail`, { perm: storageAreaPerm('whsplanning'), ...FULFIL_CHAIN }),
  storageArea('zonecluster', msg`Zone Cluster`),
  storageArea('park', msg`Park`),
  // Its staging types (arriving, qc, putaway, ibt, diversion, dispute, inbound carton, liquidate) are in-page filters.
  storageArea('inboundStagingLocation', msg`Inbound Staging Location`),
  storageArea('outboundStagingLocation', msg`Outbound Staging Location`),
  storageArea('rtStagingLocation', msg`RT Staging Location`),
  // Spec §2: the storey tab depends on the warehouse's storey_name_setup.
  storageArea('storey', msg`Storey`, { flag: 'storeyNameSetup' }),
  storageArea('zone', msg`Zone`),
  page('/wmsbasic/zone/create', msg`Create Zone`, { perm: storageAreaPerm('zone', 'Create') }),
  page('/wmsbasic/zone/edit', msg`Edit Zone`, { perm: storageAreaPerm('zone', 'Edit') }),
  page('/wmsbasic/zone/detail', msg`Zone Detail`, { perm: storageAreaPerm('zone') }),
  storageArea('logicArea', msg`Logic Area`),
  storageArea('pathway', msg`Pathway`, { rememberFilters: true }),
  // Ours, like the zone's: how a new warehouse gets its aisles and cells (docs/new-warehouse.md).
  page('/wmsbasic/pathway/create', msg`Create Pathway`, { perm: storageAreaPerm('pathway', 'Create') }),
  page('/wmsbasic/pathway/edit', msg`Edit Pathway`, { perm: storageAreaPerm('pathway', 'Edit') }),
  page('/wmsbasic/pathway/detail', msg`Pathway Detail`, { perm: storageAreaPerm('pathway') }),
  storageArea('cell', msg`Cell`, { rememberFilters: true }),
  page('/wmsbasic/cell/create', msg`Create Cell`, { perm: storageAreaPerm('cell', 'Create') }),
  page('/wmsbasic/cell/edit', msg`Edit Cell`, { perm: storageAreaPerm('cell', 'Edit') }),
  page('/wmsbasic/cell/detail', msg`Cell Detail`, { perm: storageAreaPerm('cell') }),
  list('/wmsbasic/supplier', msg`Supplier`),
  // Ours (as the SKU's): a new warehouse's suppliers and items, with no seller-center feed connected.
  page('/wmsbasic/supplier/create', msg`Create Supplier`),
  page('/wmsbasic/supplier/detail/$id', msg`Supplier Detail`),
  // Shop is the first tab of its page and stands for the page in the menu.
  // Spec §2: of these lists supplier, shop group, SKU items and dock management remember their filters.
  list('/wmsbasic/shop', msg`Shop`, { tabGroup: 'shop', menu: true, rememberFilters: false }),
  list('/wmsbasic/shop/group', msg`Shop Group`, { tabGroup: 'shop' }),
  page('/wmsbasic/shop/create', msg`Create Shop`),
  page('/wmsbasic/shop/detail/$id', msg`Shop Detail`),
  page('/wmsbasic/shop/$id/edit', msg`Edit Shop`),
  page('/wmsbasic/categoryTree', msg`Category Tree`),
  list('/wmsbasic/skuitems', msg`SKU List`),
  page('/wmsbasic/skuitems/create', msg`Create SKU`),
  page('/wmsbasic/skuitems/$sku_id', msg`Edit SKU`, { perm: SKU_EDIT_PERM }),
  page('/wmsbasic/skuitems/detail/$sku_id', msg`SKU Detail`),
  group('/wmsbasic/skuAttributeCollection', msg`SKU Attribute Collection`, '/wmsbasic/skuAttributeCollection/attributeCollect'),
  list('/wmsbasic/skuAttributeCollection/attributeCollect', msg`Attribute Collection`, { tabGroup: 'skuAttributeCollection' }),
  list('/wmsbasic/skuAttributeCollection/collectionTask', msg`Collection Task`, { tabGroup: 'skuAttributeCollection' }),
  list('/wmsbasic/skuMapping', msg`SKU Mapping`, { rememberFilters: false }),
  list('/wmsbasic/modelSkuMapping', msg`Model SKU Mapping`),
  list('/wmsbasic/dockmanagement', msg`Dock Management`),
  page('/wmsbasic/dockmanagement/detail', msg`Dock Detail`),
  list('/wmsbasic/queueList', msg`Queue List`),
  list('/wmsbasic/giftManagement', msg`Gift Management`),
  page('/wmsbasic/giftManagement/detail/$id', msg`Gift Detail`),
  page('/wmsbasic/giftManagement/create', msg`Create Gift`),
  page('/wmsbasic/giftManagement/edit/$id', msg`Edit Gift`),
  list('/wmsbasic/stationManagement', msg`Station Management`, { tabGroup: 'stationManagement', menu: true, rememberFilters: false }),
  page('/wmsbasic/stationManagement/recordSettings', msg`Record Settings`, { tabGroup: 'stationManagement', actions: { Edit: msg`Change record settings` } }),
  list('/wmsbasic/merchant', msg`Merchant`, { rememberFilters: false }),
  page('/wmsbasic/merchant/detail/$merchant_id', msg`Merchant Detail`),
];
