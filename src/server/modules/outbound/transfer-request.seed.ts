import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { QUALITY, STOCK_LOCATION_TYPE } from '../../../shared/codes';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import type { Tx } from '../../db/client';
import { locationInventory, users, warehouses } from '../../db/schema';
import { acceptTransferRequest, createTransferRequest } from './transfer-request';

const REQUESTER = 'SGSIN1';
const SOURCE = 'IDJKT1';

/**
 * The demo's transfer requests, from SGSIN1 to IDJKT1, raised by the demo supervisor: one waiting
 * for IDJKT1 to decide, and one IDJKT1's administrator accepted (its MT order pending approval there),
 * through the same code as the screens.
 */
export async function seedDemoTransferRequests(tx: Tx, whsIds: readonly string[]): Promise<void> {
  if (!whsIds.includes(REQUESTER) || !whsIds.includes(SOURCE)) return;
  const people = await tx.select({ userId: users.userId, email: users.email }).from(users).where(inArray(users.email, ['supervisor@demo.local', 'admin@demo.local']));
  const planner = people.find((p) => p.email === 'supervisor@demo.local')?.userId;
  const decider = people.find((p) => p.email === 'admin@demo.local')?.userId;
  if (planner === undefined || decider === undefined) return;
  const zones = await tx.select({ whsId: warehouses.whsId, timeRegion: warehouses.timeRegion }).from(warehouses).where(inArray(warehouses.whsId, [REQUESTER, SOURCE]));
  const zoneOf = (whsId: string) => timeRegionOrDefault(zones.find((z) => z.whsId === whsId)?.timeRegion ?? null);

  // SKUs IDJKT1 holds plenty of, from the end of its range (the demo transit takes from the start).
  const li = locationInventory;
  const rows = await tx.select({ skuId: li.skuId }).from(li)
    .where(and(eq(li.whsId, SOURCE), eq(li.quality, QUALITY.values.GOOD), eq(li.locationType, STOCK_LOCATION_TYPE.values.CELL), gte(li.availableQty, 20)))
    .orderBy(desc(li.skuId)).limit(40);
  const skuIds = [...new Set(rows.map((r) => r.skuId))].slice(0, 3);
  if (skuIds.length < 3) return;
  const [first, second, third] = skuIds as [string, string, string];

  const actor = { userId: planner, timeZone: zoneOf(REQUESTER) };
  await createTransferRequest(tx, REQUESTER, actor, {
    source_whs_id: SOURCE, needed_by: null, remark: 'Weekend promotion top-up', lines: [{ sku_id: first, qty: 6 }, { sku_id: second, qty: 4 }],
  });
  const accepted = await createTransferRequest(tx, REQUESTER, actor, { source_whs_id: SOURCE, needed_by: null, remark: null, lines: [{ sku_id: third, qty: 3 }] });
  await acceptTransferRequest(tx, SOURCE, { userId: decider, timeZone: zoneOf(SOURCE) }, accepted);
}
