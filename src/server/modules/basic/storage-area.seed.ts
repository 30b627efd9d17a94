import { ABC_CLASS, CELL_OCCUPANCY, LOCATION_STATUS, RACK_TYPE, STORAGE_AREA, TEMPERATURE_ZONE } from '../../../shared/codes';
import { INBOUND_STAGING_TYPE, OUTBOUND_STAGING_TYPE, RT_STAGING_TYPE, SKU_MIXING, SUPPLIER_MIXING, UNIT_TYPE } from '../../../shared/resources/location-codes';
import type { CodeList } from '../../../shared/codes';
import type { Tx } from '../../db/client';
import {
  cells, confValues, inboundStagingLocations, logicAreas, outboundStagingLocations, parks, pathways, rtStagingLocations,
  storeys, whsPlannings, zoneClusters, zones,
} from '../../db/schema';
import { STOREY_NAME_SETUP } from './storey.hooks';

const S = STORAGE_AREA.values;
const R = RACK_TYPE.values;
const T = TEMPERATURE_ZONE.values;

/**
 * Demo zones: id, name, cluster, logic area, storage area, rack type, temperature zone, storey
 * number. Clusters of park P2 (the annex) exist only in warehouses that have it.
 */
const ZONES = [
  ['A01', 'Fast Pick A', 'ZC-AMB', 'LA-FAST', S.PICKING_AREA, R.LIGHT_RACK, T.NORMAL, 2],
  ['A02', 'Beauty Pick', 'ZC-AMB', 'LA-FAST', S.PICKING_AREA, R.ROLLING_RACK, T.AIR_CONDITIONED, 2],
  ['B01', 'Chiller', 'ZC-COLD', 'LA-COLD', S.STORAGE_AREA, R.HEAVY_RACK, T.CHILLED, 1],
  ['B02', 'Freezer', 'ZC-COLD', 'LA-COLD', S.STORAGE_AREA, R.DRIVE_IN_RACK, T.FROZEN, 1],
  ['C01', 'Bulk Floor', 'ZC-BULK', 'LA-BULK', S.MIX_AREA, R.GROUND_STACKED, T.NORMAL, 1],
  ['V01', 'Van Dock Buffer', 'ZC-BULK', null, S.STORAGE_AREA, R.VAN, T.NORMAL, 1],
] as const;
const PATHWAYS_PER_ZONE = 4;
const BAYS = 5;
const LEVELS = 4;

/** Two of each staging type, coded <prefix>-<type>-01/02. */
function stagingRows(whsId: string, prefix: string, types: CodeList) {
  return types.options.flatMap((o) => [1, 2].map((n) => ({
    whsId,
    locationCode: `${prefix}-${o.name.replace(/_/g, '')}-${String(n).padStart(2, '0')}`,
    stagingType: o.value as number,
    status: n === 2 && o.value === types.options[0]!.value ? LOCATION_STATUS.values.BLOCKED : LOCATION_STATUS.values.NORMAL,
    capacity: 20 * n,
  })));
}

/**
 * Storage areas of each demo warehouse (spec §2 Storage Area Setting): parks (an annex in every
 * other warehouse), sectors and zone clusters, logic areas, two storeys, six zones with 4
 * pathways each and 20 cells per pathway (480), and two staging locations of every staging type.
 * Named storeys are on in all but the last warehouse, so both sides of storey_name_setup show.
 */
