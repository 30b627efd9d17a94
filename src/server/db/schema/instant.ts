import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { activeStatusCheck, createdAt, status, timestamptz, trigramIndex, updatedAt, warehouseRef, whsPrimaryKey } from './columns';
import { parcels } from './outbound';
import { users } from './system';

// Instant delivery (spec §2 /salesoutbound/instantDelivery): docs/outbound.md "Instant delivery".

/** The warehouse's instant delivery configuration: one row, written when first saved (defaults until then). */
export const instantDeliveryConfigs = pgTable('instant_delivery_configs', {
  whsId: warehouseRef().primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  /** The instant carriers, comma-separated in the order given. */
  carrierNames: text('carrier_names').notNull().default(''),
  /** HH:mm on the warehouse's clock; null: no cut-off. */
  cutoffTime: text('cutoff_time'),
  alertMinutes: integer('alert_minutes').notNull().default(30),
  updatedBy: integer('updated_by').references(() => users.userId),
  updatedAt: updatedAt(),
}, (t) => [
  check('instant_delivery_configs_alert_ck', sql`${t.alertMinutes} between 1 and 1440`),
  check('instant_delivery_configs_cutoff_ck', sql`${t.cutoffTime} is null or ${t.cutoffTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
]);

/** Delivery zones: an instant order's zone is resolved from its receiver's address (shared/instant-delivery.ts resolveZone). */
export const instantZoneCodes = pgTable('instant_zone_codes', {
  whsId: warehouseRef(),
  zoneCode: text('zone_code').notNull(),
  zoneName: text('zone_name').notNull(),
  /** Postcode prefixes, comma-separated (the longest matching prefix wins). */
  postcodePrefixes: text('postcode_prefixes').notNull().default(''),
  /** Districts or keywords of the address, comma-separated (when no prefix matches). */
  keywords: text('keywords').notNull().default(''),
  /** ACTIVE_STATUS. */
  status: status(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.zoneCode),
  trigramIndex(t.zoneName),
  trigramIndex(t.postcodePrefixes),
  trigramIndex(t.keywords),
  index('instant_zone_codes_name_idx').on(t.whsId, t.zoneName),
  index('instant_zone_codes_created_at_idx').on(t.whsId, t.createdAt),
  activeStatusCheck(t.status),
]);

/**
 * Pigeonholes near the dock, each for one delivery zone: a fixed shelf place that holds up to
 * `capacity` parcels, not a container (no stock, no slots, never moves): a table of its own.
 */
export const pigeonholes = pgTable('pigeonholes', {
  whsId: warehouseRef(),
  pigeonholeCode: text('pigeonhole_code').notNull(),
  zoneCode: text('zone_code').notNull(),
  capacity: integer('capacity').notNull(),
  /** ACTIVE_STATUS: an inactive pigeonhole takes no new parcel. */
  status: status(),
  createdAt: createdAt(),
}, (t) => [
  whsPrimaryKey(t, t.pigeonholeCode),
  foreignKey({ name: 'pigeonholes_zone_fk', columns: [t.whsId, t.zoneCode], foreignColumns: [instantZoneCodes.whsId, instantZoneCodes.zoneCode] }),
  index('pigeonholes_zone_idx').on(t.whsId, t.zoneCode),
  check('pigeonholes_capacity_ck', sql`${t.capacity} between 1 and 999`),
  activeStatusCheck(t.status),
]);

/** The parcels waiting in pigeonholes: a row from placement until the parcel is loaded onto a handover. */
export const pigeonholeParcels = pgTable('pigeonhole_parcels', {
  whsId: warehouseRef(),
  trackingNo: text('tracking_no').notNull(),
  pigeonholeCode: text('pigeonhole_code').notNull(),
  orderNo: text('order_no').notNull(),
  placedBy: integer('placed_by').references(() => users.userId),
  opId: uuid('op_id'),
  placedAt: timestamptz('placed_at').notNull().defaultNow(),
}, (t) => [
  whsPrimaryKey(t, t.trackingNo),
  foreignKey({ name: 'pigeonhole_parcels_parcel_fk', columns: [t.whsId, t.trackingNo], foreignColumns: [parcels.whsId, parcels.trackingNo] }),
  foreignKey({ name: 'pigeonhole_parcels_pigeonhole_fk', columns: [t.whsId, t.pigeonholeCode], foreignColumns: [pigeonholes.whsId, pigeonholes.pigeonholeCode] }),
  index('pigeonhole_parcels_pigeonhole_idx').on(t.whsId, t.pigeonholeCode),
  index('pigeonhole_parcels_order_idx').on(t.whsId, t.orderNo),
]);
