import { QC_RULE_KIND, codeEnum } from '../codes';
import { AQL_LEVELS } from '../qc-sampling';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';

/** Rule Center › QC Rule pages (spec §2 /rulecenter/qcRuleConfig; its create, edit and view are ours). */
export const QC_RULE_PAGES = {
  list: '/rulecenter/qcRuleConfig',
  create: '/rulecenter/qcRuleConfig/create',
  edit: '/rulecenter/qcRuleConfig/edit/$id',
  detail: '/rulecenter/qcRuleConfig/view/$id',
} as const;

/** Lowest and highest rule priority (lower runs first). */
export const QC_RULE_PRIORITY_MAX = 9999;

/**
 * QC rules (spec §3 rule kinds: SKU attributes 1, percentage based 2, AQL 3): by priority, the
 * first active rule whose conditions an ASN line meets says how many of its units QC inspects
 * (shared/qc-sampling.ts). The kind's own setting is checked by the qc_rule hooks.
 */
export const qcRuleResource = defineResource({
  name: 'qc_rule',
  table: 'qc_rules',
  api: {
    list: { path: '/apps/rulecenter/qcrule/search_qc_rule' },
    detail: { path: '/apps/rulecenter/qcrule/get_qc_rule_detail' },
    create: { path: '/apps/rulecenter/qcrule/create_qc_rule' },
    update: { path: '/apps/rulecenter/qcrule/update_qc_rule' },
  },
  pages: QC_RULE_PAGES,
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: { kind: 'int', label: /*i18n*/ 'Rule ID', readOnly: true, sortable: true },
    rule_name: { kind: 'text', label: /*i18n*/ 'Rule Name', required: true, max: 64, filter: { op: 'contains', type: 'input' } },
    rule_kind: { kind: 'enum', label: /*i18n*/ 'Rule Kind', required: true, ...codeEnum(QC_RULE_KIND), filter: { op: 'eq', type: 'select' } },
    priority: {
      kind: 'int', label: /*i18n*/ 'Priority', required: true, min: 1, max: QC_RULE_PRIORITY_MAX, sortable: true, form: { defaultValue: 100 },
    },
    supplier_id: { kind: 'text', label: /*i18n*/ 'Supplier ID', max: 64, ref: 'supplier', filter: { op: 'eq', type: 'input' } },
    category_prefix: { kind: 'text', label: /*i18n*/ 'Category Starts With', max: 120 },
    high_value_only: { kind: 'bool', label: /*i18n*/ 'High-value SKUs Only', notNull: true, form: { defaultValue: 0 } },
    sample_percent: { kind: 'int', label: /*i18n*/ 'Sample %', min: 1, max: 100 },
    aql_level: { kind: 'enum', label: /*i18n*/ 'AQL', values: AQL_LEVELS },
    status: { ...activeStatusField, form: { defaultValue: 1 } },
  },
  defaultSort: { field: 'priority', desc: false },
});
