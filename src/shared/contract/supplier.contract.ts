import { resourceEndpoints } from '../resources/endpoints';
import { supplierResource } from '../resources/supplier.resource';
import { derivePerm } from '../routes/derive';

/** The View permission of /wmsbasic/supplier, which its list and detail pages share. */
const SUPPLIER_VIEW = derivePerm('/wmsbasic/supplier');

const supplierApi = resourceEndpoints(supplierResource, {
  list: { path: '/apps/basic/supplier/search_supplier', perm: SUPPLIER_VIEW },
  detail: { path: '/apps/basic/supplier/get_supplier_detail', perm: SUPPLIER_VIEW },
});

export const supplierContract = {
  searchSupplier: supplierApi.list,
  getSupplierDetail: supplierApi.detail,
} as const;
