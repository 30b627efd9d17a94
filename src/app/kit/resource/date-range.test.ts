import { describe, expect, test } from 'vitest';
import { dateRangeToUnix, filterTimeZone, unixToDateRange, unixToWallClock, wallClockToUnix } from './date-range';

// 2026-01-31 00:00:00 in Singapore (UTC+8) is 2026-01-30 16:00:00 UTC.
const SG_MIDNIGHT = Date.UTC(2026, 0, 30, 16) / 1000;

describe('wall clock and unix seconds', () => {
  test('read in the zone given', () => {
    expect(wallClockToUnix('2026-01-31', 'Asia/Singapore')).toBe(SG_MIDNIGHT);
    expect(wallClockToUnix('2026-01-31 00:00:00', 'UTC')).toBe(Date.UTC(2026, 0, 31) / 1000);
    expect(wallClockToUnix('2026-01-31 08:30', 'Asia/Jakarta')).toBe(Date.UTC(2026, 0, 31, 1, 30) / 1000);
    expect(String(wallClockToUnix('2026-01-31', 'Asia/Singapore'))).toMatch(/^\d{10}$/);
  });

  test('zones with summer time use the offset of that date', () => {
    expect(wallClockToUnix('2026-07-01 12:00:00', 'America/New_York')).toBe(Date.UTC(2026, 6, 1, 16) / 1000);
    expect(wallClockToUnix('2026-01-01 12:00:00', 'America/New_York')).toBe(Date.UTC(2026, 0, 1, 17) / 1000);
  });

  test('text that is not a date is null', () => {
    for (const bad of ['', 'yesterday', '2026-02-30', '2026-13-01', '2026-01-01 24:00:00', '31/01/2026']) {
      expect(wallClockToUnix(bad, 'UTC'), bad).toBeNull();
    }
  });

  test('and back', () => {
    expect(unixToWallClock(SG_MIDNIGHT, 'Asia/Singapore', false)).toBe('2026-01-31');
    expect(unixToWallClock(SG_MIDNIGHT, 'UTC', true)).toBe('2026-01-30 16:00:00');
  });
});

describe('date range bounds', () => {
  test('a day range runs from 00:00:00 of the first day to 23:59:59 of the last, in the warehouse zone', () => {
    expect(dateRangeToUnix('dateRange', ['2026-01-31', '2026-02-01'], 'Asia/Singapore')).toEqual([SG_MIDNIGHT, SG_MIDNIGHT + 2 * 86_400 - 1]);
  });

  test('UTC-zero items are read in UTC', () => {
    const zone = filterTimeZone({ useUTCZeroFormatDate: true }, 'Asia/Singapore');
    expect(zone).toBe('UTC');
    expect(dateRangeToUnix('dateRange', ['2026-01-31', '2026-01-31'], zone)).toEqual([Date.UTC(2026, 0, 31) / 1000, Date.UTC(2026, 0, 31, 23, 59, 59) / 1000]);
    expect(filterTimeZone({}, 'Asia/Singapore')).toBe('Asia/Singapore');
  });

  test('date-time ranges keep the times chosen; an open end is null; reversed bounds are swapped', () => {
    expect(dateRangeToUnix('datetimeRange', ['2026-01-31 08:00:00', ''], 'UTC')).toEqual([Date.UTC(2026, 0, 31, 8) / 1000, null]);
    expect(dateRangeToUnix('datetimeRange', ['', '2026-01-31 08:00:00'], 'UTC')).toEqual([null, Date.UTC(2026, 0, 31, 8) / 1000]);
    expect(dateRangeToUnix('dateRange', ['2026-02-01', '2026-01-31'], 'UTC')).toEqual([Date.UTC(2026, 0, 31) / 1000, Date.UTC(2026, 1, 1, 23, 59, 59) / 1000]);
  });

  test('the pickers show a searched range again', () => {
    expect(unixToDateRange('dateRange', [String(SG_MIDNIGHT), SG_MIDNIGHT + 86_399], 'Asia/Singapore')).toEqual(['2026-01-31', '2026-01-31']);
    expect(unixToDateRange('datetimeRange', [SG_MIDNIGHT, undefined], 'Asia/Singapore')).toEqual(['2026-01-31 00:00:00', '']);
    expect(unixToDateRange('dateRange', ['soon', null], 'UTC')).toEqual(['', '']);
  });
});
