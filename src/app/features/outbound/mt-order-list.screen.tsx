import { contract } from '../../../shared/contract';
import { MT_ORDER_ACCESS, MT_ORDER_PAGES, mtOrderContract } from '../../../shared/contract/mt-order.contract';
import { mtOrderResource } from '../../../shared/resources/mt-order.resource';
import { callApi } from '../../kit/api';
import { DocOrderList } from './doc-order-list';

/**
 * /mtoutbound/order: the MT orders (doc-order-list.tsx), highest destination priority first; the
 * chosen rows are allocated together (the destination priority decides who gets scarce stock) or
 * released to picking in one MT wave.
 */
export default function MtOrderListScreen() {
  return (
    <DocOrderList
      resource={mtOrderResource}
      endpoint={contract.searchMtOrder}
      pages={MT_ORDER_PAGES}
      allocatePerm={MT_ORDER_ACCESS.allocate.perm}
      allocate={(orderNos) => callApi(mtOrderContract.allocateMtOrders, { order_nos: orderNos })}
      release={(orderNos) => callApi(mtOrderContract.releaseMtOrders, { order_nos: orderNos })}
      detailHref={(key) => ({ to: MT_ORDER_PAGES.detail, search: { order_no: key } })}
      testId="mt-order-bulk-actions"
    />
  );
}
