import { DAY_END_TIME, DAY_START_TIME } from '../../../shared/constants';
import type { FilterItemSettings, FilterType } from '../../../shared/resources/filter-items';

/**
 * Date filters, free of the DOM: the pickers give wall-clock text (`2026-01-31`,
 * `2026-01-31 08:00:00`); the API takes 10-digit unix seconds, read in the warehouse's time
 * zone, or in UTC for items with useUTCZeroFormatDate (spec §2). A day range runs from
 * 00:00:00 of its first day to 23:59:59 of its last (spec §9).
 */

export type WallClockRange = readonly [string, string];

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The zone a date filter is read in. */
export function filterTimeZone(item: Pick<FilterItemSettings, 'useUTCZeroFormatDate'>, warehouseTimeZone: string): string {
  return item.useUTCZeroFormatDate ? 'UTC' : warehouseTimeZone;
}

function partsAt(utcMs: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const p = partsAt(utcMs, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(utcMs / 1000) * 1000;
}

/** Unix seconds of a wall-clock date or date-time in the zone; null when the text is not one. */
export function wallClockToUnix(text: string, timeZone: string): number | null {
  const m = WALL_CLOCK.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  // The offset at the guessed instant, corrected once for a zone change between the two.
  const guess = asUtc - zoneOffsetMs(asUtc, timeZone);
  return Math.floor((asUtc - zoneOffsetMs(guess, timeZone)) / 1000);
}

/** The wall-clock text of unix seconds in the zone: the date, or date and time. */
export function unixToWallClock(seconds: number, timeZone: string, withTime: boolean): string {
  const p = partsAt(seconds * 1000, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${p.year}-${two(p.month)}-${two(p.day)}`;
  return withTime ? `${date} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}` : date;
}

/**
 * The searched bounds of a date range: seconds, an open end null. A day range takes 00:00:00
 * of the first day and 23:59:59 of the last; bounds entered the wrong way round are swapped.
 */
export function dateRangeToUnix(filterType: Extract<FilterType, 'dateRange' | 'datetimeRange'>, [from, to]: WallClockRange, timeZone: string): [number | null, number | null] {
  const [low, high] = from && to && from > to ? [to, from] : [from, to];
  const withDefault = (text: string, time: string) => (filterType === 'dateRange' ? `${text.trim().slice(0, 10)} ${time}` : text);
  return [
    low ? wallClockToUnix(withDefault(low, DAY_START_TIME), timeZone) : null,
    high ? wallClockToUnix(withDefault(high, DAY_END_TIME), timeZone) : null,
  ];
}

/** What the pickers show for a searched range (seconds as the URL carries them); blanks for open or invalid ends. */
export function unixToDateRange(filterType: Extract<FilterType, 'dateRange' | 'datetimeRange'>, [from, to]: readonly [unknown, unknown], timeZone: string): [string, string] {
  const text = (v: unknown) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,11}$/.test(v) ? Number(v) : NaN;
    return Number.isFinite(n) ? unixToWallClock(n, timeZone, filterType === 'datetimeRange') : '';
  };
  return [text(from), text(to)];
}
