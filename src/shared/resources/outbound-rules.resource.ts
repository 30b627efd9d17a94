import { ACTIVE_STATUS, ORDER_ITEM_KIND, ORDER_PRIORITY, OUTBOUND_ORDER_TYPE, PICKING_TYPE, WAVE_ORDER_SORT, codeEnum, type CodeOf } from '../codes';
import { CART_SLOTS_DEFAULT, CART_SLOTS_MAX, TASK_UNITS_MAX, WAVE_ORDERS_MAX } from '../constants';
import { ZONE_COLOR_NAMES, ZONE_COLORS } from '../zone-colors';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';
import { refField } from './location-fields';

/**
 * The Rule Center of sales outbound (docs/outbound.md "Rules"): each rule here is read by the
 * server where it decides — allocation (server/modules/outbound/allocation.ts), waving (wave.ts,
 * auto-wave.ts) and picking (picking.ts).
 */

const ALLOCATE = '/apps/rulecenter/allocaterule';
const PICKING = '/apps/rulecenter/pickingrule';
const SKILLS = '/apps/rulecenter/pickingskill';
const FLOW_SKILLS = '/apps/rulecenter/flowpickingskill';
const AUTO_WAVE = '/apps/rulecenter/autowaverule';
const WAVE_RULE = '/apps/rulecenter/waverule';
const ZONE_COLOR = '/apps/rulecenter/zonecolorconfig';

/** The auto wave rule list: its Action permission runs the rules now. */
export const AUTO_WAVE_RULE_PAGE = '/rulecenter/wave/autoWaveRule';

/** Lowest and highest priority an allocate rule may have (lower decides first). */
export const ALLOCATE_RULE_PRIORITY = { min: 1, max: 9999 } as const;

const ruleId = { kind: 'int', label: /*i18n*/ 'Rule ID', readOnly: true, sortable: true } as const;
const ruleName = { kind: 'text', label: /*i18n*/ 'Rule Name', required: true, max: 120, filter: { op: 'contains', type: 'input' } } as const;
const ruleStatus = { ...activeStatusField, form: { defaultValue: ACTIVE_STATUS.values.ACTIVE } };
const createdAt = { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true } as const;
const step = (label: string) => ({ kind: 'bool', label, notNull: true, form: { defaultValue: 1 } } as const);
/** The priority an auto wave rule or a wave rule takes (normal or priority; empty: both — on hold never waves). */
const wavedPriority = {
  kind: 'enum', label: /*i18n*/ 'Order Priority', values: [ORDER_PRIORITY.values.NORMAL, ORDER_PRIORITY.values.PRIORITY],
  valueLabels: codeEnum(ORDER_PRIORITY).valueLabels, filter: { op: 'eq', type: 'select' },
} as const;
const itemKind = {
  kind: 'enum', label: /*i18n*/ 'Order Items', ...codeEnum(ORDER_ITEM_KIND), notNull: true, filter: { op: 'eq', type: 'select' },
  form: { defaultValue: ORDER_ITEM_KIND.values.ANY },
} as const;
const maxOrders = { kind: 'int', label: /*i18n*/ 'Max Orders per Wave', required: true, min: 1, max: WAVE_ORDERS_MAX, form: { defaultValue: 200 } } as const;
const maxUnits = { kind: 'int', label: /*i18n*/ 'Max Units per Wave', required: true, min: 1, max: 100000, form: { defaultValue: 2000 } } as const;
/** A rule id another rule refers to (the server refuses one of another warehouse, or none). */
const ruleRef = (label: string, ref: string) => ({ kind: 'int', label, ref, min: 1, filter: { op: 'eq', type: 'input' } } as const);
const pickingType = {
  kind: 'enum', label: /*i18n*/ 'Picking Type', required: true, ...codeEnum(PICKING_TYPE), filter: { op: 'eq', type: 'select' },
  form: { defaultValue: PICKING_TYPE.values.PICK_TO_ORDER },
} as const;

