import { STATION_TYPE } from '../codes';
import { z } from 'zod';
import { endpoint } from './define';
import { categoryNodeSchema } from '../resources/category.resource';
import { RECORD_LIMITS, type StationType } from '../resources/station.resource';
import { derivePerm, pageActionPerm } from '../routes/derive';

/**
 * Calls of the WMS Basic catalog (spec §2) beyond its resources' own list, detail, create and edit
 * (shops, shop groups, merchants, docks, stations: resources/*.resource.ts): the SKU category
 * tree and the stations' record settings. Each needs the permission of
 * the page that makes it.
 */

export const categoryContract = {
  getCategoryTree: endpoint({
    method: 'GET', path: '/apps/basic/category/get_category_tree', access: { perm: derivePerm('/wmsbasic/categoryTree') },
    summary: 'Every SKU category node (L1–L5) of the warehouse, flat: parents before children, siblings in display order.',
    input: z.object({}),
    output: z.object({ list: z.array(categoryNodeSchema) }),
  }),
} as const;

const flag = z.literal([0, 1]);

/**
 * What a station of one type records while an operator works at it (Record Settings tab): a
 * video of the work (packing evidence for buyer disputes), photos of the items, the parcel
 * weight, how long a clip may run and how long recordings are kept.
 */
export const recordSettingSchema = z.object({
  station_type: z.literal(STATION_TYPE.options.map((o) => o.value) as [StationType, ...StationType[]]),
  record_video: flag,
  record_photo: flag,
  record_weight: flag,
  /** Checking and packing stations: the inner packaging (pouch, filler) and the outer one (box, pouch) are scanned (taken from consumable stock). */
  scan_inner_packaging: flag.default(0),
  scan_outer_packaging: flag.default(0),
  video_max_seconds: z.number().int().min(RECORD_LIMITS.videoSeconds.min).max(RECORD_LIMITS.videoSeconds.max),
  retention_days: z.number().int().min(RECORD_LIMITS.retentionDays.min).max(RECORD_LIMITS.retentionDays.max),
});
export type RecordSetting = z.infer<typeof recordSettingSchema>;

/** The Record Settings tab is a settings form: its page permission reads it, its Edit permission saves it. */
const RECORD_SETTINGS_PAGE = '/wmsbasic/stationManagement/recordSettings';
const RECORD_SETTINGS = derivePerm(RECORD_SETTINGS_PAGE);
const recordSettings = z.object({ list: z.array(recordSettingSchema) });

export const stationContract = {
  getStationRecordSettings: endpoint({
    method: 'GET', path: '/apps/basic/station/get_record_settings', access: { perm: RECORD_SETTINGS },
    summary: 'What each station type of the warehouse records (video, photos, weight, clip length, retention), one entry per type.',
    input: z.object({}),
    output: recordSettings,
  }),
  updateStationRecordSettings: endpoint({
    method: 'POST', path: '/apps/basic/station/update_record_settings', access: { perm: pageActionPerm(RECORD_SETTINGS_PAGE, 'Edit') },
    summary: 'Saves the record settings of the station types listed (each type at most once); the others stay as they are. Answers every type.',
    input: z.object({ list: z.array(recordSettingSchema).min(1).max(STATION_TYPE.options.length) }),
    output: recordSettings,
  }),
} as const;

export const catalogContract = {
  ...categoryContract,
  ...stationContract,
} as const;
