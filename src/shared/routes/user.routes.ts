import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import { derivePerm } from './derive';
import type { RouteDecl } from './types';

/** User (spec §2). */
export const USER_ROUTES: readonly RouteDecl[] = [
  group('/user', msg`Users`, '/user/list'),
  list('/user/list', msg`User List`),
  list('/user/warehouselist', msg`Warehouse List`),
  list('/user/warehouselist/users/$whsId', msg`Warehouse Users`, { perm: derivePerm('/user/warehouselist') }),
  page('/user/warehouselist/users/$whsId/$userId', msg`User Detail`, { perm: derivePerm('/user/warehouselist') }),
  list('/user/warehouselist/roles/$whsId', msg`Warehouse Roles`, { perm: derivePerm('/user/warehouselist') }),
  page('/user/permissiontree', msg`Permission Tree`),
  page('/user/keyrelationship', msg`Key Relationship`),
];
