import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { startTestServer, type TestClient, type TestServer } from './api-harness';
import { INBOUND_STATUS, TRACKING_ID_STATUS } from '../../src/shared/codes';
import {
  asnGroups, asnLines, asnOrders, countingRecords, inboundExceptions, inboundTasks, inboundTrackingIds, inventoryTransactions,
  locationInventory, qcRecords, qcRules, putawayTaskLines, roles, skuBatches, userWarehouses,
} from '../../src/server/db/schema';

/**
 * What the counting, QC, receiving and inbound exception tests share: their server, ASNs made
 * straight in the database (arrived groups; numbers are random so files and runs never collide),
 * and everything the inbound steps write about them.
 */

/**
 * The server of an inbound test file: the demo data with the warehouse's QC rules switched off (a
 * test then decides which ASNs need QC), and the accounts signed in to the warehouse, in order.
 */
export async function inboundTestServer<const E extends readonly string[]>(whsId: string, emails: E): Promise<{ server: TestServer; clients: { -readonly [K in keyof E]: TestClient } }> {
  const server = await startTestServer();
  await withoutQcRules(server, whsId);
  const clients = [];
  for (const email of emails) clients.push(await server.loginAt(email, whsId));
  return { server, clients: clients as { -readonly [K in keyof E]: TestClient } };
}

/** A demo SKU of the SG warehouse by number (SGSKU00001…). */
export const demoSku = (n: number) => `SGSKU${String(n).padStart(5, '0')}`;

export interface FixtureLine {
  sku: string;
  expected: number;
  batchNo?: string | null;
  productionDate?: string | null;
  expiryDate?: string | null;
  /** A value-added service the line asks for after receiving (INBOUND_TASK_KIND 5–7). */
  vasKind?: number | null;
}

export interface FixtureAsn {
  lines: FixtureLine[];
  supplierId?: string | null;
  /** Tracking ids announced for the ASN (status arrived). */
  cartons?: string[];
  status?: number;
}

export interface ArrivedGroup {
  groupNo: string;
  asnNos: string[];
  cartons: string[][];
}

const token = () => randomBytes(4).toString('hex').toUpperCase();

/** A group of ASNs in status ARRIVED (or the status given) with their lines and cartons, in `whsId`. */
export async function arrivedGroup(server: Pick<TestServer, 'database'>, whsId: string, asns: FixtureAsn[]): Promise<ArrivedGroup> {
  const db = server.database.db;
  const id = token();
  const groupNo = `GT${id}`;
  const asnNos = asns.map((_, i) => `AT${id}${i + 1}`);
  const cartons = asns.map((a, i) => (a.cartons ?? []).map((c) => `${c}-${id}-${i + 1}`));
  await db.transaction(async (tx) => {
    await tx.insert(asnGroups).values({ whsId, groupNo, status: INBOUND_STATUS.values.ARRIVED });
    for (const [i, asn] of asns.entries()) {
      const status = asn.status ?? INBOUND_STATUS.values.ARRIVED;
      await tx.insert(asnOrders).values({
        whsId, asnNo: asnNos[i]!, groupNo, inboundType: 1, purchaseType: 0, supplierId: asn.supplierId ?? null, status,
        expectedCartons: cartons[i]!.length, totalExpectedQty: asn.lines.reduce((s, l) => s + l.expected, 0),
        arrivedAt: status === INBOUND_STATUS.values.ARRIVED ? sql`now()` : null,
      });
      await tx.insert(asnLines).values(asn.lines.map((l, j) => ({
        whsId, asnNo: asnNos[i]!, lineNo: j + 1, skuId: l.sku, expectedQty: l.expected,
        batchNo: l.batchNo ?? null, productionDate: l.productionDate ?? null, expiryDate: l.expiryDate ?? null, vasKind: l.vasKind ?? null,
      })));
      if (cartons[i]!.length > 0) {
        await tx.insert(inboundTrackingIds).values(cartons[i]!.map((trackingId) => ({
          whsId, trackingId, asnNo: asnNos[i]!, groupNo, status: TRACKING_ID_STATUS.values.ARRIVED, arrivedAt: sql`now()`,
        })));
      }
    }
  });
  return { groupNo, asnNos, cartons };
}

