import { sessionContract } from './session.contract';
import { consumablesContract } from './consumables.contract';
import { configContract } from './config.contract';
import { syncContract } from './sync.contract';
import { notificationContract } from './notification.contract';
import { warehouseContract } from './warehouse.contract';
import { catalogContract } from './catalog.contract';
import { skuContract } from './sku.contract';
import { listSettingsContract } from './list-settings.contract';
import { storageAreaContract } from './storage-area.contract';
import { roleContract, userlistContract } from './userlist.contract';
import { userAdminContract } from './user-admin.contract';
import { userImportContract } from './user-import.contract';
import { exportTaskContract } from './export-task.contract';
import { pagingHeaderContract } from './paging-header.contract';
import { asnContract } from './asn.contract';
import { asnQuotaContract } from './asn-quota.contract';
import { arrivalContract } from './arrival.contract';
import { countingContract } from './counting.contract';
import { qcContract } from './qc.contract';
import { receivingContract } from './receiving.contract';
import { inboundExceptionContract } from './inbound-exception.contract';
import { putawayContract } from './putaway.contract';
import { vasContract } from './vas.contract';
import { adjustmentContract } from './adjustment.contract';
import { stockBlockContract } from './stock-block.contract';
import { fullStockCountContract } from './full-stock-count.contract';
import { salesOrderContract } from './sales-order.contract';
import { mtOrderContract } from './mt-order.contract';
import { rtsOrderContract } from './rts-order.contract';
import { returnOrderContract } from './return-order.contract';
import { mtShippingContract } from './mt-shipping.contract';
import { salesOrderImportContract } from './sales-order-import.contract';
import { waveContract } from './wave.contract';
import { checkingContract } from './checking.contract';
import { outboundExceptionContract } from './outbound-exception.contract';
import { shippingContract } from './shipping.contract';
import { instantDeliveryContract } from './instant-delivery.contract';
import { packingContract } from './packing.contract';
import { mergingContract } from './merging.contract';
import { sortingContract } from './sorting.contract';
import { pickingContract } from './picking.contract';
import { flowPickContract } from './flow-pick.contract';
import { subPickingContract } from './sub-picking.contract';
import { printContract } from './print.contract';
import { cycleCountContract } from './cycle-count.contract';
import { abcContract } from './abc.contract';
import { transitContract } from './transit.contract';
import { transferRequestContract } from './transfer-request.contract';
import { resourcesContract } from '../resources/registry-contract';
import type { EndpointDef } from './define';

/** Every endpoint of the API, declared once: the server registers, the client calls, OpenAPI documents. */
export const contract = {
  ...userlistContract,
  ...roleContract,
  ...userAdminContract,
  ...userImportContract,
  ...sessionContract,
  ...configContract,
  ...syncContract,
  ...notificationContract,
  ...warehouseContract,
  ...catalogContract,
  ...skuContract,
  ...listSettingsContract,
  ...storageAreaContract,
  ...exportTaskContract,
  ...pagingHeaderContract,
  ...asnContract,
  ...asnQuotaContract,
  ...arrivalContract,
  ...countingContract,
  ...qcContract,
  ...receivingContract,
  ...inboundExceptionContract,
  ...putawayContract,
  ...vasContract,
  ...adjustmentContract,
  ...stockBlockContract,
  ...fullStockCountContract,
  ...salesOrderContract,
  ...mtOrderContract,
  ...rtsOrderContract,
  ...returnOrderContract,
  ...mtShippingContract,
  ...salesOrderImportContract,
  ...waveContract,
  ...pickingContract,
  ...checkingContract,
  ...outboundExceptionContract,
  ...shippingContract,
  ...instantDeliveryContract,
  ...cycleCountContract,
  ...packingContract,
  ...mergingContract,
  ...sortingContract,
  ...flowPickContract,
  ...subPickingContract,
  ...consumablesContract,
  ...printContract,
  ...abcContract,
  ...transitContract,
  ...transferRequestContract,
  ...resourcesContract,
} as const satisfies Record<string, EndpointDef>;

export type Contract = typeof contract;
export type EndpointName = keyof Contract;
export * from './define';
