import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { HANDOVER_KIND } from '../../../shared/codes';
import { INSTANT_PAGES } from '../../../shared/contract/instant-delivery.contract';
import { SHIPPING_PAGES } from '../../../shared/contract/shipping.contract';
import { shippingHandoverResource } from '../../../shared/resources/shipping.resource';
import { ResourceList } from '../../kit/resource/resource-list';

/**
 * The warehouse's handovers (search_shipping_handover) under the dock's open step on a wide screen:
 * filters, export, each linking to its detail (a group's to Group Shipping Detail). Loaded on demand,
 * so the PDA's screen stays small.
 */
const detailPageOf = (kind: number) => (kind === HANDOVER_KIND.values.COURIER ? SHIPPING_PAGES.courierDetail
  : kind === HANDOVER_KIND.values.RIDER ? INSTANT_PAGES.deliverTaskDetail : SHIPPING_PAGES.groupDetail);

export default function ShippingHistory({ group }: { group: boolean }) {
  const { t } = useLingui();
  const path = group ? SHIPPING_PAGES.group : SHIPPING_PAGES.courier;
  return (
    <ResourceList
      resource={shippingHandoverResource}
      endpoint={contract.searchShippingHandover}
      title={t`Handovers`}
      path={path}
      headingLevel={2}
      remember={false}
      exportable
      detailHref={(key, row) => ({
        to: detailPageOf(Number(row.kind)).replace(/\$\w+/, encodeURIComponent(key)),
      })}
    />
  );
}
