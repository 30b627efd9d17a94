import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { STATION_STATUS, STATION_TYPE } from '../../../shared/codes';
import type { Tx } from '../../db/client';
import { mergeRules, mergeTaskContainers, mergeTasks, stations } from '../../db/schema';
import { demoWorker } from '../../common/demo-actor';
import { applyArrival } from './merging';

/**
 * The demo's merge rule in every warehouse: every order picked into several containers goes to its
 * enabled merge lanes (the catalog seeds MRG-01 and MRG-02), 12 orders a lane. Seeded before the
 * demo's orders are picked, so their merging tasks find a lane.
 */
export async function seedDemoMergeRules(tx: Tx, whsIds: readonly string[]): Promise<void> {
  for (const whsId of whsIds) {
    const lanes = await tx.select({ id: stations.stationId }).from(stations).where(and(
      eq(stations.whsId, whsId), eq(stations.stationType, STATION_TYPE.values.MERGE_LANE), inArray(stations.status, [STATION_STATUS.values.ENABLED]),
    )).orderBy(stations.stationId);
    if (lanes.length === 0) continue;
    await tx.insert(mergeRules).values({
      whsId, ruleName: 'Every multi-zone order', priority: 100, stationIds: lanes.map((l) => l.id).join(','), laneSlots: 12,
      remark: 'Orders picked in more than one zone meet on the merge lanes before checking.',
    });
  }
}

/** After the demo's picking: the first merging task of each warehouse has its first container on its lane (ongoing). */
export async function seedDemoMergeArrivals(tx: Tx, whsIds: readonly string[]): Promise<void> {
  for (const whsId of whsIds) {
    const [first] = await tx.select({ stationId: mergeTasks.stationId, containerCode: mergeTaskContainers.containerCode }).from(mergeTasks)
      .innerJoin(mergeTaskContainers, and(eq(mergeTaskContainers.whsId, mergeTasks.whsId), eq(mergeTaskContainers.taskNo, mergeTasks.taskNo)))
      .where(and(eq(mergeTasks.whsId, whsId), isNotNull(mergeTasks.stationId), isNotNull(mergeTaskContainers.containerCode), eq(mergeTaskContainers.picked, 1)))
      .orderBy(asc(mergeTasks.taskNo), asc(mergeTaskContainers.pickingTaskNo)).limit(1);
    if (!first) continue;
    await applyArrival(tx, whsId, { userId: await demoWorker(tx, whsId), opId: randomUUID() }, { station_id: first.stationId!, container_code: first.containerCode! });
  }
}
