import { EXPORT_REPORT_TYPE, STAFF_EMPLOYMENT, STAFF_STATUS, USER_KIND, codeEnum } from '../codes';
import { derivePerm } from '../routes/derive';
import { defineResource, type FieldDef } from './define';

/**
 * The user administration lists (spec §2 System Config userlist/userrole, /user pages; §7 "User
 * list"): read models the server builds per request (server/modules/user/user.reads.ts), so
 * they are listed, filtered, sorted and exported like every resource. Changes go through the
 * user list's own calls (edit_user, create_bpo_user…), whose forms are these fields' items.
 */

const USERLIST = '/apps/config/userlist';
const USER_ADMIN = '/apps/system/user_admin';
/** The /user/warehouselist/… pages read with the warehouse list's permission (their path's warehouse is checked too). */
const WAREHOUSE_LIST_PERM = derivePerm('/user/warehouselist');

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

/** Longest reason of a status change (access status log). */
export const STATUS_REASON_MAX = 500;

/**
 * The Edit User form's item beyond the row: why the status changes, required (on the form and by
 * edit_user) once it does, and recorded in the access status log.
 */
export const STATUS_REASON_FIELDS = {
  reason: { kind: 'text', label: /*i18n*/ 'Reason', required: true, max: STATUS_REASON_MAX, form: { type: 'textarea', whenChanged: 'status' } },
} as const satisfies Record<string, FieldDef>;

/**
 * A member of a warehouse with the role they hold there: one row per membership. The form items:
 * Create BPO User (email, names, role, employment, department) and Edit User (the same but the
 * email, plus status and its reason); role and department are selects of the warehouse's, by id.
 */
const MEMBER_FIELDS = {
  user_id: { kind: 'int', label: /*i18n*/ 'User ID', readOnly: true, sortable: true, form: { hideIn: ['edit'] } },
  email: { kind: 'text', label: /*i18n*/ 'Email', required: true, immutable: true, max: 254, sortable: true, filter: { op: 'contains', type: 'input' } },
  display_name: { kind: 'text', label: /*i18n*/ 'Name', required: true, max: 120, sortable: true, filter: { op: 'contains', type: 'input' } },
  local_name: { kind: 'text', label: /*i18n*/ 'Local Name', max: 120, filter: { op: 'contains', type: 'input' } },
  role_id: {
    kind: 'int', label: /*i18n*/ 'Role ID', required: true, hideInList: true, filter: { op: 'eq', type: 'number', hide: true },
    form: { type: 'select', label: /*i18n*/ 'Role', hideIn: ['detail'] },
  },
  role_name: { kind: 'text', label: /*i18n*/ 'Role', readOnly: true, max: 120, sortable: true, filter: { op: 'contains', type: 'input' }, form: { hideIn: ['edit'] } },
  user_kind: { ...USER_KIND_FIELD, readOnly: true, form: { hideIn: ['edit'] } },
  // New accounts are active: the status is an Edit item.
  status: { ...STAFF_STATUS_FIELD, required: true, form: { hideIn: ['create'] } },
  is_active: { kind: 'bool', label: /*i18n*/ 'Can Sign In', readOnly: true, form: { hideIn: ['edit'] } },
  // Outsourced (BPO) staff, the accounts this form creates, are contractors unless told.
  employment_type: { ...EMPLOYMENT_TYPE_FIELD, required: true, form: { defaultValue: STAFF_EMPLOYMENT.values.CONTRACT } },
  department_id: { kind: 'int', label: /*i18n*/ 'Department ID', hideInList: true, form: { type: 'select', label: /*i18n*/ 'Department', hideIn: ['detail'] } },
  department_name: { kind: 'text', label: /*i18n*/ 'Department', readOnly: true, max: 120, filter: { op: 'contains', type: 'input' }, form: { hideIn: ['edit'] } },
  is_super_admin: { kind: 'bool', label: /*i18n*/ 'Super Admin', readOnly: true, hideInList: true, form: { hideIn: ['edit'] } },
  is_tob_synced: { kind: 'bool', label: /*i18n*/ 'Synced to ToB', readOnly: true, hideInList: true, form: { hideIn: ['edit'] } },
} as const satisfies Record<string, FieldDef>;

