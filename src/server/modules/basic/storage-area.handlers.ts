import { and, asc, eq, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { storageAreaContract } from '../../../shared/contract/storage-area.contract';
import { PARK_DATA_TYPE } from '../../../shared/contract/storage-area.contract';
import { LOCATION_STATUS } from '../../../shared/codes';
import { parks, zoneClusters, zones } from '../../db/schema';
import type { Handlers } from '../../http/register';
import { storeyHandlers } from './storey.handlers';

/** Storage Area Setting calls beyond the tabs' resources' own: the park-zone tree and the storey calls. */
export const storageAreaHandlers: Handlers<typeof storageAreaContract> = {
  async getParkZoneTree(input, { db, session }) {
    const live = (status: PgColumn) => ne(status, LOCATION_STATUS.values.DELETED);
    const [parkRows, clusterRows, zoneRows] = await Promise.all([
      db.select().from(parks).where(and(eq(parks.whsId, session.whsId), live(parks.status))).orderBy(asc(parks.parkId)),
      db.select().from(zoneClusters).where(and(eq(zoneClusters.whsId, session.whsId), live(zoneClusters.status)))
        .orderBy(asc(zoneClusters.zoneSectorId), asc(zoneClusters.zoneClusterId)),
      input.park_data_type === PARK_DATA_TYPE.TO_ZONES
        ? db.select({ zoneId: zones.zoneId, zoneName: zones.zoneName, zoneClusterId: zones.zoneClusterId }).from(zones)
          .where(and(eq(zones.whsId, session.whsId), live(zones.status))).orderBy(asc(zones.zoneId))
        : Promise.resolve([]),
    ]);
    return {
      list: parkRows.map((p) => {
        const sectors = new Map<string, { zone_sector_id: string; zone_sector_name: string; zone_cluster_list: { zone_cluster_id: string; zone_cluster_name: string; zone_list: { zone_id: string; zone_name: string }[] }[] }>();
        for (const c of clusterRows.filter((x) => x.parkId === p.parkId)) {
          const sector = sectors.get(c.zoneSectorId) ?? { zone_sector_id: c.zoneSectorId, zone_sector_name: c.zoneSectorName, zone_cluster_list: [] };
          sectors.set(c.zoneSectorId, sector);
          sector.zone_cluster_list.push({
            zone_cluster_id: c.zoneClusterId,
            zone_cluster_name: c.zoneClusterName,
            zone_list: zoneRows.filter((z) => z.zoneClusterId === c.zoneClusterId).map((z) => ({ zone_id: z.zoneId, zone_name: z.zoneName })),
          });
        }
        return { park_id: p.parkId, park_name: p.parkName, sector_list: [...sectors.values()] };
      }),
    };
  },

  ...storeyHandlers,
};
