import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, warehouseRef, whsId, whsPrimaryKey } from './columns';
import { users } from './system';

// Settings: system settings, module switch times, notification sounds, list templates and columns (server/modules/config).

/** System settings (spec §3 "System settings"): `whs_id` '' holds the default for every warehouse. */
export const confValues = pgTable('conf_values', {
  whsId: whsId(),
  confKey: text('conf_key').notNull(),
  confValue: text('conf_value').notNull(),
}, (t) => [whsPrimaryKey(t, t.confKey)]);

/** When each module of a warehouse moved to this system (spec §7 get_warehouse_switch_time). */
export const warehouseSwitchTimes = pgTable('warehouse_switch_times', {
  whsId: warehouseRef(),
  module: text('module').notNull(),
  switchTime: bigint('switch_time', { mode: 'number' }).notNull(),
}, (t) => [whsPrimaryKey(t, t.module)]);

/**
 * Notification sound settings (spec §3 "Sound config") per warehouse and device platform: one row
 * per node someone changed; a node without a row has the catalog's default.
 */
export const notificationSounds = pgTable('notification_sounds', {
  whsId: warehouseRef(),
  /** Device platform: PC 1, PDA 2. */
  platform: smallint('platform').notNull(),
  nodeName: text('node_name').notNull(),
  /** Open 1, Close 2. */
  soundType: smallint('sound_type').notNull(),
  clip: text('clip').notNull(),
  voice: smallint('voice').notNull(),
  updatedBy: integer('updated_by').notNull().references(() => users.userId),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.platform, t.nodeName),
  check('notification_sounds_platform_ck', sql`${t.platform} in (1, 2)`),
  check('notification_sounds_sound_type_ck', sql`${t.soundType} in (1, 2)`),
  check('notification_sounds_clip_ck', sql`${t.clip} in ('A', 'B', 'C')`),
  check('notification_sounds_voice_ck', sql`${t.voice} in (0, 1)`),
]);

/**
 * Saved list settings of a user in a warehouse (spec §3 "Saved filter template", §2 Bookmarks):
 * type 1 is the filter-select choice of a list (data: filter prop → shown), type 2 a bookmark
 * (data: the filter state). Rows are only ever read and changed by their own user.
 */
export const listTemplates = pgTable('list_templates', {
  whsId: warehouseRef(),
  templateId: serial('template_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.userId),
  /** Filter-select template 1, bookmark 2. */
  type: smallint('type').notNull(),
  /** The list's route (`/wmsbasic/supplier`). */
  urlPath: text('url_path').notNull(),
  /** Which filter set of the page, when it has more than one; '' otherwise. */
  keyName: text('key_name').notNull().default(''),
  /** Station number the template belongs to; '' when none. */
  station: text('station').notNull().default(''),
  templateName: text('template_name').notNull(),
  data: jsonb('data').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  whsPrimaryKey(t, t.templateId),
  // One filter-select choice per user, page, key and station; a repeated create replaces it.
  uniqueIndex('list_templates_filter_uq').on(t.whsId, t.userId, t.urlPath, t.keyName, t.station).where(sql`${t.type} = 1`),
  // Bookmark names are unique on a page, so the default name's free number is well defined.
  uniqueIndex('list_templates_bookmark_uq').on(t.whsId, t.userId, t.urlPath, t.keyName, t.templateName).where(sql`${t.type} = 2`),
  check('list_templates_type_ck', sql`${t.type} in (1, 2)`),
]);

/**
 * Column settings of a list (spec §7 paging header) per user and list path: a free object the
 * client reads back. Per user, not per warehouse: the same person wants the same columns everywhere.
 */
export const pagingHeaders = pgTable('paging_headers', {
  userId: integer('user_id').notNull().references(() => users.userId, { onDelete: 'cascade' }),
  urlPath: text('url_path').notNull(),
  header: jsonb('header').notNull(),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.urlPath] })]);
