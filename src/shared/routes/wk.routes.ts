import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import type { RouteDecl } from './types';

/** Workforce (spec §2). */
export const WORKFORCE_ROUTES: readonly RouteDecl[] = [
  group('/wk', msg`Workforce`, '/wk/rosterPlanning'),
  group('/wk/rosterPlanning', msg`Roster Planning`, '/wk/rosterPlanning/timeSlots'),
  page('/wk/rosterPlanning/timeSlots', msg`Time Slots`),
  page('/wk/rosterPlanning/shifts', msg`Shifts`),
  page('/wk/rosterPlanning/events', msg`Events`),
  group('/wk/attendanceManagement', msg`Attendance Management`, '/wk/attendanceManagement/taking'),
  page('/wk/attendanceManagement/taking', msg`Attendance Taking`),
  list('/wk/attendanceManagement/activityAttendance', msg`Activity Attendance`),
  list('/wk/attendanceManagement/records', msg`Attendance Records`),
  list('/wk/attendanceManagement/logs', msg`Attendance Logs`),
  group('/wk/activityManagement', msg`Activity Management`, '/wk/activityManagement/activityType'),
  list('/wk/activityManagement/activityType', msg`Activity Type`),
];
