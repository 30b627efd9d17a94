import { ACTIVE_STATUS } from '../../../shared/codes';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { shopContract } from '../../../shared/contract/catalog.contract';
import { shopGroupResource, shopResource } from '../../../shared/resources/shop.resource';
import type { Db } from '../../db/client';
import { merchants, shopGroups, shops } from '../../db/schema';
import { badInput } from '../../http/errors';
import { resourceHandlers, type ApiRow, type Tx } from '../../http/resource-handlers';
import type { AuthedCtx, Handlers } from '../../http/register';

type ShopHandlers = Handlers<typeof shopContract>;

/** Loose on purpose (the mail server decides): one @, no spaces, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Moves one shop's weight in its group's count (groups are few; the count is what the Group tab shows). */
async function countShop(tx: Tx, whsId: string, groupId: unknown, delta: 1 | -1) {
  if (typeof groupId !== 'string') return;
  await tx.update(shopGroups).set({ shopCount: sql`${shopGroups.shopCount} + ${delta}` })
    .where(and(eq(shopGroups.whsId, whsId), eq(shopGroups.groupId, groupId)));
}

/** The references a shop's values make must exist in the warehouse: its merchant and its group. */
async function checkShop(values: ApiRow, _current: ApiRow | null, { db, session }: AuthedCtx): Promise<ApiRow> {
  if (typeof values.merchant_id === 'string') {
    const [merchant] = await db.select({ id: merchants.merchantId }).from(merchants)
      .where(and(eq(merchants.whsId, session.whsId), eq(merchants.merchantId, values.merchant_id))).limit(1);
    if (!merchant) throw badInput('merchant_id', `merchant ${values.merchant_id} does not exist in this warehouse`);
  }
  if (typeof values.group_id === 'string') {
    const [group] = await db.select({ id: shopGroups.groupId }).from(shopGroups)
      .where(and(eq(shopGroups.whsId, session.whsId), eq(shopGroups.groupId, values.group_id))).limit(1);
    if (!group) throw badInput('group_id', `shop group ${values.group_id} does not exist in this warehouse`);
  }
  if (typeof values.contact_email === 'string' && values.contact_email !== '' && !EMAIL.test(values.contact_email)) {
    throw badInput('contact_email', 'not an email address');
  }
  return values;
}

const shop = resourceHandlers(shopResource, shops, {
  prepare: checkShop,
  afterCreate: (row, tx, ctx) => countShop(tx, ctx.session.whsId, row.group_id, 1),
});
const shopGroup = resourceHandlers(shopGroupResource, shopGroups);

export const shopHandlers: ShopHandlers = {
  searchShop: shop.list,
  getShopDetail: shop.detail,
  createShop: shop.create,

  /** The generic update, in a transaction that also moves the shop between group counts. */
  updateShop: (input, ctx) => ctx.db.transaction(async (tx) => {
    // Locked first: the group it leaves is the one it had when the update ran.
    const [before] = await tx.select({ groupId: shops.groupId }).from(shops)
      .where(and(eq(shops.whsId, ctx.session.whsId), eq(shops.shopId, input.shop_id))).limit(1).for('update');
    // The generic update runs inside this transaction (its own becomes a savepoint).
    const row = await shop.update(input, { ...ctx, db: tx as unknown as Db });
    if (before && before.groupId !== row.group_id) {
      await countShop(tx, ctx.session.whsId, before.groupId, -1);
      await countShop(tx, ctx.session.whsId, row.group_id, 1);
    }
    return row;
  }),

  searchShopGroup: shopGroup.list,
  getShopGroupDetail: shopGroup.detail,

  async getShopOptions(_input, { db, session }) {
    const [merchantRows, groups] = await Promise.all([
      db.select({ merchant_id: merchants.merchantId, merchant_name: merchants.merchantName }).from(merchants)
        .where(and(eq(merchants.whsId, session.whsId), eq(merchants.status, ACTIVE_STATUS.values.ACTIVE))).orderBy(asc(merchants.merchantId)),
      db.select({ group_id: shopGroups.groupId, group_name: shopGroups.groupName }).from(shopGroups)
        .where(and(eq(shopGroups.whsId, session.whsId), eq(shopGroups.status, ACTIVE_STATUS.values.ACTIVE))).orderBy(asc(shopGroups.groupId)),
    ]);
    return { merchants: merchantRows, groups };
  },
};
