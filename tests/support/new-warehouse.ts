import { LOCATION_STATUS, QC_RULE_KIND, RACK_TYPE, STORAGE_AREA, TEMPERATURE_ZONE } from '../../src/shared/codes';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';
import { OPERATION_PERMISSIONS } from '../../src/shared/permissions';

/**
 * What an administrator sets up, through the app's own calls, for a brand-new warehouse to receive
 * goods from ASN to shelf (docs/new-warehouse.md): on top of what it starts with (a park, the zone
 * cluster ZC-MAIN and the inbound staging locations), a zone, a pathway and cells, a supplier, SKUs,
 * a receiving shift, a QC rule and an operator role. The API and browser tests both run it.
 */

const L = '/apps/basic/location';

export function receivingSetup(whsId: string) {
  const settings = {
    storage_area: STORAGE_AREA.values.STORAGE_AREA, rack_type: RACK_TYPE.values.LIGHT_RACK, temperature_zone: TEMPERATURE_ZONE.values.NORMAL,
    sku_mixing: SKU_MIXING.values.MIX_SKU, supplier_mixing: SUPPLIER_MIXING.values.MIX, status: LOCATION_STATUS.values.NORMAL,
  };
  const zone = { zone_id: 'R01', zone_name: 'Reserve Racks', zone_cluster_id: 'ZC-MAIN', ...settings };
  const pathway = { pathway_id: 'R01-01', zone_id: zone.zone_id, status: LOCATION_STATUS.values.NORMAL, pick_sequence: 1 };
  const cells = [1, 2, 3].map((n) => ({
    location_code: `R01-01-01-${n}`, zone_id: zone.zone_id, pathway_id: pathway.pathway_id, abc_class: 0, max_qty: 500, pick_sequence: n, ...settings,
  }));
  const supplier = { supplier_id: `SUP-${whsId}`, supplier_name: 'First Supplier', country: whsId.slice(0, 2), status: 1 };
  /** A high-value SKU (the AQL rule inspects it) and one no QC rule picks. */
  const skus = {
    phone: { sku_id: `${whsId}-PHONE`, sku_name: 'Smartphone 128GB', barcode: '8991234500017', unit: 'pcs', is_high_value: 1, temperature_zone: TEMPERATURE_ZONE.values.NORMAL },
    shirt: { sku_id: `${whsId}-SHIRT`, sku_name: 'Cotton Shirt M', unit: 'pcs', is_high_value: 0, temperature_zone: TEMPERATURE_ZONE.values.NORMAL },
  };
  const shift = { shift_name: 'Day', start_time: '08:00', end_time: '18:00', status: 1 };
  const qcRule = { rule_name: 'High value AQL 1.0', rule_kind: QC_RULE_KIND.values.AQL, priority: 1, high_value_only: 1, aql_level: '1.0', status: 1 };
  const operatorRole = {
    role_name: 'Operator',
    perms: [...OPERATION_PERMISSIONS],
  };
  /** The calls, in the order an administrator makes them: POST path and body. */
  const calls: [string, Record<string, unknown>][] = [
    [`${L}/create_zone`, zone],
    [`${L}/create_pathway`, pathway],
    ...cells.map((cell): [string, Record<string, unknown>] => [`${L}/create_cell`, cell]),
    ['/apps/basic/supplier/create_supplier', supplier],
    ['/apps/basic/sku/create_sku', skus.phone],
    ['/apps/basic/sku/create_sku', skus.shirt],
    ['/apps/conf/inboundshift/create_inbound_shift', shift],
    ['/apps/rulecenter/qcrule/create_qc_rule', qcRule],
  ];
  return { zone, pathway, cells, supplier, skus, shift, qcRule, operatorRole, calls };
}

export const CREATE_ROLE = '/apps/config/role/create_role';
export const CREATE_BPO_USER = '/apps/config/userlist/create_bpo_user';
