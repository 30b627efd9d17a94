import { contract } from '../../../shared/contract';
import { RTS_ORDER_ACCESS, RTS_ORDER_PAGES, rtsOrderContract } from '../../../shared/contract/rts-order.contract';
import { rtsOrderResource } from '../../../shared/resources/rts-order.resource';
import { callApi } from '../../kit/api';
import { DocOrderList } from './doc-order-list';

/**
 * /rtsoutbound/order: the RTS orders (doc-order-list.tsx), newest first; the chosen rows are
 * allocated by the RTS allocate rules, or released (one supplier's) to picking in one RTS wave.
 */
export default function RtsOrderListScreen() {
  return (
    <DocOrderList
      resource={rtsOrderResource}
      endpoint={contract.searchRtsOrder}
      pages={RTS_ORDER_PAGES}
      allocatePerm={RTS_ORDER_ACCESS.allocate.perm}
      allocate={(orderNos) => callApi(rtsOrderContract.allocateRtsOrders, { order_nos: orderNos })}
      release={(orderNos) => callApi(rtsOrderContract.releaseRtsOrders, { order_nos: orderNos })}
      detailHref={(key) => RTS_ORDER_PAGES.detail.replace('$id', encodeURIComponent(key))}
      testId="rts-order-bulk-actions"
    />
  );
}
