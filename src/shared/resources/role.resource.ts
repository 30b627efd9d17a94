import { defineResource } from './define';

/** Longest role name. */
export const ROLE_NAME_MAX = 64;

/**
 * The roles of a warehouse with how many permissions they grant and how many users hold them
 * (/wmsconfig/rolelist, /user/warehouselist/roles/$whsId); view `role_rows`.
 */
export const roleResource = defineResource({
  name: 'role',
  key: 'role_id',
  warehouseScoped: true,
  fields: {
    role_id: { kind: 'int', label: /*i18n*/ 'Role ID', readOnly: true, sortable: true },
    role_name: { kind: 'text', label: /*i18n*/ 'Role Name', required: true, max: ROLE_NAME_MAX, sortable: true, filter: { op: 'contains', type: 'input' } },
    all_permissions: { kind: 'bool', label: /*i18n*/ 'All Permissions', readOnly: true },
    permission_count: { kind: 'int', label: /*i18n*/ 'Permissions', readOnly: true, sortable: true },
    user_count: { kind: 'int', label: /*i18n*/ 'Users', readOnly: true, sortable: true },
  },
  defaultSort: { field: 'role_id', desc: false },
});