/**
 * Allocate rules (spec §2 Rule Center › Allocate Rule › Sales, MT: list, create, edit, view; the
 * key in the query string), one table for every order type (`order_type` fixed per resource, so
 * the same screens serve each). By priority, the first active rule of the order's type whose
 * conditions the order meets (its shop, its priority; empty matches any) says which steps order
 * the candidates: first expiry first (FEFO), first received first (FIFO), the picking area first,
 * fewest locations; the pick path always breaks ties and expired batches are never allocated.
 * No rule: every step applies.
 */
const allocateRuleResource = <const N extends string, const S extends string>(name: N, segment: S, orderType: CodeOf<typeof OUTBOUND_ORDER_TYPE>) => defineResource({
  name,
  table: 'sales_allocate_rules',
  fixed: { order_type: orderType },
  api: {
    list: { path: `${ALLOCATE}/search_${name}` },
    detail: { path: `${ALLOCATE}/get_${name}_detail` },
    create: { path: `${ALLOCATE}/create_${name}` },
    update: { path: `${ALLOCATE}/update_${name}` },
  },
  pages: {
    list: `/rulecenter/allocateRule/${segment}`,
    create: `/rulecenter/allocateRule/${segment}/create`,
    edit: `/rulecenter/allocateRule/${segment}/edit`,
    detail: `/rulecenter/allocateRule/${segment}/view`,
  },
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: ruleId,
    rule_name: ruleName,
    priority: { kind: 'int', label: /*i18n*/ 'Priority', required: true, ...ALLOCATE_RULE_PRIORITY, sortable: true, form: { defaultValue: 100 } },
    shop_id: refField(/*i18n*/ 'Shop ID', { ref: 'shop' }),
    order_priority: { kind: 'enum', label: /*i18n*/ 'Order Priority', ...codeEnum(ORDER_PRIORITY), filter: { op: 'eq', type: 'select' } },
    fefo: step(/*i18n*/ 'FEFO (first expiry first)'),
    fifo: step(/*i18n*/ 'FIFO (first received first)'),
    picking_area_first: step(/*i18n*/ 'Picking Area First'),
    fewest_locations: step(/*i18n*/ 'Fewest Locations'),
    status: ruleStatus,
    created_at: createdAt,
  },
  defaultSort: { field: 'priority', desc: false },
});

export const salesAllocateRuleResource = allocateRuleResource('sales_allocate_rule', 'sales', OUTBOUND_ORDER_TYPE.values.SALES);
/** MT allocate rules: the allocation of move-transfer orders (mt-order.ts) reads these. */
export const mtAllocateRuleResource = allocateRuleResource('mt_allocate_rule', 'mt', OUTBOUND_ORDER_TYPE.values.MT);
/** RTS allocate rules: the allocation of return to supplier orders (rts-order.ts) reads these. */
export const rtsAllocateRuleResource = allocateRuleResource('rts_allocate_rule', 'rts', OUTBOUND_ORDER_TYPE.values.RTS);

/**
 * Picking rules (spec §2 Rule Center › Picking Rule): for one zone, or for the warehouse when no
 * zone is given, the picker's capacity (units a picking task holds when the wave names none),
 * whether the PDA takes a typed quantity (else every unit is scanned), the picking type of a
 * wave that names none, and for sorting while picking the slots of a pick cart (the orders one
 * task holds). A zone's rule wins over the warehouse's.
 */
