import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ABC_CLASS, DATE_FORMAT, DOMAIN_ENUMS, INBOUND_STATUS, RETURN_INBOUND_RESULT, RTS_REASON, SALES_ORDER_STATUS,
  SOUND_TYPE, TASK_STATUS, codeEnum, defineCodes, type CodeList, type CodeOf,
} from './codes';

describe('defineCodes', () => {
  const list = defineCodes({ LOW: [1, 'Low'], HIGH: [2, 'High'] });

  it('gives the name → value map with literal types', () => {
    expect(list.values).toEqual({ LOW: 1, HIGH: 2 });
    expectTypeOf(list.values.HIGH).toEqualTypeOf<2>();
    expectTypeOf<CodeOf<typeof list>>().toEqualTypeOf<1 | 2>();
  });

  it('lists options in declaration order', () => {
    expect(list.options).toEqual([
      { value: 1, name: 'LOW', label: { id: 'Low', message: 'Low' } },
      { value: 2, name: 'HIGH', label: { id: 'High', message: 'High' } },
    ]);
  });

  it('labels known codes and nothing else', () => {
    expect(list.label(2)?.message).toBe('High');
    expect(list.label(3)).toBeUndefined();
    expect(list.label('2')).toBeUndefined();
    expect(list.label(null)).toBeUndefined();
  });

  it('tells held codes strictly', () => {
    expect(list.has(1)).toBe(true);
    expect(list.has('1')).toBe(false);
    expect(list.has(0)).toBe(false);
  });
});

describe('code lists of spec §3', () => {
  it('number as the spec does', () => {
    expect(ABC_CLASS.values).toEqual({ UNDEFINED: 0, A: 1, B: 2, C: 3, SA: 4, EXCLUDED: 5 });
    expect(INBOUND_STATUS.values.FAILED).toBe(15);
    expect(INBOUND_STATUS.has(14)).toBe(false);
    expect(SALES_ORDER_STATUS.values.PENDING_PICK).toBe(9);
    expect(TASK_STATUS.values).toEqual({ PENDING: 0, ONGOING: 1, DONE: 2, FAILED: 3, CANCEL: 9, ASSIGNED: 10, SPLIT: 11 });
    expect(SOUND_TYPE.values).toEqual({ OPEN: 1, CLOSE: 2 });
    expect(RETURN_INBOUND_RESULT.options.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps string codes as strings', () => {
    expect(RTS_REASON.values.VR_IB2).toBe('VR-IB2');
    expect(RTS_REASON.label('R9')?.message).toBe('Damaged/Expiry');
    expect(DATE_FORMAT.options.map((o) => o.value)).toEqual(['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY/MM/DD']);
  });

  it('labels are descriptors whose id is the English text (macro-free, so definitions and the contract can use them)', () => {
    expect(SALES_ORDER_STATUS.label(4)).toEqual({ id: 'Pick Fail', message: 'Pick Fail' });
  });

  it('gives an enum field its values and labels', () => {
    expect(codeEnum(defineCodes({ LOW: [1, 'Low'], HIGH: [2, 'High'] }))).toEqual({ values: [1, 2], valueLabels: { 1: 'Low', 2: 'High' } });
  });
});

describe('DOMAIN_ENUMS', () => {
  const entries = Object.entries(DOMAIN_ENUMS);

  it('has snake_case names', () => {
    for (const [name] of entries) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(DOMAIN_ENUMS.inbound_status).toBe(INBOUND_STATUS);
  });

  it('holds every list once, each with unique codes, names and labelled members', () => {
    expect(new Set(entries.map(([, list]) => list)).size).toBe(entries.length);
    for (const [, list] of entries) {
      const values = list.options.map((o) => o.value);
      expect(new Set(values).size).toBe(values.length);
      for (const option of list.options) {
        expect(option.name).toMatch(/^[A-Z0-9]+(_[A-Z0-9]+)*$/);
        expect(option.label.message).toBeTruthy();
      }
    }
  });

  it('maps to the endpoint shape with English names', () => {
    const toWire = (list: CodeList) => list.options.map((o) => ({ value: o.value, name: o.label.message }));
    expect(toWire(DOMAIN_ENUMS.order_priority!)).toEqual([
      { value: 1, name: 'On Hold' }, { value: 2, name: 'Normal' }, { value: 3, name: 'Priority' },
    ]);
  });
});
