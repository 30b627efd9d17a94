import { COUNTRIES } from '../../../shared/constants';
import { timeZonesOf } from '../../../shared/resources/warehouse.resource';
import { countryOfWarehouse } from '../../../shared/warehouse';
import { roles, userWarehouses } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';

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
export const warehouseHooks: ResourceHooks = {
  prepare: prepareWarehouse,
  async afterCreate(row, tx, { session }) {
    const whsId = String(row.whs_id);
    const [admin] = await tx.insert(roles).values({ whsId, roleName: 'Administrator', allPermissions: true }).returning();
    if (admin && !session.isSuperAdmin) await tx.insert(userWarehouses).values({ whsId, userId: session.userId, roleId: admin.roleId });
  },
};
