import { describe, expect, it } from 'vitest';
import {
  COUNTRIES, COUNTRY_TIME_ZONES, CURRENCY_BY_COUNTRY, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, REFRESH_INTERVAL_MINUTES,
  REFRESH_NEVER,
} from './constants';
import { timeRegionOrDefault } from './warehouse';

describe('constants', () => {
  it('offers the default page size among the choices', () => {
    expect(PAGE_SIZE_OPTIONS).toContain(DEFAULT_PAGE_SIZE);
  });

  it('starts the refresh choices with never', () => {
    expect(REFRESH_INTERVAL_MINUTES[0]).toBe(REFRESH_NEVER);
  });

  it('gives every country valid time zones', () => {
    for (const country of COUNTRIES) {
      for (const tz of COUNTRY_TIME_ZONES[country]) expect(timeRegionOrDefault(tz)).toBe(tz);
    }
  });

  it('has no currency for TW', () => {
    expect(CURRENCY_BY_COUNTRY.TW).toBeUndefined();
  });
});
