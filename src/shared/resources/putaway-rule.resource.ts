import { ABC_CLASS, ACTIVE_STATUS, PUTAWAY_STRATEGY, QUALITY, TEMPERATURE_ZONE, codeEnum } from '../codes';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';
import { refField } from './location-fields';

const RULES = '/apps/rulecenter/putawayrule';

/** Lowest and highest priority a putaway rule may have (lower runs first). */
export const PUTAWAY_RULE_PRIORITY = { min: 1, max: 9999 } as const;

/**
 * Inbound putaway rules (spec §2 Rule Center › Putaway Rule › Inbound: list, create, edit/$id,
 * view/$id). By priority, the first active rule whose conditions the SKU and the task line meet
 * names where to look — one zone or the zones of one logic area — and how to choose the cell
 * (server/modules/inbound/putaway-suggest.ts). A condition left empty matches any.
 */
export const putawayRuleResource = defineResource({
  name: 'putaway_rule',
  table: 'putaway_rules',
  api: {
    list: { path: `${RULES}/search_putaway_rule` },
    detail: { path: `${RULES}/get_putaway_rule_detail` },
    create: { path: `${RULES}/create_putaway_rule` },
    update: { path: `${RULES}/update_putaway_rule` },
  },
  pages: {
    list: '/rulecenter/putawayRule/inbound',
    create: '/rulecenter/putawayRule/inbound/create',
    edit: '/rulecenter/putawayRule/inbound/edit/$id',
    detail: '/rulecenter/putawayRule/inbound/view/$id',
  },
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: { kind: 'int', label: /*i18n*/ 'Rule ID', readOnly: true, sortable: true },
    rule_name: { kind: 'text', label: /*i18n*/ 'Rule Name', required: true, max: 120, filter: { op: 'contains', type: 'input' } },
    priority: {
      kind: 'int', label: /*i18n*/ 'Priority', required: true, ...PUTAWAY_RULE_PRIORITY, sortable: true, form: { defaultValue: 100 },
    },
    temperature_zone: { kind: 'enum', label: /*i18n*/ 'Temperature Zone', ...codeEnum(TEMPERATURE_ZONE), filter: { op: 'eq', type: 'select' } },
    abc_class: { kind: 'enum', label: /*i18n*/ 'ABC Class', ...codeEnum(ABC_CLASS), filter: { op: 'eq', type: 'select' } },
    high_value_only: { kind: 'bool', label: /*i18n*/ 'High Value Only', notNull: true, form: { defaultValue: 0 } },
    quality: { kind: 'enum', label: /*i18n*/ 'Quality', ...codeEnum(QUALITY), filter: { op: 'eq', type: 'select' } },
    target_zone_id: refField(/*i18n*/ 'Target Zone', { ref: 'zone' }),
    target_logic_area_id: refField(/*i18n*/ 'Target Logic Area', { ref: 'logic_area' }),
    strategy: {
      kind: 'enum', label: /*i18n*/ 'Strategy', required: true, ...codeEnum(PUTAWAY_STRATEGY), filter: { op: 'eq', type: 'select' },
      form: { defaultValue: PUTAWAY_STRATEGY.values.CONSOLIDATE },
    },
    status: { ...activeStatusField, form: { defaultValue: ACTIVE_STATUS.values.ACTIVE } },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true },
  },
  defaultSort: { field: 'priority', desc: false },
});
