import { eq } from 'drizzle-orm';
import { FEATURE_FLAGS, flagIsOn } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { zoneColors } from '../../db/schema';
import { readConfValue } from '../../common/conf';

/**
 * The colour of each coloured zone of the warehouse (Rule Center › Zone Color Config) by zone id,
 * for the PDA's picking stops; null while the warehouse's zone_by_color setting is off. All of the
 * warehouse's, not only the task's zones: a short pick may re-allocate a stop into another zone,
 * and a colour belongs to one zone at most, so there are never more than the palette's colours.
 */
export async function zoneColorsShown(db: Db, whsId: string): Promise<Record<string, string> | null> {
  if (!flagIsOn('zoneByColor', await readConfValue(db, whsId, FEATURE_FLAGS.zoneByColor.confKey))) return null;
  const rows = await db.select({ zoneId: zoneColors.zoneId, color: zoneColors.color }).from(zoneColors).where(eq(zoneColors.whsId, whsId));
  return Object.fromEntries(rows.map((r) => [r.zoneId, r.color]));
}
