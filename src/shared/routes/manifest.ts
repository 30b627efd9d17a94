import { CCTV_ROUTES } from './cctv-management.routes';
import { CONSUMABLES_ROUTES } from './consumables.routes';
import { CONTROL_MANAGEMENT_ROUTES } from './controlmanagement.routes';
import { DASHBOARD_ROUTES } from './dashboard.routes';
import { DEVICE_MANAGEMENT_ROUTES } from './devicemanagement.routes';
import { EXCEPTION_CENTER_ROUTES } from './exceptioncenter.routes';
import { INBOUND_ROUTES } from './inbound.routes';
import { INVENTORY_MANAGE_ROUTES } from './inventorymanage.routes';
import { INVENTORY_MAP_ROUTES } from './inventorymap.routes';
import { LABOR_MANAGEMENT_ROUTES } from './labormanagement.routes';
import { LINEHAUL_ROUTES } from './linehaul.routes';
import { MOVE_INBOUND_ROUTES } from './moveinbound.routes';
import { MT_OUTBOUND_ROUTES } from './mtoutbound.routes';
import { QUERY_ROUTES } from './query.routes';
import { REPORT_CENTER_ROUTES } from './reportcenter.routes';
import { RETURN_INBOUND_ROUTES } from './returninbound.routes';
import { RTS_OUTBOUND_ROUTES } from './rtsoutbound.routes';
import { RULE_CENTER_ROUTES } from './rulecenter.routes';
import { SALES_OUTBOUND_ROUTES } from './salesoutbound.routes';
import { SHELL_ROUTES } from './shell.routes';
import { TRANSFER_ROUTES } from './transfer.routes';
import type { RouteDecl } from './types';
import { USER_ROUTES } from './user.routes';
import { WAREHOUSE_MAP_ROUTES } from './warehousemap.routes';
import { WES_ROUTES } from './wes.routes';
import { WORKFORCE_ROUTES } from './wk.routes';
import { WMS_BASIC_ROUTES } from './wmsbasic.routes';
import { WMS_CONFIG_ROUTES } from './wmsconfig.routes';

/**
 * Every route of spec §2, once, in menu order: each area's routes are declared in
 * `<area>.routes.ts` (named as the area's path segment) with the builders of builders.ts.
 * Screens are attached in src/app/routes/screens.ts. Paths keep the spec's spelling (arrving,
 * instransitInventoryMap); segments the spec does not spell are camelCase. Permissions are
 * derived from the path unless given (see derive.ts).
 */
export const ROUTES: readonly RouteDecl[] = [
  ...SHELL_ROUTES,
  ...INBOUND_ROUTES,
  ...SALES_OUTBOUND_ROUTES,
  ...MT_OUTBOUND_ROUTES,
  ...RTS_OUTBOUND_ROUTES,
  ...TRANSFER_ROUTES,
  ...CONSUMABLES_ROUTES,
  ...RETURN_INBOUND_ROUTES,
  ...MOVE_INBOUND_ROUTES,
  ...INVENTORY_MANAGE_ROUTES,
  ...INVENTORY_MAP_ROUTES,
  ...EXCEPTION_CENTER_ROUTES,
  ...LABOR_MANAGEMENT_ROUTES,
  ...WORKFORCE_ROUTES,
  ...CONTROL_MANAGEMENT_ROUTES,
  ...WAREHOUSE_MAP_ROUTES,
  ...QUERY_ROUTES,
  ...DEVICE_MANAGEMENT_ROUTES,
  ...CCTV_ROUTES,
  ...LINEHAUL_ROUTES,
  ...WES_ROUTES,
  ...WMS_CONFIG_ROUTES,
  ...REPORT_CENTER_ROUTES,
  ...USER_ROUTES,
  ...DASHBOARD_ROUTES,
  ...RULE_CENTER_ROUTES,
  ...WMS_BASIC_ROUTES,
];
