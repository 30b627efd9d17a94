import type { MenuEntry } from '../../routes/access';

/** Screen labels printed for stations carry this prefix before the path, e.g. `tally:/inbound/counting`. */
const SCREEN_LABEL_PREFIX = 'tally:';

/** The screens an entry names: a screen label or path exactly, else every title containing it. */
export function screensMatching(entries: readonly MenuEntry[], value: string, titleOf: (e: MenuEntry) => string): MenuEntry[] {
  const text = value.trim();
  const path = (text.toLowerCase().startsWith(SCREEN_LABEL_PREFIX) ? text.slice(SCREEN_LABEL_PREFIX.length) : text).replace(/^\/v2(?=\/)/, '');
  const exact = entries.filter((e) => e.path.toLowerCase() === path.toLowerCase());
  if (exact.length > 0) return exact;
  const needle = text.toLocaleLowerCase();
  return entries.filter((e) => titleOf(e).toLocaleLowerCase().includes(needle));
}
