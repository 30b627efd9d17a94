import { z } from 'zod';
import { endpoint } from './define';
import { whsId } from './session.contract';

const confEntry = z.object({ conf_key: z.string(), conf_value: z.string() });

// get_warehouse_detail is the warehouse resource's detail (warehouse.contract.ts); its type stays importable from here.
export { warehouseDetail, type WarehouseDetail } from './warehouse.contract';

export const configContract = {
  getDomainEnums: endpoint({
    method: 'GET', path: '/apps/basic/system/domain/enums', access: 'session', offlineRead: true,
    summary: 'Every coded domain enum of spec §3 as lists of {value, name}.',
    input: z.object({}),
    output: z.object({ enums: z.record(z.string(), z.array(z.object({ value: z.union([z.number(), z.string()]), name: z.string() }))) }),
  }),
  getConfList: endpoint({
    method: 'POST', path: '/configuration/get_conf_list', access: 'session', offlineRead: true,
    summary: 'System settings of the warehouse by key; unknown keys are left out.',
    input: z.object({ conf_key: z.array(z.string().trim().min(1).max(128)).min(1).max(200), whs_id: whsId.optional() }),
    output: z.object({ conf_list: z.array(confEntry) }),
  }),
  getAdminConfig: endpoint({
    method: 'GET', path: '/config/adminconfig/get_admin_config', access: 'public', offlineRead: true,
    summary: 'Public admin switches for the login page (default key enable_tob_login).',
    input: z.object({ configKeyList: z.string().trim().max(1000).optional() }),
    output: z.object({ conf_list: z.array(confEntry) }),
  }),
  getWarehouseSwitchTime: endpoint({
    method: 'GET', path: '/apps/config/wms_v2_update/get_warehouse_switch_time', access: 'session', offlineRead: true,
    summary: 'When each module of the warehouse moved to this system (10-digit seconds); older data is in the old system.',
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ module: z.enum(['INBOUND', 'OUTBOUND', 'INVENTORY']), switch_time: z.number().int() })) }),
  }),
  getMenuSwitch: endpoint({
    method: 'GET', path: '/menu_switch_new/list', access: 'session', offlineRead: true,
    summary: 'Feature switches of the current warehouse that show or hide menu entries.',
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ flag: z.string(), enabled: z.boolean() })) }),
  }),
  getCycleCountSwitch: endpoint({
    method: 'GET', path: '/apps/process/inventory/fullstockcount/get_cycle_count_switch', access: 'session', offlineRead: true,
    summary: 'Whether a full stock count is running in the current warehouse.',
    input: z.object({}),
    output: z.object({ is_open_full_stock_count: z.boolean() }),
  }),
} as const;
