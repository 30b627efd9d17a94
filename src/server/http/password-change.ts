import type { EndpointDef } from '../../shared/contract/define';
import { sessionContract } from '../../shared/contract/session.contract';
import { RET } from '../../shared/retcodes';
import { ApiError } from './errors';
import type { SessionInfo } from './session';

/**
 * What a session may do while its account holds a temporary password (reset_user_password,
 * create_bpo_user): read who it is, change the password, switch the language and sign out.
 * Anything else — lists, changes, offline ops, downloads — waits for the new password, so the
 * Change Password dialog cannot be bypassed by calling the API directly.
 */
const ALLOWED_BEFORE_PASSWORD_CHANGE: ReadonlySet<EndpointDef> = new Set<EndpointDef>([
  sessionContract.getLoginInfo,
  sessionContract.resetMyPwd,
  sessionContract.setUserSetting,
  sessionContract.userLogout,
]);

/** The setting set_user_setting may save before the password is changed: the language. */
export const SETTING_ALLOWED_BEFORE_PASSWORD_CHANGE = 'lang';

export const passwordChangeRequired = () => new ApiError(
  RET.PASSWORD_CHANGE_REQUIRED,
  'Your password is a temporary one: change it before you continue.',
  null,
  403,
);

/** Refuses (-224009) a call of a session that must change its password first; `def` absent: any other route. */
export function assertPasswordChanged(session: SessionInfo, def?: EndpointDef): void {
  if (session.passwordChangeRequired && !(def && ALLOWED_BEFORE_PASSWORD_CHANGE.has(def))) throw passwordChangeRequired();
}
