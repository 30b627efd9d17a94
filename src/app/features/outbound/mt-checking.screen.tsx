import { Trans } from '@lingui/react/macro';
import { OUTBOUND_ORDER_TYPE } from '../../../shared/codes';
import { MT_SHIPPING_ACCESS } from '../../../shared/contract/mt-shipping.contract';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { CheckingStation } from './checking.screen';

/**
 * MT Checking (spec §2 /mtoutbound/checking/{picking_id?}): the sales checking station over MT
 * containers — the same steps and check ops; the container's task is started by the MT call, which
 * takes MT orders only. The checked units move onto the order, as for a sales order.
 */
export default function MtCheckingScreen() {
  const mayOpen = useMayCall(MT_SHIPPING_ACCESS.check);
  if (!mayOpen) return <MissingPermissionNote access={MT_SHIPPING_ACCESS.check} />;
  return <CheckingStation path="/mtoutbound/checking" title={<Trans>MT Checking</Trans>} mode={null} orderType={OUTBOUND_ORDER_TYPE.values.MT} />;
}
