import { defineResource } from './define';

/** Where an account comes from (spec §1 user kinds). */
export const USER_KIND = { OWN: 1, BPO: 2, SYNCED: 3 } as const;
/** Staff status (spec §3); only ACTIVE accounts may sign in. */
export const STAFF_STATUS = { ACTIVE: 1, TERMINATED: 2, LEAVE_OF_ABSENCE: 3 } as const;
/** Employment type (spec §3). */
export const EMPLOYMENT_TYPE = { PERMANENT: 1, TEMPORARY: 2, CONTRACT: 3 } as const;

export const USER_KIND_FIELD = {
  kind: 'enum', label: /*i18n*/ 'User Kind', values: [USER_KIND.OWN, USER_KIND.BPO, USER_KIND.SYNCED],
  valueLabels: { [USER_KIND.OWN]: /*i18n*/ 'Own', [USER_KIND.BPO]: /*i18n*/ 'BPO', [USER_KIND.SYNCED]: /*i18n*/ 'Synced' },
  filter: { op: 'eq', type: 'select' },
} as const;

export const STAFF_STATUS_FIELD = {
  kind: 'enum', label: /*i18n*/ 'Status', status: true,
  values: [STAFF_STATUS.ACTIVE, STAFF_STATUS.TERMINATED, STAFF_STATUS.LEAVE_OF_ABSENCE],
  valueLabels: {
    [STAFF_STATUS.ACTIVE]: /*i18n*/ 'Active', [STAFF_STATUS.TERMINATED]: /*i18n*/ 'Terminated', [STAFF_STATUS.LEAVE_OF_ABSENCE]: /*i18n*/ 'Leave of absence',
  },
  filter: { op: 'eq', type: 'select' },
} as const;

export const EMPLOYMENT_TYPE_FIELD = {
  kind: 'enum', label: /*i18n*/ 'Employment Type', hideInList: true,
  values: [EMPLOYMENT_TYPE.PERMANENT, EMPLOYMENT_TYPE.TEMPORARY, EMPLOYMENT_TYPE.CONTRACT],
  valueLabels: { [EMPLOYMENT_TYPE.PERMANENT]: /*i18n*/ 'Permanent', [EMPLOYMENT_TYPE.TEMPORARY]: /*i18n*/ 'Temporary', [EMPLOYMENT_TYPE.CONTRACT]: /*i18n*/ 'Contract' },
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
    department_name: { kind: 'text', label: /*i18n*/ 'Department', max: 120 },
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
