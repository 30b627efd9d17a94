import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ROUTES } from './routes/manifest';
import { permOf, routeActions, routePermissions } from './routes/derive';
import { isOperationPath } from './routes/operations';

/**
 * Permissions for actions inside pages (spec §6 "Codes seen" and those later issues add). A page's
 * plain Edit/Create/Delete/Action is declared on its route instead (`actions` in the manifest).
 */
export const ACTION_PERMISSIONS = {
  'PC.Settings.JumpWFM': msg`Jump to workforce`,
  'PC.Dashboard.RegionOverview': msg`Region overview dashboard`,
  'PC.InventoryManagement.CycleCount.StartFullStockCount': msg`Start full stock count`,
  'PC.InventoryManagement.FullStockCount.EndFullStockCount': msg`End full stock count`,
  'PC.RuleCenter.QuotaConfig.ASNQuotaConfiguration.Switch': msg`Switch ASN quota mode`,
  /** The quota pages' View permissions only read; changing daily defaults and slot quotas needs these. */
  'PC.RuleCenter.QuotaConfig.ASNQuotaConfiguration.Edit': msg`Edit ASN quota defaults`,
  'PC.RuleCenter.QuotaConfig.AsnQuotaList.Edit': msg`Edit ASN quotas of delivery slots`,
  /** ASN actions of the ASN detail pages (the lifecycle of spec §4). */
  'PC.Inbound.Order.Cancel': msg`Cancel ASNs`,
  'PC.Inbound.Order.Edit': msg`Mark ASNs in transit`,
  /** Spec §6: the turnover days rule has view, edit, create and delete; delete has no page of its own. */
  'PC.RuleCenter.FulfillmentChainTurnoverDaysRule.Delete': msg`Delete fulfilment chain turnover days rules`,
  /** Named by the scan-interval setting: exempt from the scan-only rules of spec §5. */
  'PC.Scan.ManualInput': msg`Type into scan-only fields`,
  /** Changing the notification sounds of the warehouse; its page's View permission only reads them. */
  'PC.Wmsconfig.NotificationCenter.Sound.Edit': msg`Edit notification sounds`,
  /** The Storey tab adds, renames and deletes storeys in dialogs: no pages of their own (spec §7 storey calls). */
  'PC.WMSBasic.StorageAreaSetting.Storey.Create': msg`Create storeys`,
  'PC.WMSBasic.StorageAreaSetting.Storey.Edit': msg`Edit storeys`,
  'PC.WMSBasic.StorageAreaSetting.Storey.Delete': msg`Delete storeys`,
  /** User administration: the pages' View permissions only read; each change needs its own (docs/user-admin.md). */
  'PC.Wmsconfig.Userlist.Edit': msg`Edit users`,
  'PC.Wmsconfig.Userlist.ResetPassword': msg`Reset user passwords`,
  'PC.Wmsconfig.Userlist.Create': msg`Create BPO users`,
  'PC.Wmsconfig.Userlist.SyncToB': msg`Mark users as synced to ToB`,
  'PC.Wmsconfig.Userlist.Import': msg`Import users from a file`,
  'PC.Wmsconfig.Userrole.Edit': msg`Change users' roles`,
  'PC.Wmsconfig.Rolelist.Create': msg`Create roles`,
  'PC.Wmsconfig.Rolelist.Edit': msg`Edit roles and their permissions`,
  'PC.Wmsconfig.Rolelist.Delete': msg`Delete roles`,
} as const satisfies Record<string, MessageDescriptor>;

export type ActionPermission = keyof typeof ACTION_PERMISSIONS;

/** What pages change, each with its own permission (the route manifest's `actions`). */
export const PAGE_ACTIONS = routeActions(ROUTES);

/** Every permission that exists: route (menu) permissions, what pages change, and the other action permissions. */
export const ALL_PERMISSIONS: readonly string[] = [
  ...new Set([...routePermissions(ROUTES), ...PAGE_ACTIONS.map((a) => a.perm), ...Object.keys(ACTION_PERMISSIONS)]),
].sort();

/** A permission's label on Role Detail: what its page declares, an action permission's, else the title of the page it opens. */
export function permissionTitle(perm: string): MessageDescriptor | undefined {
  return PAGE_ACTIONS.find((a) => a.perm === perm)?.title
    ?? (ACTION_PERMISSIONS as Record<string, MessageDescriptor>)[perm]
    ?? ROUTES.find((r) => permOf(r) === perm)?.title;
}

/** What an operator needs: the permissions of the operation screens (routes/operations.ts) and of their work. */
export const OPERATION_PERMISSIONS: readonly string[] = [
  ...new Set([
    ...ROUTES.filter((r) => isOperationPath(r.path)).map(permOf),
    ...PAGE_ACTIONS.filter((a) => isOperationPath(a.route.path)).map((a) => a.perm),
  ].filter((p): p is string => p !== null)),
];

export const MENU_PERMISSIONS: readonly string[] = routePermissions(ROUTES);

/**
 * Warehouse feature flags (spec §3 system settings, §6 feature flags): conf key and how the
 * value turns the flag on (spec §4: most are on when truthy; the diversion putaway rule flag
 * is on when the setting is falsy).
 */
export const FEATURE_FLAGS = {
  fulfilChain: { confKey: 'Enable_Fulfill_Chain', onWhen: 'truthy' },
  inboundDiversionPutawayRule: { confKey: 'Enable_Fulfill_Chain_Inbound_Diversion_Putaway_Rule', onWhen: 'falsy' },
  cellHotLevel: { confKey: 'Cell_hotlevel_mgmt', onWhen: 'truthy' },
  dynamicReplenishment: { confKey: 'Enable_Dynamic_Replenishment', onWhen: 'truthy' },
  zoneByColor: { confKey: 'zone_by_color', onWhen: 'truthy' },
  dashboardConfiguration: { confKey: 'dashboard_configuration_color', onWhen: 'truthy' },
  parcelCounting: { confKey: 'Inbound_Parcel_Counting', onWhen: 'truthy' },
  /** Arrival scans every box (MTB) and checks it before counting: the MT arriving menu says Arriving & Pre-QC (spec §2, §7). */
  scanMtb: { confKey: 'is_scan_mtb', onWhen: 'truthy' },
  fullStockCount: { confKey: 'is_open_full_stock_count', onWhen: 'truthy' },
  storeyNameSetup: { confKey: 'storey_name_setup', onWhen: 'truthy' },
} as const satisfies Record<string, { confKey: string; onWhen: 'truthy' | 'falsy' }>;

export type FeatureFlag = keyof typeof FEATURE_FLAGS;

const isTruthy = (v: string | null | undefined) => v != null && v !== '' && !/^(0|false|off|no|null)$/i.test(v.trim());

export function flagIsOn(flag: FeatureFlag, confValue: string | null | undefined): boolean {
  const on = isTruthy(confValue);
  return FEATURE_FLAGS[flag].onWhen === 'truthy' ? on : !on;
}
