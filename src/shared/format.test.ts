import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import {
  dashIfEmpty, durationMessage, durationParts, durationText, groupNumber, isTenDigitSeconds, oldSystemNotice, toMillis,
  yesNo, type Translate,
} from './format';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const translate: Translate = (d) => i18n._(d);

describe('groupNumber', () => {
  it('puts commas every 3 digits, whatever the runtime locale', () => {
    expect(groupNumber(1234567)).toBe('1,234,567');
    expect(groupNumber(1000)).toBe('1,000');
    expect(groupNumber(999)).toBe('999');
    expect(groupNumber(0)).toBe('0');
    expect(groupNumber('9876543210')).toBe('9,876,543,210');
  });

  it('leaves other values unchanged, as text', () => {
    expect(groupNumber(-1234)).toBe('-1234');
    expect(groupNumber(1234.5)).toBe('1234.5');
    expect(groupNumber('12a345')).toBe('12a345');
    expect(groupNumber('')).toBe('');
    expect(groupNumber(null)).toBe('');
    expect(groupNumber(undefined)).toBe('');
  });
});

describe('dashIfEmpty', () => {
  it('puts a dash for missing and blank values', () => {
    expect(dashIfEmpty(null)).toBe('-');
    expect(dashIfEmpty(undefined)).toBe('-');
    expect(dashIfEmpty('')).toBe('-');
    expect(dashIfEmpty('  ')).toBe('-');
  });

  it('keeps values, 0 included', () => {
    expect(dashIfEmpty(0)).toBe(0);
    expect(dashIfEmpty('A-01')).toBe('A-01');
  });
});

describe('yesNo', () => {
  it('is Yes for 1 and No for 0', () => {
    expect(yesNo(1)?.message).toBe('Yes');
    expect(yesNo(0)?.message).toBe('No');
    expect(yesNo(true)?.message).toBe('Yes');
    expect(yesNo(false)?.message).toBe('No');
  });

  it('is undefined otherwise', () => {
    expect(yesNo(2)).toBeUndefined();
    expect(yesNo(null)).toBeUndefined();
  });
});

describe('duration', () => {
  it('splits minutes into hours and minutes', () => {
    expect(durationParts(0)).toEqual({ hours: 0, minutes: 0 });
    expect(durationParts(59)).toEqual({ hours: 0, minutes: 59 });
    expect(durationParts(60)).toEqual({ hours: 1, minutes: 0 });
    expect(durationParts(125)).toEqual({ hours: 2, minutes: 5 });
    expect(durationParts(-5)).toEqual({ hours: 0, minutes: 0 });
    expect(durationParts(Number.NaN)).toEqual({ hours: 0, minutes: 0 });
  });

  it('says minutes under an hour, else hours and minutes', () => {
    expect(durationText(45, translate)).toBe('45 min');
    expect(durationText(59.6, translate)).toBe('1 h');
    expect(durationText(120, translate)).toBe('2 h');
    expect(durationText(125, translate)).toBe('2 h 5 min');
  });

  it('is a descriptor with its values for the app to translate', () => {
    expect(durationMessage(125)).toMatchObject({ message: '{hours} h {minutes} min', values: { hours: 2, minutes: 5 } });
  });
});

describe('timestamps', () => {
  it('treats 10-digit timestamps as seconds', () => {
    expect(isTenDigitSeconds(1700000000)).toBe(true);
    expect(isTenDigitSeconds('1700000000')).toBe(true);
    expect(isTenDigitSeconds(1700000000000)).toBe(false);
    expect(isTenDigitSeconds(170000000)).toBe(false);
    expect(isTenDigitSeconds(1700000000.5)).toBe(false);
    expect(toMillis(1700000000)).toBe(1700000000000);
    expect(toMillis('1700000000')).toBe(1700000000000);
    expect(toMillis(1700000000123)).toBe(1700000000123);
  });
});

describe('oldSystemNotice', () => {
  const switchTime = 1700000000;
  const formatDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it('applies to a 10-digit timestamp before the switch time', () => {
    const notice = oldSystemNotice(switchTime - 1, switchTime, formatDate);
    expect(notice).not.toBeNull();
    expect(translate(notice!)).toBe(
      'Date before 2023-11-14 is in old system. Please proceed to old WMS to retrieve data.',
    );
  });

  it('does not apply at or after the switch time, without one, or to millisecond timestamps', () => {
    expect(oldSystemNotice(switchTime, switchTime, formatDate)).toBeNull();
    expect(oldSystemNotice(switchTime + 1, switchTime, formatDate)).toBeNull();
    expect(oldSystemNotice(switchTime - 1, 0, formatDate)).toBeNull();
    expect(oldSystemNotice(switchTime - 1, undefined, formatDate)).toBeNull();
    expect(oldSystemNotice((switchTime - 1) * 1000, switchTime, formatDate)).toBeNull();
  });
});
