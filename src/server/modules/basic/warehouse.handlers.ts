import { COUNTRIES, CURRENCY_BY_COUNTRY } from '../../../shared/constants';
import { WAREHOUSE_VIEW, type warehouseContract } from '../../../shared/contract/warehouse.contract';
import { timeZonesOf, warehouseResource } from '../../../shared/resources/warehouse.resource';
import { countryOfWarehouse, currencyOf, timeRegionOrDefault } from '../../../shared/warehouse';
import { roles, userWarehouses, warehouses } from '../../db/schema';
import { badInput } from '../../http/errors';
import { resourceHandlers, type ApiRow } from '../../http/resource-handlers';
import type { Handlers } from '../../http/register';
import { userPermissions } from '../system/access';
import { assertWarehouseAccess } from '../system/user-info';

type WarehouseHandlers = Handlers<typeof warehouseContract>;

/** Warehouse ids: letters and digits, stored upper-case (the demo ids, and what labels print). */
const WAREHOUSE_ID = /^[A-Z0-9]+$/;

/**
 * Checks across fields (spec §1, §3): a new id begins with one of the nine countries (its
 * country) and is upper-cased, so `sgsin2` and `SGSIN2` are one warehouse; the time zone is
 * one of the country's.
 */
function prepareWarehouse(values: ApiRow, current: ApiRow | null): ApiRow {
  const next = { ...values };
  if (!current) {
    const id = String(next.whs_id).toUpperCase();
    if (!WAREHOUSE_ID.test(id)) throw badInput('whs_id', 'use letters and digits only');
    if (!(COUNTRIES as readonly string[]).includes(countryOfWarehouse(id))) {
      throw badInput('whs_id', `must begin with its country code: ${COUNTRIES.join(', ')}`);
    }
    next.whs_id = id;
  }
  const country = current ? current.country : countryOfWarehouse(String(next.whs_id));
  const zones = timeZonesOf(country);
  if (next.time_region !== undefined && !zones.includes(String(next.time_region))) {
    throw badInput('time_region', `${String(next.time_region)} is not a time zone of ${String(country ?? '-')}; choose one of ${zones.join(', ') || '-'}`);
  }
  return next;
}

/**
 * A new warehouse is usable at once: it gets an Administrator role holding every permission,
 * and its creator (unless a super admin, who sees every warehouse already) joins it in that role,
 * so it shows in their warehouse switcher. Other roles are made on the role pages.
 */
const warehouse = resourceHandlers(warehouseResource, warehouses, {
  prepare: prepareWarehouse,
  async afterCreate(row, tx, { session }) {
    const whsId = String(row.whs_id);
    const [admin] = await tx.insert(roles).values({ whsId, roleName: 'Administrator', allPermissions: true }).returning();
    if (admin && !session.isSuperAdmin) await tx.insert(userWarehouses).values({ whsId, userId: session.userId, roleId: admin.roleId });
  },
});

export const warehouseHandlers: WarehouseHandlers = {
  searchWarehouse: warehouse.list as WarehouseHandlers['searchWarehouse'],
  createWarehouse: warehouse.create as WarehouseHandlers['createWarehouse'],
  updateWarehouse: warehouse.update as WarehouseHandlers['updateWarehouse'],

  async getWarehouseDetail(input, ctx) {
    const { db, session } = ctx;
    const whsId = input.whs_id ?? session.whsId;
    // Members read their warehouses (the shell, at session start); the warehouse pages read any.
    if (whsId !== session.whsId && !(await userPermissions(db, session.userId, session.whsId)).has(WAREHOUSE_VIEW)) {
      await assertWarehouseAccess(db, session, whsId);
    }
    const row = await warehouse.detail({ whs_id: whsId }, ctx) as Awaited<ReturnType<WarehouseHandlers['searchWarehouse']>>['list'][number];
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