export async function seedDemoStorageArea(tx: Tx, whsIds: readonly string[]) {
  for (const [index, whsId] of whsIds.entries()) {
    const hasAnnex = index % 2 === 0;
    await tx.insert(parks).values([
      { whsId, parkId: 'P1', parkName: 'Main Building' },
      ...(hasAnnex ? [{ whsId, parkId: 'P2', parkName: 'Annex' }] : []),
    ]);
    await tx.insert(zoneClusters).values([
      { whsId, zoneClusterId: 'ZC-AMB', zoneClusterName: 'Ambient Picking', parkId: 'P1', zoneSectorId: 'SEC-1', zoneSectorName: 'Ambient' },
      { whsId, zoneClusterId: 'ZC-COLD', zoneClusterName: 'Cold Chain', parkId: 'P1', zoneSectorId: 'SEC-2', zoneSectorName: 'Temperature Controlled' },
      { whsId, zoneClusterId: 'ZC-BULK', zoneClusterName: 'Bulk Storage', parkId: hasAnnex ? 'P2' : 'P1', zoneSectorId: 'SEC-3', zoneSectorName: 'Bulk' },
    ]);
    await tx.insert(logicAreas).values([
      { whsId, logicAreaId: 'LA-FAST', logicAreaName: 'Fast Movers' },
      { whsId, logicAreaId: 'LA-COLD', logicAreaName: 'Cold Chain' },
      { whsId, logicAreaId: 'LA-BULK', logicAreaName: 'Bulk Reserve' },
    ]);
    // Warehouse planning (shown where the fulfilment chain is on): what each logic area is planned to give.
    await tx.insert(whsPlannings).values([
      { whsId, logicAreaId: 'LA-FAST', fulfillmentChain: 'B2C-SMALL', plannedLocationQty: 320, plannedSkuQty: 900, dailyOutboundCapacity: 6000, targetTurnoverDays: 14 },
      { whsId, logicAreaId: 'LA-COLD', fulfillmentChain: 'B2C-COLD', plannedLocationQty: 80, plannedSkuQty: 150, dailyOutboundCapacity: 800, targetTurnoverDays: 7 },
      { whsId, logicAreaId: 'LA-BULK', fulfillmentChain: 'B2B-BULKY', plannedLocationQty: 60, plannedSkuQty: null, dailyOutboundCapacity: 300, targetTurnoverDays: 45, status: 2 },
    ]);
    const storeyRows = await tx.insert(storeys).values([
      { whsId, storeyNo: 1, storeyName: 'Ground Floor' },
      { whsId, storeyNo: 2, storeyName: 'Mezzanine' },
    ]).returning({ storeyId: storeys.storeyId, storeyNo: storeys.storeyNo });
    const storeyIdOf = (no: number) => storeyRows.find((s) => s.storeyNo === no)!.storeyId;
    if (index < whsIds.length - 1) await tx.insert(confValues).values({ whsId, confKey: STOREY_NAME_SETUP, confValue: '1' });

    const mixingOf = (storageArea: number) => ({
      skuMixing: storageArea === S.PICKING_AREA ? SKU_MIXING.values.MIX_SKU : storageArea === S.MIX_AREA ? SKU_MIXING.values.MIX_ATTRIBUTES : SKU_MIXING.values.CANNOT_MIX,
      supplierMixing: storageArea === S.STORAGE_AREA ? SUPPLIER_MIXING.values.CANNOT_MIX : SUPPLIER_MIXING.values.MIX,
    });
    await tx.insert(zones).values(ZONES.map(([zoneId, zoneName, zoneClusterId, logicAreaId, storageArea, rackType, temperatureZone], i) => ({
      whsId, zoneId, zoneName, zoneClusterId, logicAreaId, storageArea, rackType, temperatureZone, ...mixingOf(storageArea),
      pickSequence: (i + 1) * 100,
    })));
    await tx.insert(pathways).values(ZONES.flatMap(([zoneId], z) => Array.from({ length: PATHWAYS_PER_ZONE }, (_, p) => ({
      whsId,
      pathwayId: `${zoneId}-${String(p + 1).padStart(2, '0')}`,
      zoneId,
      status: zoneId === 'A02' && p === 3 ? LOCATION_STATUS.values.BLOCKED : LOCATION_STATUS.values.NORMAL,
      pickSequence: (z + 1) * 100 + p + 1,
    }))));

    const cellRows = ZONES.flatMap(([zoneId, , , , storageArea, rackType, temperatureZone, storeyNo]) =>
      Array.from({ length: PATHWAYS_PER_ZONE * BAYS * LEVELS }, (_, i) => {
        const pathway = Math.floor(i / (BAYS * LEVELS)) + 1;
        const bay = Math.floor(i / LEVELS) % BAYS + 1;
        const level = (i % LEVELS) + 1;
        const pathwayId = `${zoneId}-${String(pathway).padStart(2, '0')}`;
        return {
          whsId,
          locationCode: `${pathwayId}-${String(bay).padStart(2, '0')}-${level}`,
          zoneId,
          pathwayId,
          storeyId: storeyIdOf(storeyNo),
          // A few blocked and frozen cells, so status filters find something everywhere.
          status: i % 23 === 7 ? LOCATION_STATUS.values.BLOCKED : i % 31 === 11 ? LOCATION_STATUS.values.FROZEN : LOCATION_STATUS.values.NORMAL,
          occupancy: i % 3 === 0 ? CELL_OCCUPANCY.values.OCCUPIED : i % 7 === 1 ? CELL_OCCUPANCY.values.ASSIGNED : CELL_OCCUPANCY.values.NORMAL,
          // Lower levels are the easy reach: they hold the fast movers.
          abcClass: storageArea !== S.PICKING_AREA ? ABC_CLASS.values.C : level <= 2 ? ABC_CLASS.values.A : ABC_CLASS.values.B,
          temperatureZone, storageArea, rackType, ...mixingOf(storageArea),
          unitType: rackType === R.GROUND_STACKED || rackType === R.DRIVE_IN_RACK ? UNIT_TYPE.values.PALLET : storageArea === S.PICKING_AREA ? UNIT_TYPE.values.BULK : UNIT_TYPE.values.CASE,
          maxQty: storageArea === S.PICKING_AREA ? 200 : 1000,
          pickSequence: i + 1,
        };
      }));
    // Batches keep each statement's parameter count well under PostgreSQL's limit.
    for (let from = 0; from < cellRows.length; from += 250) await tx.insert(cells).values(cellRows.slice(from, from + 250));

    await tx.insert(inboundStagingLocations).values(stagingRows(whsId, 'IB', INBOUND_STAGING_TYPE));
    await tx.insert(outboundStagingLocations).values(stagingRows(whsId, 'OB', OUTBOUND_STAGING_TYPE));
    await tx.insert(rtStagingLocations).values(stagingRows(whsId, 'RT', RT_STAGING_TYPE));
  }
}