export const pickingRuleResource = defineResource({
  name: 'picking_rule',
  table: 'picking_rules',
  api: {
    list: { path: `${PICKING}/search_picking_rule` },
    detail: { path: `${PICKING}/get_picking_rule_detail` },
    create: { path: `${PICKING}/create_picking_rule` },
    update: { path: `${PICKING}/update_picking_rule` },
  },
  pages: {
    list: '/rulecenter/pickingRule',
    create: '/rulecenter/pickingRule/create',
    edit: '/rulecenter/pickingRule/edit/$id',
    detail: '/rulecenter/pickingRule/view/$id',
  },
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: ruleId,
    zone_id: refField(/*i18n*/ 'Zone ID', { ref: 'zone', immutable: true }),
    max_units_per_task: {
      kind: 'int', label: /*i18n*/ 'Picker Capacity (units per task)', required: true, min: 1, max: TASK_UNITS_MAX, form: { defaultValue: 200 },
    },
    allow_typed_qty: { kind: 'bool', label: /*i18n*/ 'Quantity May Be Typed', notNull: true, filter: { op: 'eq', type: 'select' }, form: { defaultValue: 0 } },
    picking_type: pickingType,
    cart_slots: {
      kind: 'int', label: /*i18n*/ 'Cart Slots (sorting while picking)', notNull: true, min: 1, max: CART_SLOTS_MAX, form: { defaultValue: CART_SLOTS_DEFAULT },
    },
    status: ruleStatus,
    created_at: createdAt,
  },
  defaultSort: { field: 'rule_id', desc: false },
});

/**
 * Picking skills (spec §2 Rule Center › Picking Skills, an operator skill page: list, create,
 * edit/$user_id): the zones an operator may pick in. Claiming the next task offers only tasks of
 * those zones, and a task of another zone is refused (-289301). An operator with no row picks
 * everywhere.
 */
export const pickingSkillResource = defineResource({
  name: 'picking_skill',
  table: 'picking_skills',
  api: {
    list: { path: `${SKILLS}/search_picking_skill` },
    detail: { path: `${SKILLS}/get_picking_skill_detail` },
    create: { path: `${SKILLS}/create_picking_skill` },
    update: { path: `${SKILLS}/update_picking_skill` },
  },
  pages: {
    list: '/rulecenter/pickingSkills',
    create: '/rulecenter/pickingSkills/create',
    edit: '/rulecenter/pickingSkills/edit/$user_id',
  },
  key: 'user_id',
  warehouseScoped: true,
  fields: {
    user_id: { kind: 'int', label: /*i18n*/ 'User ID', required: true, immutable: true, min: 1, sortable: true, filter: { op: 'eq', type: 'input' } },
    zone_ids: {
      kind: 'text', label: /*i18n*/ 'Zones (comma-separated zone IDs)', required: true, max: 2000, filter: { op: 'contains', type: 'input' },
    },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } },
    updated_at: { kind: 'time', label: /*i18n*/ 'Updated At', readOnly: true },
  },
  defaultSort: { field: 'user_id', desc: false },
});

/**
 * Flow picking skills (spec §2 Rule Center › Flow Picking Skills, an operator skill page: list,
 * create, edit/$id): the zones where an operator receives flow tasks (docs/outbound.md "Flow pick").
 * Only operators with a row get flow tasks; the warehouse's flow pick setting may narrow the zones.
 */
export const flowPickingSkillResource = defineResource({
  name: 'flow_picking_skill',
  table: 'flow_picking_skills',
  api: {
    list: { path: `${FLOW_SKILLS}/search_flow_picking_skill` },
    detail: { path: `${FLOW_SKILLS}/get_flow_picking_skill_detail` },
    create: { path: `${FLOW_SKILLS}/create_flow_picking_skill` },
    update: { path: `${FLOW_SKILLS}/update_flow_picking_skill` },
  },
  pages: {
    list: '/rulecenter/flowPickingSkills',
    create: '/rulecenter/flowPickingSkills/create',
    edit: '/rulecenter/flowPickingSkills/edit/$id',
  },
  key: 'user_id',
  warehouseScoped: true,
  fields: pickingSkillResource.fields,
  defaultSort: { field: 'user_id', desc: false },
});

/**
 * Store group templates (Rule Center › Wave Rules › Store Group Template, ours: list, create,
 * edit/$id, view/$id): a named set of shops — listed, or by their shop group — that wave together.
 * An auto wave rule may take only their orders; a grouping rule may keep each template's orders in
 * waves of their own.
 */
