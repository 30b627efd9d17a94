import type { userSettingsOps } from '../../../shared/ops/user-settings.ops';
import type { OpApplies } from '../../common/op-apply';
import { saveUserSetting } from './user-settings';

/** The user's own settings (shared/ops/user-settings.ops.ts): the same save as set_user_setting. */
export const userSettingsApplies = {
  setUserSetting: {
    apply: async (tx, setting, ctx) => {
      await saveUserSetting(tx, ctx.userId, setting);
      return {};
    },
  },
} satisfies OpApplies<typeof userSettingsOps>;
