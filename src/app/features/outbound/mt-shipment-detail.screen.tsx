import { Anchor, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { MT_PACK_STATUS, OUTBOUND_ORDER_TYPE } from '../../../shared/codes';
import { mtShipmentResource } from '../../../shared/resources/mt-shipping.resource';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { FactsCard, NoData, Section, codeField } from '../../kit/record-parts';
import { OrderLink } from './outbound-parts';
import { mtShippingQueries } from './mt-shipping.queries';

const F = mtShipmentResource.fields;
const packStatusField = codeField(MT_PACK_STATUS, /*i18n*/ 'Status', true);
const MT = OUTBOUND_ORDER_TYPE.values.MT;

/**
 * /mtoutbound/shipping/detail/$shippingId: one MT shipment — what it loads and, once dispatched,
 * each MT order's transit shipment (linked to Transit Task) and the destination's ASN.
 */
export default function MtShipmentDetailScreen() {
  const { t } = useLingui();
  const { id: shippingId, heading } = useRecordHeading('shippingId');
  const detail = useQuery(mtShippingQueries.shipmentDetail(shippingId));
  if (!detail.data) return <RecordPending heading={heading} id={shippingId} error={detail.error} />;
  const { shipment, loaded, dispatches } = detail.data;
  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} fz="h2">{heading}</Title>
      <FactsCard
        testId="mt-shipment-header"
        facts={[
          [F.status, <FieldValue field={F.status} value={shipment.status} />],
          [F.dest_whs_id, shipment.dest_whs_id],
          [F.ship_by, <FieldValue field={F.ship_by} value={shipment.ship_by} />],
          [F.loaded_count, shipment.loaded_count],
          [F.qty, shipment.qty],
          [F.opened_by, <FieldValue field={F.opened_by} value={shipment.opened_by} />],
          [F.created_at, <FieldValue field={F.created_at} value={shipment.created_at} />],
          [F.closed_at, <FieldValue field={F.closed_at} value={shipment.closed_at} />],
        ]}
      />
      <Section title={<Trans>Dispatched</Trans>} testId="mt-shipment-dispatches">
        {dispatches.length === 0 ? <NoData /> : (
          <Table striped aria-label={t`Dispatched`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>Order No.</Trans></Table.Th><Table.Th><Trans>Transit Shipment</Trans></Table.Th>
                <Table.Th><Trans>Destination ASN</Trans></Table.Th><Table.Th ta="right"><Trans>Qty</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dispatches.map((d) => (
                <Table.Tr key={d.order_no}>
                  <Table.Td><OrderLink orderNo={d.order_no} orderType={MT} /></Table.Td>
                  <Table.Td><Anchor component={Link} to={`/transfer/transitTask/detail/${encodeURIComponent(d.transit_shipment_no)}`}>{d.transit_shipment_no}</Anchor></Table.Td>
                  <Table.Td ff="monospace">{d.dest_asn_no}</Table.Td>
                  <Table.Td ta="right">{d.qty}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
      <Section title={<Trans>Loaded</Trans>} testId="mt-shipment-loaded">
        {loaded.length === 0 ? <NoData /> : (
          <Table striped aria-label={t`Loaded`}>
            <Table.Tbody>
              {loaded.map((l) => (
                <Table.Tr key={l.code}>
                  <Table.Td ff="monospace">{l.code}</Table.Td>
                  <Table.Td><OrderLink orderNo={l.order_no} orderType={MT} /></Table.Td>
                  <Table.Td ta="right">{l.qty}</Table.Td>
                  <Table.Td><FieldValue field={packStatusField} value={l.status} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
    </Stack>
  );
}
