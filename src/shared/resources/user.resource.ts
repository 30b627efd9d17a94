import { STAFF_EMPLOYMENT, STAFF_STATUS, USER_KIND, codeEnum } from '../codes';
import { defineResource } from './define';

export const USER_KIND_FIELD = {
  kind: 'enum', label: /*i18n*/ 'User Kind', ...codeEnum(USER_KIND),
  filter: { op: 'eq', type: 'select' },
} as const;

export const STAFF_STATUS_FIELD = {
  // Only ACTIVE accounts may sign in.
  kind: 'enum', label: /*i18n*/ 'Status', status: true, ...codeEnum(STAFF_STATUS),
  filter: { op: 'eq', type: 'select' },
} as const;

export const EMPLOYMENT_TYPE_FIELD = {
  kind: 'enum', label: /*i18n*/ 'Employment Type', hideInList: true, ...codeEnum(STAFF_EMPLOYMENT),
} as const;

/**
 * The users of a warehouse with the role they hold there (/wmsconfig/userlist, /wmsconfig/userrole,
 * /user/warehouselist/users/$whsId): one row per membership, read from the `user_admin_rows` view.
 */
export const userResource = defineResource({
  name: 'user',
  key: 'user_id',
  warehouseScoped: true,
  fields: {
    user_id: { kind: 'int', label: /*i18n*/ 'User ID', readOnly: true, sortable: true },
    email: { kind: 'text', label: /*i18n*/ 'Email', max: 254, sortable: true, filter: { op: 'contains', type: 'input' } },
    display_name: { kind: 'text', label: /*i18n*/ 'Name', max: 120, sortable: true, filter: { op: 'contains', type: 'input' } },
    local_name: { kind: 'text', label: /*i18n*/ 'Local Name', max: 120 },
    role_id: { kind: 'int', label: /*i18n*/ 'Role ID', hideInList: true, filter: { op: 'eq', type: 'number', hide: true } },
    role_name: { kind: 'text', label: /*i18n*/ 'Role', max: 120, sortable: true, filter: { op: 'contains', type: 'input' } },
    user_kind: USER_KIND_FIELD,
    status: STAFF_STATUS_FIELD,
    is_active: { kind: 'bool', label: /*i18n*/ 'Can Sign In' },
    employment_type: EMPLOYMENT_TYPE_FIELD,
    department_id: { kind: 'int', label: /*i18n*/ 'Department ID', hideInList: true },
    department_name: { kind: 'text', label: /*i18n*/ 'Department', max: 120, filter: { op: 'contains', type: 'input' } },
    is_super_admin: { kind: 'bool', label: /*i18n*/ 'Super Admin', hideInList: true },
    is_tob_synced: { kind: 'bool', label: /*i18n*/ 'Synced to ToB', hideInList: true },
  },
  defaultSort: { field: 'user_id', desc: false },
});

/** Every account (/user/list), with how many warehouses it belongs to; view `user_global_rows`. */
export const userGlobalResource = defineResource({
  name: 'user_global',
  key: 'user_id',
  warehouseScoped: false,
  fields: {
    user_id: { kind: 'int', label: /*i18n*/ 'User ID', readOnly: true, sortable: true },
    email: { kind: 'text', label: /*i18n*/ 'Email', max: 254, sortable: true, filter: { op: 'contains', type: 'input' } },
    display_name: { kind: 'text', label: /*i18n*/ 'Name', max: 120, sortable: true, filter: { op: 'contains', type: 'input' } },
    local_name: { kind: 'text', label: /*i18n*/ 'Local Name', max: 120 },
    user_kind: USER_KIND_FIELD,
    status: STAFF_STATUS_FIELD,
    is_active: { kind: 'bool', label: /*i18n*/ 'Can Sign In' },
    is_super_admin: { kind: 'bool', label: /*i18n*/ 'Super Admin' },
    warehouse_count: { kind: 'int', label: /*i18n*/ 'Warehouses', sortable: true },
  },
  defaultSort: { field: 'user_id', desc: false },
});

/** Warehouses with how many users and roles each has (/user/warehouselist); view `warehouse_user_rows`. */
export const warehouseUsersResource = defineResource({
  name: 'warehouse_users',
  key: 'whs_id',
  warehouseScoped: false,
  fields: {
    whs_id: { kind: 'text', label: /*i18n*/ 'Warehouse ID', max: 32, sortable: true, filter: { op: 'prefix', type: 'input' } },
    whs_name: { kind: 'text', label: /*i18n*/ 'Warehouse Name', max: 120, sortable: true, filter: { op: 'contains', type: 'input' } },
    user_count: { kind: 'int', label: /*i18n*/ 'Users', sortable: true },
    role_count: { kind: 'int', label: /*i18n*/ 'Roles' },
  },
  defaultSort: { field: 'whs_id', desc: false },
});