/** A member of the warehouse whose role grants nothing (every call of these pages is refused -100406). */
export async function memberWithoutPermissions(server: TestServer, whsId: string): Promise<TestClient> {
  const db = server.database.db;
  const email = `bare.${token().toLowerCase()}@demo.local`;
  const [role] = await db.insert(roles).values({ whsId, roleName: `Nothing ${token()}` }).returning();
  const user = await server.createUser({ email, warehouses: [whsId], role: 'Operator' });
  await db.update(userWarehouses).set({ roleId: role!.roleId }).where(and(eq(userWarehouses.userId, user.userId), eq(userWarehouses.whsId, whsId)));
  return server.login(email);
}

/** Everything the inbound steps write about a group's ASNs: equal before and after a refused call. */
export async function groupState(server: TestServer, whsId: string, group: ArrivedGroup) {
  const db = server.database.db;
  const asns = group.asnNos;
  const [orders, groups, lines, records, cartons, exceptions, tasks, qc, ledger, balances, batches, putLines] = await Promise.all([
    db.select().from(asnOrders).where(and(eq(asnOrders.whsId, whsId), inArray(asnOrders.asnNo, asns))).orderBy(asnOrders.asnNo),
    db.select().from(asnGroups).where(and(eq(asnGroups.whsId, whsId), eq(asnGroups.groupNo, group.groupNo))),
    db.select().from(asnLines).where(and(eq(asnLines.whsId, whsId), inArray(asnLines.asnNo, asns))).orderBy(asnLines.asnNo, asnLines.lineNo),
    db.select().from(countingRecords).where(and(eq(countingRecords.whsId, whsId), eq(countingRecords.groupNo, group.groupNo))).orderBy(countingRecords.recordId),
    db.select().from(inboundTrackingIds).where(and(eq(inboundTrackingIds.whsId, whsId), eq(inboundTrackingIds.groupNo, group.groupNo))).orderBy(inboundTrackingIds.trackingId),
    db.select().from(inboundExceptions).where(and(eq(inboundExceptions.whsId, whsId), inArray(inboundExceptions.asnNo, asns))).orderBy(inboundExceptions.exceptionNo),
    db.select().from(inboundTasks).where(and(eq(inboundTasks.whsId, whsId), inArray(inboundTasks.asnNo, asns))).orderBy(inboundTasks.taskNo),
    db.select().from(qcRecords).where(and(eq(qcRecords.whsId, whsId), inArray(qcRecords.asnNo, asns))).orderBy(qcRecords.recordId),
    db.select().from(inventoryTransactions).where(and(eq(inventoryTransactions.whsId, whsId), inArray(inventoryTransactions.refNo, asns))).orderBy(inventoryTransactions.txnId),
    db.select().from(locationInventory).where(eq(locationInventory.whsId, whsId)).orderBy(locationInventory.locationId, locationInventory.skuId, locationInventory.batchId, locationInventory.quality),
    db.select().from(skuBatches).where(and(eq(skuBatches.whsId, whsId), inArray(skuBatches.inboundRef, asns))).orderBy(skuBatches.batchId),
    db.select().from(putawayTaskLines).where(and(eq(putawayTaskLines.whsId, whsId), inArray(putawayTaskLines.asnNo, asns))).orderBy(putawayTaskLines.taskNo, putawayTaskLines.lineNo),
  ]);
  return { orders, groups, lines, records, cartons, exceptions, tasks, qc, ledger, balances, batches, putLines };
}

/** An op id as devices make them (UUIDv7). */
export const newOpId = (): string => uuidv7();

const COUNTING = '/apps/process/inbound/counting';

/** Counts SKUs of a group (surplus confirmed) and completes it: its ASNs are COUNTED with their next tasks. */
export async function countAndComplete(client: TestClient, group: ArrivedGroup, counts: readonly (readonly [string, number])[]) {
  for (const [skuId, qty] of counts) {
    const res = await client.post(`${COUNTING}/save_counting_record`, { group_no: group.groupNo, sku_id: skuId, qty, confirm_surplus: true });
    if (res.retcode !== 0) throw new Error(`count ${skuId} × ${qty}: ${res.retcode} ${res.message}`);
  }
  const done = await client.post(`${COUNTING}/create_group_complete_record`, { group_no: group.groupNo });
  if (done.retcode !== 0) throw new Error(`complete ${group.groupNo}: ${done.retcode} ${done.message}`);
  return done.data as { asns: { asn_no: string; qc_required: boolean; task_no: string }[]; exception_nos: string[] };
}

/** Switches off the warehouse's QC rules (the demo has some). */
export async function withoutQcRules(server: TestServer, whsId: string): Promise<void> {
  await server.database.db.update(qcRules).set({ status: 2 }).where(eq(qcRules.whsId, whsId));
}
