import { describe, expect, test } from 'vitest';
import { afterCutoff, isInstantCarrier, pigeonholeCodes, pigeonholeFor, pigeonholeTakes, postcodeOf, resolveZone, valueList, type PigeonholeState, type ZoneRule } from './instant-delivery';

const zones: ZoneRule[] = [
  { zone_code: 'JKT-S', postcode_prefixes: ['12'], keywords: ['Jakarta Selatan'], status: 1 },
  { zone_code: 'JKT-K', postcode_prefixes: ['1216'], keywords: ['Kebayoran'], status: 1 },
  { zone_code: 'JKT-P', postcode_prefixes: ['103'], keywords: ['Menteng', 'Jakarta Pusat'], status: 1 },
  { zone_code: 'OFF', postcode_prefixes: ['40'], keywords: ['Bandung'], status: 2 },
];

describe('zone resolution', () => {
  test('the postcode is the address\'s last standalone run of 4 to 6 digits', () => {
    expect(postcodeOf('Jl. Melati No. 12\nKebayoran Baru, Jakarta Selatan 12160')).toBe('12160');
    expect(postcodeOf('Jl. Raya 1234567')).toBeNull();
    expect(postcodeOf(null)).toBeNull();
  });
  test('the longest postcode prefix wins, then the keyword; inactive zones never resolve', () => {
    expect(resolveZone('Jl. Wijaya, Jakarta Selatan 12160', zones)).toEqual({ zone_code: 'JKT-K', by: 'postcode', matched: '1216' });
    expect(resolveZone('Jl. Fatmawati, 12430', zones)).toMatchObject({ zone_code: 'JKT-S', by: 'postcode' });
    expect(resolveZone('Jl. Cikini, menteng', zones)).toEqual({ zone_code: 'JKT-P', by: 'keyword', matched: 'Menteng' });
    // A postcode no prefix takes falls back to keywords.
    expect(resolveZone('Jl. Cikini, Jakarta Pusat 99999', zones)).toMatchObject({ zone_code: 'JKT-P', by: 'keyword' });
    expect(resolveZone('Jl. Asia Afrika, Bandung 40111', zones)).toBeNull();
    expect(resolveZone('', zones)).toBeNull();
  });
  test('lists are trimmed, without blanks or repeats', () => {
    expect(valueList(' 121, 122 ,,121\n123')).toEqual(['121', '122', '123']);
  });
  test('instant carriers compare without case, only while instant delivery is on', () => {
    expect(isInstantCarrier({ enabled: true, carrier_names: ['GrabExpress'] }, ' grabexpress ')).toBe(true);
    expect(isInstantCarrier({ enabled: false, carrier_names: ['GrabExpress'] }, 'GrabExpress')).toBe(false);
    expect(isInstantCarrier({ enabled: true, carrier_names: ['GrabExpress'] }, null)).toBe(false);
  });
});

describe('pigeonholes', () => {
  const holes: PigeonholeState[] = [
    { pigeonhole_code: 'PH-10', zone_code: 'S', capacity: 2, status: 1, order_nos: [] },
    { pigeonhole_code: 'PH-2', zone_code: 'S', capacity: 1, status: 1, order_nos: ['SO1'] },
    { pigeonhole_code: 'PH-3', zone_code: 'S', capacity: 2, status: 2, order_nos: [] },
    { pigeonhole_code: 'PH-4', zone_code: 'S', capacity: 2, status: 1, order_nos: [] },
  ];
  test('an order\'s parcels wait together; otherwise the lowest code of the zone with room (numeric order), active only', () => {
    expect(pigeonholeFor('SO1', 'S', holes)).toMatchObject({ pigeonhole: { pigeonhole_code: 'PH-2' }, holdsOrder: true });
    expect(pigeonholeFor('SO9', 'S', holes)?.pigeonhole.pigeonhole_code).toBe('PH-4');
    expect(pigeonholeFor('SO9', 'P', holes)).toBeNull();
  });
  test('the label scanned: the order\'s own, else any active pigeonhole of the zone with room', () => {
    const [ten, two, three, four] = holes;
    expect(pigeonholeTakes(two, 'SO1', 'S', holes)).toBe(true);
    expect(pigeonholeTakes(four, 'SO1', 'S', holes)).toBe(false);
    expect(pigeonholeTakes(ten, 'SO9', 'S', holes)).toBe(true);
    expect(pigeonholeTakes(two, 'SO9', 'S', holes)).toBe(false);
    expect(pigeonholeTakes(three, 'SO9', 'S', holes)).toBe(false);
    expect(pigeonholeTakes(undefined, 'SO9', 'S', holes)).toBe(false);
  });
  test('a range of codes has at least two digits', () => {
    expect(pigeonholeCodes('PH-', 1, 3)).toEqual(['PH-01', 'PH-02', 'PH-03']);
    expect(pigeonholeCodes('PH-', 99, 100)).toEqual(['PH-099', 'PH-100']);
  });
  test('an order created after the cut-off (warehouse clock) goes the next day', () => {
    const at = Date.UTC(2026, 0, 5, 8, 30) / 1000; // 15:30 in Jakarta (UTC+7)
    expect(afterCutoff(at, '14:00', 'Asia/Jakarta')).toBe(true);
    expect(afterCutoff(at, '16:00', 'Asia/Jakarta')).toBe(false);
    expect(afterCutoff(at, null, 'Asia/Jakarta')).toBe(false);
  });
});
