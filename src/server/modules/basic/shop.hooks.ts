import { and, eq, sql } from 'drizzle-orm';
import { shopGroups } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { Tx } from '../../db/client';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';

/** Loose on purpose (the mail server decides): one @, no spaces, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Moves one shop's weight in its group's count (groups are few; the count is what the Group tab shows). */
async function countShop(tx: Tx, whsId: string, groupId: unknown, delta: 1 | -1) {
  if (typeof groupId !== 'string') return;
  await tx.update(shopGroups).set({ shopCount: sql`${shopGroups.shopCount} + ${delta}` })
    .where(and(eq(shopGroups.whsId, whsId), eq(shopGroups.groupId, groupId)));
}

/**
 * A shop's merchant and group must exist in the warehouse (their `ref`s, checked generically); its
 * contact email must look like one; the group's shop count follows the shop in and out of it.
 */
export const shopHooks: ResourceHooks = {
  prepare(values: ApiRow) {
    if (typeof values.contact_email === 'string' && values.contact_email !== '' && !EMAIL.test(values.contact_email)) {
      throw badInput('contact_email', 'not an email address');
    }
    return values;
  },
  afterCreate: (row, tx, ctx) => countShop(tx, ctx.session.whsId, row.group_id, 1),
  async afterUpdate(before, after, tx, ctx) {
    if (before.group_id === after.group_id) return;
    await countShop(tx, ctx.session.whsId, before.group_id, -1);
    await countShop(tx, ctx.session.whsId, after.group_id, 1);
  },
};
