import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import { derivePerm } from './derive';
import { MT_PACKING_VIEW } from '../contract/mt-shipping.contract';
import type { RouteDecl } from './types';

/** MT Outbound (spec §2). */
export const MT_OUTBOUND_ROUTES: readonly RouteDecl[] = [
  group('/mtoutbound', msg`MT Outbound`, '/mtoutbound/order'),
  list('/mtoutbound/order', msg`MT Order`),
  page('/mtoutbound/order/create', msg`Create MT Order`),
  page('/mtoutbound/order/edit/$orderNo', msg`Edit MT Order`),
  page('/mtoutbound/order/allocate/$orderNo', msg`Allocate MT Order`),
  page('/mtoutbound/order/approve/$orderNo', msg`Approve MT Order`),
  page('/mtoutbound/order/detail', msg`MT Order Detail`, { perm: derivePerm('/mtoutbound/order'), parent: '/mtoutbound/order' }),
  group('/mtoutbound/task', msg`Tasks`, '/mtoutbound/task/picking'),
  list('/mtoutbound/task/picking', msg`Picking Task`),
  list('/mtoutbound/task/checking', msg`Checking Task`),
  list('/mtoutbound/task/packing', msg`Packing Task`),
  list('/mtoutbound/task/shipping', msg`Shipping Task`),
  page('/mtoutbound/pickingTaskDetail', msg`Picking Task Detail`, {
    perm: derivePerm('/mtoutbound/task/picking'),
    parent: '/mtoutbound/task/picking',
  }),
  page('/mtoutbound/checkingTaskDetail', msg`Checking Task Detail`, {
    perm: derivePerm('/mtoutbound/task/checking'),
    parent: '/mtoutbound/task/checking',
  }),
  page('/mtoutbound/packing/detail/$packingId', msg`Packing Task Detail`, {
    perm: derivePerm('/mtoutbound/task/packing'),
    parent: '/mtoutbound/task/packing',
  }),
  page('/mtoutbound/picking/{-$pickup_id}', msg`Picking`, { actions: { Action: msg`Pick MT orders` } }),
  page('/mtoutbound/checking/{-$picking_id}', msg`Checking`, { actions: { Action: msg`Check MT orders` } }),
  // The packing operation itself (it edits a packing record), so it stays in the menu.
  page('/mtoutbound/packing/edit/{-$packingId}/{-$palletId}', msg`Packing`, {
    menu: true, perm: MT_PACKING_VIEW, actions: { Action: msg`Pack MT orders onto boxes and pallets` },
  }),
  // Its Action ships by pallet and by box (the same ops).
  page('/mtoutbound/shipping/{-$shippingId}', msg`Shipping by Pallet`, { actions: { Action: msg`Ship MT pallets and boxes` } }),
  page('/mtoutbound/shipping/detail/$shippingId', msg`Shipping Detail`),
  page('/mtoutbound/shippingbybox/{-$shippingId}', msg`Shipping by Box`),
];
