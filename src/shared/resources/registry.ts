import { EXPORT_REPORT_TYPE } from '../codes';
import type { ResourceDef } from './define';
import { ccFrequencyRuleResource, highValueRuleResource } from './abc.resource';
import { adjustmentResource } from './adjustment.resource';
import { asnGroupResource, asnQueueResource, asnResource, jitAsnResource, mtAsnQueueResource, mtAsnResource, reprocessOrderResource, trackingIdResource } from './asn.resource';
import { cancelledAfterCheckingResource } from './cancel-after-checking.resource';
import { cellResource } from './cell.resource';
import {
  ccDiffOrderResource, ccOrderResource, ccTaskResource, cycleCountSkillResource, cycleCountTaskRuleResource, fscDiffOrderResource, fscDone4thResource,
  fscOrderResource, fscTaskResource,
} from './cycle-count.resource';
import { obTroubleshootTaskResource } from './ob-troubleshoot-task.resource';
import { checkingTaskResource, mtCheckingTaskResource } from './checking-task.resource';
import { mtPackingTaskResource, mtShipmentResource } from './mt-shipping.resource';
import { packingTaskResource } from './packing-task.resource';
import { inboundShiftResource } from './inbound-shift.resource';
import { consumableReceiptResource, consumableResource, consumableStockResource, packagingRuleResource, weightBandResource } from './consumable.resource';
import { dockResource } from './dock.resource';
import { exportTaskResource } from './export-task.resource';
import { inboundExceptionResource } from './inbound-exception.resource';
import { bundlingTaskResource, labellingTaskResource, mtQcTaskResource, mtReceiveTaskResource, qcTaskResource, receiveTaskResource, repackagingTaskResource } from './inbound-task.resource';
import { INVENTORY_MAP_RESOURCES } from './inventory-map.resource';
import { logicAreaResource } from './logic-area.resource';
import { merchantResource } from './merchant.resource';
import { mergeRuleResource, mergeTaskResource } from './merging.resource';
import {
  autoWaveRuleResource, flowPickingSkillResource, pickingRuleResource, pickingSkillResource, salesAllocateRuleResource, mtAllocateRuleResource, rtsAllocateRuleResource, storeGroupTemplateResource, waveGroupResource,
  waveGroupingRuleResource, waveRuleResource, zoneColorResource,
} from './outbound-rules.resource';
import { parkResource } from './park.resource';
import { pathwayResource } from './pathway.resource';
import { mtDestinationPriorityResource, mtOrderResource } from './mt-order.resource';
import { rtsOrderResource, rtsQuotaResource } from './rts-order.resource';
import { returnDisputeResource, returnOrderResource, returnQcTaskResource, returnQueueResource } from './return-order.resource';
import { returnInboundRuleResource, returnQcCheckResource } from './return-rules.resource';
import { mtPickingTaskResource, rtsPickingTaskResource, pickingTaskResource, reversePickingTaskResource, subPickingGroupResource, subPickingTaskResource } from './picking-task.resource';
import { qcRuleResource } from './qc-rule.resource';
import { putawayRuleResource } from './putaway-rule.resource';
import { mtPutawayTaskResource, putawayTaskResource } from './putaway-task.resource';
import { salesOrderResource, waveableOrderResource } from './sales-order.resource';
import { roleResource, warehouseRoleResource } from './role.resource';
import { bypassTwsRuleResource, groupShippingRuleResource, oneAwbRuleResource, shipOrderResource, shippingHandoverResource } from './shipping.resource';
import { deliveryTaskResource, instantZoneCodeResource } from './instant-delivery.resource';
import { shopGroupResource, shopResource } from './shop.resource';
import { preSortingTaskResource, sortingRuleResource, sortingSkillResource, sortingTaskResource } from './sorting.resource';
import { skuMappingResource, skuResource } from './sku.resource';
import { inboundStagingResource, outboundStagingResource, rtStagingResource } from './staging-location.resource';
import { stationResource } from './station.resource';
import { blockLocationResource, blockStockResource } from './stock-block.resource';
import { storeyResource } from './storey.resource';
import { supplierResource } from './supplier.resource';
import { incomingTransitShipmentResource, transitShipmentResource } from './transit.resource';
import { transferRequestResource, transferTaskResource } from './transfer-request.resource';
import { userImportTaskResource } from './user-import.resource';
import { accessStatusLogResource, userGlobalResource, userResource, userRoleResource, warehouseMemberResource, warehouseUsersResource } from './user.resource';
import { warehouseResource } from './warehouse.resource';
import { waveLogResource, waveResource } from './wave.resource';
import { whsPlanningResource } from './whs-planning.resource';
import { zoneClusterResource } from './zone-cluster.resource';
import { zoneResource } from './zone.resource';

/**
 * Every admin entity served from its table (DESIGN.md "Declare once, derive the rest"). A new one
 * is its definition (fields, table, calls, pages) and a line here: the contract entries
 * (registry-contract.ts), the server's handlers, exports, reference checks and the app's pages are
 * derived from it. Free of zod, so the app's route table can read it without carrying the schemas.
 */
