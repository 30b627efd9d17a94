import { describe, expect, test } from 'vitest';
import {
  LOT_NO_PATTERN, TIME_OF_DAY_PATTERN, TRACKING_ID_PATTERN, arrivalTimelinessOf, fullTime, purchaseTypesFor, quotaTypeOf, quotaTypesOf, shiftShare, wallClockIn,
} from './asn';
import { ARRIVAL_TIMELINESS } from './codes';

describe('purchase types a new ASN may have (spec §3 "inbound types selectable")', () => {
  test('a purchase takes the named codes of {0,1,5} normally and of {1,6,7,8,9} in the alternate (RMS) case', () => {
    expect(purchaseTypesFor(1, false)).toEqual([0, 1]);
    expect(purchaseTypesFor(1, true)).toEqual([1]);
  });
  test('a return is a return inbound, a transfer a transfer inbound, whichever the case', () => {
    expect(purchaseTypesFor(2, false)).toEqual([3]);
    expect(purchaseTypesFor(3, true)).toEqual([4]);
  });
});

describe('quota types and shares', () => {
  test('separated mode keeps each inbound type apart, integrated mode all under 0', () => {
    expect(quotaTypeOf(0, 2)).toBe(2);
    expect(quotaTypeOf(1, 2)).toBe(0);
    expect(quotaTypesOf(0)).toEqual([1, 2, 3]);
    expect(quotaTypesOf(1)).toEqual([0]);
  });
  test('a day\'s quota is shared by its shifts, the remainder going to the earliest; the parts add up', () => {
    expect([0, 1, 2].map((i) => shiftShare(20_000, 3, i))).toEqual([6667, 6667, 6666]);
    expect([0, 1, 2].map((i) => shiftShare(2, 3, i))).toEqual([1, 1, 0]);
    for (const [total, shifts] of [[99_999, 7], [1, 4], [0, 2], [600, 3]] as const) {
      expect(Array.from({ length: shifts }, (_, i) => shiftShare(total, shifts, i)).reduce((a, b) => a + b, 0)).toBe(total);
    }
    expect(shiftShare(100, 0, 0)).toBe(0);
  });
});

describe('arrival timeliness against the booked slot', () => {
  const slot = { date: '2026-03-10', startTime: '08:00', endTime: '12:00:00' };
  test('early before the shift, on time within it (both ends), late after it', () => {
    expect(arrivalTimelinessOf('2026-03-10 07:59:59', slot)).toBe(ARRIVAL_TIMELINESS.values.EARLY);
    expect(arrivalTimelinessOf('2026-03-09 23:00:00', slot)).toBe(ARRIVAL_TIMELINESS.values.EARLY);
    expect(arrivalTimelinessOf('2026-03-10 08:00:00', slot)).toBe(ARRIVAL_TIMELINESS.values.ON_TIME);
    expect(arrivalTimelinessOf('2026-03-10 12:00:00', slot)).toBe(ARRIVAL_TIMELINESS.values.ON_TIME);
    expect(arrivalTimelinessOf('2026-03-10 12:00:01', slot)).toBe(ARRIVAL_TIMELINESS.values.LATE);
    expect(arrivalTimelinessOf('2026-03-11 07:00:00', slot)).toBe(ARRIVAL_TIMELINESS.values.LATE);
  });
  test('the wall clock is the warehouse\'s, not the server\'s', () => {
    const at = new Date(Date.UTC(2026, 2, 10, 1, 30, 5));
    expect(wallClockIn('Asia/Singapore', at)).toBe('2026-03-10 09:30:05');
    expect(wallClockIn('Asia/Jakarta', at)).toBe('2026-03-10 08:30:05');
    expect(wallClockIn('Asia/Jakarta', new Date(Date.UTC(2026, 2, 9, 17, 0, 0)))).toBe('2026-03-10 00:00:00');
  });
});

describe('formats', () => {
  test('lot numbers, tracking ids and times of day', () => {
    expect(LOT_NO_PATTERN.test('LOT-2026/03.A_1')).toBe(true);
    expect(LOT_NO_PATTERN.test('-LOT')).toBe(false);
    expect(LOT_NO_PATTERN.test('x'.repeat(41))).toBe(false);
    expect(TRACKING_ID_PATTERN.test('SPXID-00012')).toBe(true);
    expect(TRACKING_ID_PATTERN.test('SPX 1')).toBe(false);
    expect(['00:00', '23:59', '08:30:15'].every((t) => TIME_OF_DAY_PATTERN.test(t))).toBe(true);
    expect(['24:00', '8:00', '12:60', '12:00:60'].some((t) => TIME_OF_DAY_PATTERN.test(t))).toBe(false);
    expect(fullTime('08:00')).toBe('08:00:00');
    expect(fullTime('08:00:15')).toBe('08:00:15');
  });
});
