import { STATION_TYPE } from '../codes';
import { z } from 'zod';
import { endpoint } from './define';
import { categoryNodeSchema } from '../resources/category.resource';
import { recordSettingSchema } from '../resources/station.resource';
import { derivePerm } from '../routes/derive';

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

/** The Record Settings tab is a settings form: its page permission reads and saves it. */
const RECORD_SETTINGS = derivePerm('/wmsbasic/stationManagement/recordSettings');
const recordSettings = z.object({ list: z.array(recordSettingSchema) });

export const stationContract = {
  getStationRecordSettings: endpoint({
    method: 'GET', path: '/apps/basic/station/get_record_settings', access: { perm: RECORD_SETTINGS },
    summary: 'What each station type of the warehouse records (video, photos, weight, clip length, retention), one entry per type.',
    input: z.object({}),
    output: recordSettings,
  }),
  updateStationRecordSettings: endpoint({
    method: 'POST', path: '/apps/basic/station/update_record_settings', access: { perm: RECORD_SETTINGS },
    summary: 'Saves the record settings of the station types listed (each type at most once); the others stay as they are. Answers every type.',
    input: z.object({ list: z.array(recordSettingSchema).min(1).max(STATION_TYPE.options.length) }),
    output: recordSettings,
  }),
} as const;

export const catalogContract = {
  ...categoryContract,
  ...stationContract,
} as const;
