import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Hono } from 'hono';
import { z } from 'zod';
import { startTestServer, TestClient, type TestServer } from '../support/api-harness';
import { receivedAsnWithPutawayTask } from '../support/putaway-fixture';
import { handlers } from '../../src/server/app';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import {
  autoWaveRules, ccDiffOrders, ccFrequencyRules, ccOrderLines, ccTasks, cycleCountSkills, cycleCountTaskRules, highValueRules, bypassTwsRules, groupShippingRules, oneAwbRules, checkingTasks, packingTasks, consumableReceipts, packagingRules, weightBands, flowPickingSkills, inboundTasks, locationInventory, mergeRules, mergeTasks, pickingRules, pickingSkills, pickingTasks, putawayRules, qcRules, salesAllocateRules, salesOrderImportTasks, sortingRules, sortingSkills, sortingTasks, transitShipments,
  mtOrders, mtPackingTasks, returnInboundRules, returnOrders, returnQcChecks, outboundAllocations, rtsOrders, mtShipments, outboundDamageReports, salesOrders, shippingHandovers, instantZoneCodes, storeGroupTemplates, transferRequests, users, waveGroupingRules, waveGroups, waveRules,
} from '../../src/server/db/schema';
import { ApiError } from '../../src/server/http/errors';
import { envelope, registerContract } from '../../src/server/http/register';
import { writeConf } from '../../src/server/common/conf';
import { seedDemoRtsOrders } from '../../src/server/modules/outbound/rts-order.seed';
import { seedDemoMtOrders } from '../../src/server/modules/outbound/mt-order.seed';
import { contract } from '../../src/shared/contract';
import { API_BASE, accessPerms, endpoint, isMutation, type EndpointDef } from '../../src/shared/contract/define';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import { FEATURE_FLAGS } from '../../src/shared/permissions';
import { RET } from '../../src/shared/retcodes';
import { SORTING_STAGE } from '../../src/shared/codes';

/** Endpoints that run before the app knows its warehouse, so they skip the tenant check. */

const entries = Object.entries(contract) as [string, EndpointDef][];
const posts = entries.filter(([, def]) => def.method === 'POST');
const gets = entries.filter(([, def]) => def.method === 'GET');
const guarded = entries.filter(([, def]) => def.access !== 'public');

