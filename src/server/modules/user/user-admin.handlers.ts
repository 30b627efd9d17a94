import { inArray, type SQL } from 'drizzle-orm';
import type { userAdminContract } from '../../../shared/contract/user-admin.contract';
import { userGlobalResource, userResource, warehouseUsersResource } from '../../../shared/resources/user.resource';
import { roleResource } from '../../../shared/resources/role.resource';
import { userWarehouses } from '../../db/schema';
import { listPage, type ListRequest } from '../../http/list-query';
import type { AuthedCtx, Handlers } from '../../http/register';
import { assertWarehouseAccess } from '../system/user-info';
import { roleRows, userAdminRows, userGlobalRows, warehouseUserRows } from './user-views';
import { accessLogPage, actorOf, memberRow, inWarehouses, visibleWarehouses } from './user-admin';

type UserAdminHandlers = Handlers<typeof userAdminContract>;
/** Latest access status changes shown with a user's detail. */
const DETAIL_LOG_ROWS = 20;

/** The warehouse asked for, and the list request without it. */
function splitWarehouse(input: Record<string, unknown>, ctx: AuthedCtx): [string, ListRequest] {
  const { whs_id: whsId, ...rest } = input;
  return [typeof whsId === 'string' ? whsId : ctx.session.whsId, rest as ListRequest];
}

/** Rows visible to the caller: everything for a super admin, else what their warehouses hold. */
async function visibility(ctx: AuthedCtx, toCondition: (whsIds: string[]) => SQL): Promise<SQL[]> {
  const whsIds = await visibleWarehouses(ctx.db, await actorOf(ctx));
  return whsIds === null ? [] : [toCondition(whsIds)];
}

export const userAdminHandlers: UserAdminHandlers = {
  searchAllUsers: (async (input, ctx) => {
    const extra = await visibility(ctx, (whsIds) => inArray(userGlobalRows.userId,
      ctx.db.select({ userId: userWarehouses.userId }).from(userWarehouses).where(inWarehouses(userWarehouses.whsId, whsIds))));
    return listPage(ctx.db, userGlobalResource, userGlobalRows, input as ListRequest, null, { where: extra });
  }) as UserAdminHandlers['searchAllUsers'],

  searchUserWarehouse: (async (input, ctx) => {
    const extra = await visibility(ctx, (whsIds) => inWarehouses(warehouseUserRows.whsId, whsIds));
    return listPage(ctx.db, warehouseUsersResource, warehouseUserRows, input as ListRequest, null, { where: extra });
  }) as UserAdminHandlers['searchUserWarehouse'],

  searchWarehouseUser: (async (input, ctx) => {
    const [whsId, request] = splitWarehouse(input, ctx);
    await assertWarehouseAccess(ctx.db, ctx.session, whsId);
    return listPage(ctx.db, userResource, userAdminRows, request, whsId);
  }) as UserAdminHandlers['searchWarehouseUser'],

  searchWarehouseRole: (async (input, ctx) => {
    const [whsId, request] = splitWarehouse(input, ctx);
    await assertWarehouseAccess(ctx.db, ctx.session, whsId);
    return listPage(ctx.db, roleResource, roleRows, request, whsId);
  }) as UserAdminHandlers['searchWarehouseRole'],

  async getWarehouseUserDetail(input, ctx) {
    await assertWarehouseAccess(ctx.db, ctx.session, input.whs_id);
    const user = await memberRow(ctx.db, input.whs_id, input.user_id);
    const log = await accessLogPage(ctx.db, input.whs_id, input.user_id, 1, DETAIL_LOG_ROWS);
    return { user, access_log: log.list } as Awaited<ReturnType<UserAdminHandlers['getWarehouseUserDetail']>>;
  },
};
