import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { locationInventory, salesOrders, skus, stations } from '../../src/server/db/schema';
import { CHECKING_PACKAGING_TYPES } from '../../src/shared/contract/checking.contract';
import { CHECKING_STATION_MODE, CONSUMABLE_TYPE, PICKING_TYPE, STATION_STATUS, STATION_TYPE } from '../../src/shared/codes';
import { checkingOps } from '../../src/shared/ops/checking.ops';
import { packingOps } from '../../src/shared/ops/packing.ops';
import { pickingOps } from '../../src/shared/ops/picking.ops';
import type { TestClient, TestServer } from './api-harness';
import { Device } from './op-device';
import { outboundFixture } from './outbound-fixture';
import { createTestSku } from './putaway-fixture';

export interface OrderLine {
  sku_id: string;
  qty: number;
}

/**
 * Sales orders walked through the outbound steps by the API, as users do, for the tests of the
 * steps after them (packing, shipping, cancel after checking): created, released in a wave, picked
 * into a cart, checked at a checking station of the file's own, packed at a packing station of its own. `prefix` keeps one file's SKUs,
 * zones, carts and stations apart from another's in a shared database.
 */
export function outboundFlow(server: () => TestServer, whsId: string, prefix: string) {
  const db = () => server().database.db;
  const fixture = outboundFixture(db, whsId, prefix);
  let userCount = 0;
  let externalCount = 0;
  let supervisor: TestClient | undefined;
  let checker: TestClient | undefined;
  let stationReady = false;
  let packingStationReady = false;
  const checkingStation = `${prefix}-CHK`;
  const packingStation = `${prefix}-PACK`;

  const signIn = async (role: 'Supervisor' | 'Operator') =>
    server().login((await server().createUser({ email: `${prefix.toLowerCase()}-flow${++userCount}@demo.local`, role, warehouses: [whsId] })).email);
  const asSupervisor = async () => (supervisor ??= await signIn('Supervisor'));

  const flow = {
    signIn,
    fixture,

    /** SKUs of the test's own (`weightG` each), each stocked with `qty` units in a zone of its own. */
    async stockedSkus(n: number, weightG: number | null = 250, qty = 50): Promise<string[]> {
      const { cells } = await fixture.privateZone(n);
      const ids: string[] = [];
      for (const cell of cells) {
        const skuId = await createTestSku(db(), whsId, prefix);
        await db().update(skus).set({ weightG }).where(and(eq(skus.whsId, whsId), eq(skus.skuId, skuId)));
        await fixture.stock(skuId, [{ cell, qty }]);
        ids.push(skuId);
      }
      return ids;
    },

    /** A sales order of these lines (and delivery details, when given); answers its number. */
    async order(lines: readonly OrderLine[], extra: Record<string, unknown> = {}): Promise<string> {
      const created = await (await asSupervisor()).post('/apps/process/outbound/salesorder/create_sales_order', {
        external_no: `${prefix}-${Date.now()}-${++externalCount}`, lines, ...extra,
      });
      expect(created.retcode, created.message).toBe(0);
      return created.data.order.order_no;
    },

    /** The orders released in one wave and picked whole into one cart; answers the cart. */
    async pickedCart(orderNos: readonly string[], pickingType: number = PICKING_TYPE.values.PICK_TO_ORDER): Promise<string> {
      const released = await (await asSupervisor()).post('/apps/process/outbound/wave/create_manual_wave', { order_nos: orderNos, picking_type: pickingType });
      expect(released.retcode, released.message).toBe(0);
      expect(released.data.task_nos).toHaveLength(1);
      const cart = await fixture.container();
      await flow.pickTask(released.data.task_nos[0], cart);
      return cart;
    },

    /** A picking task claimed into `cart` by a new picker and picked whole, line by line. */
    async pickTask(taskNo: string, cart: string): Promise<void> {
      const picker = await signIn('Operator');
      const claimed = await picker.post('/apps/process/outbound/picking/claim_picking_task', { task_no: taskNo, container_code: cart });
      expect(claimed.retcode, claimed.message).toBe(0);
      const device = new Device(picker);
      for (const line of claimed.data.lines) {
        const answer = await device.push(pickingOps.pick.kind, {
          task_no: taskNo, alloc_id: line.alloc_id, location: line.location_id, sku_id: line.sku_id, qty: line.qty, ...(line.slot_no ? { slot_no: line.slot_no } : {}),
        });
        expect(answer.status, answer.message).toBe('applied');
      }
    },

    /**
     * Orders picked into one cart and checked whole at the file's checking station: the packaging the
     * warehouse's record settings ask for (its first box, pouch or filler) and the SKUs' weight.
     */
    async checkedOrders(orders: readonly (readonly OrderLine[])[], extra: Record<string, unknown> = {}): Promise<string[]> {
      if (!stationReady) {
        await db().insert(stations).values({
          whsId, stationId: checkingStation, stationName: `${prefix} check`, stationType: STATION_TYPE.values.CHECKING,
          checkingMode: CHECKING_STATION_MODE.values.CHECKING, status: STATION_STATUS.values.ENABLED,
        }).onConflictDoNothing();
        stationReady = true;
      }
      const orderNos: string[] = [];
      for (const lines of orders) orderNos.push(await flow.order(lines, extra));
      const cart = await flow.pickedCart(orderNos, orderNos.length > 1 ? PICKING_TYPE.values.PICK_TO_WAVE : PICKING_TYPE.values.PICK_TO_ORDER);
      await flow.checkAll(checkingStation, cart);
      return orderNos;
    },

    /**
     * Every order a container (a cart, a put wall slot) brings to a checking station, checked whole:
     * the packaging the warehouse's record settings ask for (its first box, pouch or filler) and the
     * SKUs' weight. Answers the orders checked.
     */
    async checkAll(stationId: string, containerCode: string): Promise<string[]> {
      checker ??= await signIn('Operator');
      const started = await checker.post('/apps/process/outbound/checking/start_checking_task', { station_id: stationId, container_code: containerCode });
      expect(started.retcode, started.message).toBe(0);
      const device = new Device(checker);
      const { task, packaging } = started.data as { task: Record<string, unknown>; packaging: { consumable_id: string; consumable_type: number }[] };
      const firstOf = (types: readonly number[]) => packaging.find((p) => types.includes(p.consumable_type))?.consumable_id ?? null;
      const packed = {
        inner_packaging: task.need_scan_inner_packaging ? firstOf(CHECKING_PACKAGING_TYPES.inner) : null,
        outer_packaging: task.need_scan_outer_packaging ? firstOf([CONSUMABLE_TYPE.values.PACKING_BOX]) : null,
      };
      for (const o of started.data.orders) {
        const answer = await device.push(checkingOps.check.kind, {
          task_no: started.data.task.task_no, order_no: o.order_no, units: o.lines.map((l: OrderLine) => ({ sku_id: l.sku_id, qty: l.qty })),
          ...packed, weight_g: task.remove_weight_input ? null : o.expected_weight_g,
        });
        expect(answer.status, answer.message).toBe('applied');
      }
      return started.data.orders.map((o: { order_no: string }) => o.order_no);
    },

    /** One order of these lines, checked. */
    async checkedOrder(lines: readonly OrderLine[], extra: Record<string, unknown> = {}): Promise<string> {
      return (await flow.checkedOrders([lines], extra))[0]!;
    },

    /**
     * One order of these lines, checked and packed at the file's packing station in one parcel (the
     * box checking took, if any), weighed as its SKUs and box weigh; answers the order and its work
     * (tracking number, receiver).
     */
    async packedOrder(lines: readonly OrderLine[], extra: Record<string, unknown> = {}): Promise<{ orderNo: string; trackingNo: string; taskNo: string }> {
      const orderNo = await flow.checkedOrder(lines, extra);
      if (!packingStationReady) {
        await db().insert(stations).values({
          whsId, stationId: packingStation, stationName: `${prefix} pack`, stationType: STATION_TYPE.values.PACKING, checkingMode: null, status: STATION_STATUS.values.ENABLED,
        }).onConflictDoNothing();
        packingStationReady = true;
      }
      checker ??= await signIn('Operator');
      const started = await checker.post('/apps/process/outbound/packing/start_packing', { station_id: packingStation, order: orderNo });
      expect(started.retcode, started.message).toBe(0);
      const work = started.data;
      const box = work.boxes.find((b: { consumable_id: string }) => b.consumable_id === work.checked_box_id) ?? null;
      const unitsG = work.lines.reduce((sum: number, l: { qty: number; unit_weight_g: number | null }) => sum + l.qty * (l.unit_weight_g ?? 0), 0);
      const answer = await new Device(checker).push(packingOps.pack.kind, {
        task_no: work.task.task_no, labelled_at: Math.floor(Date.now() / 1000),
        parcels: [{ box_id: box?.consumable_id ?? null, weight_g: Math.max(1, unitsG + (box?.tare_weight_g ?? 0)), items: work.lines.map((l: OrderLine) => ({ sku_id: l.sku_id, qty: l.qty })) }],
      });
      expect(answer.status, answer.message).toBe('applied');
      return { orderNo, trackingNo: work.order.tracking_no, taskNo: work.task.task_no };
    },

    /** Units on hand at a location (a cell, a container, an order), by SKU. */
    async stockAt(location: string): Promise<Record<string, number>> {
      const rows = await db().select({ skuId: locationInventory.skuId, qty: sql<number>`sum(${locationInventory.onhandQty})::int` })
        .from(locationInventory).where(and(eq(locationInventory.whsId, whsId), eq(locationInventory.locationId, location), sql`${locationInventory.onhandQty} > 0`))
        .groupBy(locationInventory.skuId);
      return Object.fromEntries(rows.map((r) => [r.skuId, r.qty]));
    },

    async orderStatus(orderNo: string): Promise<number> {
      const [row] = await db().select({ status: salesOrders.status }).from(salesOrders).where(and(eq(salesOrders.whsId, whsId), eq(salesOrders.orderNo, orderNo)));
      return row!.status;
    },
  };
  return flow;
}
