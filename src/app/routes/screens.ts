import type { ComponentType } from 'react';
// Bundled with the router: it is also the page for unknown paths, which must show offline.
import NotFoundScreen from '../features/status/not-found.screen';

import { RESOURCE_PAGES } from '../../shared/resources/pages';

type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * The pages registered resources declare (shared/resources/registry.ts), each served by the
 * resource page of its kind (kit/resource/resource-pages.tsx), loaded on first visit.
 */
const RESOURCE_SCREENS: Record<string, ScreenModule> = Object.fromEntries(RESOURCE_PAGES.map(([path, name, kind]) => [
  path,
  async () => ({ default: (await import('../kit/resource/resource-pages')).resourceScreen(name, kind) }),
]));

/**
 * The screen of each manifest path, loaded on first visit. The single place that says a route
 * is built: the router registers only these, and menu, search and guard treat the rest as absent.
 * A screen here for a resource's page is declared in the resource's `ownScreens` too.
 */
export const OWN_SCREENS: Readonly<Record<string, ScreenModule>> = {
  '/login': () => import('../features/auth/login.screen'),
  '/forget': () => import('../features/auth/forget.screen'),
  '/reset': () => import('../features/auth/reset.screen'),
  '/resetSuccess': () => import('../features/auth/reset-success.screen'),
  '/google/login': () => import('../features/auth/sso-unavailable.screen'),
  '/tob/login': () => import('../features/auth/sso-unavailable.screen'),
  '/tob/callback': () => import('../features/auth/sso-unavailable.screen'),
  '/403': () => import('../features/status/forbidden.screen'),
  '/404': async () => ({ default: NotFoundScreen }),
  '/home': () => import('../features/home/home.screen'),
  '/scanner-check': () => import('../features/scanner/scanner-check.screen'),
  '/user/permissiontree': () => import('../features/user/permission-tree.screen'),
  '/user/list': () => import('../features/user/user-all.screen'),
  '/user/warehouselist': () => import('../features/user/user-warehouses.screen'),
  '/user/warehouselist/users/$whsId': () => import('../features/user/warehouse-users.screen'),
  '/user/warehouselist/users/$whsId/$userId': () => import('../features/user/warehouse-user-detail.screen'),
  '/user/warehouselist/roles/$whsId': () => import('../features/user/warehouse-roles.screen'),
  '/wmsconfig/userlist': () => import('../features/user/userlist.screen'),
  '/wmsconfig/userlist/uploadtask': () => import('../features/user/user-import-tasks.screen'),
  '/wmsconfig/userrole': () => import('../features/user/userrole.screen'),
  '/wmsconfig/rolelist': () => import('../features/user/rolelist.screen'),
  '/wmsconfig/roledetail': () => import('../features/user/roledetail.screen'),
  '/wmsconfig/syncqueue': () => import('../features/syncqueue/sync-queue.screen'),
  '/wmsconfig/notificationCenter/sound': () => import('../features/notification/notification-sound.screen'),
  '/wmsbasic/storey': () => import('../features/basic/storey.screen'),
  '/wmsbasic/warehouse': () => import('../features/basic/warehouse.screen'),
  '/wmsbasic/warehouse/create': () => import('../features/basic/warehouse-form.screen'),
  '/wmsbasic/warehouse/detail': () => import('../features/basic/warehouse-form.screen'),
  '/wmsbasic/warehouse/edit': () => import('../features/basic/warehouse-form.screen'),
  '/wmsbasic/merchant/detail/$merchant_id': () => import('../features/basic/merchant-detail.screen'),
  '/wmsbasic/categoryTree': () => import('../features/basic/category-tree.screen'),
  '/wmsbasic/stationManagement/recordSettings': () => import('../features/basic/station-record-settings.screen'),
  '/reportcenter/reportcenter': () => import('../features/report/report-center.screen'),
  '/inbound/counting': () => import('../features/inbound/counting.screen'),
  '/inbound/qc': () => import('../features/inbound/qc.screen'),
  '/inbound/receiving': () => import('../features/inbound/receiving.screen'),
  '/inbound/receiving/reportexception': () => import('../features/inbound/receiving-report-exception.screen'),
  '/inbound/reprocess/{-$task_id}': () => import('../features/inbound/vas.screen'),
  '/exceptioncenter/troubleshoottaskdetail': () => import('../features/exceptioncenter/exception-detail.screen'),
  '/exceptioncenter/troubleshoottaskhandle': () => import('../features/exceptioncenter/exception-detail.screen'),
  '/inbound/order/createasn': () => import('../features/inbound/asn-create.screen'),
  '/inbound/order/detail/$id': () => import('../features/inbound/asn-detail.screen'),
  '/inbound/jitorder/detail/$id': () => import('../features/inbound/asn-detail.screen'),
  '/inbound/reprocessorder/$id': () => import('../features/inbound/asn-detail.screen'),
  '/inbound/asngroup/detail': () => import('../features/inbound/asn-group-detail.screen'),
  '/inbound/arriving': () => import('../features/inbound/arrival.screen'),
  '/moveinbound/move/arrving': () => import('../features/inbound/arrival.screen'),
  '/rulecenter/quotaConfig/asnQuotaList': () => import('../features/rulecenter/quota-list.screen'),
  '/rulecenter/quotaConfig/asnQuotaConfiguration/{-$quotaMode}': () => import('../features/rulecenter/quota-configuration.screen'),
  '/rulecenter/asnDeliverySlot': () => import('../features/rulecenter/delivery-slot.screen'),
  '/inbound/standardputaway': () => import('../features/inbound/putaway-standard.screen'),
  '/inbound/standardputaway/reportexception': () => import('../features/inbound/putaway-exception.screen'),
  '/inbound/massputaway': () => import('../features/inbound/putaway-mass.screen'),
  '/inbound/massputaway/reportexception': () => import('../features/inbound/putaway-exception.screen'),
  '/inbound/putawaytask/detail': () => import('../features/inbound/putaway-task-detail.screen'),
  '/inbound/putawaytask/edit': () => import('../features/inbound/putaway-task-edit.screen'),
  '/inventorymap/onhand/detail/$sku_id': () => import('../features/inventory/sku-detail.screen'),
  '/inventorymap/available/detail/$sku_id': () => import('../features/inventory/sku-detail.screen'),
  '/inventorymap/expiry/detail/$sku_id': () => import('../features/inventory/sku-detail.screen'),
  '/inventorymanage/adjust/create': () => import('../features/inventory/adjustment-create.screen'),
  '/inventorymanage/adjust/view': () => import('../features/inventory/adjustment.screen'),
  '/inventorymanage/adjust/approve': () => import('../features/inventory/adjustment.screen'),
  '/inventorymanage/adjust/adjust': () => import('../features/inventory/adjustment.screen'),
  '/inventorymanage/stockblock': () => import('../features/inventory/stock-block.screen'),
  '/inventorymanage/locationblock': () => import('../features/inventory/location-block.screen'),
};

export const SCREENS: Readonly<Record<string, ScreenModule>> = { ...RESOURCE_SCREENS, ...OWN_SCREENS };

export const isBuilt = (path: string): boolean => Object.hasOwn(SCREENS, path);
