import { describe, expect, it } from 'vitest';
import { countryOfWarehouse, currencyOf, isRmsWarehouse, timeRegionOrDefault } from './warehouse';

describe('countryOfWarehouse', () => {
  it('is the first two letters, upper-case', () => {
    expect(countryOfWarehouse('SGSIN1')).toBe('SG');
    expect(countryOfWarehouse('idjkt2')).toBe('ID');
  });
});

describe('isRmsWarehouse', () => {
  it('is true when the id begins with vn, in any case', () => {
    expect(isRmsWarehouse('VNHCM1')).toBe(true);
    expect(isRmsWarehouse('vnx')).toBe(true);
    expect(isRmsWarehouse('Vn1')).toBe(true);
  });

  it('is false otherwise', () => {
    expect(isRmsWarehouse('SGSIN1')).toBe(false);
    expect(isRmsWarehouse('XVN1')).toBe(false);
    expect(isRmsWarehouse('')).toBe(false);
  });
});

describe('currencyOf', () => {
  it('follows the country prefix', () => {
    expect(currencyOf('SGSIN1')).toBe('SGD');
    expect(currencyOf('vnhcm1')).toBe('VND');
    expect(currencyOf('CNSZX1')).toBe('CNY');
  });

  it('is null where the spec lists no currency', () => {
    expect(currencyOf('TWTPE1')).toBeNull();
    expect(currencyOf('SZ01')).toBeNull();
  });
});

describe('timeRegionOrDefault', () => {
  it('keeps a valid IANA zone', () => {
    expect(timeRegionOrDefault('Asia/Jakarta')).toBe('Asia/Jakarta');
    expect(timeRegionOrDefault(' Asia/Manila ')).toBe('Asia/Manila');
  });

  it('falls back to Asia/Shanghai when missing or invalid', () => {
    expect(timeRegionOrDefault('')).toBe('Asia/Shanghai');
    expect(timeRegionOrDefault('   ')).toBe('Asia/Shanghai');
    expect(timeRegionOrDefault(null)).toBe('Asia/Shanghai');
    expect(timeRegionOrDefault(undefined)).toBe('Asia/Shanghai');
    expect(timeRegionOrDefault('Mars/Olympus')).toBe('Asia/Shanghai');
  });
});
