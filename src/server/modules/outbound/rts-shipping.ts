import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  INBOUND_ORDER_TYPE, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, OUTBOUND_ORDER_TYPE, PICKING_TASK_KIND,
  PURCHASE_TYPE, RTS_TYPE, TASK_STATUS,
} from '../../../shared/codes';
import { RTS_SHIPPING_LIST_MAX, type RtsShipment, type RtsShippingTask } from '../../../shared/contract/rts-order.contract';
import { DOC } from '../../../shared/outbound/doc-lifecycle';
import { manifestJob } from '../../../shared/print';
import type { PrintJob } from '../../../shared/print/print-job';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { outboundAllocations, pickingTasks, rtsOrders, rtsShipments, rtsShippingSettings, suppliers, users, warehouses } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { writeAsn } from '../../common/asn-write';
import { nextDocNo } from '../../common/doc-no';
import { recordPrintJob } from '../../common/print-jobs';
import { unixSeconds } from '../../common/time';
import { postStock, type Quality, type StockLine } from '../inventory/ledger';
import { lockDocs, moveDocs, setDocs, type LockedDoc } from './doc-order';
import { taskOut } from './picking';
import { RTS_DOC, shipmentsOf } from './rts-order';
import { S, moveOrder, type Actor } from './sales-order';

/**
 * RTS shipping (docs/outbound.md "RTS orders"): a finished picking task of an RTS wave is shipped
 * to its supplier in one shipment. Its picked units leave the warehouse from the task's container
 * (ledger: return to supplier 4, ref RTS_SHIPMENT + the shipment number); each of its orders goes
 * picked → shipping, and outbound once every task of it has shipped; each document outbounding →
 * shipping, and done with its order. The manifest is logged in the print log, and answered to be
 * printed at once when the warehouse's manifest auto-print is on. A task ships once (a unique key).
 * Locks: the task's orders, then their documents, then the task, then balances.
 */

const RTS = OUTBOUND_ORDER_TYPE.values.RTS;
const T = TASK_STATUS.values;
const taskLabel = (taskNo: string) => `Picking task ${taskNo}`;

export interface ShipmentRequest {
  task_no: string;
  carrier_name: string | null;
  tracking_no: string | null;
  /** RTS_REMOVAL_DISPOSAL (the contract checks it). */
  removal_disposal: number | null;
}

// ---- the manifest auto-print setting ----

export async function manifestAutoPrint(db: Db, whsId: string): Promise<boolean> {
  const [row] = await db.select({ on: rtsShippingSettings.manifestAutoPrint }).from(rtsShippingSettings).where(eq(rtsShippingSettings.whsId, whsId));
  return row?.on ?? false;
}

export async function setManifestAutoPrint(db: Db, whsId: string, on: boolean, userId: number): Promise<void> {
  await db.insert(rtsShippingSettings).values({ whsId, manifestAutoPrint: on, updatedBy: userId })
    .onConflictDoUpdate({ target: rtsShippingSettings.whsId, set: { manifestAutoPrint: on, updatedBy: userId, updatedAt: sql`now()` } });
}

// ---- the shipping list ----

/** Finished picking tasks of RTS waves, waiting to ship or shipped, newest first. */
export async function rtsShippingTasks(db: Db, whsId: string, shipped: boolean, taskNo?: string): Promise<RtsShippingTask[]> {
  const t = pickingTasks;
  const rows = await db.select({
    task: t, assigneeName: users.displayName, shipmentNo: rtsShipments.shipmentNo,
    // Qualified by hand: inside the subqueries a bare column name would be the allocation's.
    orderNos: sql<string[]>`array(select distinct a.order_no from outbound_allocations a where a.whs_id = picking_tasks.whs_id and a.task_no = picking_tasks.task_no order by a.order_no)`,
    supplierId: sql<string | null>`(select r.supplier_id from outbound_allocations a join rts_orders r on r.whs_id = a.whs_id and r.order_no = a.order_no
      where a.whs_id = picking_tasks.whs_id and a.task_no = picking_tasks.task_no limit 1)`,
  }).from(t)
    .leftJoin(users, eq(users.userId, t.assigneeId))
    .leftJoin(rtsShipments, and(eq(rtsShipments.whsId, t.whsId), eq(rtsShipments.taskNo, t.taskNo)))
    .where(and(
      eq(t.whsId, whsId), eq(t.orderType, RTS), eq(t.kind, PICKING_TASK_KIND.values.PICKING), eq(t.status, T.DONE), sql`${t.pickedQty} > 0`,
      shipped ? isNotNull(rtsShipments.shipmentNo) : isNull(rtsShipments.shipmentNo),
      taskNo === undefined ? undefined : eq(t.taskNo, taskNo),
    ))
    .orderBy(desc(t.finishedAt), desc(t.taskNo))
    .limit(RTS_SHIPPING_LIST_MAX);
  return rows.map((r) => ({ ...taskOut(r.task, r.assigneeName), supplier_id: r.supplierId, order_nos: r.orderNos, shipment_no: r.shipmentNo }));
}

