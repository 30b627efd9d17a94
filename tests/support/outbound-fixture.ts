import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestClient, TestServer } from './api-harness';
import type { Db } from '../../src/server/db/client';
import { cells, containers, pathways, skuBatches, zones } from '../../src/server/db/schema';
import { postStock } from '../../src/server/modules/inventory/ledger';
import {
  CONTAINER_TYPE, INVENTORY_REF_TYPE, INVENTORY_TRANSACTION_DIRECTION, INVENTORY_TRANSACTION_TYPE, QUALITY, RACK_TYPE, STATION_TYPE, STORAGE_AREA, TEMPERATURE_ZONE,
} from '../../src/shared/codes';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';

/** Stock of a SKU at a cell: a batch of its own, with an optional expiry (days from today) and receipt day (days ago). */
export interface StockEntry {
  cell: string;
  qty: number;
  expiresInDays?: number | null;
  receivedDaysAgo?: number | null;
}

/**
 * The outbound API tests' own warehouse corners: zones no other stock reaches, stock in batches
 * of their own, and carts. `prefix` keeps one file's zones, batches and carts apart from another's
 * (and from the demo's) in a shared database.
 */
export function outboundFixture(db: () => Db, whsId: string, prefix: string) {
  let zoneCount = 0;
  let batchCount = 0;
  let cartCount = 0;
  return {
    /** A zone of the test's own, in a storage area (default the picking area), with `n` cells in pick order. */
    async privateZone(n: number, area: number = STORAGE_AREA.values.PICKING_AREA, pickSequence = 500): Promise<{ zoneId: string; cells: string[] }> {
      const zoneId = `${prefix}Z${++zoneCount}`;
      const pathwayId = `${zoneId}-01`;
      const common = {
        whsId, storageArea: area, rackType: RACK_TYPE.values.LIGHT_RACK, temperatureZone: TEMPERATURE_ZONE.values.NORMAL,
        skuMixing: SKU_MIXING.values.MIX_SKU, supplierMixing: SUPPLIER_MIXING.values.MIX,
      };
      await db().insert(zones).values({ ...common, zoneId, zoneName: `Outbound test ${zoneId}`, zoneClusterId: 'ZC-AMB', pickSequence });
      await db().insert(pathways).values({ whsId, pathwayId, zoneId, pickSequence: 1 });
      const codes = Array.from({ length: n }, (_, i) => `${pathwayId}-01-${i + 1}`);
      await db().insert(cells).values(codes.map((locationCode, i) => ({ ...common, locationCode, zoneId, pathwayId, maxQty: 5000, pickSequence: i + 1 })));
      return { zoneId, cells: codes };
    },

    /** Stock of a SKU at cells (opening balances), each entry a batch of its own; answers the batch ids. */
    async stock(skuId: string, at: readonly StockEntry[]): Promise<string[]> {
      const batchIds = at.map(() => `${prefix}B${++batchCount}`);
      await db().transaction(async (tx) => {
        for (const [i, entry] of at.entries()) {
          await tx.insert(skuBatches).values({
            whsId, skuId, batchId: batchIds[i]!,
            expiryDate: (entry.expiresInDays == null ? null : sql`current_date + ${entry.expiresInDays}::int`) as unknown as string | null,
            ...(entry.receivedDaysAgo == null ? {} : { createdAt: sql`now() - make_interval(days => ${entry.receivedDaysAgo})` as unknown as Date }),
          });
        }
        await postStock(tx, whsId, at.map((entry, i) => ({
          txnType: INVENTORY_TRANSACTION_TYPE.values.ADJUST_INCREASE, direction: INVENTORY_TRANSACTION_DIRECTION.values.DEBIT, location: entry.cell, skuId,
          batchId: batchIds[i]!, quality: QUALITY.values.GOOD, qty: entry.qty,
        })), { refType: INVENTORY_REF_TYPE.values.OPENING_BALANCE, refNo: `${prefix}-TEST`, operatorId: null });
      });
      return batchIds;
    },

    /** A free pick cart. Zero-padded: carts sort in the order they were made (lists compared across fixtures rely on it). */
    async container(): Promise<string> {
      const code = `${prefix}CART${String(++cartCount).padStart(4, '0')}`;
      await db().insert(containers).values({ whsId, containerCode: code, containerType: CONTAINER_TYPE.values.PICK_CART });
      return code;
    },
  };
}

/**
 * The warehouse's checking stations record what `record` says (Record Settings, set by a new
 * administrator of the warehouse, `adminEmail`): by default no video, photo, weight or packaging
 * scan, so a check needs units only. Answers the administrator.
 */
export async function checkingRecords(server: TestServer, adminEmail: string, record: Record<string, number> = {}): Promise<TestClient> {
  const admin = await server.login((await server.createUser({ email: adminEmail, role: 'Administrator' })).email);
  const saved = await admin.post('/apps/basic/station/update_record_settings', { list: [{
    station_type: STATION_TYPE.values.CHECKING, record_video: 0, record_photo: 0, record_weight: 0, video_max_seconds: 120, retention_days: 30,
    scan_inner_packaging: 0, scan_outer_packaging: 0, ...record,
  }] });
  expect(saved.retcode, saved.message).toBe(0);
  return admin;
}
