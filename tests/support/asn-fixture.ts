import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestClient, TestServer } from './api-harness';
import { rowsOf } from './db-state';

/** What the ASN, arrival and quota API tests share: paths, a valid new ASN, and reads of the database. */

export const ASN = '/apps/process/inbound/asn';
export const QUOTA = '/apps/config/asnquota';
export const SHIFT = '/apps/conf/inboundshift';
export const ARRIVAL = '/apps/process/inbound/transferinbound/trarrival';

/** The warehouse's date, and a day `days` after it (YYYY-MM-DD), as the ASN form reads them. */
export async function warehouseToday(client: TestClient): Promise<string> {
  const res = await client.get(`${ASN}/get_asn_form_options`);
  expect(res.retcode, res.message).toBe(0);
  return res.data.today as string;
}

export const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The id of a receiving shift of the client's warehouse by name (demo: Morning, Afternoon, Evening). */
export async function shiftId(client: TestClient, name: string): Promise<number> {
  const res = await client.get(`${SHIFT}/search_inbound_shift`, { shift_name: name });
  expect(res.retcode, res.message).toBe(0);
  return res.data.list[0].shift_id as number;
}

let trackingSeq = 0;
/** A tracking id no other test uses. */
export const newTrackingId = (prefix = 'T') => `${prefix}${process.pid}-${Date.now().toString(36)}-${++trackingSeq}`;

/** A valid create_asn body for the SG demo warehouse: a purchase of two demo SKUs, booked in `slot`. */
export function newAsn(slot: { slot_date: string; shift_id: number }, more: Record<string, unknown> = {}) {
  return {
    inbound_type: 1,
    purchase_type: 0,
    supplier_id: 'SUPSG0001',
    po_no: 'PO-TEST-1',
    ...slot,
    expected_cartons: 2,
    lines: [{ sku_id: 'SGSKU00031', expected_qty: 10 }, { sku_id: 'SGSKU00032', expected_qty: 5, batch_no: 'LOT-A1', production_date: '2026-01-01', expiry_date: '2027-01-01' }],
    tracking_ids: [{ tracking_id: newTrackingId() }, { tracking_id: newTrackingId() }],
    ...more,
  };
}

/** One row of a query (the test reads what the API does not show: quota use, counts). */
export async function one<T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await server.database.db.execute(query))[0]!;
}

/** Units and cartons booked in a slot's plan (0 when it has none). */
export async function slotUse(server: TestServer, whsId: string, date: string, shift: number, type: number) {
  const row = await one<{ used_qty: number; used_cartons: number } | undefined>(server, sql`
    select used_qty, used_cartons from asn_quota_plans where whs_id = ${whsId} and plan_date = ${date} and shift_id = ${shift} and inbound_type = ${type}`);
  return { used_qty: Number(row?.used_qty ?? 0), used_cartons: Number(row?.used_cartons ?? 0) };
}

export async function countRows(server: TestServer, table: 'asn_orders' | 'asn_lines' | 'inbound_tracking_ids' | 'asn_groups' | 'inbound_exceptions', whsId: string) {
  const row = await one<{ n: number }>(server, sql`select count(*)::int as n from ${sql.identifier(table)} where whs_id = ${whsId}`);
  return Number(row.n);
}
