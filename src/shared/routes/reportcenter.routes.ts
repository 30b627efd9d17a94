import { msg } from '@lingui/core/macro';
import { group, list } from './builders';
import type { RouteDecl } from './types';

/** Report Center (spec §2). */
export const REPORT_CENTER_ROUTES: readonly RouteDecl[] = [
  group('/reportcenter', msg`Report Center`, '/reportcenter/reportcenter'),
  list('/reportcenter/reportcenter', msg`Reports`),
  list('/reportcenter/asnreport', msg`ASN Report`),
  list('/reportcenter/asnskureport', msg`ASN SKU Report`),
  list('/reportcenter/destination', msg`Destination Report`),
];
