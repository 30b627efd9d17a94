import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeStatusCheck, createdAt, locationStatusCheck, remark, status, trigramIndex, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';

// WMS Basic: suppliers, the storage area, SKUs and their mappings, the catalog (server/modules/basic).

/** Suppliers of a warehouse (shared/resources/supplier.resource.ts): columns named as its fields. */
export const suppliers = pgTable('suppliers', {
  whsId: warehouseRef(),
  supplierId: text('supplier_id').notNull(),
  supplierName: text('supplier_name').notNull(),
  country: text('country'),
  /** Active 1, inactive 2. */
  status: status(),
  contactName: text('contact_name'),
  phone: text('phone'),
  email: text('email'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.supplierId),
  // The list sorted or searched by name stays an index walk within the warehouse.
  index('suppliers_name_idx').on(t.whsId, t.supplierName),
  activeStatusCheck(t.status),
  trigramIndex(t.supplierName),
]);

// ---- storage area: zones, pathways, cells, storeys… ----

/** Parks of a warehouse (shared/resources/park.resource.ts): the top of the zone tree. */
export const parks = pgTable('parks', {
  whsId: warehouseRef(),
  parkId: text('park_id').notNull(),
  parkName: text('park_name').notNull(),
  /** Location status (spec §3): normal 1, blocked 2, frozen 3, deleted 4. */
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.parkId),
  locationStatusCheck(t.status),
  index('parks_park_name_idx').on(t.whsId, t.parkName),
  trigramIndex(t.parkName),
]);

/** Zone clusters, each in a park and a sector (zone-cluster.resource.ts). */
export const zoneClusters = pgTable('zone_clusters', {
  whsId: warehouseRef(),
  zoneClusterId: text('zone_cluster_id').notNull(),
  zoneClusterName: text('zone_cluster_name').notNull(),
  parkId: text('park_id').notNull(),
  zoneSectorId: text('zone_sector_id').notNull(),
  zoneSectorName: text('zone_sector_name').notNull(),
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.zoneClusterId),
  foreignKey({ name: 'zone_clusters_park_fk', columns: [t.whsId, t.parkId], foreignColumns: [parks.whsId, parks.parkId] }),
  index('zone_clusters_park_idx').on(t.whsId, t.parkId, t.zoneClusterId),
  locationStatusCheck(t.status),
  index('zone_clusters_zone_cluster_name_idx').on(t.whsId, t.zoneClusterName),
  trigramIndex(t.zoneClusterName),
]);

/** Logic areas (logic-area.resource.ts). */
export const logicAreas = pgTable('logic_areas', {
  whsId: warehouseRef(),
  logicAreaId: text('logic_area_id').notNull(),
  logicAreaName: text('logic_area_name').notNull(),
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.logicAreaId),
  locationStatusCheck(t.status),
  index('logic_areas_logic_area_name_idx').on(t.whsId, t.logicAreaName),
  trigramIndex(t.logicAreaName),
]);

/**
 * Warehouse planning (whs-planning.resource.ts, Storage Area Setting › whsplanning, shown when the
 * fulfilment chain is on): the capacity each logic area is planned to give one fulfilment chain.
 */
export const whsPlannings = pgTable('whs_plannings', {
  whsId: warehouseRef(),
  logicAreaId: text('logic_area_id').notNull(),
  fulfillmentChain: text('fulfillment_chain').notNull(),
  plannedLocationQty: integer('planned_location_qty').notNull(),
  plannedSkuQty: integer('planned_sku_qty'),
  targetTurnoverDays: smallint('target_turnover_days').notNull(),
  dailyOutboundCapacity: integer('daily_outbound_capacity'),
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.logicAreaId),
  foreignKey({ name: 'whs_plannings_logic_area_fk', columns: [t.whsId, t.logicAreaId], foreignColumns: [logicAreas.whsId, logicAreas.logicAreaId] }),
  index('whs_plannings_chain_idx').on(t.whsId, t.fulfillmentChain),
  index('whs_plannings_turnover_idx').on(t.whsId, t.targetTurnoverDays),
  activeStatusCheck(t.status),
  check('whs_plannings_qty_ck', sql`${t.plannedLocationQty} >= 0 and coalesce(${t.plannedSkuQty}, 0) >= 0 and coalesce(${t.dailyOutboundCapacity}, 0) >= 0`),
  check('whs_plannings_turnover_ck', sql`${t.targetTurnoverDays} between 1 and 365`),
]);

