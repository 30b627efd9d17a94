import { Button, Group, Stack, Table, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { HANDOVER_KIND, HANDOVER_STATUS, PARCEL_STATUS, SALES_ORDER_STATUS } from '../../../shared/codes';
import type { HandoverDetail } from '../../../shared/contract/shipping.contract';
import { manifestJob, masterAwbJob } from '../../../shared/print';
import { deliveryTaskResource } from '../../../shared/resources/instant-delivery.resource';
import { shippingHandoverResource } from '../../../shared/resources/shipping.resource';
import { usePrinter } from '../../kit/print';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue, useWarehouseTimeZone } from '../../kit/resource/field-value';
import { FactsCard, NoData, Section, codeField, orPlaceholder } from '../../kit/record-parts';
import { useSession } from '../../kit/use-session';
import { OrderLink } from './outbound-parts';
import { instantQueries } from './instant-delivery.queries';
import { shippingQueries } from './shipping.queries';

const F = shippingHandoverResource.fields;
const R = deliveryTaskResource.fields;
const parcelStatusField = codeField(PARCEL_STATUS, /*i18n*/ 'Status', true);
const orderStatusField = codeField(SALES_ORDER_STATUS, /*i18n*/ 'Order Status', true);
const yes = (on: boolean) => (on ? <Trans>Yes</Trans> : <Trans>No</Trans>);

/**
 * /salesoutbound/shipping/detail/$id, /salesoutbound/groupshipping/detail/$id and
 * /salesoutbound/task/deliverTask/detail/$assignment_id (a rider's pickup): one handover —
 * carrier, dock, vehicle, pallet or bag, master AWB, where it goes — its parcels and their orders;
 * the manifest (and a group's master AWB label) printed again from what the server holds.
 */
export default function ShippingDetailScreen() {
  const { t, i18n } = useLingui();
  const { id: shippingNo, param, heading } = useRecordHeading('assignment_id', 'id');
  // A delivery task (instant delivery's rider pickup) is read by its own call, under its list's permission.
  const rider = param === 'assignment_id';
  const detail = useQuery(rider ? instantQueries.deliveryTask(shippingNo) : shippingQueries.detail(shippingNo));
  if (!detail.data) return <RecordPending heading={heading} id={shippingNo} error={detail.error} />;
  const { handover: h, parcels, orders } = detail.data;
  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between">
        <Title order={1} fz="h2">{heading}</Title>
        {h.status === HANDOVER_STATUS.values.SHIPPED && <Reprint detail={detail.data} />}
      </Group>
      <FactsCard
        testId="handover-header"
        facts={[
          [F.status, <FieldValue field={F.status} value={h.status} />],
          [F.kind, <FieldValue field={F.kind} value={h.kind} />],
          [F.carrier_name, h.carrier_name],
          !rider && [F.dock_code, orPlaceholder(h.dock_code)],
          h.group_code !== null && [F.group_code, h.group_code],
          h.booking_no !== null && [R.booking_no, h.booking_no],
          h.rider_phone !== null && [R.rider_phone, h.rider_phone],
          h.master_awb !== null && [F.master_awb, h.master_awb],
          !rider && [F.line_haul, <>{yes(h.line_haul)}{detail.data.line_haul_name ? ` · ${detail.data.line_haul_name}` : ''}</>],
          [rider ? R.vehicle_no : F.vehicle_no, orPlaceholder(h.vehicle_no)],
          [rider ? R.driver_name : F.driver_name, orPlaceholder(h.driver_name)],
          [F.parcel_count, h.parcel_count],
          [F.qty, h.qty],
          [F.created_at, <FieldValue field={F.created_at} value={h.created_at} />],
          [F.closed_at, <FieldValue field={F.closed_at} value={h.closed_at} />],
        ]}
      />
      <Section title={<Trans>Parcels</Trans>} testId="handover-parcels">
        {parcels.length === 0 ? <NoData /> : (
          <Table.ScrollContainer minWidth={700}>
            <Table striped aria-label={t`Parcels`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th><Trans>Tracking No.</Trans></Table.Th>
                  <Table.Th><Trans>Order No.</Trans></Table.Th>
                  <Table.Th ta="right"><Trans>Units</Trans></Table.Th>
                  <Table.Th ta="right"><Trans>Weight (g)</Trans></Table.Th>
                  <Table.Th>{i18n._(parcelStatusField.label)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {parcels.map((p) => (
                  <Table.Tr key={p.tracking_no}>
                    <Table.Td ff="monospace">{p.tracking_no}</Table.Td>
                    <Table.Td><OrderLink orderNo={p.order_no} /></Table.Td>
                    <Table.Td ta="right">{p.qty}</Table.Td>
                    <Table.Td ta="right">{orPlaceholder(p.weight_g)}</Table.Td>
                    <Table.Td><FieldValue field={parcelStatusField} value={p.status} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={<Trans>Orders</Trans>} testId="handover-orders">
        {orders.length === 0 ? <NoData /> : (
          <Table striped aria-label={t`Orders`}>
            <Table.Tbody>
              {orders.map((o) => (
                <Table.Tr key={o.order_no}>
                  <Table.Td><OrderLink orderNo={o.order_no} /></Table.Td>
                  <Table.Td><FieldValue field={orderStatusField} value={o.status} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
    </Stack>
  );
}

/** Prints the manifest again (and a group's master AWB label) from the handover as the server holds it. */
function Reprint({ detail }: { detail: HandoverDetail }) {
  const { print } = usePrinter();
  const timeZone = useWarehouseTimeZone();
  const session = useSession();
  const h = detail.handover;
  const reprint = async () => {
    await print(manifestJob({
      shipping_no: h.shipping_no, kind_label: HANDOVER_KIND.label(h.kind)?.message ?? '', carrier_name: h.carrier_name, dock_code: h.dock_code,
      vehicle_no: h.vehicle_no, driver_name: h.driver_name, group_code: h.group_code, master_awb: h.master_awb, line_haul: h.line_haul,
      line_haul_name: detail.line_haul_name, warehouse: session.warehouse ? `${session.warehouse.whs_id} ${session.warehouse.whs_name}` : '',
      parcels: detail.parcels, shipped_at: h.closed_at ?? h.created_at, time_zone: timeZone,
    }));
    if (h.master_awb && h.group_code) {
      await print(masterAwbJob({ master_awb: h.master_awb, carrier_name: h.carrier_name, shipping_no: h.shipping_no, group_code: h.group_code, parcel_count: h.parcel_count }));
    }
  };
  return (
    <Button variant="light" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => void reprint()} data-testid="handover-reprint">
      <Trans>Print manifest</Trans>
    </Button>
  );
}
