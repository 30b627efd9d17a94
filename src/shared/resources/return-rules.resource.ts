import { RETURN_INBOUND_CONDITION, RETURN_INBOUND_REASON, RETURN_JUDGEMENT, codeEnum } from '../codes';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';

/** Lowest and highest place of a check or rule (lower comes first). */
export const RETURN_RULE_ORDER_MAX = 9999;

const condition = codeEnum(RETURN_INBOUND_CONDITION);

/**
 * Rule Center › Return QC Checklist (spec §2 /rulecenter/returnQcChecklistConfig; its create, edit
 * and view are ours): what return QC checks on each unit, in order. Failing a check makes the
 * unit Damage or Abnormal at least (shared/return-judging.ts).
 */
export const returnQcCheckResource = defineResource({
  name: 'return_qc_check',
  table: 'return_qc_checks',
  api: {
    list: { path: '/apps/rulecenter/returnqc/search_return_qc_check' },
    detail: { path: '/apps/rulecenter/returnqc/get_return_qc_check_detail' },
    create: { path: '/apps/rulecenter/returnqc/create_return_qc_check' },
    update: { path: '/apps/rulecenter/returnqc/update_return_qc_check' },
  },
  pages: {
    list: '/rulecenter/returnQcChecklistConfig',
    create: '/rulecenter/returnQcChecklistConfig/create',
    edit: '/rulecenter/returnQcChecklistConfig/edit/$id',
    detail: '/rulecenter/returnQcChecklistConfig/view/$id',
  },
  key: 'check_id',
  warehouseScoped: true,
  fields: {
    check_id: { kind: 'int', label: /*i18n*/ 'Check ID', readOnly: true, sortable: true },
    sequence: { kind: 'int', label: /*i18n*/ 'Sequence', required: true, min: 1, max: RETURN_RULE_ORDER_MAX, sortable: true, form: { defaultValue: 10 } },
    check_name: { kind: 'text', label: /*i18n*/ 'Check', required: true, max: 120, filter: { op: 'contains', type: 'input' } },
    fail_condition: {
      kind: 'enum', label: /*i18n*/ 'Condition When Failed', required: true,
      values: [RETURN_INBOUND_CONDITION.values.DAMAGE, RETURN_INBOUND_CONDITION.values.ABNORMAL], valueLabels: condition.valueLabels,
      filter: { op: 'eq', type: 'select' },
    },
    status: { ...activeStatusField, form: { defaultValue: 1 } },
  },
  defaultSort: { field: 'sequence', desc: false },
});

/**
 * Rule Center › Return Inbound Rule (spec §2 /rulecenter/returnInboundRuleConfig; its create, edit
 * and view are ours): where a returned unit goes by default. By priority, the first active rule
 * whose condition and reason match the unit (blank: any) decides; return QC may choose otherwise
 * with a reason.
 */
export const returnInboundRuleResource = defineResource({
  name: 'return_inbound_rule',
  table: 'return_inbound_rules',
  api: {
    list: { path: '/apps/rulecenter/returninbound/search_return_inbound_rule' },
    detail: { path: '/apps/rulecenter/returninbound/get_return_inbound_rule_detail' },
    create: { path: '/apps/rulecenter/returninbound/create_return_inbound_rule' },
    update: { path: '/apps/rulecenter/returninbound/update_return_inbound_rule' },
  },
  pages: {
    list: '/rulecenter/returnInboundRuleConfig',
    create: '/rulecenter/returnInboundRuleConfig/create',
    edit: '/rulecenter/returnInboundRuleConfig/edit/$id',
    detail: '/rulecenter/returnInboundRuleConfig/view/$id',
  },
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: { kind: 'int', label: /*i18n*/ 'Rule ID', readOnly: true, sortable: true },
    rule_name: { kind: 'text', label: /*i18n*/ 'Rule Name', required: true, max: 64, filter: { op: 'contains', type: 'input' } },
    priority: { kind: 'int', label: /*i18n*/ 'Priority', required: true, min: 1, max: RETURN_RULE_ORDER_MAX, sortable: true, form: { defaultValue: 100 } },
    condition: { kind: 'enum', label: /*i18n*/ 'Condition', ...condition, filter: { op: 'eq', type: 'select' } },
    return_reason: { kind: 'enum', label: /*i18n*/ 'Return Reason', ...codeEnum(RETURN_INBOUND_REASON), filter: { op: 'eq', type: 'select' } },
    judgement: { kind: 'enum', label: /*i18n*/ 'Judgement', required: true, ...codeEnum(RETURN_JUDGEMENT), filter: { op: 'eq', type: 'select' } },
    status: { ...activeStatusField, form: { defaultValue: 1 } },
  },
  defaultSort: { field: 'priority', desc: false },
});
