import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import type { RouteDecl } from './types';

/** Query (spec §2). */
export const QUERY_ROUTES: readonly RouteDecl[] = [
  group('/query', msg`Query`, '/query/upcuidsku-id'),
  page('/query/upcuidsku-id', msg`UPC/UID/SKU ID Query`),
  list('/query/locationDeviceValidationTask', msg`Location Device Validation`),
  page('/query/locationDeviceValidationTask/detail/$id', msg`Location Device Validation Detail`),
];
