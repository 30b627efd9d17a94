import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ApiError } from './errors';
import { MAX_INPUT_DEPTH, assertInputDepth, assertStorableJson, assertStorableText } from './input-guard';
import { RET } from '../../shared/retcodes';

/** The field a refusal names, or null when the input passes. */
function refusedField(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).retcode).toBe(RET.BAD_INPUT);
    return ((err as ApiError).data as { issues: { path: string }[] }).issues[0]!.path;
  }
}

describe('assertInputDepth', () => {
  test('takes bodies up to the limit and refuses deeper ones without recursing', () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(refusedField(() => assertInputDepth(nested(MAX_INPUT_DEPTH)))).toBeNull();
    expect(refusedField(() => assertInputDepth(nested(MAX_INPUT_DEPTH + 1)))).toBe('');
    expect(refusedField(() => assertInputDepth(nested(500_000)))).toBe('');
    expect(refusedField(() => assertInputDepth({ a: [{ b: 'x' }], c: null }))).toBeNull();
  });
});

describe('assertStorableText', () => {
  const schema = z.object({
    name: z.string().trim().max(20),
    tags: z.array(z.string()).optional(),
    list: z.array(z.object({ code: z.string() })).optional(),
    labels: z.record(z.string(), z.string()).optional(),
    ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(z.string())).optional(),
    either: z.union([z.string(), z.number()]).optional(),
    payload: z.record(z.string(), z.unknown()).optional(),
    opaque: z.unknown().optional(),
  });
  const field = (input: unknown) => refusedField(() => assertStorableText(schema, input));

  test('names the declared text holding NUL or a lone surrogate, at any depth', () => {
    expect(field({ name: 'a\u0000b' })).toBe('name');
    expect(field({ name: 'ok', tags: ['x', 'y\u0000'] })).toBe('tags.1');
    expect(field({ name: 'ok', list: [{ code: 'x' }, { code: '\ud800' }] })).toBe('list.1.code');
    expect(field({ name: 'ok', labels: { ['k\u0000']: 'v' } })).toBe('labels.k\u0000');
    expect(field({ name: 'ok', ids: 'a,b\u0000' })).toBe('ids');
    expect(field({ name: 'ok', either: '\udc00x' })).toBe('either');
    expect(refusedField(() => assertStorableText(schema, { name: 'x\u0000' }, ['filters']))).toBe('filters.name');
  });

  test('passes ordinary text, emoji, members the schema does not declare and opaque values', () => {
    expect(field({ name: 'Tiếng Việt 简体 😀', tags: ['a'], either: 3 })).toBeNull();
    expect(field({ name: 'ok', undeclared: 'a\u0000' })).toBeNull();
    // Opaque JSON is the handler's to judge (offline op payloads become rejected ops, not refused batches).
    expect(field({ name: 'ok', payload: { ['k\u0000']: 'v\u0000' }, opaque: ['\u0000'] })).toBeNull();
  });
});

describe('assertStorableJson', () => {
  test('refuses NUL or broken Unicode anywhere in an opaque value, keys included', () => {
    expect(refusedField(() => assertStorableJson({ a: [{ b: 'x\u0000' }] }, 'header'))).toBe('header');
    expect(refusedField(() => assertStorableJson({ ['\ud800']: 1 }, 'header'))).toBe('header');
    expect(refusedField(() => assertStorableJson({ a: ['😀', 1, null, { b: true }] }, 'header'))).toBeNull();
  });
});
