import { derivePerm } from '../routes/derive';

/**
 * Editing a SKU (its barcode drives scanning): the edit page's permission. The spec's edit path
 * (/wmsbasic/skuitems/$sku_id) names no verb, so it is named as the create page's is.
 * Apart from sku.resource.ts so that the route manifest does not bring the SKU resource (its
 * fields, enums and codes) into the app's first script.
 */
export const SKU_EDIT_PERM = derivePerm('/wmsbasic/skuitems/edit');