export const storeGroupTemplateResource = defineResource({
  name: 'store_group_template',
  table: 'store_group_templates',
  api: {
    list: { path: `${WAVE_RULE}/search_store_group_template` },
    detail: { path: `${WAVE_RULE}/get_store_group_template_detail` },
    create: { path: `${WAVE_RULE}/create_store_group_template` },
    update: { path: `${WAVE_RULE}/update_store_group_template` },
  },
  pages: {
    list: '/rulecenter/wave/storeGroupTemplate',
    create: '/rulecenter/wave/storeGroupTemplate/create',
    edit: '/rulecenter/wave/storeGroupTemplate/edit/$id',
    detail: '/rulecenter/wave/storeGroupTemplate/view/$id',
  },
  key: 'template_id',
  warehouseScoped: true,
  fields: {
    template_id: { kind: 'int', label: /*i18n*/ 'Template ID', readOnly: true, sortable: true },
    template_name: { kind: 'text', label: /*i18n*/ 'Template Name', required: true, max: 120, filter: { op: 'contains', type: 'input' } },
    shop_ids: { kind: 'text', label: /*i18n*/ 'Shops (comma-separated shop IDs)', notNull: true, max: 2000, filter: { op: 'contains', type: 'input' } },
    shop_group_ids: {
      kind: 'text', label: /*i18n*/ 'Shop Groups (comma-separated group IDs)', notNull: true, max: 2000, filter: { op: 'contains', type: 'input' },
    },
    status: ruleStatus,
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } },
    created_at: createdAt,
  },
  defaultSort: { field: 'template_id', desc: false },
});

/**
 * Grouping rules (Rule Center › Wave Rules › Grouping Rule, ours: list, create, edit/$id, view/$id):
 * how a wave rule splits its orders into groups that never share a wave — by shop, store group
 * template, single or multi-item, the zones the order's stock is in, windows of cut-off time — and
 * the order inside a group (server/modules/outbound/wave-plan.ts).
 */
export const waveGroupingRuleResource = defineResource({
  name: 'wave_grouping_rule',
  table: 'wave_grouping_rules',
  api: {
    list: { path: `${WAVE_RULE}/search_grouping_rule` },
    detail: { path: `${WAVE_RULE}/get_grouping_rule_detail` },
    create: { path: `${WAVE_RULE}/create_grouping_rule` },
    update: { path: `${WAVE_RULE}/update_grouping_rule` },
  },
  pages: {
    list: '/rulecenter/wave/groupingRule',
    create: '/rulecenter/wave/groupingRule/create',
    edit: '/rulecenter/wave/groupingRule/edit/$id',
    detail: '/rulecenter/wave/groupingRule/view/$id',
  },
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: ruleId,
    rule_name: ruleName,
    by_shop: { kind: 'bool', label: /*i18n*/ 'By Shop', notNull: true, form: { defaultValue: 0 } },
    by_store_template: { kind: 'bool', label: /*i18n*/ 'By Store Group Template', notNull: true, form: { defaultValue: 0 } },
    by_item_kind: { kind: 'bool', label: /*i18n*/ 'Single-item and Multi-item Apart', notNull: true, form: { defaultValue: 0 } },
    by_zones: { kind: 'bool', label: /*i18n*/ 'By Zones Touched', notNull: true, form: { defaultValue: 0 } },
    cutoff_window_minutes: { kind: 'int', label: /*i18n*/ 'Cut-off Window (minutes)', min: 5, max: 1440 },
    order_sort: {
      kind: 'enum', label: /*i18n*/ 'Order Inside a Group', ...codeEnum(WAVE_ORDER_SORT), notNull: true, filter: { op: 'eq', type: 'select' },
      form: { defaultValue: WAVE_ORDER_SORT.values.PRIORITY_FIRST },
    },
    status: ruleStatus,
    created_at: createdAt,
  },
  defaultSort: { field: 'rule_id', desc: false },
});

/**
 * Wave rules (Rule Center › Wave Rules › Wave Rule, ours: list, create, edit/$id, view/$id): one
 * step of a wave group — which orders it takes (priority, single or multi-item), how it groups them,
 * and the shape of a wave: picking type, most orders, units and SKUs, the fewest orders worth a wave
 * (waived when a cut-off is near) and the units a picking task holds.
 */
