import { z } from 'zod';
import { endpoint } from './define';

/**
 * Storage Area Setting calls (spec §2 WMS Basic, §6 PC.WMSBasic.StorageAreaSetting.*, §7 storey
 * calls and get_park_zone_tree) beyond the tabs' resources' own list, detail, create and edit
 * (resources/*.resource.ts, which name their tab's and form pages' permissions).
 */

const LOCATION = '/apps/basic/location';
const STOREY = '/apps/basic/storey';

const zoneNode = z.object({ zone_id: z.string(), zone_name: z.string() });
const clusterNode = z.object({ zone_cluster_id: z.string(), zone_cluster_name: z.string(), zone_list: z.array(zoneNode) });
const sectorNode = z.object({ zone_sector_id: z.string(), zone_sector_name: z.string(), zone_cluster_list: z.array(clusterNode) });
const parkNode = z.object({ park_id: z.string(), park_name: z.string(), sector_list: z.array(sectorNode) });

/** What park_data_type asks of the zone tree: 1 down to the zones (the cycle count's park range), 0 parks to clusters. */
export const PARK_DATA_TYPE = { TO_CLUSTERS: 0, TO_ZONES: 1 } as const;

export const storageAreaContract = {
  getParkZoneTree: endpoint({
    method: 'GET', path: `${LOCATION}/get_park_zone_tree`, access: 'session', offlineRead: true,
    summary: 'The warehouse\'s parks › sectors › zone clusters › zones (spec §3 zone tree), deleted locations left out.',
    input: z.object({ park_data_type: z.coerce.number().pipe(z.literal([PARK_DATA_TYPE.TO_CLUSTERS, PARK_DATA_TYPE.TO_ZONES])).default(PARK_DATA_TYPE.TO_ZONES) }),
    output: z.object({ list: z.array(parkNode) }),
  }),

  getWhsStoreyNameSetup: endpoint({
    method: 'GET', path: `${STOREY}/get_whs_storey_name_setup`, access: 'session', offlineRead: true,
    summary: 'Whether the warehouse names its storeys (setting storey_name_setup): the Storey tab and storey changes need it on.',
    input: z.object({}),
    output: z.object({ storey_name_setup: z.literal([0, 1]) }),
  }),
} as const;
