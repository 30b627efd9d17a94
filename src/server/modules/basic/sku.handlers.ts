import { and, eq } from 'drizzle-orm';
import type { skuContract } from '../../../shared/contract/sku.contract';
import { skuMappings } from '../../db/schema';
import type { Handlers } from '../../http/register';

export const skuHandlers: Handlers<typeof skuContract> = {
  async getSkuByMappingCode({ new_sku_id }, { db, session }) {
    const [row] = await db.select({ skuId: skuMappings.skuId }).from(skuMappings)
      .where(and(eq(skuMappings.whsId, session.whsId), eq(skuMappings.mappingCode, new_sku_id))).limit(1);
    return { new_sku_id, sku_id: row?.skuId ?? null };
  },
};
