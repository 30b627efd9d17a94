import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { storageAreaContract } from '../../../shared/contract/storage-area.contract';
import { PARK_DATA_TYPE } from '../../../shared/contract/storage-area.contract';
import { LOCATION_STATUS } from '../../../shared/codes';
import { cellResource } from '../../../shared/resources/cell.resource';
import { logicAreaResource } from '../../../shared/resources/logic-area.resource';
import { parkResource } from '../../../shared/resources/park.resource';
import { pathwayResource } from '../../../shared/resources/pathway.resource';
import { inboundStagingResource, outboundStagingResource, rtStagingResource } from '../../../shared/resources/staging-location.resource';
import { zoneClusterResource } from '../../../shared/resources/zone-cluster.resource';
import { zoneResource } from '../../../shared/resources/zone.resource';
import type { Db } from '../../db/client';
import {
  cells, inboundStagingLocations, logicAreas, outboundStagingLocations, parks, pathways, rtStagingLocations, storeys,
  zoneClusters, zones,
} from '../../db/schema';
import { badInput } from '../../http/errors';
import type { AuthedCtx, Handlers } from '../../http/register';
import { resourceHandlers } from '../../http/resource-handlers';
import { storeyHandlers } from './storey.handlers';

type StorageAreaHandlers = Handlers<typeof storageAreaContract>;

/** Location codes: letters, digits and single inner dashes (A01, A01-02-03-1), as labels and scanners print them. */
const LOCATION_CODE = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;

/** Whether a row with this key exists in the warehouse (references a create or edit names must). */
async function exists(db: Db, table: PgTable, keyColumn: PgColumn, whsColumn: PgColumn, whsId: string, key: unknown): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(table).where(and(eq(whsColumn, whsId), eq(keyColumn, key))).limit(1);
  return row !== undefined;
}

/**
 * Refuses references to locations the warehouse does not have, naming the field (create and edit
 * of zones and cells). Checked before the generic create/update starts its transaction: on the
 * single-connection PGlite a query outside an open transaction would wait for it.
 */
async function checkReferences(values: Record<string, unknown>, { db, session }: AuthedCtx) {
  const refs: [string, PgTable, PgColumn, PgColumn, string][] = [
    ['zone_cluster_id', zoneClusters, zoneClusters.zoneClusterId, zoneClusters.whsId, 'zone cluster'],
    ['logic_area_id', logicAreas, logicAreas.logicAreaId, logicAreas.whsId, 'logic area'],
    ['storey_id', storeys, storeys.storeyId, storeys.whsId, 'storey'],
  ];
  for (const [field, table, key, whs, what] of refs) {
    const value = values[field];
    if (value === undefined || value === null) continue;
    if (!(await exists(db, table, key, whs, session.whsId, value))) throw badInput(field, `There is no ${what} ${String(value)} in this warehouse.`);
  }
}

const park = resourceHandlers(parkResource, parks);
const zoneCluster = resourceHandlers(zoneClusterResource, zoneClusters);
const logicArea = resourceHandlers(logicAreaResource, logicAreas);
const zone = resourceHandlers(zoneResource, zones);
const pathway = resourceHandlers(pathwayResource, pathways);
const cell = resourceHandlers(cellResource, cells);
const inboundStaging = resourceHandlers(inboundStagingResource, inboundStagingLocations);
const outboundStaging = resourceHandlers(outboundStagingResource, outboundStagingLocations);
const rtStaging = resourceHandlers(rtStagingResource, rtStagingLocations);

export const storageAreaHandlers: StorageAreaHandlers = {
  searchPark: park.list as StorageAreaHandlers['searchPark'],
  searchZoneCluster: zoneCluster.list as StorageAreaHandlers['searchZoneCluster'],
  searchLogicArea: logicArea.list as StorageAreaHandlers['searchLogicArea'],
  searchInboundStagingLocation: inboundStaging.list as StorageAreaHandlers['searchInboundStagingLocation'],
  searchOutboundStagingLocation: outboundStaging.list as StorageAreaHandlers['searchOutboundStagingLocation'],
  searchRtStagingLocation: rtStaging.list as StorageAreaHandlers['searchRtStagingLocation'],

  searchZone: zone.list as StorageAreaHandlers['searchZone'],
  getZoneDetail: zone.detail as StorageAreaHandlers['getZoneDetail'],
  async createZone(input, ctx) {
    // A zone id is a location code: printed on labels and scanned.
    if (!LOCATION_CODE.test(String(input.zone_id))) throw badInput('zone_id', 'Use letters and digits, optionally joined by single dashes.');
    await checkReferences(input, ctx);
    return zone.create(input, ctx) as ReturnType<StorageAreaHandlers['createZone']>;
  },
  async updateZone(input, ctx) {
    await checkReferences(input, ctx);
    return zone.update(input, ctx) as ReturnType<StorageAreaHandlers['updateZone']>;
  },

  searchPathway: pathway.list as StorageAreaHandlers['searchPathway'],
  getPathwayDetail: pathway.detail as StorageAreaHandlers['getPathwayDetail'],
  updatePathway: pathway.update as StorageAreaHandlers['updatePathway'],

  searchCell: cell.list as StorageAreaHandlers['searchCell'],
  getCellDetail: cell.detail as StorageAreaHandlers['getCellDetail'],
  async updateCell(input, ctx) {
    await checkReferences(input, ctx);
    return cell.update(input, ctx) as ReturnType<StorageAreaHandlers['updateCell']>;
  },

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
