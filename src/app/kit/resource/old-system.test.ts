import { describe, expect, test } from 'vitest';
import { defineResource } from '../../../shared/resources/define';
import { listOldSystemNotice, listTimeFields, switchTimeFor } from './old-system';

const SWITCH = 1_767_225_600; // 2026-01-01 00:00:00 UTC
const formatDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('switchTimeFor', () => {
  const list = [
    { module: 'INBOUND' as const, switch_time: SWITCH },
    { module: 'OUTBOUND' as const, switch_time: SWITCH + 86_400 },
  ];
  test('the module\'s switch time, else the earliest', () => {
    expect(switchTimeFor(list, 'OUTBOUND')).toBe(SWITCH + 86_400);
    expect(switchTimeFor(list)).toBe(SWITCH);
    expect(switchTimeFor(list, 'INVENTORY')).toBeNull();
    expect(switchTimeFor(undefined)).toBeNull();
    expect(switchTimeFor([{ module: 'INBOUND', switch_time: 0 }])).toBeNull();
  });
});

describe('listOldSystemNotice', () => {
  test('shown when any timestamp of the page predates the switch, naming the switch date', () => {
    const rows = [{ create_time: SWITCH + 10, update_time: SWITCH + 20 }, { create_time: SWITCH - 1, update_time: null }];
    const notice = listOldSystemNotice(rows, ['create_time', 'update_time'], SWITCH, formatDate);
    expect(notice?.message).toBe('Date before {date} is in old system. Please proceed to old WMS to retrieve data.');
    expect(notice?.values).toEqual({ date: '2026-01-01' });
  });

  test('not shown when every timestamp is on or after the switch, or none is 10-digit seconds', () => {
    expect(listOldSystemNotice([{ t: SWITCH }, { t: String(SWITCH + 5) }], ['t'], SWITCH, formatDate)).toBeNull();
    expect(listOldSystemNotice([{ t: (SWITCH - 1) * 1000 }, { t: 'x' }, {}], ['t'], SWITCH, formatDate)).toBeNull();
    expect(listOldSystemNotice([{ t: SWITCH - 1 }], [], SWITCH, formatDate)).toBeNull();
  });

  test('not shown while the switch time is unknown', () => {
    expect(listOldSystemNotice([{ t: SWITCH - 1 }], ['t'], null, formatDate)).toBeNull();
  });
});

test('listTimeFields: the list columns holding timestamps', () => {
  const def = defineResource({
    name: 'x', key: 'id', warehouseScoped: true, defaultSort: { field: 'id', desc: false },
    fields: { id: { kind: 'text', label: 'ID', sortable: true }, qty: { kind: 'int', label: 'Qty' } },
  });
  expect(listTimeFields(def)).toEqual([]);
  const withTime = defineResource({
    ...def, defaultSort: { field: 'id', desc: false },
    fields: { ...def.fields, create_time: { kind: 'time', label: 'Create Time' }, hidden_time: { kind: 'time', label: 'H', hideInList: true } },
  });
  expect(listTimeFields(withTime)).toEqual(['create_time']);
});