// ---- shipping a task ----

/** The locked documents of a task's orders, after the orders: refused unless the task is an RTS picking task, finished and not shipped. */
async function lockTaskToShip(tx: Db, whsId: string, taskNo: string): Promise<{ task: typeof pickingTasks.$inferSelect; locked: LockedDoc[] }> {
  const orderNos = (await tx.selectDistinct({ orderNo: outboundAllocations.orderNo }).from(outboundAllocations)
    .where(and(eq(outboundAllocations.whsId, whsId), eq(outboundAllocations.taskNo, taskNo)))).map((r) => r.orderNo);
  const [peek] = await tx.select({ orderType: pickingTasks.orderType, kind: pickingTasks.kind }).from(pickingTasks)
    .where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, taskNo)));
  if (peek?.orderType !== RTS || peek.kind !== PICKING_TASK_KIND.values.PICKING || orderNos.length === 0) throw notFound(taskLabel(taskNo));
  const locked = await lockDocs(tx, RTS_DOC, whsId, orderNos);
  const [task] = await tx.select().from(pickingTasks).where(and(eq(pickingTasks.whsId, whsId), eq(pickingTasks.taskNo, taskNo))).for('update');
  if (task!.status !== T.DONE) {
    throw new ApiError(RET.ILLEGAL_TRANSITION, `${taskLabel(taskNo)} is not finished: finish picking it before it ships.`, { task_no: taskNo, status: task!.status }, 409);
  }
  const [shipment] = await tx.select({ shipmentNo: rtsShipments.shipmentNo }).from(rtsShipments)
    .where(and(eq(rtsShipments.whsId, whsId), eq(rtsShipments.taskNo, taskNo)));
  if (shipment) {
    throw new ApiError(RET.ILLEGAL_TRANSITION, `${taskLabel(taskNo)} has shipped already with shipment ${shipment.shipmentNo}.`, { task_no: taskNo, shipment_no: shipment.shipmentNo }, 409);
  }
  return { task: task!, locked };
}

/** The RTS types whose units come back from the supplier: the same ones (virtual with re-inbound) or new ones (replacement). */
const COMES_BACK: ReadonlyMap<number, (orderNo: string) => string> = new Map([
  [RTS_TYPE.values.VIRTUAL_RTS_WITH_REINBOUND, (orderNo: string) => `Re-inbound of virtual RTS ${orderNo}`],
  [RTS_TYPE.values.REPLACEMENT, (orderNo: string) => `Replacement for RTS ${orderNo}`],
]);

/**
 * An RTS whose units come back (COMES_BACK), every unit shipped: the supplier's ASN that brings them
 * (pending, purchase from the supplier, PO number = the RTS order), one line per SKU of what the
 * order shipped, its batch when one. It goes the inbound flow that exists; its document follows it
 * (rts-order.ts, by onAsnMoved). No slot is booked: the supplier's return is the warehouse's own doing.
 */
