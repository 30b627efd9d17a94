import { and, asc, eq, inArray, notLike, sql } from 'drizzle-orm';
import { ACTIVE_STATUS, ORDER_ITEM_KIND, ORDER_PRIORITY, PICKING_TYPE, STORAGE_AREA, WAVE_ORDER_SORT } from '../../../shared/codes';
import { FEATURE_FLAGS } from '../../../shared/permissions';
import type { ZoneColorName } from '../../../shared/zone-colors';
import type { Tx } from '../../db/client';
import {
  autoWaveRules, confValues, flowPickSettings, flowPickingSkills, pickingRules, pickingSkills, roles, salesAllocateRules, storeGroupTemplates, userWarehouses, users, waveGroupingRules, waveGroups,
  waveRules, zoneColors, zones,
} from '../../db/schema';

const { ACTIVE, INACTIVE } = ACTIVE_STATUS.values;

/**
 * The demo warehouse whose PDA shows picking stops in their zone's colour (zone_by_color on): the
 * one the demo accounts open first (their first warehouse by id).
 */
const ZONE_COLOR_DEMO_WAREHOUSE = 'IDJKT1';
/** The colours of the demo zones stock is picked from (storage-area.seed.ts); the van dock buffer has none. */
/**
 * The demo warehouse where flow pick is on: the one the demo accounts open first, so the demo
 * operator's "Next task" gets a flow task once the released tasks are taken.
 */
const FLOW_PICK_DEMO_WAREHOUSE = 'IDJKT1';
/** The demo account that receives flow tasks (in every warehouse it works in; flow pick is on in one). */
const FLOW_PICKER_EMAIL = 'operator@demo.local';
const DEMO_ZONE_COLORS: Readonly<Record<string, ZoneColorName>> = { A01: 'blue', A02: 'pink', B01: 'cyan', B02: 'purple', C01: 'orange' };

/**
 * The sales outbound rules of each demo warehouse, one of each kind a supervisor meets: allocate
 * rules (priority orders from the nearest single location; the full order for the rest), a
 * warehouse picking rule and a forward-area one that takes typed quantities, picking skills for
 * a staff operator (the picking areas; the demo accounts have none, so pick everywhere), and
 * two auto wave rules (urgent priority orders, active; single-item orders, inactive), and zone
 * colours, shown on the PDA of one warehouse (zone_by_color on there), and flow pick: on in one
 * warehouse, the demo operator flow picking in the forward areas. Seeded
 * before the orders, so the demo's allocations already follow the rules.
 */