/** Storeys (storey.resource.ts): numbered 1…99 and named once per warehouse. */
export const storeys = pgTable('storeys', {
  whsId: warehouseRef(),
  storeyId: serial('storey_id').notNull(),
  storeyNo: smallint('storey_no').notNull(),
  storeyName: text('storey_name').notNull(),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.storeyId),
  uniqueIndex('storeys_no_uq').on(t.whsId, t.storeyNo),
  uniqueIndex('storeys_name_uq').on(t.whsId, t.storeyName),
  check('storeys_no_ck', sql`${t.storeyNo} between 1 and 99`),
  trigramIndex(t.storeyName),
]);

/** Zones (zone.resource.ts): the storage settings their cells start with. Codes of spec §3. */
export const zones = pgTable('zones', {
  whsId: warehouseRef(),
  zoneId: text('zone_id').notNull(),
  zoneName: text('zone_name').notNull(),
  zoneClusterId: text('zone_cluster_id').notNull(),
  logicAreaId: text('logic_area_id'),
  storageArea: smallint('storage_area').notNull(),
  rackType: smallint('rack_type').notNull(),
  temperatureZone: smallint('temperature_zone').notNull(),
  status: status(),
  skuMixing: smallint('sku_mixing').notNull(),
  supplierMixing: smallint('supplier_mixing').notNull(),
  pickSequence: integer('pick_sequence'),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.zoneId),
  foreignKey({ name: 'zones_zone_cluster_fk', columns: [t.whsId, t.zoneClusterId], foreignColumns: [zoneClusters.whsId, zoneClusters.zoneClusterId] }),
  foreignKey({ name: 'zones_logic_area_fk', columns: [t.whsId, t.logicAreaId], foreignColumns: [logicAreas.whsId, logicAreas.logicAreaId] }),
  index('zones_cluster_idx').on(t.whsId, t.zoneClusterId, t.zoneId),
  index('zones_name_idx').on(t.whsId, t.zoneName),
  locationStatusCheck(t.status),
  check('zones_storage_area_ck', sql`${t.storageArea} between 1 and 3`),
  check('zones_rack_type_ck', sql`${t.rackType} between 1 and 6`),
  check('zones_temperature_zone_ck', sql`${t.temperatureZone} between 0 and 4`),
  trigramIndex(t.zoneName),
]);

/** Pathways (aisles) of a zone (pathway.resource.ts). */
export const pathways = pgTable('pathways', {
  whsId: warehouseRef(),
  pathwayId: text('pathway_id').notNull(),
  zoneId: text('zone_id').notNull(),
  status: status(),
  pickSequence: integer('pick_sequence'),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.pathwayId),
  foreignKey({ name: 'pathways_zone_fk', columns: [t.whsId, t.zoneId], foreignColumns: [zones.whsId, zones.zoneId] }),
  index('pathways_zone_idx').on(t.whsId, t.zoneId, t.pathwayId),
  locationStatusCheck(t.status),
]);

/**
 * Cells (cell.resource.ts): tens of thousands per warehouse. Each list filter of the cell page
 * has an index (whs_id, <filter>, location_code), so a filtered page in location-code order stays
 * an index walk within the warehouse.
 */
