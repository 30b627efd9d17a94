import type { merchantContract } from '../../../shared/contract/catalog.contract';
import { merchantResource } from '../../../shared/resources/merchant.resource';
import { merchants } from '../../db/schema';
import { resourceHandlers } from '../../http/resource-handlers';
import type { Handlers } from '../../http/register';

type MerchantHandlers = Handlers<typeof merchantContract>;
const merchant = resourceHandlers(merchantResource, merchants);

export const merchantHandlers: MerchantHandlers = {
  searchMerchant: merchant.list,
  getMerchantDetail: merchant.detail,
};