export const waveRuleResource = defineResource({
  name: 'wave_rule',
  table: 'wave_rules',
  api: {
    list: { path: `${WAVE_RULE}/search_wave_rule` },
    detail: { path: `${WAVE_RULE}/get_wave_rule_detail` },
    create: { path: `${WAVE_RULE}/create_wave_rule` },
    update: { path: `${WAVE_RULE}/update_wave_rule` },
  },
  pages: {
    list: '/rulecenter/wave/waveRule',
    create: '/rulecenter/wave/waveRule/create',
    edit: '/rulecenter/wave/waveRule/edit/$id',
    detail: '/rulecenter/wave/waveRule/view/$id',
  },
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: ruleId,
    rule_name: ruleName,
    grouping_rule_id: ruleRef(/*i18n*/ 'Grouping Rule ID', 'wave_grouping_rule'),
    order_priority: wavedPriority,
    item_kind: itemKind,
    picking_type: pickingType,
    max_orders: maxOrders,
    max_units: maxUnits,
    max_skus: { kind: 'int', label: /*i18n*/ 'Max SKUs per Wave', min: 1, max: 10000 },
    min_orders: { kind: 'int', label: /*i18n*/ 'Min Orders per Wave', notNull: true, min: 1, max: WAVE_ORDERS_MAX, form: { defaultValue: 1 } },
    min_waived_within_minutes: { kind: 'int', label: /*i18n*/ 'Release Below the Minimum When Cut-off Within (minutes)', min: 0, max: 10080 },
    max_units_per_task: { kind: 'int', label: /*i18n*/ 'Units per Picking Task', min: 1, max: TASK_UNITS_MAX },
    status: ruleStatus,
    created_at: createdAt,
  },
  defaultSort: { field: 'rule_id', desc: false },
});

/**
 * Wave groups (Rule Center › Wave Rules › Wave Group, ours: list, create, edit/$id, view/$id): wave
 * rules in the order a run applies them, each taking what the ones before left — e.g. priority
 * singles first, then the rest. An auto wave rule runs one.
 */
export const waveGroupResource = defineResource({
  name: 'wave_group',
  table: 'wave_groups',
  api: {
    list: { path: `${WAVE_RULE}/search_wave_group` },
    detail: { path: `${WAVE_RULE}/get_wave_group_detail` },
    create: { path: `${WAVE_RULE}/create_wave_group` },
    update: { path: `${WAVE_RULE}/update_wave_group` },
  },
  pages: {
    list: '/rulecenter/wave/waveGroup',
    create: '/rulecenter/wave/waveGroup/create',
    edit: '/rulecenter/wave/waveGroup/edit/$id',
    detail: '/rulecenter/wave/waveGroup/view/$id',
  },
  key: 'group_id',
  warehouseScoped: true,
  fields: {
    group_id: { kind: 'int', label: /*i18n*/ 'Group ID', readOnly: true, sortable: true },
    group_name: { kind: 'text', label: /*i18n*/ 'Group Name', required: true, max: 120, filter: { op: 'contains', type: 'input' } },
    wave_rule_ids: {
      kind: 'text', label: /*i18n*/ 'Wave Rules, in Run Order (comma-separated rule IDs)', required: true, max: 500, filter: { op: 'contains', type: 'input' },
    },
    status: ruleStatus,
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } },
    created_at: createdAt,
  },
  defaultSort: { field: 'group_id', desc: false },
});

/**
 * Auto wave rules (spec §2 Rule Center › Wave Rules › Auto Wave Rule: list, create, edit/$id,
 * view/$id): which orders a run takes — by cut-off, priority, shop, shop group or store group
 * template, single or multi-item — and how it waves them: by its wave group's wave rules, or without
 * one in waves of at most its own orders and units with its picking type; run every interval by the
 * server and on demand (server/modules/outbound/auto-wave.ts). Its list's Run Now is the page's Action.
 */
