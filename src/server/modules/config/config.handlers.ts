import { eq } from 'drizzle-orm';
import type { configContract } from '../../../shared/contract/config.contract';
import { DOMAIN_ENUMS } from '../../../shared/codes';
import { FEATURE_FLAGS, flagIsOn, type FeatureFlag } from '../../../shared/permissions';
import { RET } from '../../../shared/retcodes';
import { warehouseSwitchTimes } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { requestOrigin } from '../../http/request-origin';
import { GLOBAL_WHS, readConf, readConfValue } from '../../common/conf';

/** Settings the login page may read without a session; every other key needs one. */
const PUBLIC_ADMIN_CONFIG = new Set(['enable_tob_login']);

/**
 * Where the weak-network check pings when no one has set it: this server, as the device reached
 * it. An empty value turns the check off (spec §3), so a fresh install would never warn.
 */
const WEAK_NETWORK_DOMAIN = 'weak_network_domain';

const enumsPayload = Object.fromEntries(
  Object.entries(DOMAIN_ENUMS).map(([name, list]) => [name, list.options.map((o) => ({ value: o.value, name: o.label.message ?? o.name }))]),
);

export const configHandlers: Handlers<typeof configContract> = {
  async getDomainEnums() {
    return { enums: enumsPayload };
  },

  async getConfList(input, { db, session, c, config }) {
    if (input.whs_id && input.whs_id !== session.whsId) {
      throw new ApiError(RET.WAREHOUSE_FORBIDDEN, `Settings of warehouse ${input.whs_id} are not readable from ${session.whsId}.`);
    }
    const conf = await readConf(db, session.whsId, input.conf_key);
    if (input.conf_key.includes(WEAK_NETWORK_DOMAIN) && !conf.has(WEAK_NETWORK_DOMAIN)) {
      conf.set(WEAK_NETWORK_DOMAIN, requestOrigin(c, config.trustProxy));
    }
    return { conf_list: [...conf].map(([conf_key, conf_value]) => ({ conf_key, conf_value })) };
  },

  async getAdminConfig(input, { db }) {
    const asked = (input.configKeyList ?? 'enable_tob_login').split(',').map((k) => k.trim()).filter(Boolean);
    const allowed = asked.filter((k) => PUBLIC_ADMIN_CONFIG.has(k));
    const conf = await readConf(db, GLOBAL_WHS, allowed);
    return { conf_list: allowed.map((k) => ({ conf_key: k, conf_value: conf.get(k) ?? '0' })) };
  },

  async getWarehouseSwitchTime(_input, { db, session }) {
    const rows = await db.select().from(warehouseSwitchTimes).where(eq(warehouseSwitchTimes.whsId, session.whsId));
    return {
      list: rows
        .filter((r): r is typeof r & { module: 'INBOUND' | 'OUTBOUND' | 'INVENTORY' } => ['INBOUND', 'OUTBOUND', 'INVENTORY'].includes(r.module))
        .map((r) => ({ module: r.module, switch_time: r.switchTime })),
    };
  },

  async getMenuSwitch(_input, { db, session }) {
    const flags = Object.keys(FEATURE_FLAGS) as FeatureFlag[];
    const conf = await readConf(db, session.whsId, flags.map((f) => FEATURE_FLAGS[f].confKey));
    return { list: flags.map((flag) => ({ flag, enabled: flagIsOn(flag, conf.get(FEATURE_FLAGS[flag].confKey)) })) };
  },

  async getCycleCountSwitch(_input, { db, session }) {
    return { is_open_full_stock_count: flagIsOn('fullStockCount', await readConfValue(db, session.whsId, FEATURE_FLAGS.fullStockCount.confKey)) };
  },
};