async function comingBackAsn(tx: Db, whsId: string, actor: Actor, orderNo: string, supplierId: string, what: string): Promise<string> {
  const a = outboundAllocations;
  const shipped = await tx.select({
    skuId: a.skuId, qty: sql<number>`sum(${a.pickedQty} - ${a.returnedQty})::int`,
    batches: sql<string[]>`array_agg(distinct ${a.batchId})`,
  }).from(a).where(and(eq(a.whsId, whsId), eq(a.orderNo, orderNo)))
    .groupBy(a.skuId).having(sql`sum(${a.pickedQty} - ${a.returnedQty}) > 0`).orderBy(asc(a.skuId));
  const asn = await writeAsn(tx, {
    whsId, timeZone: actor.timeZone, createdBy: actor.userId,
    header: {
      inboundType: INBOUND_ORDER_TYPE.values.PURCHASE, purchaseType: PURCHASE_TYPE.values.OUTRIGHT, supplierId, poNo: orderNo, remark: `${what} from supplier ${supplierId}`,
    },
    lines: shipped.map((l) => ({ skuId: l.skuId, expectedQty: l.qty, batchNo: l.batches.length === 1 ? l.batches[0]! : null })),
  });
  return asn.asnNo;
}

/** Ships a finished RTS picking task to its supplier (see the module's comment). */
export async function createRtsShipment(tx: Db, whsId: string, actor: Actor, p: ShipmentRequest): Promise<{ shipment: RtsShipment; autoPrint: boolean; job: PrintJob }> {
  const { task, locked } = await lockTaskToShip(tx, whsId, p.task_no);
  const orderNos = locked.map((l) => l.order.orderNo);
  const a = outboundAllocations;
  const units = await tx.select({
    orderNo: a.orderNo, skuId: a.skuId, batchId: a.batchId, quality: a.quality, qty: sql<number>`sum(${a.pickedQty} - ${a.returnedQty})::int`,
  }).from(a).where(and(eq(a.whsId, whsId), eq(a.taskNo, task.taskNo)))
    .groupBy(a.orderNo, a.skuId, a.batchId, a.quality).orderBy(asc(a.skuId), asc(a.batchId), asc(a.quality), asc(a.orderNo));
  const shipping = units.filter((u) => u.qty > 0);
  const qty = shipping.reduce((sum, u) => sum + u.qty, 0);
  if (qty === 0 || task.containerCode === null) {
    throw new ApiError(RET.ILLEGAL_TRANSITION, `${taskLabel(task.taskNo)} holds no picked units to ship.`, { task_no: task.taskNo }, 409);
  }
  const docs = await tx.select({ orderNo: rtsOrders.orderNo, supplierId: rtsOrders.supplierId, rtsType: rtsOrders.rtsType }).from(rtsOrders)
    .where(and(eq(rtsOrders.whsId, whsId), inArray(rtsOrders.orderNo, orderNos)));
  // A release takes one supplier's orders: a task carries one supplier's units.
  const supplierId = docs[0]!.supplierId;
  const comesBack = new Map(docs.filter((d) => COMES_BACK.has(d.rtsType)).map((d) => [d.orderNo, COMES_BACK.get(d.rtsType)!(d.orderNo)]));
  const shipmentNo = await nextDocNo(tx, 'rtsShipment', actor.timeZone);

  // One pass over the units: the ledger's lines (per SKU, batch and quality, from the container) and the manifest's units per order.
  const byBalance = new Map<string, StockLine>();
  const perOrder = new Map<string, number>();
  for (const u of shipping) {
    const key = `${u.skuId}\u0000${u.batchId}\u0000${u.quality}`;
    const prior = byBalance.get(key);
    byBalance.set(key, prior ? { ...prior, qty: prior.qty + u.qty } : {
      location: task.containerCode, skuId: u.skuId, batchId: u.batchId, quality: u.quality as Quality, qty: u.qty,
      txnType: INVENTORY_TRANSACTION_TYPE.values.RETURN_TO_SUPPLIER, direction: INVENTORY_TRANSACTION_DIRECTION.values.CREDIT,
    });
    perOrder.set(u.orderNo, (perOrder.get(u.orderNo) ?? 0) + u.qty);
  }
  await postStock(tx, whsId, [...byBalance.values()], { refType: INVENTORY_REF_TYPE.values.RTS_SHIPMENT, refNo: shipmentNo, operatorId: actor.userId });

  // The manifest: one row per order of the task.
  const now = new Date();
  const [names] = await tx.select({ whsName: warehouses.whsName, supplierName: suppliers.supplierName }).from(warehouses)
    .leftJoin(suppliers, and(eq(suppliers.whsId, warehouses.whsId), eq(suppliers.supplierId, supplierId)))
    .where(eq(warehouses.whsId, whsId));
  const job = manifestJob({
    shipping_no: shipmentNo, kind_label: 'Return to Supplier', carrier_name: p.carrier_name ?? '-', dock_code: null, vehicle_no: null, driver_name: null,
    group_code: task.containerCode, master_awb: null, line_haul: false, line_haul_name: null,
    destination: `SUPPLIER ${supplierId}${names?.supplierName ? ` ${names.supplierName}` : ''}`, warehouse: `${whsId} ${names?.whsName ?? ''}`.trim(),
    parcels: [...perOrder].map(([orderNo, n]) => ({ tracking_no: p.tracking_no ?? task.taskNo, order_no: orderNo, qty: n, weight_g: null })),
    shipped_at: unixSeconds(now), time_zone: actor.timeZone,
  });
  const printJobId = await recordPrintJob(tx, whsId, { kind: 'MANIFEST', refNo: shipmentNo, job, userId: actor.userId });
  await tx.insert(rtsShipments).values({
    whsId, shipmentNo, taskNo: task.taskNo, supplierId, carrierName: p.carrier_name, trackingNo: p.tracking_no, qty, printJobId, shippedBy: actor.userId, shippedAt: now,
  });

  // The orders and their documents move on.
  const note = `Shipped ${qty} unit(s) of task ${task.taskNo} to supplier ${supplierId} with shipment ${shipmentNo}.`;
  const waiting = await tx.select({ orderNo: a.orderNo }).from(a)
    .leftJoin(rtsShipments, and(eq(rtsShipments.whsId, a.whsId), eq(rtsShipments.taskNo, a.taskNo)))
    .where(and(eq(a.whsId, whsId), inArray(a.orderNo, orderNos),
      isNotNull(a.taskNo), isNull(rtsShipments.shipmentNo), sql`${a.qty} - ${a.shortQty} - ${a.cancelledQty} > 0`));
  const unshipped = new Set(waiting.map((w) => w.orderNo));
  for (const { order, doc } of locked) {
    let row = order;
    if (row.status === S.PICKED) row = await moveOrder(tx, whsId, row, S.SHIPPING, note, actor.userId);
    if (doc.docStatus === DOC.OUTBOUNDING) {
      await moveDocs(tx, RTS_DOC, whsId, [{ order: row, doc }], DOC.SHIPPING, note, actor.userId);
      doc.docStatus = DOC.SHIPPING;
    }
    if (row.status === S.SHIPPING && !unshipped.has(row.orderNo)) {
      row = await moveOrder(tx, whsId, row, S.OUTBOUND, `Every unit returned to supplier ${supplierId}.`, actor.userId);
      const back = comesBack.get(row.orderNo);
      if (back) {
        const asnNo = await comingBackAsn(tx, whsId, actor, row.orderNo, supplierId, back);
        await moveDocs(tx, RTS_DOC, whsId, [{ order: row, doc }], DOC.IN_TRANSIT,
          `every unit returned to supplier ${supplierId}; they come back in with ASN ${asnNo}.`, actor.userId, { reinboundAsnNo: asnNo });
      } else {
        await moveDocs(tx, RTS_DOC, whsId, [{ order: row, doc }], DOC.DONE, `every unit returned to supplier ${supplierId}.`, actor.userId);
      }
    }
  }
  if (p.removal_disposal !== null) await setDocs(tx, RTS_DOC, whsId, orderNos, { removalDisposal: p.removal_disposal });

  const [shipment] = await shipmentsOf(tx, whsId, { shipmentNo });
  return { shipment: shipment!, autoPrint: await manifestAutoPrint(tx, whsId), job };
}
