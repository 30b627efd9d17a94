import { msg } from '@lingui/core/macro';
import { group, page } from './builders';
import type { RouteDecl } from './types';

/** Dashboard (not tabs); TV dashboards and the region overview sit under it in the menu. */
export const DASHBOARD_ROUTES: readonly RouteDecl[] = [
  group('/dashboard', msg`Dashboard`, '/dashboard/tasktracking'),
  page('/dashboard/tasktracking', msg`Task Tracking`),
  page('/dashboard/overview', msg`Overview`),
  page('/dashboard/inbound', msg`Inbound`),
  page('/dashboard/outbound', msg`Outbound`),
  page('/dashboard/inboundplanning', msg`Inbound Planning`),
  page('/dashboard/labormanagement', msg`Labor Management`),
  // The staff dashboards open the separate dashboard module (their screens redirect there).
  page('/dashboard/stafftracking', msg`Staff Tracking`),
  page('/dashboard/attendancesummary', msg`Attendance Summary`),
  page('/dashboard/shiftoverview', msg`Shift Overview`),
  page('/dashboard/locationcyclecount', msg`Daily Cycle Count`),
  page('/dashboard/fullstockcount', msg`Full Stock Count`),
  page('/dashboard/configuration', msg`Dashboard Configuration`, { flag: 'dashboardConfiguration' }),
  group('/dashboardTvNew', msg`TV Dashboard`, '/dashboardTvNew/inboundLeadTime', { parent: '/dashboard' }),
  page('/dashboardTvNew/inboundLeadTime', msg`Inbound Lead Time`),
  page('/dashboardTvNew/outboundLeadTime', msg`Outbound Lead Time`),
  page('/dashboardTvNew/inboundInProgress', msg`Inbound in Progress`),
  page('/dashboardTvNew/outboundInProgress', msg`Outbound in Progress`),
  page('/regionOverview/overview', msg`Region Overview`, { perm: 'PC.Dashboard.RegionOverview', parent: '/dashboard' }),
];
