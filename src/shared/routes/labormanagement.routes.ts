import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import type { RouteDecl } from './types';

/** Labor Management: both route sets (labor_switch_old picks one; its screens say which). */
export const LABOR_MANAGEMENT_ROUTES: readonly RouteDecl[] = [
  group('/labormanagement', msg`Labor Management`, '/labormanagement/organizationstructure'),
  page('/labormanagement/organizationstructure', msg`Organization Structure`),
  list('/labormanagement/managestaff', msg`Manage Staff`),
  page('/labormanagement/managestaff/$staffNo/view', msg`Staff Detail`),
  group('/labormanagement/recording', msg`Recording`, '/labormanagement/recording/attendance'),
  list('/labormanagement/recording/attendance', msg`Attendance Recording`),
  list('/labormanagement/recording/activity', msg`Activity Recording`),
  list('/labormanagement/actList', msg`Activity List`),
  list('/labormanagement/scanLog', msg`Scan Log`),
];
