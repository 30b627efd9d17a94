import { COUNTRIES } from '../../../shared/constants';
import { INBOUND_STAGING_TYPE } from '../../../shared/resources/location-codes';
import { timeZonesOf } from '../../../shared/resources/warehouse.resource';
import { countryOfWarehouse } from '../../../shared/warehouse';
import { inboundStagingLocations, parks, roles, userWarehouses, zoneClusters } from '../../db/schema';
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
 * What every new warehouse starts with besides its roles: the locations that have no create page
 * (spec §2 lists parks, zone clusters and staging locations only) and that zones and receiving
 * need — one park with one zone cluster for its zones, and the inbound staging locations arriving,
 * QC, putaway (receiving puts units into a Putaway one) and dispute (return decisions hold units
 * there for the return order). Named as the demo warehouses' are.
 * The rest is made on the app's pages (docs/new-warehouse.md).
 */
export const NEW_WAREHOUSE_LAYOUT = {
  park: { parkId: 'P1', parkName: 'Main Building' },
  zoneCluster: { zoneClusterId: 'ZC-MAIN', zoneClusterName: 'Main', parkId: 'P1', zoneSectorId: 'SEC-1', zoneSectorName: 'Main' },
  inboundStaging: [
    { locationCode: 'IB-ARRIVING-01', stagingType: INBOUND_STAGING_TYPE.values.ARRIVING },
    { locationCode: 'IB-QC-01', stagingType: INBOUND_STAGING_TYPE.values.QC },
    { locationCode: 'IB-PUTAWAY-01', stagingType: INBOUND_STAGING_TYPE.values.PUTAWAY },
    { locationCode: 'IB-DISPUTE-01', stagingType: INBOUND_STAGING_TYPE.values.DISPUTE },
  ],
} as const;

/**
 * A new warehouse is usable at once: it gets an Administrator role holding every permission, and
 * its creator (unless a super admin, who sees every warehouse already) joins it in that role, so it
 * shows in their warehouse switcher; and it gets NEW_WAREHOUSE_LAYOUT. Other roles are made on the
 * role pages.
 */
export const warehouseHooks: ResourceHooks = {
  prepare: prepareWarehouse,
  async afterCreate(row, tx, { session }) {
    const whsId = String(row.whs_id);
    const [admin] = await tx.insert(roles).values({ whsId, roleName: 'Administrator', allPermissions: true }).returning();
    if (admin && !session.isSuperAdmin) await tx.insert(userWarehouses).values({ whsId, userId: session.userId, roleId: admin.roleId });
    const { park, zoneCluster, inboundStaging } = NEW_WAREHOUSE_LAYOUT;
    await tx.insert(parks).values({ whsId, ...park });
    await tx.insert(zoneClusters).values({ whsId, ...zoneCluster });
    await tx.insert(inboundStagingLocations).values(inboundStaging.map((location) => ({ whsId, ...location })));
  },
};