export const autoWaveRuleResource = defineResource({
  name: 'auto_wave_rule',
  table: 'auto_wave_rules',
  api: {
    list: { path: `${AUTO_WAVE}/search_auto_wave_rule` },
    detail: { path: `${AUTO_WAVE}/get_auto_wave_rule_detail` },
    create: { path: `${AUTO_WAVE}/create_auto_wave_rule` },
    update: { path: `${AUTO_WAVE}/update_auto_wave_rule` },
  },
  pages: {
    list: AUTO_WAVE_RULE_PAGE,
    create: '/rulecenter/wave/autoWaveRule/create',
    edit: '/rulecenter/wave/autoWaveRule/edit/$id',
    detail: '/rulecenter/wave/autoWaveRule/view/$id',
  },
  ownScreens: ['list'],
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: ruleId,
    rule_name: ruleName,
    cutoff_within_minutes: { kind: 'int', label: /*i18n*/ 'Cut-off Within (minutes)', min: 0, max: 10080 },
    order_priority: wavedPriority,
    shop_id: refField(/*i18n*/ 'Shop ID', { ref: 'shop' }),
    shop_group_id: refField(/*i18n*/ 'Shop Group ID', { ref: 'shop_group' }),
    store_group_template_id: ruleRef(/*i18n*/ 'Store Group Template ID', 'store_group_template'),
    item_kind: itemKind,
    wave_group_id: ruleRef(/*i18n*/ 'Wave Group ID', 'wave_group'),
    max_orders: maxOrders,
    max_units: maxUnits,
    picking_type: pickingType,
    interval_minutes: { kind: 'int', label: /*i18n*/ 'Run Every (minutes)', required: true, min: 1, max: 1440, form: { defaultValue: 15 } },
    last_run_at: { kind: 'time', label: /*i18n*/ 'Last Run At', readOnly: true },
    status: ruleStatus,
    created_at: createdAt,
  },
  defaultSort: { field: 'rule_id', desc: false },
});

/**
 * Zone colours (spec §2 Rule Center › Zone Color Config, behind the warehouse setting zone_by_color;
 * ours: list, create, edit/$zone_id, view/$zone_id): one colour of the palette (shared/zone-colors.ts)
 * per zone, each colour for one zone of the warehouse only, so a picker tells zones apart by colour.
 * While the setting is on, the PDA's picking stops show their zone in its colour and name.
 */
export const zoneColorResource = defineResource({
  name: 'zone_color',
  table: 'zone_colors',
  api: {
    list: { path: `${ZONE_COLOR}/search_zone_color` },
    detail: { path: `${ZONE_COLOR}/get_zone_color_detail` },
    create: { path: `${ZONE_COLOR}/create_zone_color` },
    update: { path: `${ZONE_COLOR}/update_zone_color` },
  },
  pages: {
    list: '/rulecenter/zoneColorConfig',
    create: '/rulecenter/zoneColorConfig/create',
    edit: '/rulecenter/zoneColorConfig/edit/$zone_id',
    detail: '/rulecenter/zoneColorConfig/view/$zone_id',
  },
  key: 'zone_id',
  warehouseScoped: true,
  fields: {
    zone_id: refField(/*i18n*/ 'Zone ID', { ref: 'zone', required: true, immutable: true, sortable: true }),
    color: {
      kind: 'enum', label: /*i18n*/ 'Zone Color', required: true, values: ZONE_COLOR_NAMES, filter: { op: 'eq', type: 'select' },
      valueLabels: Object.fromEntries(ZONE_COLORS.map((c) => [c.name, c.label])),
      swatches: Object.fromEntries(ZONE_COLORS.map((c) => [c.name, c.hex])),
    },
    remark: { kind: 'text', label: /*i18n*/ 'Remark', max: 500, form: { type: 'textarea' } },
    created_at: createdAt,
    updated_at: { kind: 'time', label: /*i18n*/ 'Updated At', readOnly: true },
  },
  defaultSort: { field: 'zone_id', desc: false },
});
