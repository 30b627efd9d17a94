/** Text and attribute values put into a label's HTML: every one goes through here. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A millimetre length for CSS, rounded to 0.01 mm. */
export const mm = (value: number): string => `${Math.round(value * 100) / 100}mm`;
