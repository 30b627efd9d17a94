import type { ResourceHooks } from '../../http/resource-handlers';
import { assertDestination } from './mt-order';

/** An MT destination priority names another warehouse of the deployment (the caller needs no access to it). */
export const mtDestinationPriorityHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    if (current === null) await assertDestination(ctx.db, ctx.session.whsId, String(values.dest_whs_id ?? ''));
    return values;
  },
};
