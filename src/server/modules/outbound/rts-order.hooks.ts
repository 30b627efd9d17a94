import { and, eq } from 'drizzle-orm';
import { suppliers } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { ResourceHooks } from '../../http/resource-handlers';
import { ALL_SUPPLIERS } from './rts-order';

/** An RTS quota names a supplier of the warehouse, or '*' for every supplier without a row of its own. */
export const rtsQuotaHooks: ResourceHooks = {
  async prepare(values, current, ctx) {
    if (current !== null) return values;
    const supplierId = String(values.supplier_id ?? '');
    if (supplierId === ALL_SUPPLIERS) return values;
    const [row] = await ctx.db.select({ id: suppliers.supplierId }).from(suppliers)
      .where(and(eq(suppliers.whsId, ctx.session.whsId), eq(suppliers.supplierId, supplierId)));
    if (!row) throw badInput('supplier_id', `${supplierId} is not a supplier of this warehouse (or '*' for every supplier)`);
    return values;
  },
};
