import { z } from 'zod';
import { endpoint } from './define';
import { rowId } from './values';
import { listInputSchema, rowSchema } from '../resources/schemas';
import { userGlobalResource, userResource, warehouseUsersResource } from '../resources/user.resource';
import { roleResource } from '../resources/role.resource';
import { derivePerm } from '../routes/derive';
import { accessStatusLogRow, resourceList, resourcePageOf } from './userlist.contract';

/**
 * The global user pages (/user/…): every account and every warehouse for super admins; for
 * others holding the page permissions, the accounts and warehouses of their own warehouses.
 */
const USER_LIST = derivePerm('/user/list');
const WAREHOUSE_LIST = derivePerm('/user/warehouselist');
const BASE = '/apps/system/user_admin';
const whsId = z.string().trim().min(1).max(32);
/** The warehouse a list is of; the session's when absent. */
const listWhsId = whsId.optional();

export const userAdminContract = {
  searchAllUsers: resourceList(userGlobalResource, `${BASE}/search_user`, USER_LIST, 'Every account with its kind, status and warehouse count (for non-super admins: accounts sharing a warehouse with them).'),
  searchUserWarehouse: resourceList(warehouseUsersResource, `${BASE}/search_warehouse`, WAREHOUSE_LIST, 'Warehouses with their user and role counts (for non-super admins: their own warehouses).'),
  searchWarehouseUser: endpoint({
    method: 'GET', path: `${BASE}/search_warehouse_user`, access: { perm: WAREHOUSE_LIST },
    summary: 'The members of one warehouse (yours, unless super admin) with their role, filtered and sorted as the user list.',
    input: listInputSchema(userResource).extend({ whs_id: listWhsId }),
    output: resourcePageOf(userResource),
  }),
  searchWarehouseRole: endpoint({
    method: 'GET', path: `${BASE}/search_warehouse_role`, access: { perm: WAREHOUSE_LIST },
    summary: 'The roles of one warehouse (yours, unless super admin) with their permission and user counts.',
    input: listInputSchema(roleResource).extend({ whs_id: listWhsId }),
    output: resourcePageOf(roleResource),
  }),
  getWarehouseUserDetail: endpoint({
    method: 'GET', path: `${BASE}/get_warehouse_user_detail`, access: { perm: WAREHOUSE_LIST },
    summary: 'One member of a warehouse (yours, unless super admin), with their latest access status changes there.',
    input: z.object({ whs_id: whsId, user_id: rowId() }),
    output: z.object({ user: rowSchema(userResource), access_log: z.array(accessStatusLogRow) }),
  }),
} as const;
