import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import type { RouteDecl } from './types';

/** Device Management (spec §2). */
export const DEVICE_MANAGEMENT_ROUTES: readonly RouteDecl[] = [
  group('/devicemanagement', msg`Device Management`, '/devicemanagement/device'),
  list('/devicemanagement/device', msg`Device List`),
  page('/devicemanagement/device/create', msg`Create Device`),
  page('/devicemanagement/device/detail/$id', msg`Device Detail`),
  page('/devicemanagement/device/edit/$id', msg`Edit Device`),
  list('/devicemanagement/deviceTransfer', msg`Device Transfer`),
  page('/devicemanagement/deviceTransfer/detail', msg`Device Transfer Detail`),
  page('/devicemanagement/deviceTransfer/deviceMap', msg`Device Map`, { menu: false }),
  list('/devicemanagement/deviceTemplate', msg`Device Template`),
  page('/devicemanagement/deviceTemplate/view', msg`Device Template Detail`),
  page('/devicemanagement/deviceTemplate/create', msg`Create Device Template`),
  page('/devicemanagement/deviceTemplate/edit', msg`Edit Device Template`),
  list('/devicemanagement/deviceHistory', msg`Device History`),
  list('/devicemanagement/deviceUsing', msg`Device Usage`),
  page('/devicemanagement/deviceUsing/detail', msg`Device Usage Detail`),
];
