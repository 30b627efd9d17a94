import { userAdminContract } from '../../../shared/contract/user-admin.contract';
import { accessStatusLogResource } from '../../../shared/resources/user.resource';
import { listPage } from '../../http/list-query';
import type { Handlers } from '../../http/register';
import { assertHoldsIn, permissionOf } from '../../common/access';
import { memberRow } from './user-admin';
import { USER_READS } from './user.reads';

type UserAdminHandlers = Handlers<typeof userAdminContract>;
/** Latest access status changes shown with a user's detail. */
const DETAIL_LOG_ROWS = 20;
const DETAIL_PERM = permissionOf(userAdminContract.getWarehouseUserDetail);

/** The /user lists are their resources' derived entries (server/modules/resources.ts); what is left is a member's detail. */
export const userAdminHandlers: UserAdminHandlers = {
  async getWarehouseUserDetail(input, ctx) {
    await assertHoldsIn(ctx.db, ctx.session, input.whs_id, DETAIL_PERM);
    const user = await memberRow(ctx.db, input.whs_id, input.user_id);
    const log = await listPage(ctx.db, accessStatusLogResource, USER_READS.access_status_logs!, { page_no: 1, page_size: DETAIL_LOG_ROWS, user_id: input.user_id }, input.whs_id);
    // Codes and yes/no come from checked columns; the contract's output parse confirms them.
    return { user, access_log: log.list } as Awaited<ReturnType<UserAdminHandlers['getWarehouseUserDetail']>>;
  },
};
