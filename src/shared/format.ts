import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { YES_NO } from './codes';
import { EMPTY_PLACEHOLDER } from './constants';

/** Translates a descriptor: `(d) => i18n._(d)` in the app. */
export type Translate = (descriptor: MessageDescriptor) => string;

/**
 * A user a row names, by their name among the warehouse's (get_warehouse_user_names), or `#<id>`
 * when they are not a member of it any more.
 */
export function userText(names: ReadonlyMap<number, string> | undefined, userId: number): string {
  return names?.get(userId) ?? `#${userId}`;
}

/**
 * Commas every 3 digits for non-negative integers (numbers or digit strings), the same in
 * every locale (spec §9). Anything else is returned as text unchanged; null and undefined as ''.
 */
export function groupNumber(value: number | string | null | undefined): string {
  if (value == null) return '';
  const text = String(value);
  const groupable = typeof value === 'number' ? Number.isSafeInteger(value) && value >= 0 : /^\d+$/.test(text);
  return groupable ? text.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : text;
}

/** The value, or a dash when it is null, undefined or blank text. 0 is a value. */
export function dashIfEmpty<T>(value: T | null | undefined): T | typeof EMPTY_PLACEHOLDER {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return EMPTY_PLACEHOLDER;
  return value;
}

/** Yes for 1 (or true), No for 0 (or false); undefined for anything else. */
export function yesNo(value: number | boolean | null | undefined): MessageDescriptor | undefined {
  return YES_NO.label(typeof value === 'boolean' ? Number(value) : value);
}

export interface DurationParts {
  hours: number;
  minutes: number;
}

/** Whole hours and remaining minutes of a duration in minutes (rounded; negatives count as 0). */
export function durationParts(totalMinutes: number): DurationParts {
  const rounded = Number.isFinite(totalMinutes) ? Math.max(0, Math.round(totalMinutes)) : 0;
  return { hours: Math.floor(rounded / 60), minutes: rounded % 60 };
}

/** "45 min" under an hour, else "2 h 5 min" ("2 h" on the hour) (spec §9). */
export function durationMessage(totalMinutes: number): MessageDescriptor {
  const { hours, minutes } = durationParts(totalMinutes);
  if (hours === 0) return msg`${minutes} min`;
  if (minutes === 0) return msg`${hours} h`;
  return msg`${hours} h ${minutes} min`;
}

/** The duration text in the reader's language. */
export function durationText(totalMinutes: number, translate: Translate): string {
  return translate(durationMessage(totalMinutes));
}

/** A 10-digit timestamp is in seconds (spec §9); 13-digit ones are milliseconds. */
export function isTenDigitSeconds(timestamp: number | string): boolean {
  return /^\d{10}$/.test(String(timestamp).trim());
}

/** Milliseconds of a timestamp given in seconds (10 digits) or milliseconds. */
export function toMillis(timestamp: number | string): number {
  const n = Number(timestamp);
  return isTenDigitSeconds(timestamp) ? n * 1000 : n;
}

/**
 * The old-system notice (spec §8) when a 10-digit timestamp is earlier than the warehouse's
 * switch time (seconds), else null. `formatDate` renders the switch time (milliseconds) in the
 * warehouse's zone and date format.
 */
export function oldSystemNotice(
  timestamp: number | string,
  switchTimeSeconds: number | null | undefined,
  formatDate: (millis: number) => string,
): MessageDescriptor | null {
  if (!switchTimeSeconds || !isTenDigitSeconds(timestamp) || Number(timestamp) >= switchTimeSeconds) return null;
  const date = formatDate(switchTimeSeconds * 1000);
  return msg`Date before ${date} is in old system. Please proceed to old WMS to retrieve data.`;
}
