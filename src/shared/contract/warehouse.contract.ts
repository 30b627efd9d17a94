import { z } from 'zod';
import { COUNTRIES } from '../constants';
import { resourceEndpoints } from '../resources/endpoints';
import { warehouseResource } from '../resources/warehouse.resource';
import { derivePerm } from '../routes/derive';
import { endpoint } from './define';
import { whsId } from './session.contract';

/** The View permission of /wmsbasic/warehouse: its list and detail pages share it. */
export const WAREHOUSE_VIEW = derivePerm('/wmsbasic/warehouse');

const warehouseApi = resourceEndpoints(warehouseResource, {
  list: { path: '/apps/basic/location/search_warehouse', perm: WAREHOUSE_VIEW },
  detail: { path: '/apps/basic/location/get_warehouse_detail', perm: WAREHOUSE_VIEW },
  create: { path: '/apps/basic/location/create_warehouse', perm: derivePerm('/wmsbasic/warehouse/create') },
  // Spec §7: update_warehouse is a GET with params; it still changes state, so it needs the CSRF header.
  update: { path: '/apps/basic/location/update_warehouse', perm: derivePerm('/wmsbasic/warehouse/edit'), method: 'GET' },
});

/**
 * A warehouse's detail (spec §3): its row — the id, name, country (the id's first two letters) and
 * time zone (Asia/Shanghai when missing or unknown, spec §8) never empty — and the currency of
 * its country ('' where spec §9 lists none).
 */
export const warehouseDetail = warehouseApi.detail.output.extend({
  whs_id: z.string(), whs_name: z.string(), country: z.string(), time_region: z.string(), currency: z.string(),
});
export type WarehouseDetail = z.infer<typeof warehouseDetail>;

export const warehouseContract = {
  searchWarehouse: warehouseApi.list,
  /**
   * One endpoint for the shell (session start reads the current warehouse: any member) and the
   * warehouse detail page (holders of the page's permission read any warehouse).
   */
  getWarehouseDetail: {
    ...warehouseApi.detail,
    access: 'session',
    offlineRead: true,
    summary: 'Detail of a warehouse (defaults to the current one): members read theirs, holders of the warehouse page permission any; -100403 otherwise.',
    input: z.object({ whs_id: whsId.optional() }),
    output: warehouseDetail,
  },
  createWarehouse: warehouseApi.create,
  updateWarehouse: warehouseApi.update,
  getCountryList: endpoint({
    method: 'GET', path: '/apps/basic/location/get_country_list', access: 'session', offlineRead: true,
    summary: 'The nine countries (spec §1) with their currency (spec §9, \'\' where none) and the time zones a warehouse there may use, the first its default.',
    input: z.object({}),
    output: z.object({
      list: z.array(z.object({ country: z.enum(COUNTRIES), currency: z.string(), time_zones: z.array(z.string()) })),
    }),
  }),
} as const;
