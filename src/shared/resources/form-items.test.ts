import { describe, expect, test } from 'vitest';
import { defineResource, type FieldDef, type ResourceDef } from './define';
import {
  activeItems, asQueryInput, canConfirm, formInput, formItemsOf, formModeOf, formTypeOf, initialValues, isFilled,
  missingItems, normaliseValue, optionValue, requiredMessageKind,
} from './form-items';
import { RESOURCES } from './registry';
import { createInputSchema, updateInputSchema } from './schemas';
import { skuResource } from './sku.resource';
import { warehouseResource } from './warehouse.resource';

const dock = defineResource({
  name: 'dock', key: 'dock_code', warehouseScoped: true, defaultSort: { field: 'dock_code', desc: false },
  fields: {
    dock_code: { kind: 'text', label: 'Dock Code', required: true, immutable: true, sortable: true },
    dock_name: { kind: 'text', label: 'Dock Name', required: true },
    capacity: { kind: 'int', label: 'Capacity', required: true, form: { defaultValue: 0 } },
    status: { kind: 'enum', label: 'Status', values: [1, 2], required: true },
    has_scale: { kind: 'bool', label: 'Has Scale' },
    remark: { kind: 'text', label: 'Remark', form: { type: 'textarea', hideIn: ['create'] } },
    zone: { kind: 'text', label: 'Zone', form: { defaultValue: 'Z1', createDisabled: true } },
    created_at: { kind: 'time', label: 'Create Time', readOnly: true },
  },
});
const props = (mode: Parameters<typeof formItemsOf>[1]) => formItemsOf(dock, mode).map((i) => i.prop);

describe('form items (spec §2 "Create/edit/detail form")', () => {
  test('the mode comes from the route title: Create, Edit, Detail', () => {
    expect(formModeOf('Create Warehouse')).toBe('create');
    expect(formModeOf('Edit Warehouse')).toBe('edit');
    expect(formModeOf('Warehouse Detail')).toBe('detail');
    expect(formModeOf('Warehouse')).toBeNull();
    expect(formModeOf('Credited')).toBeNull();
  });

  test('formType: select for enums and yes/no, textarea or select when the field says so, else input', () => {
    expect(formTypeOf(dock.fields.dock_name)).toBe('input');
    expect(formTypeOf(dock.fields.capacity)).toBe('input');
    expect(formTypeOf(dock.fields.status)).toBe('select');
    expect(formTypeOf(dock.fields.has_scale)).toBe('select');
    expect(formTypeOf(dock.fields.remark)).toBe('textarea');
    expect(formTypeOf(warehouseResource.fields.time_region)).toBe('select');
  });

  test('visibility by mode (isCreate/isEdit/isDetail): hidden where told; read-only fields are not on Create', () => {
    expect(props('create')).toEqual(['dock_code', 'dock_name', 'capacity', 'status', 'has_scale', 'zone']);
    expect(props('edit')).toEqual(['dock_code', 'dock_name', 'capacity', 'status', 'has_scale', 'remark', 'zone', 'created_at']);
    expect(props('detail')).toEqual(props('edit'));
  });

  test('disabled (isCreateDisabled/isEditDisabled): the key, immutable and read-only fields on Edit; everything on Detail', () => {
    const disabled = (mode: Parameters<typeof formItemsOf>[1]) => formItemsOf(dock, mode).filter((i) => i.disabled).map((i) => i.prop);
    expect(disabled('create')).toEqual(['zone']);
    expect(disabled('edit')).toEqual(['dock_code', 'created_at']);
    expect(disabled('detail')).toEqual(props('detail'));
  });

  test('required items are the required fields the user can fill; none on Detail', () => {
    const required = (mode: Parameters<typeof formItemsOf>[1]) => formItemsOf(dock, mode).filter((i) => i.isRequired).map((i) => i.prop);
    expect(required('create')).toEqual(['dock_code', 'dock_name', 'capacity', 'status']);
    expect(required('edit')).toEqual(['dock_name', 'capacity', 'status']);
    expect(required('detail')).toEqual([]);
  });

  test('a Create form starts from the defaults; Edit and Detail from the row', () => {
    expect(initialValues(formItemsOf(dock, 'create'))).toEqual({ dock_code: null, dock_name: null, capacity: 0, status: null, has_scale: null, zone: 'Z1' });
    const row = { dock_code: 'D1', dock_name: 'North', capacity: 5, status: 1, has_scale: 0, remark: null, zone: 'Z2', created_at: 1767225600 };
    expect(initialValues(formItemsOf(dock, 'edit'), row)).toEqual(row);
  });
});