export const cells = pgTable('cells', {
  whsId: warehouseRef(),
  locationCode: text('location_code').notNull(),
  zoneId: text('zone_id').notNull(),
  pathwayId: text('pathway_id').notNull(),
  storeyId: integer('storey_id'),
  status: status(),
  /** Normal 1, assigned 2, occupied 3 (spec §3). */
  occupancy: smallint('occupancy').notNull().default(1),
  abcClass: smallint('abc_class').notNull().default(0),
  temperatureZone: smallint('temperature_zone').notNull(),
  storageArea: smallint('storage_area').notNull(),
  rackType: smallint('rack_type').notNull(),
  skuMixing: smallint('sku_mixing').notNull(),
  supplierMixing: smallint('supplier_mixing').notNull(),
  unitType: text('unit_type'),
  maxQty: integer('max_qty'),
  pickSequence: integer('pick_sequence'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.locationCode),
  foreignKey({ name: 'cells_zone_fk', columns: [t.whsId, t.zoneId], foreignColumns: [zones.whsId, zones.zoneId] }),
  foreignKey({ name: 'cells_pathway_fk', columns: [t.whsId, t.pathwayId], foreignColumns: [pathways.whsId, pathways.pathwayId] }),
  foreignKey({ name: 'cells_storey_fk', columns: [t.whsId, t.storeyId], foreignColumns: [storeys.whsId, storeys.storeyId] }),
  index('cells_zone_idx').on(t.whsId, t.zoneId, t.locationCode),
  index('cells_pathway_idx').on(t.whsId, t.pathwayId, t.locationCode),
  index('cells_status_idx').on(t.whsId, t.status, t.locationCode),
  index('cells_occupancy_idx').on(t.whsId, t.occupancy, t.locationCode),
  index('cells_abc_idx').on(t.whsId, t.abcClass, t.locationCode),
  index('cells_temperature_idx').on(t.whsId, t.temperatureZone, t.locationCode),
  index('cells_storey_idx').on(t.whsId, t.storeyId),
  locationStatusCheck(t.status),
  check('cells_occupancy_ck', sql`${t.occupancy} between 1 and 3`),
  check('cells_abc_class_ck', sql`${t.abcClass} between 0 and 5`),
  check('cells_temperature_zone_ck', sql`${t.temperatureZone} between 0 and 4`),
  check('cells_storage_area_ck', sql`${t.storageArea} between 1 and 3`),
  check('cells_rack_type_ck', sql`${t.rackType} between 1 and 6`),
  check('cells_unit_type_ck', sql`${t.unitType} in ('pallet', 'case', 'bulk')`),
]);

/** The staging-location tables (staging-location.resource.ts): one per Storage Area Setting tab, alike. */
const stagingTable = (name: string) => pgTable(name, {
  whsId: warehouseRef(),
  locationCode: text('location_code').notNull(),
  stagingType: smallint('staging_type').notNull(),
  status: status(),
  capacity: integer('capacity'),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.locationCode),
  index(`${name}_type_idx`).on(t.whsId, t.stagingType, t.locationCode),
  locationStatusCheck(t.status),
]);

export const inboundStagingLocations = stagingTable('inbound_staging_locations');
export const outboundStagingLocations = stagingTable('outbound_staging_locations');
export const rtStagingLocations = stagingTable('rt_staging_locations');

// ---- SKUs and SKU mapping ----

/** SKU items of a warehouse (shared/resources/sku.resource.ts): columns named as its fields. */
export const skus = pgTable('skus', {
  whsId: warehouseRef(),
  skuId: text('sku_id').notNull(),
  skuName: text('sku_name').notNull(),
  barcode: text('barcode'),
  category: text('category'),
  unit: text('unit').notNull().default('pcs'),
  sellingType: smallint('selling_type'),
  saleStatus: smallint('sale_status'),
  abcClass: smallint('abc_class'),
  temperatureZone: smallint('temperature_zone'),
  isBulky: smallint('is_bulky').notNull().default(0),
  isHighValue: smallint('is_high_value').notNull().default(0),
  /** What one unit is worth, in whole units of the warehouse's currency: the ABC value basis and the high value rules read it. */
  unitValue: integer('unit_value'),
  lengthMm: integer('length_mm'),
  widthMm: integer('width_mm'),
  heightMm: integer('height_mm'),
  weightG: integer('weight_g'),
  shelfLifeDays: integer('shelf_life_days'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.skuId),
  index('skus_name_idx').on(t.whsId, t.skuName),
  index('skus_barcode_idx').on(t.whsId, t.barcode),
  index('skus_weight_idx').on(t.whsId, t.weightG),
  index('skus_shelf_life_idx').on(t.whsId, t.shelfLifeDays),
  check('skus_flags_ck', sql`${t.isBulky} in (0, 1) and ${t.isHighValue} in (0, 1)`),
  check('skus_unit_value_ck', sql`${t.unitValue} >= 0`),
  trigramIndex(t.skuName),
  trigramIndex(t.category),
]);

