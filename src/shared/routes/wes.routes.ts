import { msg } from '@lingui/core/macro';
import { FULFIL_CHAIN, group, list } from './builders';
import type { RouteDecl } from './types';

/** WES: the fulfillment chain requirement report and its four tabs. */
export const WES_ROUTES: readonly RouteDecl[] = [
  group('/wes', msg`WES`, '/wes/requirementReport', FULFIL_CHAIN),
  group('/wes/requirementReport', msg`Requirement Report`, '/wes/requirementReport/fulfillmentChain', FULFIL_CHAIN),
  list('/wes/requirementReport/fulfillmentChain', msg`Fulfillment Chain Requirement`, { tabGroup: 'wesRequirementReport', ...FULFIL_CHAIN }),
  list('/wes/requirementReport/logicArea', msg`Logic Area Requirement`, { tabGroup: 'wesRequirementReport', ...FULFIL_CHAIN }),
  list('/wes/requirementReport/warehouse', msg`Warehouse Requirement`, { tabGroup: 'wesRequirementReport', ...FULFIL_CHAIN }),
  list('/wes/requirementReport/dailySalesRule', msg`Daily Sales Rule`, { tabGroup: 'wesRequirementReport', ...FULFIL_CHAIN }),
];
