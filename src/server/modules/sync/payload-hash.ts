import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level: the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a resent op must match to be the same op: its kind and its payload's canonical JSON. */
export const opPayloadHash = (kind: string, payloadJson: string): string =>
  createHash('sha256').update(kind).update('\n').update(payloadJson).digest('hex');

/**
 * JSON PostgreSQL's jsonb refuses: a NUL character or a lone surrogate (JSON.stringify writes
 * both as \u escapes; an escaped backslash before `u` is not one).
 */
export const isUnstorableJson = (json: string): boolean => /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f])/i.test(json);