/**
 * The members of the session's warehouse (/wmsconfig/userlist): its staff, with their status and
 * employment, so its export is the spec's staff list (Labor Management's Manage Staff is not built).
 */
export const userResource = defineResource({
  name: 'user',
  query: 'warehouse_members',
  reportType: EXPORT_REPORT_TYPE.values.STAFF_LIST,
  api: { list: { path: `${USERLIST}/get_user_list` } },
  pages: { list: '/wmsconfig/userlist' },
  ownScreens: ['list'],
  key: 'user_id',
  warehouseScoped: true,
  fields: MEMBER_FIELDS,
  defaultSort: { field: 'user_id', desc: false },
});

/** The same members on the User Role page (/wmsconfig/userrole), read with that page's permission. */
export const userRoleResource = defineResource({
  name: 'user_role',
  query: 'warehouse_members',
  api: { list: { path: '/apps/config/userrole/search_user_role' } },
  pages: { list: '/wmsconfig/userrole' },
  ownScreens: ['list'],
  key: 'user_id',
  warehouseScoped: true,
  fields: MEMBER_FIELDS,
  defaultSort: { field: 'user_id', desc: false },
});

/**
 * The members of one warehouse, the caller's or another they may see (/user/warehouselist/users/$whsId):
 * the path's warehouse is the `whs_id` filter, the session's when absent; a warehouse not theirs is -100403.
 */
export const warehouseMemberResource = defineResource({
  name: 'warehouse_user',
  query: 'warehouse_members_of',
  api: { list: { path: `${USER_ADMIN}/search_warehouse_user`, perm: WAREHOUSE_LIST_PERM } },
  key: 'user_id',
  warehouseScoped: false,
  fields: {
    whs_id: { kind: 'text', label: /*i18n*/ 'Warehouse ID', max: 32, hideInList: true, filter: { op: 'eq', type: 'input', hide: true } },
    ...MEMBER_FIELDS,
  },
  defaultSort: { field: 'user_id', desc: false },
});

/** Every account (/user/list), with how many warehouses it belongs to; for non-super admins those sharing a warehouse with them. */
export const userGlobalResource = defineResource({
  name: 'user_global',
  query: 'accounts',
  api: { list: { path: `${USER_ADMIN}/search_user` } },
  pages: { list: '/user/list' },
  ownScreens: ['list'],
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

/** Warehouses with how many users and roles each has (/user/warehouselist); for non-super admins their own. */
export const warehouseUsersResource = defineResource({
  name: 'warehouse_users',
  query: 'warehouse_counts',
  // Not search_warehouse: the contract names entries by the path's last segment, and the warehouse list has that one.
  api: { list: { path: `${USER_ADMIN}/search_user_warehouse` } },
  pages: { list: '/user/warehouselist' },
  ownScreens: ['list'],
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

/**
 * Access status changes made in the session's warehouse (spec §6 access-status logs), newest
 * first; `user_id` narrows them to one user (the User List's Access Log).
 */
export const accessStatusLogResource = defineResource({
  name: 'access_status_log',
  query: 'access_status_logs',
  api: { list: { path: `${USERLIST}/search_access_status_log`, perm: derivePerm('/wmsconfig/userlist') } },
  key: 'log_id',
  warehouseScoped: true,
  fields: {
    log_id: { kind: 'int', label: /*i18n*/ 'Log ID', readOnly: true, sortable: true, hideInList: true },
    user_id: { kind: 'int', label: /*i18n*/ 'User ID', filter: { op: 'eq', type: 'number', hide: true } },
    email: { kind: 'text', label: /*i18n*/ 'Email', max: 254 },
    from_status: { kind: 'enum', label: /*i18n*/ 'From', status: true, ...codeEnum(STAFF_STATUS) },
    to_status: { ...STAFF_STATUS_FIELD, label: /*i18n*/ 'To' },
    is_active: { kind: 'bool', label: /*i18n*/ 'Can Sign In' },
    operator_email: { kind: 'text', label: /*i18n*/ 'Operator', max: 254 },
    reason: { kind: 'text', label: /*i18n*/ 'Reason', max: STATUS_REASON_MAX },
    created_at: { kind: 'time', label: /*i18n*/ 'Time' },
  },
  defaultSort: { field: 'log_id', desc: true },
});
