import { ABC_CLASS, YES_NO, codeEnum, defineCodes } from '../codes';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';
import { UNIT_VALUE_MAX } from './sku.resource';

/**
 * Inventory accuracy rules of the Rule Center (docs/inventory-accuracy.md): high value rules, which
 * flag SKUs `is_high_value` (read by cycle count's "only high value" scope), and cycle count
 * frequency rules, which say how often the daily cycle count counts a SKU by its ABC class.
 */

/** What ranks SKUs for ABC (numbers are ours): units picked out of cells, or units shipped × unit value. */
export const ABC_BASIS = defineCodes({ PICKS: [1, /*i18n*/ 'Units picked'], VALUE: [2, /*i18n*/ 'Value shipped'] });

/** Which SKUs a frequency rule takes by their high value flag (numbers are ours; 0/1 as the flag). */
export const HIGH_VALUE_SCOPE = defineCodes({ NO: [0, /*i18n*/ 'Not high value'], YES: [1, /*i18n*/ 'High value'], ANY: [2, /*i18n*/ 'Any'] });

/** Longest L1 category name and SKU id prefix a rule names. */
const CATEGORY_MAX = 120;
const PREFIX_MAX = 64;

export const HIGH_VALUE_PAGES = { list: '/rulecenter/highValue', create: '/rulecenter/highValue/create', edit: '/rulecenter/highValue/edit/$id' } as const;
export const CC_FREQUENCY_PAGES = {
  list: '/rulecenter/cycleCountFrequency', create: '/rulecenter/cycleCountFrequency/create', edit: '/rulecenter/cycleCountFrequency/edit/$id',
} as const;

const HIGH_VALUE = '/apps/rulecenter/highvalue';
const CC_FREQUENCY = '/apps/rulecenter/cyclecountfrequency';

const ruleId = { kind: 'int', label: /*i18n*/ 'Rule ID', readOnly: true, sortable: true } as const;
const updatedAt = { kind: 'time', label: /*i18n*/ 'Updated At', readOnly: true } as const;

/**
 * High value rules (spec §2 Rule Center › High Value): a SKU of the L1 category (its `category`)
 * and/or whose id starts with the prefix, with a unit value of at least the minimum, is high value.
 * Saving a rule re-flags the warehouse's SKUs at once: flagged while an active rule matches them.
 */
export const highValueRuleResource = defineResource({
  name: 'high_value_rule',
  table: 'high_value_rules',
  api: {
    list: { path: `${HIGH_VALUE}/search_high_value_rule` },
    detail: { path: `${HIGH_VALUE}/get_high_value_rule_detail` },
    create: { path: `${HIGH_VALUE}/create_high_value_rule` },
    update: { path: `${HIGH_VALUE}/update_high_value_rule` },
  },
  pages: HIGH_VALUE_PAGES,
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: ruleId,
    category_l1: { kind: 'text', label: /*i18n*/ 'L1 Category', max: CATEGORY_MAX, filter: { op: 'eq', type: 'input' } },
    sku_prefix: { kind: 'text', label: /*i18n*/ 'SKU ID Prefix', max: PREFIX_MAX, filter: { op: 'prefix', type: 'input' } },
    min_unit_value: { kind: 'int', label: /*i18n*/ 'Minimum Unit Value', required: true, min: 0, max: UNIT_VALUE_MAX },
    status: { ...activeStatusField, form: { defaultValue: 1 } },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } },
    updated_at: updatedAt,
  },
  defaultSort: { field: 'rule_id', desc: false },
});

/**
 * Cycle count frequency rules (spec §2 Rule Center › Cycle Count Frequency): SKUs of an ABC class
 * (and high value flag, or any) are counted every N days by the daily cycle count; one rule per
 * class and flag. A rule for the exact flag wins over the class's "any" rule.
 */
export const ccFrequencyRuleResource = defineResource({
  name: 'cc_frequency_rule',
  table: 'cc_frequency_rules',
  api: {
    list: { path: `${CC_FREQUENCY}/search_cc_frequency_rule` },
    detail: { path: `${CC_FREQUENCY}/get_cc_frequency_rule_detail` },
    create: { path: `${CC_FREQUENCY}/create_cc_frequency_rule` },
    update: { path: `${CC_FREQUENCY}/update_cc_frequency_rule` },
  },
  pages: CC_FREQUENCY_PAGES,
  ownScreens: ['list'],
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: ruleId,
    abc_class: { kind: 'enum', label: /*i18n*/ 'ABC Class', required: true, ...codeEnum(ABC_CLASS), filter: { op: 'eq', type: 'select' } },
    high_value: {
      kind: 'enum', label: /*i18n*/ 'High Value', required: true, ...codeEnum(HIGH_VALUE_SCOPE), filter: { op: 'eq', type: 'select' },
      form: { defaultValue: HIGH_VALUE_SCOPE.values.ANY },
    },
    every_days: { kind: 'int', label: /*i18n*/ 'Count Every (days)', required: true, min: 1, max: 365 },
    enabled: { kind: 'bool', label: /*i18n*/ 'Enabled', notNull: true, ...codeEnum(YES_NO), filter: { op: 'eq', type: 'select' }, form: { defaultValue: 1 } },
    updated_at: updatedAt,
  },
  defaultSort: { field: 'rule_id', desc: false },
});
