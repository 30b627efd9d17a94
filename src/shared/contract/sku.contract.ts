import { z } from 'zod';
import { endpoint } from './define';
import { resourceEndpoints } from '../resources/endpoints';
import { SKU_ID_MAX, skuMappingResource, skuResource } from '../resources/sku.resource';
import { derivePerm } from '../routes/derive';

/** The View permission of /wmsbasic/skuitems, which its list and detail pages share. */
const SKU_VIEW = derivePerm('/wmsbasic/skuitems');

const skuApi = resourceEndpoints(skuResource, {
  list: { path: '/apps/basic/sku/search_sku', perm: SKU_VIEW },
  detail: { path: '/apps/basic/sku/get_sku_detail', perm: SKU_VIEW },
  update: { path: '/apps/basic/sku/update_sku', perm: derivePerm('/wmsbasic/skuitems/$sku_id') },
});

const skuMappingApi = resourceEndpoints(skuMappingResource, {
  list: { path: '/apps/basic/sku/search_sku_mapping', perm: derivePerm('/wmsbasic/skuMapping') },
  detail: { path: '/apps/basic/sku/get_sku_mapping_detail', perm: derivePerm('/wmsbasic/skuMapping') },
});

export const skuContract = {
  searchSku: skuApi.list,
  getSkuDetail: skuApi.detail,
  updateSku: skuApi.update,
  searchSkuMapping: skuMappingApi.list,
  getSkuMappingDetail: skuMappingApi.detail,
  getSkuByMappingCode: endpoint({
    method: 'GET', path: '/apps/basic/sku/get_sku_by_mapping_code', access: 'session',
    summary: 'The real SKU id of a mapping code of the warehouse (the `$`/`#` values of SKU filters, spec §5); sku_id is null when the code maps to none.',
    input: z.object({ new_sku_id: z.string().trim().min(1).max(SKU_ID_MAX) }),
    output: z.object({ new_sku_id: z.string(), sku_id: z.string().nullable() }),
  }),
} as const;
