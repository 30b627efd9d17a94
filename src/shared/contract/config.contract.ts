import { z } from 'zod';
import { endpoint } from './define';
import { whsId } from './session.contract';

const confEntry = z.object({ conf_key: z.string(), conf_value: z.string() });

export const warehouseDetail = z.object({
  whs_id: z.string(),
  whs_name: z.string(),
  whs_no: z.string(),
  /** First two letters of the warehouse code (spec §1). */
  country: z.string(),
  /** IANA time zone; Asia/Shanghai when unset (spec §3/§8). */
  time_region: z.string(),
  /** True when the id begins with "vn" (spec §1). */
  is_rms: z.boolean(),
  is_use_channel: z.boolean(),
  /** 0 separated, 1 integrated (spec §3). */
  quota_mode: z.union([z.literal(0), z.literal(1)]),
  currency: z.string(),
});
export type WarehouseDetail = z.infer<typeof warehouseDetail>;

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
  getWarehouseDetail: endpoint({
    method: 'GET', path: '/apps/basic/location/get_warehouse_detail', access: 'session', offlineRead: true,
    summary: 'Detail of a warehouse the user belongs to (defaults to the current one).',
    input: z.object({ whs_id: whsId.optional() }),
    output: warehouseDetail,
  }),
} as const;
