import { msg } from '@lingui/core/macro';
import { group, page } from './builders';
import type { RouteDecl } from './types';

/** Control Management (spec §2). */
export const CONTROL_MANAGEMENT_ROUTES: readonly RouteDecl[] = [
  group('/controlmanagement', msg`Control Management`, '/controlmanagement/postPackMachine'),
  page('/controlmanagement/postPackMachine', msg`Post-pack Machine`),
  page('/controlmanagement/autoShip', msg`Auto Ship`),
];
