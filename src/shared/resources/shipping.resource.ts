import { ACTIVE_STATUS, HANDOVER_KIND, HANDOVER_STATUS, PARCEL_STATUS, codeEnum } from '../codes';
import { SHIPPING_ACCESS } from '../contract/shipping.contract';
import { activeStatusField } from './common-fields';
import { defineResource } from './define';

/**
 * Shipping (docs/outbound.md "Shipping"): the handovers and the ship orders (parcels loaded or
 * shipped) as lists and exports, and the three shipping rules of the Rule Center. The rules are
 * read where the dock decides (shared/shipping-rules.ts, server/modules/outbound/shipping.ts).
 */

const CALLS = '/apps/process/outbound/shipping';
const RULES = '/apps/rulecenter/shippingrule';
const P = PARCEL_STATUS.values;

/**
 * Shipping handovers, newest first: the list the Shipping and Group Shipping screens show under
 * their scan step, and its export; each opens its detail (its parcels, its manifest).
 */
export const shippingHandoverResource = defineResource({
  name: 'shipping_handover',
  table: 'shipping_handovers',
  key: 'shipping_no',
  warehouseScoped: true,
  defaultSort: { field: 'created_at', desc: true },
  fields: {
    shipping_no: { kind: 'text', label: /*i18n*/ 'Handover No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    kind: { kind: 'enum', label: /*i18n*/ 'Handover Type', readOnly: true, ...codeEnum(HANDOVER_KIND), filter: { op: 'eq', type: 'select' } },
    status: { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(HANDOVER_STATUS), filter: { op: 'eq', type: 'select' } },
    carrier_name: { kind: 'text', label: /*i18n*/ 'Carrier', readOnly: true, max: 100, filter: { op: 'eq', type: 'input' } },
    dock_code: { kind: 'text', label: /*i18n*/ 'Dock', readOnly: true, max: 32 },
    group_code: { kind: 'text', label: /*i18n*/ 'Pallet/Bag', readOnly: true, max: 32 },
    master_awb: { kind: 'text', label: /*i18n*/ 'Master AWB', readOnly: true, max: 40 },
    line_haul: { kind: 'bool', label: /*i18n*/ 'Bypass TWS', readOnly: true },
    parcel_count: { kind: 'int', label: /*i18n*/ 'Parcels', readOnly: true },
    qty: { kind: 'int', label: /*i18n*/ 'Units', readOnly: true },
    vehicle_no: { kind: 'text', label: /*i18n*/ 'Vehicle', readOnly: true, max: 32, hideInList: true },
    driver_name: { kind: 'text', label: /*i18n*/ 'Driver', readOnly: true, max: 100, hideInList: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    closed_at: { kind: 'time', label: /*i18n*/ 'Shipped At', readOnly: true },
  },
  api: { list: { path: `${CALLS}/search_shipping_handover`, perm: SHIPPING_ACCESS.view.perm } },
});

/**
 * Ship orders (spec §7 download group "ship orders"): every parcel loaded onto a handover or
 * shipped with one — its order, its handover, when it left. Exported from the Report Center.
 */
export const shipOrderResource = defineResource({
  name: 'ship_order',
  table: 'parcels',
  key: 'tracking_no',
  warehouseScoped: true,
  fixed: { status: [P.SHIPPING, P.SHIPPED] },
  defaultSort: { field: 'created_at', desc: true },
  fields: {
    tracking_no: { kind: 'text', label: /*i18n*/ 'Tracking No.', readOnly: true, max: 64, filter: { op: 'eq', type: 'input' } },
    order_no: { kind: 'text', label: /*i18n*/ 'Order No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    parcel_no: { kind: 'int', label: /*i18n*/ 'Parcel', readOnly: true },
    shipping_no: { kind: 'text', label: /*i18n*/ 'Handover No.', readOnly: true, max: 32, filter: { op: 'eq', type: 'input' } },
    status: {
      kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(PARCEL_STATUS), values: [P.SHIPPING, P.SHIPPED] as const,
      filter: { op: 'eq', type: 'select' },
    },
    qty: { kind: 'int', label: /*i18n*/ 'Units', readOnly: true },
    weight_g: { kind: 'int', label: /*i18n*/ 'Weight (g)', readOnly: true },
    created_at: { kind: 'time', label: /*i18n*/ 'Packed At', readOnly: true, sortable: true, filter: { op: 'range', type: 'datetimeRange' } },
    shipped_at: { kind: 'time', label: /*i18n*/ 'Shipped At', readOnly: true },
  },
  api: { list: { path: `${CALLS}/search_ship_order`, perm: SHIPPING_ACCESS.view.perm } },
});

const ruleId = { kind: 'int', label: /*i18n*/ 'Rule ID', readOnly: true, sortable: true } as const;
const carrier = { kind: 'text', label: /*i18n*/ 'Carrier', required: true, max: 100, filter: { op: 'eq', type: 'input' } } as const;
const shops = {
  kind: 'text', label: /*i18n*/ 'Shops (comma-separated shop IDs; empty: every shop)', notNull: true, max: 2000, filter: { op: 'contains', type: 'input' },
} as const;
const ruleStatus = { ...activeStatusField, form: { defaultValue: ACTIVE_STATUS.values.ACTIVE } };
const remark = { kind: 'text', label: /*i18n*/ 'Remark', max: 500, hideInList: true, form: { type: 'textarea' } } as const;
const createdAt = { kind: 'time', label: /*i18n*/ 'Created At', readOnly: true } as const;
const rulePages = (stem: string) => ({
  list: `/rulecenter/shippingRule/${stem}`,
  create: `/rulecenter/shippingRule/${stem}/create`,
  edit: `/rulecenter/shippingRule/${stem}/edit/$id`,
  detail: `/rulecenter/shippingRule/${stem}/view/$id`,
});
const ruleCalls = (noun: string) => ({
  list: { path: `${RULES}/search_${noun}` },
  detail: { path: `${RULES}/get_${noun}_detail` },
  create: { path: `${RULES}/create_${noun}` },
  update: { path: `${RULES}/update_${noun}` },
});

/** Most parcels a group may hold under a group shipping rule. */
export const GROUP_PARCELS_MAX = 9999;

/**
 * Group shipping rules (Rule Center › Shipping Rule › Group Shipping): the carrier's parcels (of these
 * shops; empty: all) ship by group — a pallet or bag — never one by one, at most `max_parcels` a group.
 */
export const groupShippingRuleResource = defineResource({
  name: 'group_shipping_rule',
  table: 'group_shipping_rules',
  api: ruleCalls('group_shipping_rule'),
  pages: rulePages('groupShipping'),
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: ruleId,
    carrier_name: carrier,
    shop_ids: shops,
    max_parcels: { kind: 'int', label: /*i18n*/ 'Max Parcels per Group', required: true, min: 1, max: GROUP_PARCELS_MAX, form: { defaultValue: 50 } },
    status: ruleStatus,
    remark,
    created_at: createdAt,
  },
  defaultSort: { field: 'rule_id', desc: false },
});

/** One AWB rules (Rule Center › Shipping Rule › One AWB): the carrier's groups get one master AWB, scanned instead of each parcel. */
export const oneAwbRuleResource = defineResource({
  name: 'one_awb_rule',
  table: 'one_awb_rules',
  api: ruleCalls('one_awb_rule'),
  pages: rulePages('oneAwb'),
  key: 'rule_id',
  warehouseScoped: true,
  fields: { rule_id: ruleId, carrier_name: carrier, status: ruleStatus, remark, created_at: createdAt },
  defaultSort: { field: 'rule_id', desc: false },
});

/**
 * Bypass TWS rules (Rule Center › Shipping Rule › Bypass TWS): the carrier's parcels (of these shops;
 * empty: all) go straight to the line haul, skipping the transit warehouse's sorting; a handover
 * carries one kind or the other, and its manifest says which.
 */
export const bypassTwsRuleResource = defineResource({
  name: 'bypass_tws_rule',
  table: 'bypass_tws_rules',
  api: ruleCalls('bypass_tws_rule'),
  pages: rulePages('bypassTws'),
  key: 'rule_id',
  warehouseScoped: true,
  fields: {
    rule_id: ruleId,
    carrier_name: carrier,
    shop_ids: shops,
    line_haul_name: { kind: 'text', label: /*i18n*/ 'Line Haul', max: 100 },
    status: ruleStatus,
    remark,
    created_at: createdAt,
  },
  defaultSort: { field: 'rule_id', desc: false },
});

