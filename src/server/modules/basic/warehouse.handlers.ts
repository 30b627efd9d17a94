import { COUNTRIES, CURRENCY_BY_COUNTRY } from '../../../shared/constants';
import { WAREHOUSE_VIEW, type warehouseContract } from '../../../shared/contract/warehouse.contract';
import { timeZonesOf, warehouseResource } from '../../../shared/resources/warehouse.resource';
import { countryOfWarehouse, currencyOf, timeRegionOrDefault } from '../../../shared/warehouse';
import type { Handlers } from '../../http/register';
import { handlersOf } from '../resources';
import { assertHoldsIn } from '../../common/access';

type WarehouseHandlers = Handlers<typeof warehouseContract>;

export const warehouseHandlers: WarehouseHandlers = {
  async getWarehouseDetail(input, ctx) {
    const { db, session } = ctx;
    const whsId = input.whs_id ?? session.whsId;
    // Members read the session's warehouse (the shell); another, holders of the warehouse pages' permission there.
    if (whsId !== session.whsId) await assertHoldsIn(db, session, whsId, WAREHOUSE_VIEW);
    const row = await handlersOf(warehouseResource).detail({ whs_id: whsId }, ctx);
    // What the shell reads is never empty: the id's letters as country, the default time zone (spec §8).
    return {
      ...row,
      whs_id: whsId,
      whs_name: row.whs_name ?? whsId,
      country: row.country ?? countryOfWarehouse(whsId),
      time_region: timeRegionOrDefault(row.time_region),
      currency: currencyOf(whsId) ?? '',
    };
  },

  async getCountryList() {
    return { list: COUNTRIES.map((country) => ({ country, currency: CURRENCY_BY_COUNTRY[country] ?? '', time_zones: [...timeZonesOf(country)] })) };
  },
};
