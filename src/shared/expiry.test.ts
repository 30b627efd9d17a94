import { describe, expect, it } from 'vitest';
import { EXPIRY_STATE } from './codes';
import { addDays, dayNumber, expiryState, isIsoDate, todayIn } from './expiry';

const { NORMAL, EXPIRING, EXPIRED } = EXPIRY_STATE.values;

describe('calendar dates', () => {
  it('reads real YYYY-MM-DD dates only', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('2026-01-01T00:00:00Z')).toBe(false);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(() => addDays('tomorrow', 1)).toThrow(RangeError);
  });

  it("gives today's date in the warehouse's own time zone", () => {
    const instant = new Date('2026-03-31T17:30:00Z');
    expect(todayIn('Asia/Bangkok', instant)).toBe('2026-04-01'); // UTC+7: already past midnight
    expect(todayIn('Asia/Jakarta', new Date('2026-03-31T16:59:59Z'))).toBe('2026-03-31');
    expect(todayIn('America/Mexico_City', instant)).toBe('2026-03-31');
  });
});

describe('expiryState', () => {
  const today = '2026-06-15';

  it('is normal for goods without an expiry date', () => {
    expect(expiryState({ expiryDate: null, shelfLifeDays: 30 }, today)).toBe(NORMAL);
  });

  it('is expired from the expiry date on', () => {
    expect(expiryState({ expiryDate: today }, today)).toBe(EXPIRED);
    expect(expiryState({ expiryDate: '2026-06-01', shelfLifeDays: 365 }, today)).toBe(EXPIRED);
    expect(expiryState({ expiryDate: '2026-06-16', shelfLifeDays: 365 }, today)).not.toBe(EXPIRED);
  });

  it("is expiring when a third of the SKU's shelf life or less remains", () => {
    // 90 days of shelf life: expiring with 30 days or fewer left.
    expect(expiryState({ expiryDate: addDays(today, 30), shelfLifeDays: 90 }, today)).toBe(EXPIRING);
    expect(expiryState({ expiryDate: addDays(today, 31), shelfLifeDays: 90 }, today)).toBe(NORMAL);
    // 12 days (fresh milk): the threshold rounds up to 4.
    expect(expiryState({ expiryDate: addDays(today, 4), shelfLifeDays: 12 }, today)).toBe(EXPIRING);
    expect(expiryState({ expiryDate: addDays(today, 5), shelfLifeDays: 12 }, today)).toBe(NORMAL);
  });

  it("uses the batch's production-to-expiry span when the SKU has no shelf life", () => {
    const batch = { productionDate: addDays(today, -60), expiryDate: addDays(today, 30) }; // 90-day span
    expect(expiryState(batch, today)).toBe(EXPIRING);
    expect(expiryState({ productionDate: addDays(today, -119), expiryDate: addDays(today, 61) }, today)).toBe(NORMAL); // 180-day span, 60 is a third
  });

  it('falls back to 30 days when no shelf life is known at all', () => {
    expect(expiryState({ expiryDate: addDays(today, 30) }, today)).toBe(EXPIRING);
    expect(expiryState({ expiryDate: addDays(today, 31), shelfLifeDays: null }, today)).toBe(NORMAL);
  });

  it('refuses text that is not a date rather than guessing', () => {
    expect(() => expiryState({ expiryDate: '15/06/2026' }, today)).toThrow(RangeError);
    expect(() => expiryState({ expiryDate: today }, 'today')).toThrow(RangeError);
  });
});
