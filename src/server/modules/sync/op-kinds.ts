import { sessionContract } from '../../../shared/contract/session.contract';
import { saveUserSetting } from '../system/user-settings';
import { countingOpKinds } from '../inbound/counting.op-kinds';
import { putawayOpKinds } from '../inbound/putaway.op-kinds';
import { defineOpKind, type OpKind } from './op-kind';

export { defineOpKind, type OpContext, type OpKind } from './op-kind';

/** Every op kind the server applies, each area's from its own module. */
const OP_KIND_LIST: readonly OpKind[] = [
  defineOpKind({
    kind: 'system.user.set_user_setting',
    perm: 'session',
    payload: sessionContract.setUserSetting.input,
    apply: async (tx, setting, ctx) => {
      await saveUserSetting(tx, ctx.userId, setting);
      return {};
    },
  }),
  ...countingOpKinds,
  ...putawayOpKinds,
];

export const OP_KINDS: ReadonlyMap<string, OpKind> = new Map(OP_KIND_LIST.map((k) => [k.kind, k]));
if (OP_KINDS.size !== OP_KIND_LIST.length) throw new Error('two op kinds share a name');