export const RESOURCES = [
  warehouseResource,
  whsPlanningResource, zoneClusterResource, parkResource, inboundStagingResource, outboundStagingResource, rtStagingResource,
  storeyResource, zoneResource, logicAreaResource, pathwayResource, cellResource,
  supplierResource, shopResource, shopGroupResource, skuResource, skuMappingResource, dockResource, stationResource, merchantResource,
  asnResource, asnQueueResource, jitAsnResource, reprocessOrderResource, asnGroupResource, trackingIdResource, inboundShiftResource,
  mtAsnResource, mtAsnQueueResource, mtQcTaskResource, mtReceiveTaskResource,
  qcRuleResource, qcTaskResource, receiveTaskResource, inboundExceptionResource,
  labellingTaskResource, bundlingTaskResource, repackagingTaskResource,
  putawayRuleResource, putawayTaskResource, mtPutawayTaskResource,
  salesOrderResource, waveableOrderResource, waveResource, waveLogResource, pickingTaskResource, reversePickingTaskResource,
  subPickingTaskResource, subPickingGroupResource, checkingTaskResource, packingTaskResource, mergeTaskResource, mergeRuleResource, cancelledAfterCheckingResource, obTroubleshootTaskResource,
  sortingTaskResource, preSortingTaskResource, sortingRuleResource, sortingSkillResource,
  shippingHandoverResource, shipOrderResource, groupShippingRuleResource, oneAwbRuleResource, bypassTwsRuleResource,
  instantZoneCodeResource, deliveryTaskResource,
  salesAllocateRuleResource, mtAllocateRuleResource, mtDestinationPriorityResource, mtOrderResource, mtPickingTaskResource, mtCheckingTaskResource, mtPackingTaskResource, mtShipmentResource,
  returnOrderResource, returnQueueResource, returnQcTaskResource, returnDisputeResource, returnQcCheckResource, returnInboundRuleResource,
  rtsAllocateRuleResource, rtsOrderResource, rtsPickingTaskResource, rtsQuotaResource, pickingRuleResource, pickingSkillResource, flowPickingSkillResource,
  storeGroupTemplateResource, waveGroupingRuleResource, waveRuleResource, waveGroupResource, autoWaveRuleResource, zoneColorResource,
  consumableResource, consumableStockResource, consumableReceiptResource, packagingRuleResource, weightBandResource,
  ...INVENTORY_MAP_RESOURCES, transitShipmentResource, incomingTransitShipmentResource, transferRequestResource, transferTaskResource, adjustmentResource, blockStockResource, blockLocationResource,
  ccOrderResource, fscOrderResource, ccTaskResource, fscTaskResource, ccDiffOrderResource, fscDiffOrderResource, fscDone4thResource,
  cycleCountSkillResource, cycleCountTaskRuleResource,
  highValueRuleResource, ccFrequencyRuleResource,
  exportTaskResource,
  userImportTaskResource,
  userResource, userRoleResource, accessStatusLogResource, roleResource, userGlobalResource, warehouseUsersResource, warehouseMemberResource, warehouseRoleResource,
] as const;

const byName = new Map<string, ResourceDef>();
for (const def of RESOURCES as readonly ResourceDef[]) {
  if (byName.has(def.name)) throw new Error(`two resources are named ${def.name}`);
  byName.set(def.name, def);
}

/** A registered resource by name (export tasks, references); undefined when there is none. */
export const resourceNamed = (name: string): ResourceDef | undefined => byName.get(name);

// Each report type of the spec is the list of one resource (export tasks are asked for by either).
const byReportType = new Map<number, ResourceDef>();
for (const def of byName.values()) {
  if (def.reportType === undefined) continue;
  const other = byReportType.get(def.reportType);
  if (other) throw new Error(`${def.name} and ${other.name} both declare report type ${def.reportType}`);
  byReportType.set(def.reportType, def);
}
for (const { value, name } of EXPORT_REPORT_TYPE.options) {
  if (!byReportType.has(value)) throw new Error(`report type ${name} (${value}) is not the reportType of any resource`);
}

/** The resource whose list is a report type (spec §3 export report type ids); undefined for another number. */
export const resourceOfReportType = (reportType: number): ResourceDef | undefined => byReportType.get(reportType);

// References name registered resources: checked once, here, for every field that has one.
for (const def of byName.values()) {
  for (const [field, f] of Object.entries(def.fields)) {
    if (f.ref === undefined) continue;
    const target = byName.get(f.ref);
    if (!target) throw new Error(`${def.name}.${field}: refers to unknown resource ${f.ref}`);
    if (target.query) throw new Error(`${def.name}.${field}: refers to ${f.ref}, a read model (a reference names a row of a table)`);
    for (const column of Object.keys(f.refWhere ?? {})) {
      if (!(column in target.fields)) throw new Error(`${def.name}.${field}: ${f.ref} has no field ${column} to choose by`);
    }
  }
}
