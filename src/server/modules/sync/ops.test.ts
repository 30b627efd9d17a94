import { describe, expect, test } from 'vitest';
import { ALL_OPS } from '../../../shared/ops';
import { OP_KINDS } from './ops';

describe('offline op kinds: one list, both sides', () => {
  test('every kind is declared once in src/shared/ops', () => {
    const kinds = ALL_OPS.map((op) => op.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  test('the server applies every declared kind, with its declaration, and nothing else', () => {
    expect([...OP_KINDS.keys()].sort()).toEqual(ALL_OPS.map((op) => op.kind).sort());
    for (const op of ALL_OPS) {
      const applied = OP_KINDS.get(op.kind)!;
      expect(applied.access, op.kind).toBe(op.access);
      expect(applied.payload, op.kind).toBe(op.payload);
      expect(applied.apply, op.kind).toBeTypeOf('function');
    }
  });
});
