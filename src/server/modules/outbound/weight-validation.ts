import { and, asc, eq, ne } from 'drizzle-orm';
import { ACTIVE_STATUS, WEIGHT_TOLERANCE_UNIT } from '../../../shared/codes';
import type { consumablesContract } from '../../../shared/contract/consumables.contract';
import type { Db } from '../../db/client';
import { weightBands as bandsTable } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { Handlers } from '../../http/register';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';

/**
 * Weight validation (Rule Center › Weight Validation, docs/consumables.md): how far a weighed
 * parcel may be from its expected weight. The band whose range holds the expected weight
 * (from ≤ expected < to) gives the tolerance in grams or percent; with no band, ±5 % and at
 * least 20 g — a kitchen scale's error on a light parcel is a large share of it.
 */

export interface WeightBand {
  bandId: number;
  fromG: number;
  toG: number;
  /** WEIGHT_TOLERANCE_UNIT: grams 1, percent 2. */
  toleranceUnit: number;
  tolerance: number;
}

export interface WeightVerdict {
  ok: boolean;
  minG: number;
  maxG: number;
  toleranceG: number;
  /** The band applied; null: the default. */
  bandId: number | null;
}

/** The tolerance without a band: this percent of the expected weight, and never less than the grams. */
export const DEFAULT_TOLERANCE = { percent: 5, minGrams: 20 } as const;

/** Whether `actualG` is within the tolerance `bands` give `expectedG` (bounds inclusive, rounded to whole grams). */
export function weightVerdict(bands: readonly WeightBand[], expectedG: number, actualG: number): WeightVerdict {
  const band = bands.find((b) => b.fromG <= expectedG && expectedG < b.toG);
  const toleranceG = band
    ? band.toleranceUnit === WEIGHT_TOLERANCE_UNIT.values.PERCENT ? Math.round((expectedG * band.tolerance) / 100) : band.tolerance
    : Math.max(Math.round((expectedG * DEFAULT_TOLERANCE.percent) / 100), DEFAULT_TOLERANCE.minGrams);
  const minG = Math.max(0, expectedG - toleranceG);
  const maxG = expectedG + toleranceG;
  return { ok: actualG >= minG && actualG <= maxG, minG, maxG, toleranceG, bandId: band?.bandId ?? null };
}

/** The warehouse's active weight bands, lightest first. */
export async function weightBands(tx: Db, whsId: string): Promise<WeightBand[]> {
  return tx.select({
    bandId: bandsTable.bandId, fromG: bandsTable.fromG, toG: bandsTable.toG, toleranceUnit: bandsTable.toleranceUnit, tolerance: bandsTable.tolerance,
  }).from(bandsTable).where(and(eq(bandsTable.whsId, whsId), eq(bandsTable.status, ACTIVE_STATUS.values.ACTIVE))).orderBy(asc(bandsTable.fromG));
}

const after = (field: string, values: ApiRow, current: ApiRow | null): number => Number(values[field] !== undefined ? values[field] : current?.[field]);

/** A band ends above where it starts, a percent is at most 100, and active bands of a warehouse never overlap. */
export const weightBandHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    const [fromG, toG, unit, tolerance] = ['from_g', 'to_g', 'tolerance_unit', 'tolerance'].map((f) => after(f, values, current));
    // A create without a status is active (the column's default).
    const status = values.status ?? current?.status ?? ACTIVE_STATUS.values.ACTIVE;
    if (!(toG! > fromG!)) throw badInput('to_g', `must be above From (${fromG} g)`);
    if (unit === WEIGHT_TOLERANCE_UNIT.values.PERCENT && tolerance! > 100) throw badInput('tolerance', 'a percent tolerance is at most 100');
    if (status === ACTIVE_STATUS.values.ACTIVE) {
      const others = await ctx.db.select({ bandId: bandsTable.bandId, fromG: bandsTable.fromG, toG: bandsTable.toG }).from(bandsTable).where(and(
        eq(bandsTable.whsId, ctx.session.whsId), eq(bandsTable.status, ACTIVE_STATUS.values.ACTIVE),
        ...(current ? [ne(bandsTable.bandId, Number(current.band_id))] : []),
      ));
      const clash = others.find((b) => b.fromG < toG! && fromG! < b.toG);
      if (clash) throw badInput('from_g', `overlaps band ${clash.bandId} (${clash.fromG}–${clash.toG} g): active bands must not overlap`);
    }
    return values;
  },
};

export const weightCheckHandlers: Pick<Handlers<typeof consumablesContract>, 'checkParcelWeight'> = {
  async checkParcelWeight({ expected_g, actual_g }, { db, session }) {
    const v = weightVerdict(await weightBands(db, session.whsId), expected_g, actual_g);
    return { ok: v.ok, min_g: v.minG, max_g: v.maxG, tolerance_g: v.toleranceG, band_id: v.bandId };
  },
};
