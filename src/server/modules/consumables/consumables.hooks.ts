import { eq } from 'drizzle-orm';
import { CONSUMABLE_REF_TYPE, CONSUMABLE_TYPE } from '../../../shared/codes';
import { consumableBalances, users } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';
import { receiveConsumables } from '../inventory/consumable-stock';

/**
 * Checks of the consumables master and inbound beyond their fields (resources/consumable.resource.ts):
 * a box or pouch declares its inner size (the packaging rule suggests by it); a new consumable gets
 * its balance of 0; a receipt goes into stock in its own transaction and records who received it.
 */

const SIZED: ReadonlySet<number> = new Set([CONSUMABLE_TYPE.values.PACKING_BOX, CONSUMABLE_TYPE.values.POUCH]);
const after = (field: string, values: ApiRow, current: ApiRow | null): unknown => (values[field] !== undefined ? values[field] : current?.[field]);

export const consumableHooks: ResourceHooks = {
  prepare(values, current) {
    if (SIZED.has(Number(after('consumable_type', values, current)))) {
      for (const field of ['inner_length_mm', 'inner_width_mm', 'inner_height_mm'] as const) {
        if (after(field, values, current) == null) throw badInput(field, 'a box or pouch needs its inner length, width and height');
      }
    }
    return values;
  },
  async afterCreate(row, tx, ctx) {
    await tx.insert(consumableBalances).values({ whsId: ctx.session.whsId, consumableId: String(row.consumable_id), qty: 0 });
  },
};

export const consumableReceiptHooks: ResourceHooks = {
  async prepare(values, _current, ctx) {
    const [user] = await ctx.db.select({ name: users.displayName }).from(users).where(eq(users.userId, ctx.session.userId));
    return { ...values, received_by: user?.name ? `${user.name} (${ctx.session.email})` : ctx.session.email };
  },
  async afterCreate(row, tx, ctx) {
    await receiveConsumables(tx, ctx.session.whsId, [{ consumableId: String(row.consumable_id), qty: Number(row.qty) }], {
      refType: CONSUMABLE_REF_TYPE.values.INBOUND, refNo: `CR${String(row.receipt_id)}`, operatorId: ctx.session.userId,
    });
  },
};
