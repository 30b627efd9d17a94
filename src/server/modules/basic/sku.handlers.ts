import { and, eq } from 'drizzle-orm';
import type { skuContract } from '../../../shared/contract/sku.contract';
import { skuMappingResource, skuResource } from '../../../shared/resources/sku.resource';
import { skuMappings, skus } from '../../db/schema';
import { resourceHandlers } from '../../http/resource-handlers';
import type { Handlers } from '../../http/register';

type SkuHandlers = Handlers<typeof skuContract>;
const sku = resourceHandlers(skuResource, skus);
const skuMapping = resourceHandlers(skuMappingResource, skuMappings);

export const skuHandlers: SkuHandlers = {
  searchSku: sku.list as SkuHandlers['searchSku'],
  getSkuDetail: sku.detail as SkuHandlers['getSkuDetail'],
  updateSku: sku.update as SkuHandlers['updateSku'],
  searchSkuMapping: skuMapping.list as SkuHandlers['searchSkuMapping'],
  getSkuMappingDetail: skuMapping.detail as SkuHandlers['getSkuMappingDetail'],

  async getSkuByMappingCode({ new_sku_id }, { db, session }) {
    const [row] = await db.select({ skuId: skuMappings.skuId }).from(skuMappings)
      .where(and(eq(skuMappings.whsId, session.whsId), eq(skuMappings.mappingCode, new_sku_id))).limit(1);
    return { new_sku_id, sku_id: row?.skuId ?? null };
  },
};
