import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import type { RouteDecl } from './types';

/** CCTV: a remote module, always allowed (spec §2 Access). */
export const CCTV_ROUTES: readonly RouteDecl[] = [
  group('/cctv-management', msg`CCTV`, '/cctv-management/video'),
  page('/cctv-management/video', msg`Video`),
  page('/cctv-management/photo', msg`Photo`),
  list('/cctv-management/device', msg`CCTV Device`),
];
