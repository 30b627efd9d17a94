import { derivePerm } from '../routes/derive';
import { defineResource, type FieldDef } from './define';

/** Longest role name. */
export const ROLE_NAME_MAX = 64;

/**
 * A role of a warehouse with how many permissions it grants (an all-permission role: every one)
 * and how many users hold it. Its form item is the name (Create Role, the rename on Role Detail);
 * the permissions are granted on Role Detail's tree.
 */
const ROLE_FIELDS = {
  role_id: { kind: 'int', label: /*i18n*/ 'Role ID', readOnly: true, sortable: true },
  role_name: { kind: 'text', label: /*i18n*/ 'Role Name', required: true, max: ROLE_NAME_MAX, sortable: true, filter: { op: 'contains', type: 'input' } },
  all_permissions: { kind: 'bool', label: /*i18n*/ 'All Permissions', readOnly: true },
  permission_count: { kind: 'int', label: /*i18n*/ 'Permissions', readOnly: true, sortable: true },
  user_count: { kind: 'int', label: /*i18n*/ 'Users', readOnly: true, sortable: true },
} as const satisfies Record<string, FieldDef>;

/** The roles of the session's warehouse (/wmsconfig/rolelist); read model `warehouse_roles`. */
export const roleResource = defineResource({
  name: 'role',
  query: 'warehouse_roles',
  api: { list: { path: '/apps/config/role/search_role' } },
  pages: { list: '/wmsconfig/rolelist' },
  ownScreens: ['list'],
  key: 'role_id',
  warehouseScoped: true,
  fields: ROLE_FIELDS,
  defaultSort: { field: 'role_id', desc: false },
});

/**
 * The roles of one warehouse, the caller's or another they may see (/user/warehouselist/roles/$whsId):
 * the path's warehouse is the `whs_id` filter, the session's when absent; a warehouse not theirs is -100403.
 */
export const warehouseRoleResource = defineResource({
  name: 'warehouse_role',
  query: 'warehouse_roles_of',
  api: { list: { path: '/apps/system/user_admin/search_warehouse_role', perm: derivePerm('/user/warehouselist') } },
  key: 'role_id',
  warehouseScoped: false,
  fields: {
    whs_id: { kind: 'text', label: /*i18n*/ 'Warehouse ID', max: 32, hideInList: true, filter: { op: 'eq', type: 'input', hide: true } },
    ...ROLE_FIELDS,
  },
  defaultSort: { field: 'role_id', desc: false },
});
