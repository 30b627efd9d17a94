import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The root of every warehouse-scoped table: they reference it through columns.ts `warehouseRef`.
 * Written without those helpers, since their file imports this one.
 */

/** Warehouses (shared/resources/warehouse.resource.ts); 0004_warehouse_forms added country and is_rms. */
export const warehouses = pgTable('warehouses', {
  whsId: text('whs_id').primaryKey(),
  whsName: text('whs_name').notNull(),
  whsNo: text('whs_no').notNull().default(''),
  /** IANA zone; a missing or unknown one reads as Asia/Shanghai (spec §3/§8). */
  timeRegion: text('time_region').default('Asia/Shanghai'),
  isUseChannel: boolean('is_use_channel').notNull().default(false),
  quotaMode: smallint('quota_mode').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The id's first two letters when they are one of the nine countries (spec §1), else null. */
  country: text('country').generatedAlwaysAs(sql`case when upper(left(whs_id, 2)) in ('CN', 'ID', 'MY', 'PH', 'SG', 'SZ', 'TH', 'TW', 'VN') then upper(left(whs_id, 2)) end`),
  /** The id begins with vn, any case (spec §1). */
  isRms: boolean('is_rms').generatedAlwaysAs(sql`lower(whs_id) like 'vn%'`),
}, (t) => [
  check('warehouses_quota_mode_ck', sql`${t.quotaMode} in (0, 1)`),
  index('warehouses_whs_name_idx').on(t.whsName),
  index('warehouses_whs_name_trgm_idx').using('gin', t.whsName.op('gin_trgm_ops')),
  index('warehouses_created_at_idx').on(t.createdAt),
]);