describe('form validation (spec §5 "Form")', () => {
  const items = formItemsOf(dock, 'create');

  test('filled: 0 counts, blank text does not', () => {
    expect(isFilled(0)).toBe(true);
    expect(isFilled('0')).toBe(true);
    expect(isFilled('x')).toBe(true);
    expect(isFilled('')).toBe(false);
    expect(isFilled('   ')).toBe(false);
    expect(isFilled(null)).toBe(false);
    expect(isFilled(undefined)).toBe(false);
    expect(isFilled(Number.NaN)).toBe(false);
  });

  test('"Please Input" for inputs and textareas, "Please Select" for selects', () => {
    expect(requiredMessageKind({ formType: 'input' })).toBe('input');
    expect(requiredMessageKind({ formType: 'textarea' })).toBe('input');
    expect(requiredMessageKind({ formType: 'select' })).toBe('select');
  });

  test('Confirm is disabled until every required item is filled; the first missing one is where the form scrolls', () => {
    const values = initialValues(items);
    expect(canConfirm(items, values)).toBe(false);
    expect(missingItems(items, values).map((i) => i.prop)).toEqual(['dock_code', 'dock_name', 'status']);
    const filled = { ...values, dock_code: 'D9', dock_name: '  ', status: 2 };
    expect(missingItems(items, filled).map((i) => i.prop)).toEqual(['dock_name']);
    expect(canConfirm(items, { ...filled, dock_name: 'South', capacity: 0 })).toBe(true);
  });

  test('values are trimmed and typed; blanks become null', () => {
    expect(normaliseValue(dock.fields.dock_name, '  South  ')).toBe('South');
    expect(normaliseValue(dock.fields.dock_name, '   ')).toBeNull();
    expect(normaliseValue(dock.fields.capacity, ' 12 ')).toBe(12);
    expect(normaliseValue(dock.fields.status, '2')).toBe(2);
    expect(normaliseValue(dock.fields.has_scale, '0')).toBe(0);
    expect(normaliseValue(dock.fields.dock_code, '007')).toBe('007');
    expect(normaliseValue(dock.fields.capacity, Number.NaN)).toBeNull();
  });
});

describe('the call input of a form', () => {
  test('Create: every writable item with a value, trimmed, read-only ones never', () => {
    const items = formItemsOf(dock, 'create');
    const values = { ...initialValues(items), dock_code: ' D9 ', dock_name: 'South ', status: 1, has_scale: null };
    expect(formInput(dock, items, values)).toEqual({ dock_code: 'D9', dock_name: 'South', capacity: 0, status: 1, zone: 'Z1' });
  });

  test('Edit: the key and only the changed items; a cleared optional item is sent as null', () => {
    const row = { dock_code: 'D1', dock_name: 'North', capacity: 5, status: 1, has_scale: 0, remark: 'old', zone: 'Z2', created_at: 1767225600 };
    const items = formItemsOf(dock, 'edit');
    const values = { ...initialValues(items, row), dock_name: ' North ', capacity: '6', remark: '  ', created_at: 1 };
    expect(formInput(dock, items, values, row)).toEqual({ dock_code: 'D1', capacity: 6, remark: null });
    expect(formInput(dock, items, initialValues(items, row), row)).toEqual({ dock_code: 'D1' });
  });

  test('every resource\'s form sends what its calls accept: defaults on Create, a cleared item on Edit as null only where null clears it', () => {
    for (const def of RESOURCES as readonly ResourceDef[]) {
      if (def.api?.create) {
        const shape = createInputSchema(def).shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
        const items = formItemsOf(def, 'create');
        for (const [prop, value] of Object.entries(formInput(def, items, initialValues(items)))) {
          expect(shape[prop]!.safeParse(value).success, `${def.name}.${prop} = ${String(value)} on Create`).toBe(true);
        }
      }
      if (def.api?.update && !def.api.update.method) {
        const shape = updateInputSchema(def).shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
        // Each item the user may leave empty, cleared on a row that had a value there.
        for (const item of formItemsOf(def, 'edit').filter((i) => !i.disabled && !i.isRequired && !i.whenChanged)) {
          const row = { [def.key]: 'K', [item.prop]: 'stored' };
          const sent = formInput(def, [item], { [item.prop]: null }, row);
          expect(shape[item.prop]!.safeParse(sent[item.prop]).success, `${def.name}.${item.prop} cleared as ${String(sent[item.prop])}`).toBe(true);
        }
      }
    }
    // A yes/no that cannot be null is chosen, never cleared, and starts at its default; text that cannot be null is cleared to ''.
    for (const mode of ['create', 'edit'] as const) expect(formItemsOf(skuResource, mode).find((i) => i.prop === 'is_bulky')).toMatchObject({ isRequired: true });
    expect(initialValues(formItemsOf(skuResource, 'create'))).toMatchObject({ is_bulky: 0, is_high_value: 0 });
    const warehouse = { whs_id: 'SGSIN1', whs_no: '101' };
    expect(formInput(warehouseResource, formItemsOf(warehouseResource, 'edit'), { ...warehouse, whs_no: ' ' }, warehouse)).toEqual({ whs_id: 'SGSIN1', whs_no: '' });
  });

  test('as a query string (an edit sent as a GET) a cleared value is empty', () => {
    expect(asQueryInput({ dock_code: 'D1', remark: null, capacity: 0 })).toEqual({ dock_code: 'D1', remark: '', capacity: 0 });
  });
});

