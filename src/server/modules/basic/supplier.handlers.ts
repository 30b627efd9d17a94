import type { supplierContract } from '../../../shared/contract/supplier.contract';
import { supplierResource } from '../../../shared/resources/supplier.resource';
import { suppliers } from '../../db/schema';
import { resourceHandlers } from '../../http/resource-handlers';
import type { Handlers } from '../../http/register';

type SupplierHandlers = Handlers<typeof supplierContract>;
const supplier = resourceHandlers(supplierResource, suppliers);

export const supplierHandlers: SupplierHandlers = {
  searchSupplier: supplier.list as SupplierHandlers['searchSupplier'],
  getSupplierDetail: supplier.detail as SupplierHandlers['getSupplierDetail'],
};
