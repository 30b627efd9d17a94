import type { ScreenModule } from './screen-module';

/**
 * The signed-in screens a device must open with the network gone: home, the scanner check and
 * every operation screen (shared/routes/operations.ts); the public pages are in
 * public-screens.ts. The build precaches their code with the shell (vite.config.ts
 * `onlineOnlyChunks`); screens.test.ts keeps every operation screen here. The built sign-in page
 * carries this table's paths only (vite.config.ts `lazyScreenTables`).
 */
export const OFFLINE_SCREENS: Readonly<Record<string, ScreenModule>> = {
  '/home': () => import('../features/home/home.screen'),
  '/scanner-check': () => import('../features/scanner/scanner-check.screen'),
  '/inbound/counting': () => import('../features/inbound/counting.screen'),
  '/inbound/qc': () => import('../features/inbound/qc.screen'),
  '/inbound/receiving': () => import('../features/inbound/receiving.screen'),
  '/inbound/receiving/reportexception': () => import('../features/inbound/receiving-report-exception.screen'),
  '/inbound/reprocess/{-$task_id}': () => import('../features/inbound/vas.screen'),
  '/inbound/arriving': () => import('../features/inbound/arrival.screen'),
  '/moveinbound/move/arrving': () => import('../features/inbound/arrival.screen'),
  '/returninbound/arrving': () => import('../features/returninbound/return-arrival.screen'),
  '/returninbound/qc': () => import('../features/returninbound/return-qc.screen'),
  '/inbound/standardputaway': () => import('../features/inbound/putaway-standard.screen'),
  '/inbound/standardputaway/reportexception': () => import('../features/inbound/putaway-exception.screen'),
  '/inbound/massputaway': () => import('../features/inbound/putaway-mass.screen'),
  '/inbound/massputaway/reportexception': () => import('../features/inbound/putaway-exception.screen'),
  // Move Transfer Inbound's operation screens are the inbound ones (docs/transfer.md).
  '/moveinbound/mtqc': () => import('../features/inbound/qc.screen'),
  '/moveinbound/mtreceiving': () => import('../features/inbound/receiving.screen'),
  '/moveinbound/mtstandardputaway': () => import('../features/inbound/putaway-standard.screen'),
  '/moveinbound/mtmassputaway': () => import('../features/inbound/putaway-mass.screen'),
  // So are the receiving and putaway of a return's re-inbound units (docs/returns.md).
  '/returninbound/rimassreceive': () => import('../features/inbound/receiving.screen'),
  '/returninbound/ristandardputaway': () => import('../features/inbound/putaway-standard.screen'),
  '/returninbound/rimassputaway': () => import('../features/inbound/putaway-mass.screen'),
  '/salesoutbound/picking/{-$pickup_id}': () => import('../features/outbound/picking.screen'),
  '/mtoutbound/picking/{-$pickup_id}': () => import('../features/outbound/picking.screen'),
  '/rtsoutbound/picking/{-$id}': () => import('../features/outbound/picking.screen'),
  '/mtoutbound/checking/{-$picking_id}': () => import('../features/outbound/mt-checking.screen'),
  '/mtoutbound/packing/edit/{-$packingId}/{-$palletId}': () => import('../features/outbound/mt-packing.screen'),
  '/mtoutbound/shipping/{-$shippingId}': () => import('../features/outbound/mt-shipping.screen'),
  '/mtoutbound/shippingbybox/{-$shippingId}': () => import('../features/outbound/mt-shipping.screen'),
  '/mtoutbound/shipping/detail/$shippingId': () => import('../features/outbound/mt-shipment-detail.screen'),
  '/salesoutbound/pickingTask': () => import('../features/outbound/task-picking.screen'),
  '/salesoutbound/checking': () => import('../features/outbound/checking.screen'),
  '/salesoutbound/packing': () => import('../features/outbound/packing.screen'),
  '/salesoutbound/mergeLane': () => import('../features/outbound/merge-lane.screen'),
  '/salesoutbound/sorting': () => import('../features/outbound/sorting.screen'),
  '/salesoutbound/sortingwhilechecking': () => import('../features/outbound/sorting-while-checking.screen'),
  '/salesoutbound/shipping': () => import('../features/outbound/shipping.screen'),
  '/salesoutbound/groupshipping': () => import('../features/outbound/group-shipping.screen'),
  '/salesoutbound/instantDelivery/pigeonhole': () => import('../features/outbound/instant-delivery.screen'),
  // A handover's detail opens offline too (its read is offlineRead): the dock looks one up after a cut.
  '/salesoutbound/shipping/detail/$id': () => import('../features/outbound/shipping-detail.screen'),
  '/salesoutbound/groupshipping/detail/$id': () => import('../features/outbound/shipping-detail.screen'),
  '/inventorymanage/cc/ccorder/count': () => import('../features/inventory/cycle-count.screen'),
  '/inventorymanage/fsc/fsctask/count': () => import('../features/inventory/full-stock-counting.screen'),
};
