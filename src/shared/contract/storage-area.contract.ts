import { z } from 'zod';
import { resourceEndpoints } from '../resources/endpoints';
import { cellResource } from '../resources/cell.resource';
import { logicAreaResource } from '../resources/logic-area.resource';
import { parkResource } from '../resources/park.resource';
import { pathwayResource } from '../resources/pathway.resource';
import { inboundStagingResource, outboundStagingResource, rtStagingResource } from '../resources/staging-location.resource';
import { storeyResource } from '../resources/storey.resource';
import { zoneClusterResource } from '../resources/zone-cluster.resource';
import { zoneResource } from '../resources/zone.resource';
import { pascal } from '../routes/derive';
import { endpoint } from './define';

/**
 * Storage Area Setting (spec §2 WMS Basic, §6 PC.WMSBasic.StorageAreaSetting.*, §7 storey calls
 * and get_park_zone_tree). Reads need the tab's permission; changes need the permission of the
 * form page the manifest declares for them (Zone.Create, Zone.Edit, Pathway.Edit, Cell.Edit).
 * Storeys have no form pages: the Storey tab's permission covers their changes too.
 */

/**
 * A tab's permission, or its form page's with a verb: the manifest's rule for these pages
 * (routes/manifest.ts, which the contract cannot import: the build evaluates the contract and
 * the manifest uses Lingui macros). tests/api/storage-area.test.ts checks both agree.
 */
export const storageAreaPerm = (tab: string, verb?: 'Create' | 'Edit') =>
  ['PC.WMSBasic.StorageAreaSetting', pascal(tab), ...(verb ? [verb] : [])].join('.');

const LOCATION = '/apps/basic/location';
const STOREY = '/apps/basic/storey';

/** The list and detail calls of a tab (search_<noun>, get_<noun>_detail), both needing the tab's permission. */
function tabCalls(tab: string, noun: string) {
  const perm = storageAreaPerm(tab);
  return { list: { path: `${LOCATION}/search_${noun}`, perm }, detail: { path: `${LOCATION}/get_${noun}_detail`, perm } };
}

const park = resourceEndpoints(parkResource, tabCalls('park', 'park'));
const zoneCluster = resourceEndpoints(zoneClusterResource, tabCalls('zonecluster', 'zone_cluster'));
const logicArea = resourceEndpoints(logicAreaResource, tabCalls('logicArea', 'logic_area'));
const inboundStaging = resourceEndpoints(inboundStagingResource, tabCalls('inboundStagingLocation', 'inbound_staging_location'));
const outboundStaging = resourceEndpoints(outboundStagingResource, tabCalls('outboundStagingLocation', 'outbound_staging_location'));
const rtStaging = resourceEndpoints(rtStagingResource, tabCalls('rtStagingLocation', 'rt_staging_location'));
const zone = resourceEndpoints(zoneResource, {
  ...tabCalls('zone', 'zone'),
  create: { path: `${LOCATION}/create_zone`, perm: storageAreaPerm('zone', 'Create') },
  update: { path: `${LOCATION}/update_zone`, perm: storageAreaPerm('zone', 'Edit') },
});
const pathway = resourceEndpoints(pathwayResource, {
  ...tabCalls('pathway', 'pathway'),
  update: { path: `${LOCATION}/update_pathway`, perm: storageAreaPerm('pathway', 'Edit') },
});
const cell = resourceEndpoints(cellResource, {
  ...tabCalls('cell', 'cell'),
  update: { path: `${LOCATION}/update_cell`, perm: storageAreaPerm('cell', 'Edit') },
});
const storeyPerm = storageAreaPerm('storey');
const storey = resourceEndpoints(storeyResource, {
  list: { path: `${STOREY}/search_storey`, perm: storeyPerm },
  detail: { path: `${STOREY}/get_storey_detail`, perm: storeyPerm },
  create: { path: `${STOREY}/create_storey`, perm: storeyPerm },
  update: { path: `${STOREY}/update_storey`, perm: storeyPerm },
});

const zoneNode = z.object({ zone_id: z.string(), zone_name: z.string() });
const clusterNode = z.object({ zone_cluster_id: z.string(), zone_cluster_name: z.string(), zone_list: z.array(zoneNode) });
const sectorNode = z.object({ zone_sector_id: z.string(), zone_sector_name: z.string(), zone_cluster_list: z.array(clusterNode) });
const parkNode = z.object({ park_id: z.string(), park_name: z.string(), sector_list: z.array(sectorNode) });

/** What park_data_type asks of the zone tree: 1 down to the zones (the cycle count's park range), 0 parks to clusters. */
export const PARK_DATA_TYPE = { TO_CLUSTERS: 0, TO_ZONES: 1 } as const;

export const storageAreaContract = {
  searchPark: park.list,
  searchZoneCluster: zoneCluster.list,
  searchLogicArea: logicArea.list,
  searchInboundStagingLocation: inboundStaging.list,
  searchOutboundStagingLocation: outboundStaging.list,
  searchRtStagingLocation: rtStaging.list,

  searchZone: zone.list,
  getZoneDetail: zone.detail,
  createZone: zone.create,
  updateZone: zone.update,

  searchPathway: pathway.list,
  getPathwayDetail: pathway.detail,
  updatePathway: pathway.update,

  searchCell: cell.list,
  getCellDetail: cell.detail,
  updateCell: cell.update,

  getParkZoneTree: endpoint({
    method: 'GET', path: `${LOCATION}/get_park_zone_tree`, access: 'session', offlineRead: true,
    summary: 'The warehouse\'s parks › sectors › zone clusters › zones (spec §3 zone tree), deleted locations left out.',
    input: z.object({ park_data_type: z.coerce.number().pipe(z.literal([PARK_DATA_TYPE.TO_CLUSTERS, PARK_DATA_TYPE.TO_ZONES])).default(PARK_DATA_TYPE.TO_ZONES) }),
    output: z.object({ list: z.array(parkNode) }),
  }),

  searchStorey: storey.list,
  getWhsStoreyNameSetup: endpoint({
    method: 'GET', path: `${STOREY}/get_whs_storey_name_setup`, access: 'session', offlineRead: true,
    summary: 'Whether the warehouse names its storeys (setting storey_name_setup): the Storey tab and storey changes need it on.',
    input: z.object({}),
    output: z.object({ storey_name_setup: z.literal([0, 1]) }),
  }),
  createStorey: storey.create,
  updateStorey: storey.update,
  deleteStorey: endpoint({
    method: 'POST', path: `${STOREY}/delete_storey`, access: { perm: storeyPerm },
    summary: 'Deletes a storey no cell is on; -100400 naming the number of cells when some are.',
    input: z.object({ storey_id: z.number().int().min(1) }),
    output: z.object({ storey_id: z.number().int() }),
  }),
} as const;
