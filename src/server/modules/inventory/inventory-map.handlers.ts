import type { inventoryMapContract } from '../../../shared/contract/inventory-map.contract';
import type { Handlers } from '../../http/register';

/** The handlers of inventory-map.contract.ts. */
export const inventoryMapHandlers: Handlers<typeof inventoryMapContract> = {};
