import { z } from 'zod';
import { endpoint } from './define';
import { rowId } from './values';
import { rowSchema } from '../resources/schemas';
import { accessStatusLogResource, userResource } from '../resources/user.resource';
import { derivePerm } from '../routes/derive';

/**
 * The global user pages (/user/…): every account and every warehouse for super admins; for
 * others, the warehouses where they hold the page's permission and the accounts of those. The
 * lists (search_user, search_user_warehouse, search_warehouse_user, search_warehouse_role) are
 * their resources' derived entries (shared/resources/user.resource.ts, role.resource.ts).
 */
const WAREHOUSE_LIST = derivePerm('/user/warehouselist');
const BASE = '/apps/system/user_admin';

export const userAdminContract = {
  getWarehouseUserDetail: endpoint({
    method: 'GET', path: `${BASE}/get_warehouse_user_detail`, access: { perm: WAREHOUSE_LIST },
    summary: 'One member of a warehouse where you hold this permission (any, for a super admin; -100403 otherwise), with their latest access status changes there.',
    input: z.object({ whs_id: z.string().trim().min(1).max(32), user_id: rowId() }),
    output: z.object({ user: rowSchema(userResource), access_log: z.array(rowSchema(accessStatusLogResource)) }),
  }),
} as const;
