import { z } from 'zod';
import { endpoint } from './define';
import { rowId } from './values';
import { RET } from '../retcodes';
import { LOCALES } from '../locales';
import { PASSWORD_POLICY_MESSAGES, passwordPolicyProblem } from '../password-policy';

/** A client-side SHA-256 of the password, hex (spec §5: passwords are hashed before sending). */
export const passwordHash = z.string().regex(/^[0-9a-f]{64}$/, 'must be a 64-character hex SHA-256 digest');
/**
 * A password the user is choosing, in plain text (docs/decisions.md "New passwords"): sent once, on
 * the calls that set it, so the server can hold it to the policy of spec §5. The server derives the
 * transport hash itself and stores scrypt of that, so signing in is unchanged; the text is never
 * logged or stored. The current password and sign-in still send only the hash.
 */
export const newPassword = z.string().superRefine((value, ctx) => {
  const problem = passwordPolicyProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: PASSWORD_POLICY_MESSAGES[problem] });
});
export const email = z.string().trim().toLowerCase().pipe(z.email().max(254));
export const whsId = z.string().trim().min(1).max(32);

export const userInfo = z.object({
  user_id: z.number().int(),
  email: z.string(),
  display_name: z.string(),
  /** Avatar URL, empty when none. */
  header: z.string(),
  /** The session's current warehouse. */
  whs_id: z.string(),
  whs_id_country: z.array(z.object({ whs_id: z.string(), country: z.string(), whs_name: z.string(), is_rms: z.boolean() })),
  whs_setting: z.array(z.object({ whs_id: z.string(), is_show_mbn: z.boolean() })),
  lang: z.enum(LOCALES),
  /** Environment name shown as the sidebar tag (e.g. demo, test, live). */
  env: z.string(),
  /**
   * The password is a temporary one an administrator set: until it is changed (reset_my_pwd) every
   * other call but logout and the language setting answers -224009, and the app shows Change Password.
   */
  password_change_required: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

const ok = z.object({});

export const sessionContract = {
  getLoginInfo: endpoint({
    method: 'GET', path: '/apps/system/user/get_login_info', access: 'session', tenantExempt: true, offlineRead: true,
    summary: 'The signed-in user, their warehouses and settings. Anonymous: -100405.',
    input: z.object({}), output: userInfo,
  }),
  userLogin: endpoint({
    method: 'POST', path: '/apps/system/user/user_login', access: 'public',
    summary: 'Sign in with email and client-hashed password; sets the session cookie.',
    input: z.object({
      email,
      password: passwordHash,
      /** The client found the typed password weaker than the policy of spec §5 (kept for simple_password_deadline). */
      is_simple_password: z.boolean().optional().default(false),
    }),
    output: userInfo,
    quietRetcodes: [RET.BAD_CREDENTIALS, RET.RATE_LIMITED],
  }),
  userLogout: endpoint({
    method: 'GET', path: '/apps/system/user/user_logout', access: 'session', mutates: true, tenantExempt: true,
    summary: 'End the session and clear its cookie.',
    input: z.object({}), output: ok,
  }),
  setUserSetting: endpoint({
    method: 'POST', path: '/apps/system/user/set_user_setting', access: 'session',
    summary: 'Save one user setting (e.g. name "lang").',
    input: z.object({ name: z.string().trim().min(1).max(64), value: z.string().trim().max(2000) }),
    output: ok,
  }),
  getLangSetting: endpoint({
    method: 'GET', path: '/apps/system/user/get_lang_setting', access: 'public', offlineRead: true,
    summary: 'Default interface language and the languages offered.',
    input: z.object({}),
    output: z.object({ default: z.enum(LOCALES), optional_lange_list: z.array(z.object({ lange: z.enum(LOCALES), desc: z.string() })) }),
  }),
  switchWarehouse: endpoint({
    method: 'POST', path: '/apps/system/user/switch_user_setting', access: 'session',
    summary: 'Switch the session to another warehouse the user belongs to (-100403 otherwise).',
    input: z.object({ type: z.literal('whs'), value: whsId }),
    output: z.object({ whs_id: z.string(), is_rms: z.boolean(), reload_required: z.boolean() }),
    quietRetcodes: [RET.WAREHOUSE_FORBIDDEN],
  }),
  userForgot: endpoint({
    method: 'POST', path: '/apps/system/user/user_forgot', access: 'public',
    summary: 'Send a password-reset link. Same answer whether or not the email exists.',
    input: z.object({ email }),
    output: ok,
    quietRetcodes: [RET.RESET_TOO_SOON],
  }),
  userPasswordReset: endpoint({
    method: 'POST', path: '/apps/system/user/user_password_reset', access: 'public',
    summary: 'Set a new password (plain text, held to the policy) with a reset token from the email.',
    input: z.object({ passwd: newPassword, token: z.string().trim().min(16).max(128), user_id: rowId() }),
    output: ok,
  }),
  resetMyPwd: endpoint({
    method: 'POST', path: '/apps/system/user/reset_my_pwd', access: 'session',
    summary: 'Change my password: the current one client-hashed, the new one in plain text (held to the policy).',
    input: z.object({ old_pwd: passwordHash, new_pwd: newPassword }),
    output: ok,
  }),
  simplePasswordDeadline: endpoint({
    method: 'GET', path: '/apps/system/user/simple_password_deadline', access: 'session', offlineRead: true,
    summary: 'Whether my password is below policy and the date by which it must change.',
    input: z.object({}),
    output: z.object({ is_simple_password: z.boolean(), deadline: z.number().int().nullable() }),
  }),
  getMyMenuKey: endpoint({
    method: 'GET', path: '/apps/system/authorization/get_my_menu_key', access: 'session', offlineRead: true,
    summary: 'Route permission names the user holds in the current warehouse.',
    input: z.object({}), output: z.object({ list: z.array(z.string()) }),
  }),
  getMyPerm: endpoint({
    method: 'GET', path: '/apps/system/authorization/get_my_perm', access: 'session', offlineRead: true,
    summary: 'Every permission name the user holds in the current warehouse.',
    input: z.object({}), output: z.object({ list: z.array(z.string()) }),
  }),
} as const;