/** Seller mapping codes of a warehouse's SKUs (spec §7 get_sku_by_mapping_code). */
export const skuMappings = pgTable('sku_mappings', {
  whsId: whsId(),
  mappingCode: text('mapping_code').notNull(),
  skuId: text('sku_id').notNull(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.mappingCode),
  index('sku_mappings_sku_idx').on(t.whsId, t.skuId),
  foreignKey({ columns: [t.whsId, t.skuId], foreignColumns: [skus.whsId, skus.skuId] }),
]);

// ---- catalog: shops, merchants, docks, stations, categories ----

export const merchants = pgTable('merchants', {
  whsId: warehouseRef(),
  merchantId: text('merchant_id').notNull(),
  merchantName: text('merchant_name').notNull(),
  merchantType: smallint('merchant_type').notNull().default(1),
  country: text('country'),
  status: status(),
  contactName: text('contact_name'),
  contactEmail: text('contact_email'),
  phone: text('phone'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.merchantId),
  index('merchants_name_idx').on(t.whsId, t.merchantName),
  check('merchants_merchant_type_ck', sql`${t.merchantType} in (1, 2)`),
  activeStatusCheck(t.status),
  trigramIndex(t.merchantName),
]);

export const shopGroups = pgTable('shop_groups', {
  whsId: warehouseRef(),
  groupId: text('group_id').notNull(),
  groupName: text('group_name').notNull(),
  /** Shops in the group, kept by the shop handlers in the transaction that moves a shop. */
  shopCount: integer('shop_count').notNull().default(0),
  status: status(),
  description: text('description'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.groupId),
  activeStatusCheck(t.status),
  check('shop_groups_shop_count_ck', sql`${t.shopCount} >= 0`),
  index('shop_groups_group_name_idx').on(t.whsId, t.groupName),
  trigramIndex(t.groupName),
  index('shop_groups_shop_count_idx').on(t.whsId, t.shopCount),
]);

export const shops = pgTable('shops', {
  whsId: warehouseRef(),
  shopId: text('shop_id').notNull(),
  shopName: text('shop_name').notNull(),
  merchantId: text('merchant_id').notNull(),
  groupId: text('group_id'),
  shopType: smallint('shop_type').notNull().default(3),
  isCrossBorder: smallint('is_cross_border').notNull().default(0),
  status: status(),
  contactEmail: text('contact_email'),
  phone: text('phone'),
  remark: remark(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.shopId),
  index('shops_name_idx').on(t.whsId, t.shopName),
  index('shops_merchant_idx').on(t.whsId, t.merchantId),
  index('shops_group_idx').on(t.whsId, t.groupId),
  foreignKey({ columns: [t.whsId, t.merchantId], foreignColumns: [merchants.whsId, merchants.merchantId] }),
  foreignKey({ columns: [t.whsId, t.groupId], foreignColumns: [shopGroups.whsId, shopGroups.groupId] }),
  check('shops_shop_type_ck', sql`${t.shopType} in (1, 2, 3)`),
  check('shops_is_cross_border_ck', sql`${t.isCrossBorder} in (0, 1)`),
  activeStatusCheck(t.status),
  trigramIndex(t.shopName),
]);

