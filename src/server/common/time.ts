import { eq } from 'drizzle-orm';
import { timeRegionOrDefault } from '../../shared/warehouse';
import type { Db } from '../db/client';
import { warehouses } from '../db/schema';

/** The warehouse's time zone: its day (document numbers, "today"), not the server's. */
export async function warehouseTimeZone(db: Db, whsId: string): Promise<string> {
  const [row] = await db.select({ timeRegion: warehouses.timeRegion }).from(warehouses).where(eq(warehouses.whsId, whsId));
  return timeRegionOrDefault(row?.timeRegion);
}

/** An instant as the API carries it: whole unix seconds. */
export function unixSeconds(at: Date): number;
export function unixSeconds(at: Date | null | undefined): number | null;
export function unixSeconds(at: Date | null | undefined): number | null {
  return at ? Math.floor(at.getTime() / 1000) : null;
}
