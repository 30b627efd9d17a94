import { and, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { confValues } from '../db/schema';

/**
 * Settings every warehouse starts with (spec §3 system settings, §9 defaults): what a key reads
 * until the deployment (the global row) or the warehouse sets its own value, so a fresh install
 * on an empty database works without seeding them.
 */
export const DEFAULT_CONF: Record<string, string> = {
  weak_network_switch: '1',
  weak_network_show_again_min: '30',
  weak_network_time_window_min: '3',
  weak_network_count_threshold: '3',
  weak_network_rtt_ms: '300',
  weak_network_ping_threshold_ms: '300',
  weak_network_ping_times: '3',
  scan_interval_ms: '200',
  scan_interval_exempt_permission: 'PC.Scan.ManualInput',
  enable_tob_login: '0',
  Enable_Fulfill_Chain: '0',
  Inbound_Parcel_Counting: '0',
  storey_name_setup: '0',
  is_open_full_stock_count: '0',
  cc_show_system_qty: '0',
  cc_max_rounds: '3',
  cc_max_locations: '200000',
  cc_max_skus: '50000',
  /** Daily cycle count compliance mode (Rule Center › Cycle Count Frequency): 1 on. */
  daily_cc_compliance_mode: '0',
  Is_staffname_display: '1',
};

/** Key of the defaults that apply to every warehouse unless it sets its own value. */
export const GLOBAL_WHS = '';

/** Settings of a warehouse by key: its own value, else the global one, else the built-in default; unknown keys are left out. */
export async function readConf(db: Db, whsId: string, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(confValues)
    .where(and(inArray(confValues.whsId, [GLOBAL_WHS, whsId]), inArray(confValues.confKey, [...keys])));
  const out = new Map<string, string>(keys.flatMap((k) => (Object.hasOwn(DEFAULT_CONF, k) ? [[k, DEFAULT_CONF[k]!] as const] : [])));
  for (const r of rows) if (r.whsId === GLOBAL_WHS) out.set(r.confKey, r.confValue);
  for (const r of rows) if (r.whsId === whsId && whsId !== GLOBAL_WHS) out.set(r.confKey, r.confValue);
  return out;
}

export async function readConfValue(db: Db, whsId: string, key: string): Promise<string | undefined> {
  return (await readConf(db, whsId, [key])).get(key);
}

export async function writeConf(db: Db, whsId: string, key: string, value: string) {
  await db.insert(confValues).values({ whsId, confKey: key, confValue: value })
    .onConflictDoUpdate({ target: [confValues.whsId, confValues.confKey], set: { confValue: value } });
}

