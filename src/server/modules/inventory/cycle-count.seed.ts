import { eq, sql } from 'drizzle-orm';
import { CYCLE_COUNT_KIND, CYCLE_COUNT_ORDER_TYPE, CYCLE_COUNT_SCOPE, CYCLE_COUNT_SOURCE } from '../../../shared/codes';
import type { CcCriteria } from '../../../shared/contract/cycle-count.contract';
import type { Db, Tx } from '../../db/client';
import { cycleCountSkills, cycleCountTaskRules, users } from '../../db/schema';
import { createOrder, execRows } from './cycle-count';
import { applyComplete, applyCount, applyEmpty, workOf } from './cycle-count-rounds';

/**
 * Demo cycle counts, so a new user sees the flow working: in each warehouse, one location count of a
 * pathway waiting for a counter (claim it on the PDA's Cycle Counting), and one of another pathway
 * counted by the supervisor with one unit missing, its difference order waiting for approval. Each
 * warehouse's first zone is counted a task per zone of up to 100 locations (a task rule); in Ho Chi
 * Minh City only its listed counter counts (cycle count skills), elsewhere every counter does.
 */
const SKILLED = { whsId: 'VNHCM1', email: 'nguyen.van.an@nhanluc-vn.example' };
const criteria = (pathwayId: string): CcCriteria => ({
  park_ids: [], zone_ids: [], pathway_ids: [pathwayId], location_from: '', location_to: '', sku_ids: [], supplier_id: '', moved_since: null, lines: [],
});

export async function seedDemoCycleCounts(tx: Tx, whsIds: readonly string[]): Promise<void> {
  const db = tx as unknown as Db;
  const [supervisor] = await tx.select({ userId: users.userId }).from(users).where(eq(users.email, 'supervisor@demo.local'));
  if (!supervisor) throw new Error('the demo supervisor is seeded before the cycle count demo data');
  for (const whsId of whsIds) {
    const zones = (await execRows(db, sql`select zone_id from zones where whs_id = ${whsId} order by zone_id`)).rows as { zone_id: string }[];
    if (zones[0]) await tx.insert(cycleCountTaskRules).values({ whsId, zoneId: zones[0].zone_id, splitBy: 1, maxLocations: 100, remark: 'Demo: one task a zone' });
    if (whsId === SKILLED.whsId && zones.length) {
      const [counter] = await tx.select({ userId: users.userId }).from(users).where(eq(users.email, SKILLED.email));
      if (counter) await tx.insert(cycleCountSkills).values({ whsId, userId: counter.userId, zoneIds: zones.map((z) => z.zone_id).join(',') });
    }
    // The two smallest pathways holding stock: quick to count by hand.
    const pathways = (await execRows(db, sql`select c.pathway_id from location_inventory li join cells c on c.whs_id = li.whs_id and c.location_code = li.location_id
      where li.whs_id = ${whsId} and li.location_type = 1 and li.onhand_qty > 0 and c.status = 1
      group by c.pathway_id order by count(distinct c.location_code), c.pathway_id limit 2`)).rows as { pathway_id: string }[];
    if (pathways.length < 2) continue;
    const ask = { orderType: CYCLE_COUNT_ORDER_TYPE.values.EXPRESS, kind: CYCLE_COUNT_KIND.values.LOCATION, scope: CYCLE_COUNT_SCOPE.values.CUSTOMIZED };
    await createOrder(db, whsId, { ...ask, criteria: criteria(pathways[0]!.pathway_id), source: CYCLE_COUNT_SOURCE.values.MANUAL, remark: 'Demo: waiting for a counter', createdBy: supervisor.userId, inline: true });
    const counted = await createOrder(db, whsId, { ...ask, criteria: criteria(pathways[1]!.pathway_id), source: CYCLE_COUNT_SOURCE.values.MANUAL, remark: 'Demo: counted, one unit missing', createdBy: supervisor.userId, inline: true });
    const [task] = (await execRows(db, sql`select task_no from cc_tasks where whs_id = ${whsId} and order_no = ${counted.orderNo} order by task_no`)).rows as { task_no: string }[];
    const work = await workOf(db, whsId, task!.task_no, true);
    const actor = { userId: supervisor.userId, at: new Date() };
    let first = true;
    for (const location of work.locations) {
      let any = false;
      for (const sku of location.skus) {
        const qty = (sku.system_qty ?? 0) - (first ? 1 : 0);
        first = false;
        if (qty <= 0) continue;
        await applyCount(db, whsId, actor, { task_no: task!.task_no, location_id: location.location_id, code: sku.sku_id, qty });
        any = true;
      }
      if (!any) await applyEmpty(db, whsId, actor, { task_no: task!.task_no, location_id: location.location_id });
    }
    await applyComplete(db, whsId, actor, { task_no: task!.task_no });
  }
}
