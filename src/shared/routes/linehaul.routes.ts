import { msg } from '@lingui/core/macro';
import { group, list } from './builders';
import type { RouteDecl } from './types';

/** Line Haul: a remote module, always allowed (spec §2 Access). */
export const LINEHAUL_ROUTES: readonly RouteDecl[] = [
  group('/linehaul', msg`Line Haul`, '/linehaul/hubLinehaulTrips'),
  list('/linehaul/hubLinehaulTrips', msg`Line Haul Trips`),
];