describe('items beyond the field settings: run-time selects of ids, own labels, items that apply once another changes', () => {
  const fields = {
    user_id: { kind: 'int', label: 'User ID', readOnly: true, sortable: true },
    name: { kind: 'text', label: 'Name', required: true },
    role_id: { kind: 'int', label: 'Role ID', required: true, form: { type: 'select', label: 'Role' } },
    status: { kind: 'enum', label: 'Status', values: [1, 2], required: true, form: { hideIn: ['create'] } },
  } as const;
  const memberOf = (more: Record<string, FieldDef> = {}) => defineResource({
    name: 'member', key: 'user_id', warehouseScoped: true, defaultSort: { field: 'user_id', desc: false }, fields: { ...fields, ...more },
  });
  const member = memberOf();
  const reason = { reason: { kind: 'text', label: 'Reason', required: true, form: { type: 'textarea', whenChanged: 'status' } } } as const;
  const row = { user_id: 7, name: 'Ann', role_id: 3, status: 1 };

  test('a number chosen from options given at run time is a select with its own label; its value stays a number', () => {
    const [, , role] = formItemsOf(member, 'edit');
    expect(role).toMatchObject({ prop: 'role_id', formType: 'select', label: 'Role', isRequired: true });
    expect(formItemsOf(member, 'edit')[1]).toMatchObject({ prop: 'name', label: 'Name' });
    expect(requiredMessageKind(role!)).toBe('select');
    expect(optionValue({ value: 4, label: 'Packers' })).toBe(4);
    expect(optionValue('Asia/Bangkok')).toBe('Asia/Bangkok');
    // Only text and numbers are chosen from run-time options; a textarea stays a text setting.
    expect(() => memberOf({ when: { kind: 'time', label: 'When', form: { type: 'select' } } })).toThrow(/select form type is for text or numbers/);
    expect(() => memberOf({ why: { kind: 'text', label: 'Why', form: { whenChanged: 'nothing' } } })).toThrow(/applies when nothing changes, which is not a field/);
  });

  test('an extra item follows the resource\'s; one that applies when the status changes is an Edit item, in force only then', () => {
    expect(formItemsOf(member, 'edit', reason).map((i) => i.prop)).toEqual(['user_id', 'name', 'role_id', 'status', 'reason']);
    expect(formItemsOf(member, 'create', reason).map((i) => i.prop)).toEqual(['name', 'role_id']);
    expect(formItemsOf(member, 'detail', reason).map((i) => i.prop)).toEqual(['user_id', 'name', 'role_id', 'status']);

    const items = formItemsOf(member, 'edit', reason);
    const unchanged = initialValues(items, row);
    expect(activeItems(items, unchanged, row).map((i) => i.prop)).not.toContain('reason');
    expect(canConfirm(activeItems(items, unchanged, row), unchanged)).toBe(true);
    // The status changed: the reason is required (Confirm waits for it) and sent with the change.
    const changed = { ...unchanged, status: 2 };
    const active = activeItems(items, changed, row);
    expect(missingItems(active, changed).map((i) => i.prop)).toEqual(['reason']);
    expect(canConfirm(active, { ...changed, reason: '  ' })).toBe(false);
    expect(formInput(member, active, { ...changed, reason: ' Left ' }, row)).toEqual({ user_id: 7, status: 2, reason: 'Left' });
    // Changed back: the reason is no longer asked for, nor sent.
    expect(formInput(member, activeItems(items, { ...changed, status: '1', reason: 'x' }, row), { ...changed, status: '1', reason: 'x' }, row)).toEqual({ user_id: 7 });
  });
});