export async function seedDemoOutboundRules(tx: Tx, whsIds: readonly string[]): Promise<void> {
  if (whsIds.includes(ZONE_COLOR_DEMO_WAREHOUSE)) {
    await tx.insert(confValues).values({ whsId: ZONE_COLOR_DEMO_WAREHOUSE, confKey: FEATURE_FLAGS.zoneByColor.confKey, confValue: '1' });
  }
  for (const whsId of whsIds) {
    const colored = await tx.select({ zoneId: zones.zoneId }).from(zones).where(and(eq(zones.whsId, whsId), inArray(zones.zoneId, Object.keys(DEMO_ZONE_COLORS))));
    if (colored.length > 0) await tx.insert(zoneColors).values(colored.map(({ zoneId }) => ({ whsId, zoneId, color: DEMO_ZONE_COLORS[zoneId]! })));
    await tx.insert(salesAllocateRules).values([
      {
        whsId, ruleName: 'Priority orders: fewest trips, expiry first', priority: 10, orderPriority: ORDER_PRIORITY.values.PRIORITY,
        fefo: true, fifo: false, pickingAreaFirst: true, fewestLocations: true,
      },
      { whsId, ruleName: 'Standard: FEFO, FIFO, picking area, fewest locations', priority: 100 },
      { whsId, ruleName: 'Clearance: oldest batch first anywhere', priority: 200, fefo: false, pickingAreaFirst: false, status: INACTIVE },
    ]);
    const forward = await tx.select({ zoneId: zones.zoneId }).from(zones)
      .where(and(eq(zones.whsId, whsId), eq(zones.storageArea, STORAGE_AREA.values.PICKING_AREA))).orderBy(asc(zones.zoneId));
    await tx.insert(pickingRules).values([
      { whsId, zoneId: null, maxUnitsPerTask: 200, allowTypedQty: false, pickingType: PICKING_TYPE.values.PICK_TO_ORDER },
      ...forward.slice(0, 1).map((z) => ({ whsId, zoneId: z.zoneId, maxUnitsPerTask: 80, allowTypedQty: true, pickingType: PICKING_TYPE.values.PICK_TO_ORDER })),
    ]);
    // The warehouse's first staff operator (not a demo account: those pick everywhere, the demo's own picking included).
    const [staffPicker] = await tx.select({ userId: users.userId }).from(users)
      .innerJoin(userWarehouses, and(eq(userWarehouses.userId, users.userId), eq(userWarehouses.whsId, whsId)))
      .innerJoin(roles, and(eq(roles.whsId, whsId), eq(roles.roleId, userWarehouses.roleId)))
      .where(and(eq(roles.roleName, 'Operator'), notLike(users.email, '%@demo.local')))
      .orderBy(asc(users.userId)).limit(1);
    if (staffPicker && forward.length > 0) {
      await tx.insert(pickingSkills).values({ whsId, userId: staffPicker.userId, zoneIds: forward.map((z) => z.zoneId).join(','), remark: 'Forward picking areas only' });
    }
    if (forward.length > 0) {
      const forwardIds = forward.map((z) => z.zoneId).join(',');
      if (whsId === FLOW_PICK_DEMO_WAREHOUSE) {
        await tx.insert(flowPickSettings).values({ whsId, enabled: true, zoneIds: forwardIds, maxOrders: 5, maxUnits: 30, itemKind: ORDER_ITEM_KIND.values.ANY, minPriority: ORDER_PRIORITY.values.NORMAL });
      }
      const [flowPicker] = await tx.select({ userId: users.userId }).from(users)
        .innerJoin(userWarehouses, and(eq(userWarehouses.userId, users.userId), eq(userWarehouses.whsId, whsId)))
        .where(eq(users.email, FLOW_PICKER_EMAIL));
      if (flowPicker) await tx.insert(flowPickingSkills).values({ whsId, userId: flowPicker.userId, zoneIds: forwardIds, remark: 'Flow picking in the forward picking areas' });
    }
    await tx.insert(storeGroupTemplates).values([
      { whsId, templateName: 'Marketplace mall and preferred shops', shopGroupIds: 'GRP-MALL,GRP-PREF', remark: 'Collected together by the marketplace carrier' },
      { whsId, templateName: 'Cross-border sellers', shopGroupIds: 'GRP-CB' },
    ]);
    const [byTemplate, byZones] = await tx.insert(waveGroupingRules).values([
      { whsId, ruleName: 'Template, singles apart from multis', byStoreTemplate: true, byItemKind: true, orderSort: WAVE_ORDER_SORT.values.PRIORITY_FIRST },
      { whsId, ruleName: 'Zones touched, hourly cut-off windows', byZones: true, cutoffWindowMinutes: 60, orderSort: WAVE_ORDER_SORT.values.CUTOFF_FIRST },
    ]).returning({ ruleId: waveGroupingRules.ruleId });
    const [singles, rest] = await tx.insert(waveRules).values([
      {
        whsId, ruleName: 'Priority singles, batch picked', groupingRuleId: byTemplate!.ruleId, orderPriority: ORDER_PRIORITY.values.PRIORITY,
        itemKind: ORDER_ITEM_KIND.values.SINGLE_ITEM, pickingType: PICKING_TYPE.values.PICK_TO_WAVE, maxOrders: 100, maxUnits: 300, minOrders: 1,
      },
      {
        whsId, ruleName: 'The rest, by zone, at least 3 orders', groupingRuleId: byZones!.ruleId, pickingType: PICKING_TYPE.values.PICK_TO_ORDER,
        maxOrders: 50, maxUnits: 1000, maxSkus: 200, minOrders: 3, minWaivedWithinMinutes: 120, maxUnitsPerTask: 100,
      },
    ]).returning({ ruleId: waveRules.ruleId });
    const [stepped] = await tx.insert(waveGroups).values({
      whsId, groupName: 'Priority singles first, then the rest', waveRuleIds: `${singles!.ruleId},${rest!.ruleId}`,
    }).returning({ groupId: waveGroups.groupId });
    await tx.insert(autoWaveRules).values([
      {
        whsId, ruleName: 'Urgent: priority orders due within 2 hours', cutoffWithinMinutes: 120, orderPriority: ORDER_PRIORITY.values.PRIORITY,
        maxOrders: 50, maxUnits: 500, pickingType: PICKING_TYPE.values.PICK_TO_ORDER, intervalMinutes: 15, status: ACTIVE,
      },
      {
        whsId, ruleName: 'Single-item orders, batch picked', itemKind: ORDER_ITEM_KIND.values.SINGLE_ITEM, maxOrders: 100, maxUnits: 300,
        pickingType: PICKING_TYPE.values.PICK_TO_WAVE, intervalMinutes: 30, status: INACTIVE,
      },
      {
        whsId, ruleName: 'All shops: priority singles first, then the rest', waveGroupId: stepped!.groupId,
        maxOrders: 200, maxUnits: 2000, pickingType: PICKING_TYPE.values.PICK_TO_ORDER, intervalMinutes: 60, lastRunAt: sql`now()`, status: ACTIVE,
      },
    ]);
  }
}