/**
 * A valid input (POST body or GET query) for each endpoint that needs one, so that one field
 * at a time can be spoiled. Endpoints added later without a sample still get the generic
 * checks (never a 500).
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  userLogin: { email: 'operator@demo.local', password: hashPasswordForTransport('Demo1234'), is_simple_password: false },
  setUserSetting: { name: 'lang', value: 'en' },
  switchWarehouse: { type: 'whs', value: 'SGSIN1' },
  userForgot: { email: 'operator@demo.local' },
  userPasswordReset: { passwd: 'NewPass123', token: 'A'.repeat(43), user_id: 1 },
  resetMyPwd: { old_pwd: hashPasswordForTransport('Demo1234'), new_pwd: 'Demo1234' },
  getConfList: { conf_key: ['weak_network_rtt_ms'], whs_id: 'SGSIN1' },
  getNotificationSoundList: { platform: 1 },
  updateNotificationSound: { platform: 1, list: [{ node_name: 'scan.accepted', sound_type: 1, clip: 'A', voice: 0 }] },
  getSupplierDetail: { supplier_id: 'SUPSG0001' },
  getSkuDetail: { sku_id: 'SGSKU00001' },
  getSkuMappingDetail: { mapping_code: '$SHOP0001' },
  getSkuByMappingCode: { new_sku_id: '$SHOP0001' },
  getShopDetail: { shop_id: 'SHSG0001' },
  getShopGroupDetail: { group_id: 'GRP-MALL' },
  getMerchantDetail: { merchant_id: 'MSG001' },
  getDockDetail: { dock_code: 'D01' },
  getStationDetail: { station_id: 'CHK-01' },
  getPrintSetting: { station_id: 'PCK-01' },
  getZoneDetail: { zone_id: 'A01' },
  getZoneColorDetail: { zone_id: 'A01' },
  getConsumableDetail: { consumable_id: 'CB-S' },
  checkParcelWeight: { expected_g: 1000, actual_g: 1010 },
  getPathwayDetail: { pathway_id: 'A01-01' },
  getCellDetail: { location_code: 'A01-01-01-1' },
  getWhsPlanningDetail: { logic_area_id: 'LA-FAST' },
  getStoreyDetail: { storey_id: '1' },
  getParkDetail: { park_id: 'P1' },
  getZoneClusterDetail: { zone_cluster_id: 'ZC-AMB' },
  getLogicAreaDetail: { logic_area_id: 'LA-FAST' },
  getInboundStagingLocationDetail: { location_code: 'IB-ARRIVING-01' },
  getOutboundStagingLocationDetail: { location_code: 'OB-MERGING-01' },
  getRtStagingLocationDetail: { location_code: 'RT-ARRIVING-01' },
  createExportTask: { resource: 'supplier', format: 'csv', filters: {} },
  setPagingHeader: { url_path: '/wmsbasic/supplier', header: { columns: [] } },
  getRoleDetail: { role_id: 1 },
  searchFilterTemplate: { url_path: '/wmsbasic/supplier' },
  searchBookmark: { url_path: '/wmsbasic/supplier' },
  getWarehouseUserDetail: { whs_id: 'SGSIN1', user_id: 1 },
  getAsnDetail: { asn_no: 'ASNSGDEMO01' },
  getJitAsnDetail: { asn_no: 'ASNSGDEMO02' },
  getReprocessOrderDetail: { asn_no: 'ASNSGDEMO10' },
  getAsnGroupDetail: { group_no: 'ASNSGDEMO04' },
  getTrackingIdDetail: { tracking_id: 'TRKSG011' },
  getInboundShiftDetail: { shift_id: 1 },
  searchAsnSku: { keyword: 'SGSKU' },
  searchAsnDeliverySlot: { slot_date: '2026-01-01', inbound_type: 1 },
  searchExpectedArrivalMtb: { sheet_id: 'ASNSGDEMO01' },
  searchCheckedArrivalMtb: { sheet_id: 'ASNSGDEMO01' },
  searchMissingArrivalMtb: { sheet_id: 'ASNSGDEMO01' },
  getArrivalSheet: { sheet_id: 'ASNSGDEMO01' },
  // The counting demo ASNs (counting.seed.ts): C1 waits for QC, C2 for receiving, C3 to be counted.
  searchGroupDetail: { group_no: 'ASNSGDEMOC3' },
  searchSkuScanning: { group_no: 'ASNSGDEMOC3', code: 'SGSKU00001' },
  checkSurplus: { group_no: 'ASNSGDEMOC3', sku_id: 'SGSKU00001', qty: 1 },
  checkTrackingId: { group_no: 'ASNSGDEMOC3', tracking_id: 'TRKSGC31' },
  checkExceptionTrackingId: { tracking_id: 'TRKSGC31' },
  checkGroupCompleteRecord: { group_no: 'ASNSGDEMOC3' },
  getExpectedQcQty: { asn_no: 'ASNSGDEMOC1' },
  getQcAsn: { asn_no: 'ASNSGDEMOC1' },
  getReceivingAsn: { asn_no: 'ASNSGDEMOC2' },
  getVasTask: { code: 'IB-PUTAWAY-01' },
  getInboundExceptionDetail: { exception_no: 'IEXSGDEMO10' },
  updateFlowPickSetting: { enabled: false, zone_ids: [], max_orders: 20, max_units: null, item_kind: 0, min_priority: 2 },
};
const HUGE = 'x'.repeat(100_000);
const WRONG_VALUES: unknown[] = [HUGE, 12345, -1.5, true, null, {}, { $ne: null }, [], ['a', 'b'], '', ' '];

const fieldsOf = (def: EndpointDef): string[] => Object.keys((def.input as unknown as { shape?: Record<string, unknown> }).shape ?? {});
const issuePaths = (res: { data: { issues?: { path: string }[] } | null }) => (res.data?.issues ?? []).map((i) => i.path);

let server: TestServer;
/** Super admin in SGSIN1: every endpoint passes its access check. */
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin@demo.local');
  expect((await admin.post('/apps/system/user/switch_user_setting', { type: 'whs', value: 'SGSIN1' })).retcode).toBe(0);
  // Warehouse planning answers only where the fulfilment chain is on (-100413 otherwise): on in SGSIN1 for these checks.
  await writeConf(server.database.db, 'SGSIN1', FEATURE_FLAGS.fulfilChain.confKey, '1');
  // Zone colours likewise answer only where zone_by_color is on (the demo has it on in IDJKT1).
  await writeConf(server.database.db, 'SGSIN1', FEATURE_FLAGS.zoneByColor.confKey, '1');
  // A bookmark of the admin's for the bookmark detail call.
  const bookmark = await admin.post('/apps/config/bookmark/create_bookmark', { url_path: '/wmsbasic/supplier', template_name: 'Contract check', data: { status: 1 } });
  expect(bookmark.retcode).toBe(0);
  VALID_BODIES.getBookmarkDetail = { template_id: bookmark.data.template_id };
  // Putaway tasks for the putaway calls (demo data has none).
  const standard = await receivedAsnWithPutawayTask(server.database.db, [{ skuId: 'SGSKU00002', qty: 1 }]);
  const mass = await receivedAsnWithPutawayTask(server.database.db, [{ skuId: 'SGSKU00002', qty: 1 }], { mode: 2 });
  VALID_BODIES.openStandardPutawayTask = { code: standard.taskNo };
  VALID_BODIES.getPutawayTaskDetail = { task_no: standard.taskNo };
  VALID_BODIES.openMassPutawayLines = { code: mass.taskNo };
  const [rule] = await server.database.db.insert(putawayRules).values({ whsId: 'SGSIN1', ruleName: 'Contract check', priority: 1, targetZoneId: 'A01', status: 2 }).returning();
  VALID_BODIES.getPutawayRuleDetail = { rule_id: rule!.ruleId };
  // The demo's move transfer coming to SGSIN1 (transit.seed.ts).
  const [shipment] = await server.database.db.select({ no: transitShipments.shipmentNo, asnNo: transitShipments.destAsnNo }).from(transitShipments).where(eq(transitShipments.destWhsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getTransitShipment = { shipment_no: shipment!.no };
  VALID_BODIES.getIncomingTransitShipment = { shipment_no: shipment!.no };
  // A QC and a receiving task of its Transfer Inbound ASN for Move Transfer Inbound's task details (the demo's is not counted yet).
  await server.database.db.insert(inboundTasks).values([
    { whsId: 'SGSIN1', taskNo: 'ITCONTRACTMTQC', kind: 2, asnNo: shipment!.asnNo, groupNo: shipment!.asnNo },
    { whsId: 'SGSIN1', taskNo: 'ITCONTRACTMTRC', kind: 3, asnNo: shipment!.asnNo, groupNo: shipment!.asnNo },
  ]);
  VALID_BODIES.getMtQcTaskDetail = { task_no: 'ITCONTRACTMTQC' };
  VALID_BODIES.getMtReceiveTaskDetail = { task_no: 'ITCONTRACTMTRC' };
  // The demo's transfer requests are raised by SGSIN1 (transfer-request.seed.ts).
  const [request] = await server.database.db.select({ no: transferRequests.requestNo }).from(transferRequests).where(eq(transferRequests.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getTransferRequest = { request_no: request!.no };
  // The demo's sales outbound rules (outbound-rules.seed.ts).
  const sg = (table: typeof salesAllocateRules | typeof pickingRules | typeof autoWaveRules | typeof waveRules | typeof waveGroupingRules | typeof mergeRules | typeof groupShippingRules | typeof oneAwbRules | typeof bypassTwsRules) =>
    server.database.db.select({ ruleId: table.ruleId }).from(table).where(eq(table.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getSalesAllocateRuleDetail = { rule_id: (await sg(salesAllocateRules))[0]!.ruleId };
  VALID_BODIES.getPickingRuleDetail = { rule_id: (await sg(pickingRules))[0]!.ruleId };
  VALID_BODIES.getAutoWaveRuleDetail = { rule_id: (await sg(autoWaveRules))[0]!.ruleId };
  VALID_BODIES.getWaveRuleDetail = { rule_id: (await sg(waveRules))[0]!.ruleId };
  VALID_BODIES.getMergeRuleDetail = { rule_id: (await sg(mergeRules))[0]!.ruleId };
  VALID_BODIES.getGroupShippingRuleDetail = { rule_id: (await sg(groupShippingRules))[0]!.ruleId };
  VALID_BODIES.getOneAwbRuleDetail = { rule_id: (await sg(oneAwbRules))[0]!.ruleId };
  VALID_BODIES.getBypassTwsRuleDetail = { rule_id: (await sg(bypassTwsRules))[0]!.ruleId };
  VALID_BODIES.getGroupingRuleDetail = { rule_id: (await sg(waveGroupingRules))[0]!.ruleId };
  const [template] = await server.database.db.select({ id: storeGroupTemplates.templateId }).from(storeGroupTemplates).where(eq(storeGroupTemplates.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getStoreGroupTemplateDetail = { template_id: template!.id };
  const [waveGroup] = await server.database.db.select({ id: waveGroups.groupId }).from(waveGroups).where(eq(waveGroups.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getWaveGroupDetail = { group_id: waveGroup!.id };
  const [skill] = await server.database.db.select({ userId: pickingSkills.userId }).from(pickingSkills).where(eq(pickingSkills.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getPickingSkillDetail = { user_id: skill!.userId };
  const [flowSkill] = await server.database.db.select({ userId: flowPickingSkills.userId }).from(flowPickingSkills).where(eq(flowPickingSkills.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getFlowPickingSkillDetail = { user_id: flowSkill!.userId };
  // The demo's consumables, packaging rules and weight bands (consumables.seed.ts), and a demo order to suggest a box for.
  const firstOf = async <T>(rows: Promise<T[]>) => (await rows)[0]!;
  VALID_BODIES.getConsumableReceiptDetail = { receipt_id: (await firstOf(server.database.db.select({ id: consumableReceipts.receiptId }).from(consumableReceipts).where(eq(consumableReceipts.whsId, 'SGSIN1')))).id };
  VALID_BODIES.getPackagingRuleDetail = { rule_id: (await firstOf(server.database.db.select({ id: packagingRules.ruleId }).from(packagingRules).where(eq(packagingRules.whsId, 'SGSIN1')))).id };
  VALID_BODIES.getWeightBandDetail = { band_id: (await firstOf(server.database.db.select({ id: weightBands.bandId }).from(weightBands).where(eq(weightBands.whsId, 'SGSIN1')))).id };
  const [packingTask] = await server.database.db.select({ no: packingTasks.taskNo, orderNo: packingTasks.orderNo }).from(packingTasks).where(eq(packingTasks.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getPackingTaskDetail = { task_no: packingTask!.no };
  VALID_BODIES.getOrderParcels = { order_no: packingTask!.orderNo };
  VALID_BODIES.suggestPackaging = { order_no: (await firstOf(server.database.db.select({ no: salesOrders.orderNo }).from(salesOrders).where(eq(salesOrders.whsId, 'SGSIN1')))).no };
  // An adjustment for the adjustment detail call (demo data has none): one unit added to a demo balance.
  const [balance] = await server.database.db.select().from(locationInventory).where(eq(locationInventory.whsId, 'SGSIN1')).limit(1);
  const adjustment = await admin.post<{ adjust_no: string }>('/apps/process/inventory/adjustment/create_adjustment', {
    reason: 9, lines: [{ location_id: balance!.locationId, sku_id: balance!.skuId, batch_id: balance!.batchId, quality: balance!.quality, direction: 2, qty: 1 }],
  });
  expect(adjustment.retcode, adjustment.message).toBe(0);
  VALID_BODIES.getAdjustmentDetail = { adjust_no: adjustment.data.adjust_no };
  VALID_BODIES.getAdjustmentStock = { location_id: balance!.locationId, sku_id: balance!.skuId };
  // QC rules and the QC and receiving tasks of the counting demo ASNs (their numbers are drawn).
  const [qcRule] = await server.database.db.select().from(qcRules).where(eq(qcRules.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getQcRuleDetail = { rule_id: qcRule!.ruleId };
  for (const [name, asnNo] of [['getQcTaskDetail', 'ASNSGDEMOC1'], ['getReceiveTaskDetail', 'ASNSGDEMOC2']] as const) {
    const [task] = await server.database.db.select().from(inboundTasks).where(and(eq(inboundTasks.whsId, 'SGSIN1'), eq(inboundTasks.asnNo, asnNo)));
    VALID_BODIES[name] = { task_no: task!.taskNo };
  }
  // The demo's first return (return-order.seed.ts; its ASN number is drawn).
  const [demoReturn] = await server.database.db.select({ asnNo: returnOrders.asnNo }).from(returnOrders).where(and(eq(returnOrders.whsId, 'SGSIN1'), eq(returnOrders.returnOrderNo, 'RMA-SGSIN1-1')));
  VALID_BODIES.getReturnAsnDetail = { asn_no: demoReturn!.asnNo };
  VALID_BODIES.getReturnOrderDetail = { asn_no: demoReturn!.asnNo };
  // The demo's return QC checklist and return inbound rules (return-order.seed.ts).
  VALID_BODIES.getReturnQcCheckDetail = { check_id: (await firstOf(server.database.db.select({ id: returnQcChecks.checkId }).from(returnQcChecks).where(eq(returnQcChecks.whsId, 'SGSIN1')))).id };
  VALID_BODIES.getReturnInboundRuleDetail = { rule_id: (await firstOf(server.database.db.select({ id: returnInboundRules.ruleId }).from(returnInboundRules).where(eq(returnInboundRules.whsId, 'SGSIN1')))).id };
  // The VAS tasks of the VAS demo ASN, one of each kind.
  for (const [name, kind] of [['getLabellingTaskDetail', 5], ['getBundlingTaskDetail', 6], ['getRepackagingTaskDetail', 7]] as const) {
    const [task] = await server.database.db.select().from(inboundTasks).where(and(eq(inboundTasks.whsId, 'SGSIN1'), eq(inboundTasks.asnNo, 'ASNSGDEMOV1'), eq(inboundTasks.kind, kind)));
    VALID_BODIES[name] = { task_no: task!.taskNo };
  }
  // The demo sales orders' first wave and its first task (outbound.seed.ts; numbers are drawn).
  const [order] = await server.database.db.select().from(salesOrders).where(and(eq(salesOrders.whsId, 'SGSIN1'), eq(salesOrders.status, 3))).limit(1);
  VALID_BODIES.getSalesOrderDetail = { order_no: order!.orderNo };
  VALID_BODIES.getWaveDetail = { wave_no: order!.waveNo };
  const [pickingTask] = await server.database.db.select().from(pickingTasks).where(and(eq(pickingTasks.whsId, 'SGSIN1'), eq(pickingTasks.waveNo, order!.waveNo!))).limit(1);
  VALID_BODIES.getPickingTaskDetail = { task_no: pickingTask!.taskNo };
  // MT orders (the demo's are IDJKT1's): the demo seed's four, here, one released to picking; an MT allocate rule.
  await server.database.db.transaction((tx) => seedDemoMtOrders(tx, 'SGSIN1', ['IDJKT1']));
  const [mtTask] = await server.database.db.select().from(pickingTasks).where(and(eq(pickingTasks.whsId, 'SGSIN1'), eq(pickingTasks.orderType, 2))).limit(1);
  VALID_BODIES.getMtOrderDetail = { order_no: (await firstOf(server.database.db.select({ no: mtOrders.orderNo }).from(mtOrders).where(eq(mtOrders.whsId, 'SGSIN1')))).no };
  VALID_BODIES.getMtPickingTaskDetail = { task_no: mtTask!.taskNo };
  VALID_BODIES.getTransferTask = VALID_BODIES.getMtOrderDetail;
  VALID_BODIES.getMtDestinationPriorityDetail = { dest_whs_id: 'IDJKT1' };
  const [mtRule] = await server.database.db.insert(salesAllocateRules).values({ whsId: 'SGSIN1', ruleName: 'Contract MT rule', orderType: 2, priority: 1, status: 2 }).returning();
  VALID_BODIES.getMtAllocateRuleDetail = { rule_id: mtRule!.ruleId };
  // RTS orders (the demo's are IDJKT1's): the demo seed's four, here, one released to picking; an RTS allocate rule.
  await server.database.db.transaction((tx) => seedDemoRtsOrders(tx, 'SGSIN1'));
  const [rtsTask] = await server.database.db.select().from(pickingTasks).where(and(eq(pickingTasks.whsId, 'SGSIN1'), eq(pickingTasks.orderType, 3))).limit(1);
  VALID_BODIES.getRtsOrderDetail = { order_no: (await firstOf(server.database.db.select({ no: rtsOrders.orderNo }).from(rtsOrders).where(eq(rtsOrders.whsId, 'SGSIN1')))).no };
  const rtsTaskOrder = await firstOf(server.database.db.select({ no: outboundAllocations.orderNo }).from(outboundAllocations)
    .where(and(eq(outboundAllocations.whsId, 'SGSIN1'), eq(outboundAllocations.taskNo, rtsTask!.taskNo))));
  VALID_BODIES.getRtsPickingTaskDetail = { task_no: rtsTask!.taskNo, order_no: rtsTaskOrder.no };
  VALID_BODIES.getRtsQuotaDetail = { supplier_id: '*' };
  const [rtsRule] = await server.database.db.insert(salesAllocateRules).values({ whsId: 'SGSIN1', ruleName: 'Contract RTS rule', orderType: 3, priority: 1, status: 2 }).returning();
  VALID_BODIES.getRtsAllocateRuleDetail = { rule_id: rtsRule!.ruleId };
  // The demo's checked cart (outbound.seed.ts).
  const [checkingTask] = await server.database.db.select().from(checkingTasks).where(eq(checkingTasks.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getCheckingTaskDetail = { task_no: checkingTask!.taskNo };
  // MT checking, packing and shipping (the demo has none in SGSIN1): a checking task of MT type, a packing task and a shipment.
  await server.database.db.insert(checkingTasks).values({ ...checkingTask!, taskNo: 'CKCONTRACTMT', orderType: 2 });
  VALID_BODIES.getMtCheckingTaskDetail = { task_no: 'CKCONTRACTMT' };
  const mtOrderNo = String(VALID_BODIES.getMtOrderDetail.order_no);
  await server.database.db.insert(mtPackingTasks).values({ whsId: 'SGSIN1', packingId: 'MTPCONTRACT1', orderNo: mtOrderNo, destWhsId: 'IDJKT1', totalQty: 1 });
  VALID_BODIES.getMtPackingDetail = { packing_id: 'MTPCONTRACT1' };
  await server.database.db.insert(mtShipments).values({ whsId: 'SGSIN1', shippingId: 'MTSCONTRACT1', destWhsId: 'IDJKT1', shipBy: 1 });
  VALID_BODIES.getMtShipmentDetail = { shipping_id: 'MTSCONTRACT1' };
  // An outbound troubleshoot task: a damaged unit reported (demo data has none).
  await server.database.db.insert(outboundDamageReports).values({ whsId: 'SGSIN1', reportNo: 'ODMCONTRACT1', locationId: 'SGDEMO', skuId: 'SGSKU00002', batchId: 'B1', qty: 1 });
  VALID_BODIES.getObTroubleshootTaskDetail = { task_id: 'ODMCONTRACT1' };
  // The demo split task's group and one of its sub-picking tasks (outbound.seed.ts).
  const [subTask] = await server.database.db.select().from(pickingTasks).where(and(eq(pickingTasks.whsId, 'SGSIN1'), isNotNull(pickingTasks.subPickingGroupId))).limit(1);
  VALID_BODIES.getSubPickingGroupDetail = { group_id: subTask!.subPickingGroupId };
  VALID_BODIES.getSubPickingTaskDetail = { task_no: subTask!.taskNo };
  // A handover loading at SGSIN1 (none in the demo until it has packed orders) and a demo order's parcels.
  await server.database.db.insert(shippingHandovers).values({ whsId: 'SGSIN1', shippingNo: 'SHCONTRACT01', kind: 1, carrierName: 'J&T Express' }).onConflictDoNothing();
  VALID_BODIES.getHandoverDetail = { shipping_no: 'SHCONTRACT01' };
  await server.database.db.insert(shippingHandovers).values({ whsId: 'SGSIN1', shippingNo: 'SHCONTRACT02', kind: 4, carrierName: 'GrabExpress', bookingNo: 'BK1' }).onConflictDoNothing();
  VALID_BODIES.getDeliveryTaskDetail = { assignment_id: 'SHCONTRACT02' };
  await server.database.db.insert(instantZoneCodes).values({ whsId: 'SGSIN1', zoneCode: 'CZ1', zoneName: 'Contract zone' }).onConflictDoNothing();
  VALID_BODIES.getZoneCodeDetail = { zone_code: 'CZ1' };
  VALID_BODIES.getOrderShipping = { order_no: order!.orderNo };
  // A demo merge lane and merging task (merging.seed.ts: the demo's multi-zone orders).
  VALID_BODIES.getMergeLane = { station_id: 'MRG-01' };
  const [mergeTask] = await server.database.db.select().from(mergeTasks).where(eq(mergeTasks.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getMergeTaskDetail = { task_no: mergeTask!.taskNo };
  // The demo's sorting rule, skills, the basket being sorted at its put wall and the one being pre-sorted (sorting.seed.ts).
  const sortingTask = async (stage: number) => (await server.database.db.select().from(sortingTasks)
    .where(and(eq(sortingTasks.whsId, 'SGSIN1'), eq(sortingTasks.stage, stage))).limit(1))[0]!.taskNo;
  VALID_BODIES.getSortingTaskDetail = { task_no: await sortingTask(SORTING_STAGE.values.PUT_WALL) };
  VALID_BODIES.getPreSortingTaskDetail = { task_no: await sortingTask(SORTING_STAGE.values.PRE_SORTING) };
  const [sortingRule] = await server.database.db.select().from(sortingRules).where(eq(sortingRules.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getSortingRuleDetail = { rule_id: sortingRule!.ruleId };
  const [sortingSkill] = await server.database.db.select().from(sortingSkills).where(eq(sortingSkills.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getSortingSkillDetail = { user_id: sortingSkill!.userId };
  // The demo's cycle counts (cycle-count.seed.ts): the counted order with its task and difference order; task rule; ABC rules (abc.seed.ts).
  const cdb = server.database.db;
  const [ccDiff] = await cdb.select().from(ccDiffOrders).where(eq(ccDiffOrders.whsId, 'SGSIN1')).limit(1);
  const [ccTask] = await cdb.select().from(ccTasks).where(and(eq(ccTasks.whsId, 'SGSIN1'), eq(ccTasks.orderNo, ccDiff!.orderNo))).limit(1);
  const [ccLine] = await cdb.select().from(ccOrderLines).where(and(eq(ccOrderLines.whsId, 'SGSIN1'), eq(ccOrderLines.orderNo, ccDiff!.orderNo), ne(ccOrderLines.skuId, ''))).limit(1);
  const ccOrder = { order_no: ccDiff!.orderNo };
  Object.assign(VALID_BODIES, {
    getCcOrderDetail: ccOrder, getCcOrderDetailCcTaskList: ccOrder, getCcOrderDetailLog: ccOrder, getCcOrderDetailSkuLocationList: ccOrder,
    getCcOrderDetailSkuLocationBatch: { ...ccOrder, location_id: ccLine!.locationId, sku_id: ccLine!.skuId },
    getCcOrderDetailSkuLocationUid: { ...ccOrder, location_id: ccLine!.locationId, sku_id: ccLine!.skuId },
    getCcTaskDetail: { task_no: ccTask!.taskNo }, getCcDiffOrderDetail: { diff_no: ccDiff!.diffNo },
    getDailyCcDashboard: { date_from: '2026-01-01', date_to: '2026-12-31' },
  });
  const [ccRule] = await cdb.select().from(cycleCountTaskRules).where(eq(cycleCountTaskRules.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getCycleCountTaskRuleDetail = { zone_id: ccRule!.zoneId };
  await cdb.insert(cycleCountSkills).values({ whsId: 'SGSIN1', userId: 1, zoneIds: 'A01' });
  VALID_BODIES.getCycleCountSkillDetail = { user_id: 1 };
  const [highValue] = await cdb.select().from(highValueRules).where(eq(highValueRules.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getHighValueRuleDetail = { rule_id: highValue!.ruleId };
  const [frequency] = await cdb.select().from(ccFrequencyRules).where(eq(ccFrequencyRules.whsId, 'SGSIN1')).limit(1);
  VALID_BODIES.getCcFrequencyRuleDetail = { rule_id: frequency!.ruleId };
  // A sales order import of the warehouse (demo data has none).
  const [uploader] = await server.database.db.select({ userId: users.userId, email: users.email }).from(users).limit(1);
  const [orderImport] = await server.database.db.insert(salesOrderImportTasks)
    .values({ whsId: 'SGSIN1', userId: uploader!.userId, operatorEmail: uploader!.email, fileName: 'orders.csv', fileFormat: 'csv', orderCount: 0 })
    .returning({ taskId: salesOrderImportTasks.taskId });
  VALID_BODIES.getSalesOrderImport = { task_id: orderImport!.taskId };
});
afterAll(async () => {
  await server?.close();
});

async function call(client: TestClient, def: EndpointDef, input: unknown, opts: Parameters<TestClient['request']>[3] = {}) {
  return client.request(def.method, def.path, def.method === 'GET' ? (input as Record<string, unknown>) : input, opts);
}

describe('every contract entry', () => {
  test('has a handler and a declared access', () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const [name, def] of entries) {
      expect(typeof (handlers as Record<string, unknown>)[name], `handler of ${name}`).toBe('function');
      const access = def.access;
      const valid = access === 'public' || access === 'session' || (accessPerms(access).length > 0 && accessPerms(access).every((p) => typeof p === 'string' && p.startsWith('PC.')));
      expect(valid, `access of ${name}: ${JSON.stringify(access)}`).toBe(true);
      expect(def.path, name).toMatch(/^\/[a-z0-9_/]+$/i);
      expect(['GET', 'POST'], name).toContain(def.method);
    }
    // One route per method and path.
    const keys = entries.map(([, d]) => `${d.method} ${d.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Nothing registered that the contract does not declare.
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(contract).sort());
  });

  test('is served: requesting it never gets the unknown-API answer', async () => {
    for (const [name, def] of entries) {
      const anonymous = server.client();
      const res = await call(anonymous, def, {});
      expect(res.retcode, name).not.toBe(RET.UNKNOWN_API);
      expect(anonymous.lastStatus, name).not.toBe(404);
      expect(anonymous.lastStatus, name).toBeLessThan(500);
    }
  });

  test.each(guarded.map(([name, def]) => [name, def] as const))('%s without a session: -100405 (HTTP 401)', async (_name, def) => {
    const anonymous = server.client();
    const res = await call(anonymous, def, VALID_BODIES[_name] ?? {});
    expect(res.retcode).toBe(RET.NOT_LOGGED_IN);
    expect(res.message).toMatch(/sign in/i);
    expect(anonymous.lastStatus).toBe(401);
  });

  test('a mutation without the CSRF header, or with a wrong one, gets -100408 (HTTP 403)', async () => {
    const client = await server.login('operator@demo.local');
    const mutations = entries.filter(([, def]) => isMutation(def));
    expect(mutations.map(([n]) => n)).toContain('userLogout');
    for (const [name, def] of mutations) {
      for (const opts of [{ csrf: false }, { headers: { 'x-csrf-token': 'not-the-cookie' } }]) {
        const res = await call(client, def, VALID_BODIES[name] ?? {}, opts);
        expect(res.retcode, name).toBe(RET.CSRF_INVALID);
        expect(client.lastStatus, name).toBe(403);
      }
    }
    // The header without the cookie is no better.
    client.cookies.delete('tally_csrf');
    const res = await client.request('POST', '/apps/system/user/set_user_setting', { name: 'lang', value: 'th' }, { headers: { 'x-csrf-token': 'forged' } });
    expect(res.retcode).toBe(RET.CSRF_INVALID);
    // Nothing happened: still signed in, language unchanged.
    const info = await client.get('/apps/system/user/get_login_info');
    expect(info.retcode).toBe(0);
    expect(info.data.lang).toBe('en');
  });

  test('a read needs no CSRF header', async () => {
    for (const [name, def] of gets.filter(([, d]) => !isMutation(d))) {
      const res = await call(admin, def, VALID_BODIES[name] ?? {}, { csrf: false });
      expect(res.retcode, name).toBe(0);
    }
  });

  test('a signed-in call with another warehouse in the tenant header, or none, gets -100407 with session_whs_id', async () => {
    const client = await server.login('supervisor@demo.local');
    const current = client.whsId!;
    const other = current === 'SGSIN1' ? 'IDJKT1' : 'SGSIN1';
    for (const [name, def] of guarded) {
      if (def.tenantExempt) continue;
      for (const opts of [{ headers: { 'x-tally-whs': other } }, { tenant: false }]) {
        const res = await call(client, def, VALID_BODIES[name] ?? {}, opts);
        expect(res.retcode, name).toBe(RET.WAREHOUSE_MISMATCH);
        expect(res.data.session_whs_id, name).toBe(current);
        expect(res.message, name).toContain(current);
      }
    }
    expect((await client.get('/apps/system/user/get_login_info')).data.whs_id).toBe(current);
  });

  test('public endpoints answer without a session or tenant', async () => {
    for (const [name, def] of entries.filter(([, d]) => d.access === 'public' && d.method === 'GET')) {
      const anonymous = server.client();
      expect((await call(anonymous, def, {})).retcode, name).toBe(0);
    }
  });
});

describe('unknown paths and malformed requests', () => {
  test('an unknown /api/v2 path gets -100444 with HTTP 404', async () => {
    const client = server.client();
    for (const [method, path] of [['GET', '/apps/system/user/no_such_thing'], ['POST', '/apps/nope'], ['GET', '/']] as const) {
      const res = await client.request(method, path, {});
      expect(res.retcode, path).toBe(RET.UNKNOWN_API);
      expect(client.lastStatus, path).toBe(404);
      expect(res.message).toContain(path === '/' ? '/api/v2/' : path);
    }
    const res = await client.raw('GET', '/api/v3/apps/system/user/get_login_info');
    expect(res.status).toBe(404);
    expect((await res.json()).retcode).toBe(RET.UNKNOWN_API);
  });

  test('a known path with the wrong method is not served', async () => {
    const client = server.client();
    const res = await client.request('GET', '/apps/system/user/user_login', {});
    expect(res.retcode).toBe(RET.UNKNOWN_API);
    expect(client.lastStatus).toBe(404);
    const post = await admin.request('POST', '/apps/system/user/get_login_info', {});
    expect(post.retcode).toBe(RET.UNKNOWN_API);
  });

  test.each(posts.map(([name, def]) => [name, def] as const))('%s: a malformed or non-object JSON body gets -100400, never a 500', async (name, def) => {
    for (const body of ['{bad json', '{"a":', 'null', '[]', '"text"', '42', 'true']) {
      const res = await admin.post(def.path, body);
      expect(res.retcode, `${name} ${body}`).toBe(RET.BAD_INPUT);
      expect(admin.lastStatus, `${name} ${body}`).toBeLessThan(500);
      expect(res.data.issues.length).toBeGreaterThan(0);
    }
    const res = await admin.post(def.path, '{bad json');
    expect(res.message).toMatch(/not valid JSON/i);
  });

  test.each(posts.map(([name, def]) => [name, def] as const))('%s: huge strings and wrong types get -100400 naming the field', async (name, def) => {
    const sample = VALID_BODIES[name];
    const fields = fieldsOf(def);
    let refused = 0;
    for (const field of fields) {
      for (const value of WRONG_VALUES) {
        const body = { ...(sample ?? {}), [field]: value };
        if (def.input.safeParse(body).success) continue; // a value the field accepts is not bad input
        refused++;
        const res = await admin.post(def.path, body);
        const what = `${name}.${field} = ${JSON.stringify(value).slice(0, 20)}`;
        expect(admin.lastStatus, what).toBeLessThan(500);
        expect(res.retcode, what).toBe(RET.BAD_INPUT);
        if (sample) {
          expect(issuePaths(res).some((p) => p === field || p.startsWith(`${field}.`)), `${what}: ${JSON.stringify(res.data.issues)}`).toBe(true);
          expect(res.message, what).toContain(field);
        }
      }
    }
    if (fields.length > 0) expect(refused).toBeGreaterThanOrEqual(fields.length);
    if (sample) expect(def.input.safeParse(sample).success, `the sample body of ${name} is valid`).toBe(true);
    // Still signed in, in the same warehouse: no bad request changed the session.
    expect((await admin.get('/apps/system/user/get_login_info')).data.whs_id).toBe('SGSIN1');
  });

  test('huge or odd query strings on GET endpoints never cause a 500', async () => {
    for (const [name, def] of gets) {
      if (isMutation(def)) continue;
      const query: Record<string, unknown> = { junk: HUGE.slice(0, 4000) };
      for (const field of fieldsOf(def)) query[field] = HUGE.slice(0, 4000);
      const res = await call(admin, def, query);
      expect(admin.lastStatus, name).toBeLessThan(500);
      if (fieldsOf(def).length > 0) expect(res.retcode, name).toBe(RET.BAD_INPUT);
      else expect(res.retcode, name).toBe(0); // unknown parameters are ignored
    }
  });

  test('a huge body is refused cleanly', async () => {
    const res = await admin.post('/apps/system/user/set_user_setting', { name: 'lang', value: 'x'.repeat(2_000_000) });
    expect(res.retcode).toBe(RET.BAD_INPUT);
    expect(res.message).toMatch(/larger than 1024 KB/);
    expect(admin.lastStatus).toBe(413);
  });
});

describe('permission check', () => {
  // No endpoint of the session/config contract needs a permission yet; the mechanism is tested
  // with a probe endpoint registered the same way as the real ones.
  const probe = {
    jumpWfm: endpoint({
      method: 'GET', path: '/test/probe/jump_wfm', access: { perm: 'PC.Settings.JumpWFM' }, summary: 'probe',
      input: z.object({ n: z.coerce.number().int().min(1) }), output: z.object({ ok: z.boolean() }),
    }),
  };
  let probeApp: Hono;
  const asProbe = (client: TestClient) => {
    const other = new TestClient(probeApp);
    for (const [k, v] of client.cookies) other.cookies.set(k, v);
    other.whsId = client.whsId;
    return other;
  };

  beforeAll(() => {
    probeApp = new Hono();
    probeApp.onError((err, c) => (err instanceof ApiError ? c.json(envelope(err.data, err.retcode, err.message), err.httpStatus as 200) : c.json(envelope(null, RET.INTERNAL, String(err)), 500)));
    registerContract(probeApp, { db: server.database.db, config: server.config }, probe, { jumpWfm: async () => ({ ok: true }) });
  });

  test('a user without the permission gets -100406 naming it (HTTP 403); one with it gets through', async () => {
    const operator = asProbe(await server.login('operator@demo.local'));
    const denied = await operator.get('/test/probe/jump_wfm', { n: 1 });
    expect(denied.retcode).toBe(RET.PERMISSION_DENIED);
    expect(denied.data).toEqual({ perm: 'PC.Settings.JumpWFM' });
    expect(operator.lastStatus).toBe(403);
    // The permission is checked before the input: no validation details leak to the unauthorised.
    expect((await operator.get('/test/probe/jump_wfm', { n: 'x' })).retcode).toBe(RET.PERMISSION_DENIED);

    const supervisor = asProbe(await server.login('supervisor@demo.local'));
    expect(await supervisor.get('/test/probe/jump_wfm', { n: 1 })).toEqual({ retcode: 0, message: 'success', data: { ok: true } });
    expect((await supervisor.get('/test/probe/jump_wfm', { n: 0 })).retcode).toBe(RET.BAD_INPUT);
    expect((await asProbe(server.client()).get('/test/probe/jump_wfm', { n: 1 })).retcode).toBe(RET.NOT_LOGGED_IN);
  });
});

describe('/api/docs', () => {
  test('is an OpenAPI 3.1 document listing every contract path with its method', async () => {
    const client = server.client();
    const res = await client.raw('GET', '/api/docs');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBeTruthy();
    const paths = Object.keys(doc.paths);
    expect(paths.sort()).toEqual(entries.map(([, d]) => API_BASE + d.path).sort());
    for (const [name, def] of entries) {
      const op = doc.paths[API_BASE + def.path][def.method.toLowerCase()];
      expect(op, name).toBeDefined();
      expect(op.operationId).toBe(name);
      const headerParams = (op.parameters as { name: string; in: string }[]).filter((p) => p.in === 'header').map((p) => p.name);
      expect(headerParams.includes('x-csrf-token'), name).toBe(isMutation(def));
      expect(headerParams.includes('x-tally-whs'), name).toBe(def.access !== 'public' && !def.tenantExempt);
      if (def.method === 'POST') expect(op.requestBody.content['application/json'].schema, name).toBeDefined();
      expect(op.responses['200'].content['application/json'].schema.required).toEqual(['retcode', 'message', 'data']);
    }
    const login = doc.paths[`${API_BASE}/apps/system/user/user_login`].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['email', 'password']));
  });
});
