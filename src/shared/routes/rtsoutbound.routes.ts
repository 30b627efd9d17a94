import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import { derivePerm } from './derive';
import type { RouteDecl } from './types';

/** RTS Outbound: the order forms sit beside the list, so they name the list's permissions. */
export const RTS_OUTBOUND_ROUTES: readonly RouteDecl[] = [
  group('/rtsoutbound', msg`RTS Outbound`, '/rtsoutbound/order'),
  list('/rtsoutbound/order', msg`RTS Order`),
  page('/rtsoutbound/create', msg`Create RTS Order`, { perm: derivePerm('/rtsoutbound/order/create'), parent: '/rtsoutbound/order' }),
  page('/rtsoutbound/edit/$orderNo', msg`Edit RTS Order`, { perm: derivePerm('/rtsoutbound/order/edit'), parent: '/rtsoutbound/order' }),
  page('/rtsoutbound/detail/$id', msg`RTS Order Detail`, { perm: derivePerm('/rtsoutbound/order'), parent: '/rtsoutbound/order' }),
  page('/rtsoutbound/allocate/$orderNo', msg`Allocate RTS Order`, { perm: derivePerm('/rtsoutbound/order/allocate'), parent: '/rtsoutbound/order' }),
  page('/rtsoutbound/approve/$orderNo', msg`Approve RTS Order`, { perm: derivePerm('/rtsoutbound/order/approve'), parent: '/rtsoutbound/order' }),
  list('/rtsoutbound/task/picking', msg`Picking Task`),
  page('/rtsoutbound/task/picking/detail/$task_number/$order_no', msg`Picking Task Detail`, {
    perm: derivePerm('/rtsoutbound/task/picking'), parent: '/rtsoutbound/task/picking',
  }),
  page('/rtsoutbound/picking/{-$id}', msg`Picking`, { actions: { Action: msg`Pick RTS orders` } }),
  page('/rtsoutbound/shipping', msg`Shipping`),
  page('/rtsoutbound/shipping/create/$taskNumber', msg`Create Shipping`, { parent: '/rtsoutbound/shipping' }),
];
