import { z } from 'zod';
import { COUNTRIES } from '../constants';
import { rowSchema } from '../resources/schemas';
import { warehouseResource } from '../resources/warehouse.resource';
import { derivePerm } from '../routes/derive';
import { endpoint } from './define';
import { whsId } from './session.contract';

/** The View permission of /wmsbasic/warehouse: its list and detail pages share it. */
export const WAREHOUSE_VIEW = derivePerm('/wmsbasic/warehouse');

/**
 * A warehouse's detail (spec §3): its row — the id, name, country (the id's first two letters) and
 * time zone (Asia/Shanghai when missing or unknown, spec §8) never empty — and the currency of
 * its country ('' where spec §9 lists none).
 */
export const warehouseDetail = rowSchema(warehouseResource).extend({
  whs_id: z.string(), whs_name: z.string(), country: z.string(), time_region: z.string(), currency: z.string(),
});
export type WarehouseDetail = z.infer<typeof warehouseDetail>;

/** Warehouse calls beyond the warehouse resource's list, create and edit (resources/warehouse.resource.ts). */
export const warehouseContract = {
  /**
   * One endpoint for the shell (session start reads the current warehouse: any member) and the
   * warehouse detail page (another warehouse: holders of the page's permission in that warehouse).
   */
  getWarehouseDetail: endpoint({
    method: 'GET', path: '/apps/basic/location/get_warehouse_detail', access: 'session', offlineRead: true,
    summary: 'Detail of a warehouse (defaults to the current one, which any member reads); another warehouse needs the warehouse page permission there: -100403 otherwise, whether or not it exists.',
    input: z.object({ whs_id: whsId.optional() }),
    output: warehouseDetail,
  }),
  getCountryList: endpoint({
    method: 'GET', path: '/apps/basic/location/get_country_list', access: 'session', offlineRead: true,
    summary: 'The nine countries (spec §1) with their currency (spec §9, \'\' where none) and the time zones a warehouse there may use, the first its default.',
    input: z.object({}),
    output: z.object({
      list: z.array(z.object({ country: z.enum(COUNTRIES), currency: z.string(), time_zones: z.array(z.string()) })),
    }),
  }),
} as const;
