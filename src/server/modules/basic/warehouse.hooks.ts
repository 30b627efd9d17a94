import { and, eq, inArray } from 'drizzle-orm';
import { COUNTRIES } from '../../../shared/constants';
import { WAREHOUSE_VIEW } from '../../../shared/contract/warehouse.contract';
import { ALL_PERMISSIONS } from '../../../shared/permissions';
import { INBOUND_STAGING_TYPE } from '../../../shared/resources/location-codes';
import { resourcesContract } from '../../../shared/resources/registry-contract';
import { ROLE_NAME_MAX } from '../../../shared/resources/role.resource';
import { timeZonesOf } from '../../../shared/resources/warehouse.resource';
import { countryOfWarehouse } from '../../../shared/warehouse';
import { inboundStagingLocations, parks, rolePermissions, roles, userWarehouses, warehouses, zoneClusters } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { SessionInfo } from '../../http/session';
import type { Tx } from '../../db/client';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';
import { assertHoldsIn, permissionOf, userPermissions, warehousesHolding } from '../../common/access';

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

/** What editing a warehouse needs, in that warehouse. */
const WAREHOUSE_EDIT = permissionOf(resourcesContract.updateWarehouse);
const ADMINISTRATOR = 'Administrator';

/**
 * The role the creator of a new warehouse joins it in: what they hold in the warehouse they made it
 * from, no more — Administrator when that is every permission, else a role granting exactly their
 * permissions there, named after their role there ("Supervisor (SGSIN1)").
 */
async function creatorRole(tx: Tx, whsId: string, session: Pick<SessionInfo, 'userId' | 'whsId'>, administratorId: number): Promise<number> {
  // Read in the create's transaction: on PGlite a read beside it would wait for it forever.
  const held = await userPermissions(tx, session.userId, session.whsId);
  const perms = ALL_PERMISSIONS.filter((perm) => held.has(perm));
  if (perms.length === ALL_PERMISSIONS.length) return administratorId;
  const [own] = await tx.select({ roleName: roles.roleName }).from(userWarehouses)
    .innerJoin(roles, and(eq(roles.whsId, userWarehouses.whsId), eq(roles.roleId, userWarehouses.roleId)))
    .where(and(eq(userWarehouses.whsId, session.whsId), eq(userWarehouses.userId, session.userId)));
  const from = ` (${session.whsId})`;
  const roleName = `${(own?.roleName ?? 'Creator').slice(0, ROLE_NAME_MAX - from.length)}${from}`;
  const [role] = await tx.insert(roles).values({ whsId, roleName }).returning({ roleId: roles.roleId });
  if (perms.length > 0) await tx.insert(rolePermissions).values(perms.map((perm) => ({ whsId, roleId: role!.roleId, perm })));
  return role!.roleId;
}

/**
 * Warehouses are not scoped to one warehouse, so what a user may do with one is checked in it:
 * the list (and its export) shows the warehouses where the viewer holds the list's permission (a
 * super admin: all); editing needs the edit permission in the warehouse edited, whether or not
 * it exists (-100403). The detail: warehouse.handlers.ts.
 *
 * A new warehouse is usable at once: it gets an Administrator role holding every permission, and
 * its creator (unless a super admin, who sees every warehouse already) joins it, with no more than
 * they hold where they made it from (creatorRole), so it shows in their warehouse switcher; and it
 * gets NEW_WAREHOUSE_LAYOUT. Other roles are made on the role pages.
 */
export const warehouseHooks: ResourceHooks = {
  prepare: prepareWarehouse,
  async visibleTo(db, viewer) {
    const visible = await warehousesHolding(db, viewer.userId, WAREHOUSE_VIEW);
    return visible === null ? undefined : inArray(warehouses.whsId, visible.length > 0 ? visible : ['']);
  },
  beforeUpdate: (key, { db, session }) => assertHoldsIn(db, session, key, WAREHOUSE_EDIT),
  async afterCreate(row, tx, { session }) {
    const whsId = String(row.whs_id);
    const [admin] = await tx.insert(roles).values({ whsId, roleName: ADMINISTRATOR, allPermissions: true }).returning();
    if (!session.isSuperAdmin) await tx.insert(userWarehouses).values({ whsId, userId: session.userId, roleId: await creatorRole(tx, whsId, session, admin!.roleId) });
    const { park, zoneCluster, inboundStaging } = NEW_WAREHOUSE_LAYOUT;
    await tx.insert(parks).values({ whsId, ...park });
    await tx.insert(zoneClusters).values({ whsId, ...zoneCluster });
    await tx.insert(inboundStagingLocations).values(inboundStaging.map((location) => ({ whsId, ...location })));
  },
};
