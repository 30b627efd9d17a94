import { and, eq } from 'drizzle-orm';
import { inboundStagingLocations, outboundStagingLocations, pathways, rtStagingLocations } from '../db/schema';
import { badInput } from '../http/errors';
import type { ResourceHooks } from '../http/resource-handlers';

/** Location codes: letters, digits and single inner dashes (A01, A01-02-03-1), as labels and scanners print them. */
const LOCATION_CODE = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;

/** A new location's code (its key) is printed on labels and scanned. */
export function assertLocationCode(field: string, value: unknown): void {
  if (!LOCATION_CODE.test(String(value))) throw badInput(field, 'Use letters and digits, optionally joined by single dashes.');
}

/**
 * A new cell: a location code no staging location of the warehouse uses (stock is kept by code,
 * docs/decisions.md "Inventory ledger"), on a pathway of its zone.
 */
export async function checkNewCell(values: Record<string, unknown>, { db, session }: Parameters<NonNullable<ResourceHooks['prepare']>>[2]): Promise<void> {
  const code = String(values.location_code);
  assertLocationCode('location_code', code);
  for (const table of [inboundStagingLocations, outboundStagingLocations, rtStagingLocations]) {
    const [staging] = await db.select({ code: table.locationCode }).from(table).where(and(eq(table.whsId, session.whsId), eq(table.locationCode, code))).limit(1);
    if (staging) throw badInput('location_code', `${code} is a staging location of this warehouse: give the cell another code`);
  }
  const [pathway] = await db.select({ zoneId: pathways.zoneId }).from(pathways)
    .where(and(eq(pathways.whsId, session.whsId), eq(pathways.pathwayId, String(values.pathway_id)))).limit(1);
  if (pathway && pathway.zoneId !== values.zone_id) throw badInput('pathway_id', `Pathway ${String(values.pathway_id)} is in zone ${pathway.zoneId}, not in zone ${String(values.zone_id)}`);
}
