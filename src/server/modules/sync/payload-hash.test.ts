import { describe, expect, test } from 'vitest';
import { canonicalJson, isUnstorableJson, opPayloadHash } from './payload-hash';

describe('canonicalJson', () => {
  test('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  test('drops undefined members as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
    expect(canonicalJson([undefined])).toBe('[null]');
  });
});

describe('opPayloadHash', () => {
  test('the same content in another key order is the same op; another kind or value is not', () => {
    const hash = (kind: string, payload: unknown) => opPayloadHash(kind, canonicalJson(payload));
    const h = hash('k', { name: 'lang', value: 'vi' });
    expect(hash('k', { value: 'vi', name: 'lang' })).toBe(h);
    expect(hash('k2', { name: 'lang', value: 'vi' })).not.toBe(h);
    expect(hash('k', { name: 'lang', value: 'th' })).not.toBe(h);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('isUnstorableJson', () => {
  test('finds NUL characters and lone surrogates, in values and keys', () => {
    expect(isUnstorableJson(canonicalJson({ a: 'x\u0000y' }))).toBe(true);
    expect(isUnstorableJson(canonicalJson({ ['k\u0000']: 1 }))).toBe(true);
    expect(isUnstorableJson(canonicalJson({ a: '\ud800' }))).toBe(true);
    expect(isUnstorableJson(canonicalJson({ a: 'x\\\u0000' }))).toBe(true);
  });

  test('accepts ordinary text, emoji and an escaped backslash before u', () => {
    expect(isUnstorableJson(canonicalJson({ a: 'Tiếng Việt 简体 😀', b: [1, null, true] }))).toBe(false);
    expect(isUnstorableJson(canonicalJson({ a: '\\u0000 is written as text' }))).toBe(false);
    expect(isUnstorableJson(canonicalJson({ a: '\u00e9' }))).toBe(false);
  });
});
