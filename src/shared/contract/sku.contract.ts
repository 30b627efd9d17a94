import { z } from 'zod';
import { endpoint } from './define';
import { SKU_ID_MAX } from '../resources/sku.resource';

/** SKU calls beyond the SKU and mapping resources' own (resources/sku.resource.ts). */
export const skuContract = {
  getSkuByMappingCode: endpoint({
    method: 'GET', path: '/apps/basic/sku/get_sku_by_mapping_code', access: 'session',
    summary: 'The real SKU id of a mapping code of the warehouse (the `$`/`#` values of SKU filters, spec §5); sku_id is null when the code maps to none.',
    input: z.object({ new_sku_id: z.string().trim().min(1).max(SKU_ID_MAX) }),
    output: z.object({ new_sku_id: z.string(), sku_id: z.string().nullable() }),
  }),
} as const;
