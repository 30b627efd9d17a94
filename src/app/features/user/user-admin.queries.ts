import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { roleResource, warehouseRoleResource } from '../../../shared/resources/role.resource';
import {
  accessStatusLogResource, userGlobalResource, userResource, userRoleResource, warehouseMemberResource, warehouseUsersResource,
} from '../../../shared/resources/user.resource';
import { callApi } from '../../kit/api';

/** Query options of the user and role administration screens. */
export const userAdminQueries = {
  roleConfiguration: () => queryOptions({
    queryKey: ['userAdmin', 'roleConfiguration'],
    queryFn: ({ signal }) => callApi(contract.getRoleConfiguration, {}, { signal }).then((d) => d.list),
  }),
  /** The roles the signed-in user may give on the User Role page (their own permission allows reading them). */
  assignableRoles: () => queryOptions({
    queryKey: ['userAdmin', 'assignableRoles'],
    queryFn: ({ signal }) => callApi(contract.getAssignableRoles, {}, { signal }).then((d) => d.list),
  }),
  bpoRoles: () => queryOptions({
    queryKey: ['userAdmin', 'bpoRoles'],
    queryFn: ({ signal }) => callApi(contract.getBpoRoleList, {}, { signal }).then((d) => d.list),
  }),
  departments: () => queryOptions({
    queryKey: ['userAdmin', 'departments'],
    queryFn: ({ signal }) => callApi(contract.getWfmDepartmentList, {}, { signal }).then((d) => d.list),
  }),
  roleDetail: (roleId: number) => queryOptions({
    queryKey: ['userAdmin', 'role', roleId],
    queryFn: ({ signal }) => callApi(contract.getRoleDetail, { role_id: roleId }, { signal }),
  }),
  /** A user's access status changes in this warehouse, newest first (the list's default order). */
  accessLog: (userId: number, pageNo: number) => queryOptions({
    queryKey: ['userAdmin', 'accessLog', userId, pageNo],
    queryFn: ({ signal }) => callApi(contract.searchAccessStatusLog, { user_id: userId, page_no: pageNo, page_size: 20 }, { signal }),
  }),
};

/** Every list a user or role change shows in (user.resource.ts, role.resource.ts). */
const USER_ADMIN_LISTS = [userResource, userRoleResource, warehouseMemberResource, userGlobalResource, warehouseUsersResource, accessStatusLogResource, roleResource, warehouseRoleResource];

/** After a change: the user and role lists and everything above reload. */
export function refreshUserAdmin(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['userAdmin'] });
  for (const list of USER_ADMIN_LISTS) void queryClient.invalidateQueries({ queryKey: ['resource', list.name] });
}
