import { STAFF_EMPLOYMENT, STAFF_STATUS, USER_KIND } from '../codes';
import { z } from 'zod';
import { endpoint } from './define';
import { rowId } from './values';
import { rowSchema } from '../resources/schemas';
import { STATUS_REASON_MAX, userResource } from '../resources/user.resource';
import { ROLE_NAME_MAX } from '../resources/role.resource';
import { derivePerm } from '../routes/derive';
import type { ActionPermission } from '../permissions';

/**
 * System Config user administration (spec §7 "User list", §2 userlist/userrole/rolelist/roledetail):
 * every read needs the View permission of its page in the session's warehouse, every change its
 * action permission (USER_ADMIN_ACTIONS); only users and roles of that warehouse are read or changed.
 * The lists (get_user_list, search_user_role, search_role, search_access_status_log) are their
 * resources' derived entries (shared/resources/user.resource.ts, role.resource.ts).
 */
const USERLIST = derivePerm('/wmsconfig/userlist');
const ROLELIST = derivePerm('/wmsconfig/rolelist');

/**
 * What each change needs on top of reading its page: the pages' View permissions only read, so a
 * role can show the user and role lists without letting anyone change them (spec §6 PC.…Edit/Create/Delete style).
 */
export const USER_ADMIN_ACTIONS = {
  editUser: 'PC.Wmsconfig.Userlist.Edit',
  resetUserPassword: 'PC.Wmsconfig.Userlist.ResetPassword',
  createBpoUser: 'PC.Wmsconfig.Userlist.Create',
  syncUserToTob: 'PC.Wmsconfig.Userlist.SyncToB',
  importUsers: 'PC.Wmsconfig.Userlist.Import',
  assignUserRole: 'PC.Wmsconfig.Userrole.Edit',
  createRole: 'PC.Wmsconfig.Rolelist.Create',
  updateRole: 'PC.Wmsconfig.Rolelist.Edit',
  deleteRole: 'PC.Wmsconfig.Rolelist.Delete',
} as const satisfies Record<string, ActionPermission>;

const USERLIST_BASE = '/apps/config/userlist';
const ROLE_BASE = '/apps/config/role';

/** Most answers of a picker search (search_email, fuzzy_search_staff_local_name). */
export const PICKER_LIMIT = 20;

const userId = rowId();
const roleId = rowId();
const staffStatus = z.literal([STAFF_STATUS.values.ACTIVE, STAFF_STATUS.values.TERMINATED, STAFF_STATUS.values.LEAVE_OF_ABSENCE]);
const employmentType = z.literal([STAFF_EMPLOYMENT.values.PERMANENT, STAFF_EMPLOYMENT.values.TEMPORARY, STAFF_EMPLOYMENT.values.CONTRACT]);
const displayName = z.string().trim().min(1).max(120);
const localName = z.string().trim().max(120);
/** A permission name as roles store it. */
const permName = z.string().trim().min(1).max(200);
/** Seconds since the epoch (10-digit, spec §9). */
const epochSeconds = z.number().int();

const userPick = z.object({ user_id: z.number().int(), email: z.string(), display_name: z.string(), local_name: z.string() });
const roleSummary = z.object({
  role_id: z.number().int(), role_name: z.string(), all_permissions: z.literal([0, 1]), permission_count: z.number().int(), user_count: z.number().int(),
});

export const roleDetail = z.object({
  role_id: z.number().int(),
  role_name: z.string(),
  all_permissions: z.literal([0, 1]),
  /** Granted permission names, sorted; every permission when all_permissions is 1. */
  perms: z.array(z.string()),
  user_count: z.number().int(),
});

