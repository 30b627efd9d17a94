import { describe, expect, it } from 'vitest';
import { WEIGHT_TOLERANCE_UNIT } from '../../../shared/codes';
import { weightVerdict, type WeightBand } from './weight-validation';

const { GRAMS, PERCENT } = WEIGHT_TOLERANCE_UNIT.values;
const bands: WeightBand[] = [
  { bandId: 1, fromG: 0, toG: 500, toleranceUnit: GRAMS, tolerance: 20 },
  { bandId: 2, fromG: 500, toG: 2000, toleranceUnit: PERCENT, tolerance: 4 },
];

describe('weightVerdict', () => {
  it('applies the band holding the expected weight, bounds inclusive', () => {
    expect(weightVerdict(bands, 300, 320)).toEqual({ ok: true, minG: 280, maxG: 320, toleranceG: 20, bandId: 1 });
    expect(weightVerdict(bands, 300, 321).ok).toBe(false);
    expect(weightVerdict(bands, 300, 279).ok).toBe(false);
  });

  it('a band holds its from and not its to; percent rounds to whole grams', () => {
    expect(weightVerdict(bands, 500, 500).bandId).toBe(2);
    expect(weightVerdict(bands, 1234, 1234)).toMatchObject({ toleranceG: 49, minG: 1185, maxG: 1283 });
  });

  it('with no band: ±5 %, at least 20 g', () => {
    expect(weightVerdict([], 1000, 1050)).toEqual({ ok: true, minG: 950, maxG: 1050, toleranceG: 50, bandId: null });
    expect(weightVerdict([], 100, 121)).toMatchObject({ ok: false, minG: 80, maxG: 120, toleranceG: 20 });
    expect(weightVerdict(bands, 5000, 5200)).toMatchObject({ ok: true, toleranceG: 250, bandId: null });
  });

  it('never a negative lower bound', () => {
    expect(weightVerdict([], 10, 0)).toMatchObject({ ok: true, minG: 0, maxG: 30 });
  });
});