/** SKU categories L1–L5 (spec §3), one tree per warehouse. */
export const categoryNodes = pgTable('category_nodes', {
  whsId: warehouseRef(),
  categoryId: text('category_id').notNull(),
  parentId: text('parent_id'),
  level: smallint('level').notNull(),
  categoryName: text('category_name').notNull(),
  /** Position among its siblings. */
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [
  whsPrimaryKey(t, t.categoryId),
  index('category_nodes_parent_idx').on(t.whsId, t.parentId),
  foreignKey({ name: 'category_nodes_parent_fk', columns: [t.whsId, t.parentId], foreignColumns: [t.whsId, t.categoryId] }),
  check('category_nodes_level_ck', sql`${t.level} between 1 and 5`),
  // Only L1 nodes are roots.
  check('category_nodes_root_ck', sql`(${t.level} = 1) = (${t.parentId} is null)`),
]);

export const docks = pgTable('docks', {
  whsId: warehouseRef(),
  dockCode: text('dock_code').notNull(),
  dockName: text('dock_name').notNull(),
  dockType: smallint('dock_type').notNull(),
  status: status(),
  zone: text('zone'),
  maxVehicles: integer('max_vehicles'),
  remark: remark(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.dockCode),
  index('docks_name_idx').on(t.whsId, t.dockName),
  index('docks_zone_idx').on(t.whsId, t.zone),
  check('docks_dock_type_ck', sql`${t.dockType} in (1, 2, 3)`),
  check('docks_status_ck', sql`${t.status} in (1, 2, 3)`),
  trigramIndex(t.dockName),
]);

export const stations = pgTable('stations', {
  whsId: warehouseRef(),
  stationId: text('station_id').notNull(),
  stationName: text('station_name').notNull(),
  stationType: smallint('station_type').notNull(),
  /** Checking stations only (spec §3 checking station modes). */
  checkingMode: smallint('checking_mode'),
  status: status(),
  /** Email of the user working at the station. */
  assignedUser: text('assigned_user'),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.stationId),
  index('stations_name_idx').on(t.whsId, t.stationName),
  index('stations_type_idx').on(t.whsId, t.stationType),
  check('stations_station_type_ck', sql`${t.stationType} between 1 and 7`),
  check('stations_checking_mode_ck', sql`(${t.stationType} = 1) = (${t.checkingMode} is not null) and (${t.checkingMode} is null or ${t.checkingMode} in (0, 1, 2))`),
  activeStatusCheck(t.status),
  trigramIndex(t.stationName),
  trigramIndex(t.assignedUser),
]);

/** What each station type records in a warehouse (Record Settings tab); types without a row use the defaults. */
export const stationRecordSettings = pgTable('station_record_settings', {
  whsId: warehouseRef(),
  stationType: smallint('station_type').notNull(),
  recordVideo: smallint('record_video').notNull(),
  recordPhoto: smallint('record_photo').notNull(),
  recordWeight: smallint('record_weight').notNull(),
  /** Checking and packing: the inner packaging (pouch, filler) and the outer one (box, pouch) are scanned, and taken from consumable stock. */
  scanInnerPackaging: smallint('scan_inner_packaging').notNull().default(0),
  scanOuterPackaging: smallint('scan_outer_packaging').notNull().default(0),
  videoMaxSeconds: integer('video_max_seconds').notNull(),
  retentionDays: integer('retention_days').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.stationType),
  check('station_record_settings_station_type_ck', sql`${t.stationType} between 1 and 7`),
  check('station_record_settings_flags_ck', sql`${t.recordVideo} in (0, 1) and ${t.recordPhoto} in (0, 1) and ${t.recordWeight} in (0, 1) and ${t.scanInnerPackaging} in (0, 1) and ${t.scanOuterPackaging} in (0, 1)`),
  check('station_record_settings_video_max_seconds_ck', sql`${t.videoMaxSeconds} between 10 and 600`),
  check('station_record_settings_retention_days_ck', sql`${t.retentionDays} between 1 and 365`),
]);