export const userlistContract = {
  editUser: endpoint({
    method: 'POST', path: `${USERLIST_BASE}/edit_user`, access: { perm: USER_ADMIN_ACTIONS.editUser },
    summary: 'Changes a member of the warehouse: role here, name, local name (null clears it), employment type, department (null: none), staff status. Only ACTIVE accounts may sign in; a status change needs a reason (-100400 `reason` without one) and is written to the access status log with it.',
    input: z.object({
      user_id: userId,
      role_id: roleId.optional(),
      display_name: displayName.optional(),
      local_name: localName.nullable().optional(),
      employment_type: employmentType.optional(),
      department_id: rowId().nullable().optional(),
      status: staffStatus.optional(),
      /** Why the status changes; recorded in the access status log. */
      reason: z.string().trim().max(STATUS_REASON_MAX).default(''),
    }),
    output: rowSchema(userResource),
  }),
  resetUserPassword: endpoint({
    method: 'POST', path: `${USERLIST_BASE}/reset_user_password`, access: { perm: USER_ADMIN_ACTIONS.resetUserPassword },
    summary: 'Sets a random temporary password for a member of the warehouse and returns it once (never stored in clear, never logged), ends their sessions and requires a change at their next sign-in (every other call answers -224009 until then).',
    input: z.object({ user_id: userId }),
    output: z.object({ user_id: z.number().int(), temporary_password: z.string() }),
  }),
  createBpoUser: endpoint({
    method: 'POST', path: `${USERLIST_BASE}/create_bpo_user`, access: { perm: USER_ADMIN_ACTIONS.createBpoUser },
    summary: 'Creates an outsourced (BPO) account in this warehouse with a role of get_bpo_role_list; answers its temporary password once, which must be changed at the first sign-in.',
    input: z.object({
      email: z.email().trim().max(254),
      display_name: displayName,
      local_name: localName.default(''),
      role_id: roleId,
      employment_type: employmentType.default(STAFF_EMPLOYMENT.values.CONTRACT),
      department_id: rowId().nullable().optional(),
    }),
    output: z.object({ user_id: z.number().int(), temporary_password: z.string() }),
  }),
  syncUserToTob: endpoint({
    method: 'POST', path: `${USERLIST_BASE}/sync_user_to_tob`, access: { perm: USER_ADMIN_ACTIONS.syncUserToTob },
    summary: 'Syncs an own-staff member of the warehouse to the business-user (ToB) system: the account becomes a synced one (user_kind 3) with the time; syncing a synced account again renews the time. BPO accounts are not synced (-100400). No ToB system is connected to Tally: only the kind and time are recorded.',
    input: z.object({ user_id: userId }),
    output: z.object({ user_id: z.number().int(), user_kind: z.literal(USER_KIND.values.SYNCED), tob_synced_at: epochSeconds }),
  }),
  getWfmDepartmentList: endpoint({
    method: 'GET', path: `${USERLIST_BASE}/get_wfm_department_list`, access: { perm: USERLIST },
    summary: 'The workforce departments of the warehouse, by name.',
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ department_id: z.number().int(), department_name: z.string() })) }),
  }),
  fuzzySearchStaffLocalName: endpoint({
    method: 'GET', path: `${USERLIST_BASE}/fuzzy_search_staff_local_name`, access: { perm: USERLIST },
    summary: `Members of the warehouse whose local name contains the text (any case; all when empty), at most ${PICKER_LIMIT}.`,
    input: z.object({ local_name: z.string().trim().max(120).default('') }),
    output: z.object({ list: z.array(userPick) }),
  }),
  searchEmail: endpoint({
    method: 'GET', path: `${USERLIST_BASE}/search_email`, access: { perm: USERLIST },
    summary: `Members of the warehouse whose email contains the text (any case; all when empty), at most ${PICKER_LIMIT}, for pickers.`,
    input: z.object({ email: z.string().trim().max(254).default('') }),
    output: z.object({ list: z.array(userPick) }),
  }),
  getWarehouseUserNames: endpoint({
    method: 'GET', path: `${USERLIST_BASE}/get_warehouse_user_names`, access: 'session',
    summary: 'The name of every member of the warehouse (their email when they have none), by user id: how lists show the users their rows name (assignees, creators, approvers). Nothing of other warehouses\' users.',
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ user_id: z.number().int(), display_name: z.string() })) }),
  }),
  getRoleConfiguration: endpoint({
    method: 'GET', path: `${USERLIST_BASE}/get_role_configuration`, access: { perm: USERLIST },
    summary: 'The roles of the warehouse with their permission and user counts (an all-permission role counts every permission).',
    input: z.object({}),
    output: z.object({ list: z.array(roleSummary) }),
  }),
  getBpoRoleList: endpoint({
    method: 'GET', path: `${USERLIST_BASE}/get_bpo_role_list`, access: { perm: USERLIST },
    summary: 'Roles a BPO account may hold in this warehouse: every role except all-permission ones.',
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ role_id: z.number().int(), role_name: z.string() })) }),
  }),

  // User Role (/wmsconfig/userrole)
  getAssignableRoles: endpoint({
    method: 'GET', path: '/apps/config/userrole/get_assignable_roles', access: { perm: USER_ADMIN_ACTIONS.assignUserRole },
    summary: 'The roles of the warehouse the caller may give (Change Role): those granting no permission the caller does not hold.',
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ role_id: z.number().int(), role_name: z.string() })) }),
  }),
  assignUserRole: endpoint({
    method: 'POST', path: '/apps/config/userrole/assign_user_role', access: { perm: USER_ADMIN_ACTIONS.assignUserRole },
    summary: 'Gives members of the warehouse a role of the warehouse (all or nothing).',
    input: z.object({ user_ids: z.array(userId).min(1).max(200), role_id: roleId }),
    output: z.object({ updated: z.number().int() }),
  }),
} as const;

/** Roles of the warehouse (/wmsconfig/rolelist, /wmsconfig/roledetail). */
export const roleContract = {
  getRoleDetail: endpoint({
    method: 'GET', path: `${ROLE_BASE}/get_role_detail`, access: { perm: ROLELIST },
    summary: 'A role of the warehouse with the permissions it grants.',
    input: z.object({ role_id: roleId }),
    output: roleDetail,
  }),
  createRole: endpoint({
    method: 'POST', path: `${ROLE_BASE}/create_role`, access: { perm: USER_ADMIN_ACTIONS.createRole },
    summary: 'Creates a role in the warehouse granting the given permissions (only ones the caller holds).',
    input: z.object({ role_name: z.string().trim().min(1).max(ROLE_NAME_MAX), perms: z.array(permName).max(5000).default([]) }),
    output: roleDetail,
  }),
  updateRole: endpoint({
    method: 'POST', path: `${ROLE_BASE}/update_role`, access: { perm: USER_ADMIN_ACTIONS.updateRole },
    summary: 'Renames a role and/or replaces the permissions it grants. Changes apply to its holders on their next request.',
    input: z.object({ role_id: roleId, role_name: z.string().trim().min(1).max(ROLE_NAME_MAX).optional(), perms: z.array(permName).max(5000).optional() }),
    output: roleDetail,
  }),
  deleteRole: endpoint({
    method: 'POST', path: `${ROLE_BASE}/delete_role`, access: { perm: USER_ADMIN_ACTIONS.deleteRole },
    summary: 'Deletes a role of the warehouse that nobody holds.',
    input: z.object({ role_id: roleId }),
    output: z.object({ role_id: z.number().int() }),
  }),
} as const;
