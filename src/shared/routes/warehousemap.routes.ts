import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import { derivePerm } from './derive';
import type { RouteDecl } from './types';

/** Warehouse Map (spec §2). */
export const WAREHOUSE_MAP_ROUTES: readonly RouteDecl[] = [
  group('/warehousemap', msg`Warehouse Map`, '/warehousemap/mapList'),
  list('/warehousemap/mapList', msg`Map List`),
  page('/warehousemap/mapList/config', msg`Map Configuration`, { menu: false }),
  list('/warehousemap/recycleBin', msg`Recycle Bin`),
  list('/warehousemap/shelfList', msg`Shelf List`),
  page('/warehousemap/shelfCreate', msg`Create Shelf`, { parent: '/warehousemap/shelfList' }),
  page('/warehousemap/shelfView', msg`Shelf Detail`, { perm: derivePerm('/warehousemap/shelfList'), parent: '/warehousemap/shelfList' }),
  page('/warehousemap/shelfEdit', msg`Edit Shelf`, { parent: '/warehousemap/shelfList' }),
  list('/warehousemap/pathwayList', msg`Pathway List`),
  page('/warehousemap/pathwayCreate', msg`Create Pathway`, { parent: '/warehousemap/pathwayList' }),
  page('/warehousemap/pathwayEdit', msg`Edit Pathway`, { parent: '/warehousemap/pathwayList' }),
  page('/warehousemap/pathwayView', msg`Pathway Detail`, { perm: derivePerm('/warehousemap/pathwayList'), parent: '/warehousemap/pathwayList' }),
  page('/warehousemap/heatMap', msg`Heat Map`),
];
