import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, serial, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { activeStatusCheck, createdAt, remark, status, timestamptz, trigramIndex, warehouseRef, whsPrimaryKey } from './columns';
import { docks } from './basic';
import { users } from './system';

// Shipping handover and the shipping rules (spec §2 /salesoutbound/shipping, groupshipping, Rule Center › Shipping Rule): docs/outbound.md "Shipping".

/**
 * Shipping handovers: parcels loaded at a dock and handed to a carrier's driver, one by one
 * (courier) or grouped on a pallet or in a bag (group shipping). The device that opens one names it
 * (`shipping_no`), so a handover opens offline; parcels point at it (`parcels.shipping_no`).
 */
export const shippingHandovers = pgTable('shipping_handovers', {
  whsId: warehouseRef(),
  shippingNo: text('shipping_no').notNull(),
  /** HANDOVER_KIND: courier 1, pallet 2, bag 3, instant rider 4. */
  kind: smallint('kind').notNull(),
  /** HANDOVER_STATUS: loading 1, shipped 2. */
  status: status(),
  carrierName: text('carrier_name').notNull(),
  dockCode: text('dock_code'),
  vehicleNo: text('vehicle_no'),
  driverName: text('driver_name'),
  /** The pallet or bag code of a group. */
  groupCode: text('group_code'),
  /** The one master AWB of a group whose carrier takes one AWB per group (one AWB rule), issued when it ships. */
  masterAwb: text('master_awb'),
  /** An instant rider's pickup: the carrier's booking number and the rider's phone (the plate is `vehicle_no`, the rider `driver_name`). */
  bookingNo: text('booking_no'),
  riderPhone: text('rider_phone'),
  /**
   * Where the vehicle goes, set by the first parcel loaded: true straight to the line haul (the bypass
   * TWS rule takes that parcel), false to the transit warehouse's sorting; null while empty.
   */
  lineHaul: boolean('line_haul'),
  parcelCount: integer('parcel_count').notNull().default(0),
  qty: integer('qty').notNull().default(0),
  /** The op that opened it (the device's number is kept once). */
  opId: uuid('op_id'),
  openedBy: integer('opened_by').references(() => users.userId),
  closedBy: integer('closed_by').references(() => users.userId),
  createdAt: createdAt(),
  closedAt: timestamptz('closed_at'),
}, (t) => [
  whsPrimaryKey(t, t.shippingNo),
  foreignKey({ name: 'shipping_handovers_dock_fk', columns: [t.whsId, t.dockCode], foreignColumns: [docks.whsId, docks.dockCode] }),
  // A pallet or bag carries one group at a time.
  uniqueIndex('shipping_handovers_group_uq').on(t.whsId, t.groupCode).where(sql`status = 1 and group_code is not null`),
  index('shipping_handovers_created_at_idx').on(t.whsId, t.createdAt),
  index('shipping_handovers_carrier_idx').on(t.whsId, t.carrierName),
  check('shipping_handovers_kind_ck', sql`${t.kind} in (1, 2, 3, 4)`),
  check('shipping_handovers_status_ck', sql`${t.status} in (1, 2)`),
  check('shipping_handovers_group_ck', sql`(${t.kind} in (2, 3)) = (${t.groupCode} is not null)`),
  check('shipping_handovers_booking_ck', sql`(${t.kind} = 4) = (${t.bookingNo} is not null)`),
  check('shipping_handovers_qty_ck', sql`${t.parcelCount} >= 0 and ${t.qty} >= 0`),
]);

const ruleColumns = () => ({
  whsId: warehouseRef(),
  ruleId: serial('rule_id').notNull(),
  carrierName: text('carrier_name').notNull(),
  /** ACTIVE_STATUS. */
  status: status(),
  remark: remark(),
  createdAt: createdAt(),
});

/** Group shipping rules: a carrier's parcels (of these shops; empty: any) ship by group, at most `max_parcels` a group. */
export const groupShippingRules = pgTable('group_shipping_rules', {
  ...ruleColumns(),
  /** Sorted comma-separated shop ids; empty: every shop. */
  shopIds: text('shop_ids').notNull().default(''),
  maxParcels: integer('max_parcels').notNull(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  index('group_shipping_rules_carrier_idx').on(t.whsId, t.carrierName),
  trigramIndex(t.shopIds),
  check('group_shipping_rules_max_ck', sql`${t.maxParcels} between 1 and 9999`),
  activeStatusCheck(t.status),
]);

/** One AWB rules: a carrier that takes one master AWB per group instead of each parcel's. */
export const oneAwbRules = pgTable('one_awb_rules', {
  ...ruleColumns(),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  index('one_awb_rules_carrier_idx').on(t.whsId, t.carrierName),
  activeStatusCheck(t.status),
]);

/** Bypass TWS rules: a carrier's parcels (of these shops; empty: any) go straight to the line haul, skipping the transit warehouse's sorting. */
export const bypassTwsRules = pgTable('bypass_tws_rules', {
  ...ruleColumns(),
  shopIds: text('shop_ids').notNull().default(''),
  /** The line haul they go to, printed on the manifest. */
  lineHaulName: text('line_haul_name'),
}, (t) => [
  whsPrimaryKey(t, t.ruleId),
  index('bypass_tws_rules_carrier_idx').on(t.whsId, t.carrierName),
  trigramIndex(t.shopIds),
  activeStatusCheck(t.status),
]);
