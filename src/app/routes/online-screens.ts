import type { ScreenModule } from './screen-module';

/**
 * The office's screens: lists, forms, rules, settings, reports and administration, which show the
 * server's data and need it. Their code is not precached: the first visit loads it and the service
 * worker keeps it (sw/sw.ts), so a first install downloads only what works offline
 * (docs/performance.md, precache_gzip_kb). The built sign-in page carries this table's paths only
 * (vite.config.ts `lazyScreenTables`).
 */
export const ONLINE_SCREENS: Readonly<Record<string, ScreenModule>> = {
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
  '/exceptioncenter/troubleshoottaskdetail': () => import('../features/exceptioncenter/exception-detail.screen'),
  '/exceptioncenter/troubleshoottaskhandle': () => import('../features/exceptioncenter/exception-detail.screen'),
  '/inbound/order/createasn': () => import('../features/inbound/asn-create.screen'),
  '/inbound/order/detail/$id': () => import('../features/inbound/asn-detail.screen'),
  '/inbound/jitorder/detail/$id': () => import('../features/inbound/asn-detail.screen'),
  '/inbound/reprocessorder/$id': () => import('../features/inbound/asn-detail.screen'),
  '/inbound/asngroup/detail': () => import('../features/inbound/asn-group-detail.screen'),
  '/rulecenter/quotaConfig/asnQuotaList': () => import('../features/rulecenter/quota-list.screen'),
  '/rulecenter/quotaConfig/asnQuotaConfiguration/{-$quotaMode}': () => import('../features/rulecenter/quota-configuration.screen'),
  '/rulecenter/asnDeliverySlot': () => import('../features/rulecenter/delivery-slot.screen'),
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
