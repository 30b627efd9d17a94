/**
 * The palette of zone colours (Rule Center › Zone Color Config, docs/outbound.md "Rules"): the
 * colours a warehouse may give its zones so a picker sees at arm's length which zone a stop is in.
 * Distinct hues people name the same way in every language; every colour is shown with its name
 * (never the colour alone) in the ink that reads best on it. Lingui-free like the resources: the
 * labels are English message ids marked for extraction and translated where they are shown.
 */
export const ZONE_COLORS = [
  { name: 'red', label: /*i18n*/ 'Red', hex: '#C62828' },
  { name: 'orange', label: /*i18n*/ 'Orange', hex: '#F57C00' },
  { name: 'yellow', label: /*i18n*/ 'Yellow', hex: '#FDD835' },
  { name: 'green', label: /*i18n*/ 'Green', hex: '#2E7D32' },
  { name: 'teal', label: /*i18n*/ 'Teal', hex: '#00796B' },
  { name: 'cyan', label: /*i18n*/ 'Cyan', hex: '#4DD0E1' },
  { name: 'blue', label: /*i18n*/ 'Blue', hex: '#1565C0' },
  { name: 'purple', label: /*i18n*/ 'Purple', hex: '#6A1B9A' },
  { name: 'pink', label: /*i18n*/ 'Pink', hex: '#F06292' },
  { name: 'brown', label: /*i18n*/ 'Brown', hex: '#6D4C41' },
  { name: 'grey', label: /*i18n*/ 'Grey', hex: '#9E9E9E' },
  { name: 'black', label: /*i18n*/ 'Black', hex: '#212121' },
] as const;

export type ZoneColorName = (typeof ZONE_COLORS)[number]['name'];
export type ZoneColor = (typeof ZONE_COLORS)[number];

export const ZONE_COLOR_NAMES = ZONE_COLORS.map((c) => c.name) as [ZoneColorName, ...ZoneColorName[]];

const byName = new Map<string, ZoneColor>(ZONE_COLORS.map((c) => [c.name, c]));

/** The palette entry of a colour name, or undefined for a name not in the palette. */
export const zoneColorNamed = (name: string): ZoneColor | undefined => byName.get(name);

/** WCAG relative luminance of a #RRGGBB colour. */
export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(value >> 16) + 0.7152 * channel((value >> 8) & 0xff) + 0.0722 * channel(value & 0xff);
}

/** WCAG contrast ratio of two #RRGGBB colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour that reads best on `hex`: black or white, whichever contrasts more. */
export const inkOn = (hex: string): '#000000' | '#FFFFFF' => (contrastRatio(hex, '#000000') >= contrastRatio(hex, '#FFFFFF') ? '#000000' : '#FFFFFF');
