import { msg } from '@lingui/core/macro';
import { passwordPolicyProblem } from './password-policy';
import type { MessageDescriptor } from '@lingui/core';
import {
  BOOKMARKS_MAX, MENU_SEARCH_MIN_CHARS, SCAN_INTERVAL_MS,
} from './constants';
// The form's rule of a filled required item (0 counts, blank text does not) serves the bookmark dialog too.
import { isFilled } from './resources/form-items';

/** Rules of spec §5. Each check returns the message of the first rule broken, or null when valid. */
export type RuleResult = MessageDescriptor | null;

// Forms

/** "Please Input {label}" for text inputs, "Please Select {label}" for every other control. */
export function requiredMessage(label: string, kind: 'input' | 'select'): MessageDescriptor {
  return kind === 'input' ? msg`Please Input ${label}` : msg`Please Select ${label}`;
}

// Filters and number inputs

/** Digits only and not zero ("007" is 7). */
export function isPositiveIntegerText(text: string): boolean {
  const t = text.trim();
  return /^\d+$/.test(t) && /[1-9]/.test(t);
}

/** A range filter bound: an integer ≥ 1 from its text, or null. */
export function parseRangeInteger(text: string): number | null {
  if (!isPositiveIntegerText(text)) return null;
  const n = Number(text.trim());
  return Number.isSafeInteger(n) ? n : null;
}

/** What a digits-only input keeps of the typed or pasted text. */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/** Spec §5 ordinal day (the day of the month a rule setting names): an integer 1–31. */
export function validateOrdinalDay(value: string | number): RuleResult {
  const text = String(value).trim();
  const day = /^\d+$/.test(text) ? Number(text) : NaN;
  return day >= 1 && day <= 31 ? null : msg`Invalid day. Please provide a number between 1 and 31.`;
}

/**
 * Card filter IDs separated by commas, new lines, spaces or full stops, as one comma-separated
 * value. The full-width comma and ideographic full stop of Chinese keyboards count too.
 */
export function normaliseCardIds(text: string): string {
  return text.split(/[\s,.，。]+/).filter(Boolean).join(',');
}

/** A value in a SKU filter starting with $ or # is a mapping code, resolved to real SKU ids. */
export function isSkuMappingCode(value: string): boolean {
  return /^[$#]/.test(value.trim());
}

/** At least one filter must stay selected in the filter-select. */
export const AT_LEAST_ONE_FILTER_MESSAGE = msg`Must be at least one filter!`;

/** Whether the menu search has enough characters to run. */
export function isMenuSearchLongEnough(query: string): boolean {
  return query.trim().length >= MENU_SEARCH_MIN_CHARS;
}

// Scan-only inputs

/** Shown when text is pasted or dropped into, or typed by hand into, a scan-only input. */
export const SCAN_ONLY_MESSAGE = msg`Manual is not permitted, please Scan the Label!`;

/**
 * A scanner sends its Enter right after the last character; an Enter more than the interval
 * after the last input was typed by hand (spec §5).
 */
export function isManualEnter(lastInputAt: number, enterAt: number, intervalMs: number = SCAN_INTERVAL_MS): boolean {
  return enterAt - lastInputAt > intervalMs;
}

// Passwords

/**
 * The password policy's message (spec §5). The spec says the original message text reads
 * "8 and 20" while the rule is 8–16: we apply 8–16 and say so, since a message that
 * contradicts the rule only misleads.
 */
export function passwordPolicyError(password: string): RuleResult {
  switch (passwordPolicyProblem(password)) {
    case 'length':
      return msg`New Password must be between 8 and 16 characters.`;
    case 'case':
      return msg`New Password must contain one uppercase and one lowercase character.`;
    default:
      return null;
  }
}

/** Below the password policy; the client reports it at login and shows the weak-password warning. */
export function isSimplePassword(password: string): boolean {
  return passwordPolicyError(password) !== null;
}

export interface ChangePasswordErrors {
  current?: MessageDescriptor;
  next?: MessageDescriptor;
}

/** The Change Password dialog: the first broken rule per field; `{}` when valid. Passwords are not trimmed. */
export function validateChangePassword({ current, next }: { current: string; next: string }): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (current === '') errors.current = msg`Current Password Need!`;
  const nextError = next === ''
    ? msg`New Password Need!`
    : passwordPolicyError(next) ?? (next === current ? msg`The New Password can't equal Current Password` : null);
  if (nextError) errors.next = nextError;
  return errors;
}

// Bookmarks

export const BOOKMARK_MESSAGES = {
  typeRequired: msg`Type is required`,
  nameRequired: msg`Bookmark Name is required`,
  bookmarkRequired: msg`Bookmark is required`,
  limitReached: msg`Only up to 6 new bookmarks can be added`,
} as const;

/** Save as a new bookmark, or over an existing one. */
export type BookmarkSaveType = 'new' | 'overwrite';

export interface BookmarkSaveInput {
  type: BookmarkSaveType | null | undefined;
  /** Name of a new bookmark. */
  name: string;
  /** The existing bookmark to save over. */
  templateId: number | string | null | undefined;
  /** Bookmarks the user already has on this page. */
  existingCount: number;
}

export interface BookmarkSaveErrors {
  type?: MessageDescriptor;
  name?: MessageDescriptor;
  bookmark?: MessageDescriptor;
  /** Not tied to one field: the page already has the most bookmarks allowed. */
  limit?: MessageDescriptor;
}

/** The Save as Bookmark dialog (spec §5): `{}` when it may be saved. */
export function validateBookmarkSave({ type, name, templateId, existingCount }: BookmarkSaveInput): BookmarkSaveErrors {
  if (!type) return { type: BOOKMARK_MESSAGES.typeRequired };
  if (type === 'overwrite') return isFilled(templateId) ? {} : { bookmark: BOOKMARK_MESSAGES.bookmarkRequired };
  if (!isFilled(name)) return { name: BOOKMARK_MESSAGES.nameRequired };
  return existingCount >= BOOKMARKS_MAX ? { limit: BOOKMARK_MESSAGES.limitReached } : {};
}

/**
 * Default name of a new bookmark: `Bookmark_YYMMDD_n` with the smallest n ≥ 1 not taken
 * on that day. The date is read in the runtime's local time zone (the user's, in the app).
 */
export function defaultBookmarkName(date: Date, existingNames: Iterable<string>): string {
  const two = (n: number) => String(n % 100).padStart(2, '0');
  const prefix = `Bookmark_${two(date.getFullYear())}${two(date.getMonth() + 1)}${two(date.getDate())}_`;
  const taken = new Set(existingNames);
  let n = 1;
  while (taken.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}
