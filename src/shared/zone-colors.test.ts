import { describe, expect, test } from 'vitest';
import { contrastRatio, inkOn, relativeLuminance, ZONE_COLOR_NAMES, ZONE_COLORS, zoneColorNamed } from './zone-colors';

describe('zone colour palette', () => {
  test('names, labels and colours are each used once', () => {
    for (const key of ['name', 'label', 'hex'] as const) expect(new Set(ZONE_COLORS.map((c) => c[key])).size, key).toBe(ZONE_COLORS.length);
  });

  test('every colour takes its name in an ink that passes WCAG AA for normal text (4.5:1)', () => {
    for (const c of ZONE_COLORS) expect(contrastRatio(c.hex, inkOn(c.hex)), c.name).toBeGreaterThanOrEqual(4.5);
  });

  test('luminance and contrast follow WCAG at the ends of the scale', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 10);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 10);
    expect(inkOn('#FDD835')).toBe('#000000');
    expect(inkOn('#1565C0')).toBe('#FFFFFF');
  });

  test('a name outside the palette is none of its colours', () => {
    expect(zoneColorNamed('blue')?.hex).toBe('#1565C0');
    expect(zoneColorNamed('magenta')).toBeUndefined();
    expect(ZONE_COLOR_NAMES).toEqual(ZONE_COLORS.map((c) => c.name));
  });
});
