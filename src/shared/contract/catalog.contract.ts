import { STATION_TYPE } from '../codes';
import { z } from 'zod';
import { endpoint } from './define';
import { categoryNodeSchema } from '../resources/category.resource';
import { dockResource } from '../resources/dock.resource';
import { resourceEndpoints } from '../resources/endpoints';
import { merchantResource } from '../resources/merchant.resource';
import { shopGroupResource, shopResource } from '../resources/shop.resource';
import { recordSettingSchema, stationResource } from '../resources/station.resource';
import { derivePerm } from '../routes/derive';

/**
 * The catalog of WMS Basic (spec §2): shops and shop groups, merchants, the SKU category tree,
 * docks and stations. Each call needs the permission of the page that makes it; a detail page
 * shares its list's View permission, create and edit pages have their own (PC.WMSBasic.Shop.Create/Edit).
 */

const SHOP_VIEW = derivePerm('/wmsbasic/shop');
const SHOP_GROUP_VIEW = derivePerm('/wmsbasic/shop/group');

const shopApi = resourceEndpoints(shopResource, {
  list: { path: '/apps/basic/shop/search_shop', perm: SHOP_VIEW },
  detail: { path: '/apps/basic/shop/get_shop_detail', perm: SHOP_VIEW },
  create: { path: '/apps/basic/shop/create_shop', perm: derivePerm('/wmsbasic/shop/create') },
  update: { path: '/apps/basic/shop/update_shop', perm: derivePerm('/wmsbasic/shop/$id/edit') },
});
const shopGroupApi = resourceEndpoints(shopGroupResource, {
  list: { path: '/apps/basic/shop/search_shop_group', perm: SHOP_GROUP_VIEW },
  detail: { path: '/apps/basic/shop/get_shop_group_detail', perm: SHOP_GROUP_VIEW },
});

export const shopContract = {
  searchShop: shopApi.list,
  getShopDetail: shopApi.detail,
  createShop: shopApi.create,
  updateShop: shopApi.update,
  searchShopGroup: shopGroupApi.list,
  getShopGroupDetail: shopGroupApi.detail,
  getShopOptions: endpoint({
    method: 'GET', path: '/apps/basic/shop/get_shop_options', access: { perm: SHOP_VIEW },
    summary: 'The active merchants and shop groups of the warehouse a shop may name (the choices of the shop form), by id.',
    input: z.object({}),
    output: z.object({
      merchants: z.array(z.object({ merchant_id: z.string(), merchant_name: z.string() })),
      groups: z.array(z.object({ group_id: z.string(), group_name: z.string() })),
    }),
  }),
} as const;

const MERCHANT_VIEW = derivePerm('/wmsbasic/merchant');
const merchantApi = resourceEndpoints(merchantResource, {
  list: { path: '/apps/basic/merchant/search_merchant', perm: MERCHANT_VIEW },
  detail: { path: '/apps/basic/merchant/get_merchant_detail', perm: MERCHANT_VIEW },
});

export const merchantContract = {
  searchMerchant: merchantApi.list,
  getMerchantDetail: merchantApi.detail,
} as const;

export const categoryContract = {
  getCategoryTree: endpoint({
    method: 'GET', path: '/apps/basic/category/get_category_tree', access: { perm: derivePerm('/wmsbasic/categoryTree') },
    summary: 'Every SKU category node (L1–L5) of the warehouse, flat: parents before children, siblings in display order.',
    input: z.object({}),
    output: z.object({ list: z.array(categoryNodeSchema) }),
  }),
} as const;

const DOCK_VIEW = derivePerm('/wmsbasic/dockmanagement');
const dockApi = resourceEndpoints(dockResource, {
  list: { path: '/apps/basic/dock/search_dock', perm: DOCK_VIEW },
  detail: { path: '/apps/basic/dock/get_dock_detail', perm: DOCK_VIEW },
});

export const dockContract = {
  searchDock: dockApi.list,
  getDockDetail: dockApi.detail,
} as const;

const STATION_VIEW = derivePerm('/wmsbasic/stationManagement');
/** The Record Settings tab is a settings form: its page permission reads and saves it. */
const RECORD_SETTINGS = derivePerm('/wmsbasic/stationManagement/recordSettings');
const stationApi = resourceEndpoints(stationResource, {
  list: { path: '/apps/basic/station/search_station', perm: STATION_VIEW },
  detail: { path: '/apps/basic/station/get_station_detail', perm: STATION_VIEW },
});
const recordSettings = z.object({ list: z.array(recordSettingSchema) });

export const stationContract = {
  searchStation: stationApi.list,
  getStationDetail: stationApi.detail,
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
  ...shopContract,
  ...merchantContract,
  ...categoryContract,
  ...dockContract,
  ...stationContract,
} as const;
