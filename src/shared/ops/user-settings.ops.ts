import { sessionContract } from '../contract/session.contract';
import { defineOp } from './define';

/** The signed-in user's own settings: queued, so a setting changed with the network gone is saved later. */
export const userSettingsOps = {
  setUserSetting: defineOp({
    kind: 'system.user.set_user_setting',
    access: 'session',
    payload: sessionContract.setUserSetting.input,
    invalid: /*i18n*/ 'A setting needs a name of 1 to 64 characters and a value of at most 2000 characters.',
  }),
};
