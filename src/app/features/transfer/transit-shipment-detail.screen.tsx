import { Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { QUALITY, TRANSIT_DIRECTION } from '../../../shared/codes';
import { groupNumber } from '../../../shared/format';
import { transitShipmentResource } from '../../../shared/resources/transit.resource';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { FactsCard, NoData, Section } from '../../kit/record-parts';
import { useCanOpen } from '../../routes/use-access';
import { transferQueries } from './transfer.queries';

const F = transitShipmentResource.fields;
const MT_ASN_DETAIL = '/moveinbound/order/detail/$id';

/**
 * /transfer/transitTask/detail/$id and /moveinbound/mtorder/detail/$id: one transit shipment —
 * where it goes, its destination ASN, and per SKU, batch and quality what was dispatched, received
 * (damaged among it), short, over and still in transit; and its MTBs. The MT Order page reads it as
 * the destination (incoming only).
 */
export default function TransitShipmentDetailScreen() {
  const { t, i18n } = useLingui();
  const { id: shipmentNo, heading, pathname } = useRecordHeading('id');
  const incomingOnly = pathname.includes('/moveinbound/');
  const detail = useQuery(transferQueries.shipment(shipmentNo, incomingOnly));
  const canOpenAsn = useCanOpen(MT_ASN_DETAIL);
  if (!detail.data) return <RecordPending heading={heading} id={shipmentNo} error={detail.error} />;
  const s = detail.data;
  const incoming = s.direction === TRANSIT_DIRECTION.values.INCOMING;
  const asn = incoming && canOpenAsn
    ? <Link to={MT_ASN_DETAIL.replace('$id', encodeURIComponent(s.dest_asn_no))}>{s.dest_asn_no}</Link>
    : s.dest_asn_no;
  const qty = (n: number) => groupNumber(n);
  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} fz="h2">{heading}</Title>
      <FactsCard
        testId="shipment-header"
        facts={[
          [F.status, <FieldValue field={F.status} value={s.status} />],
          [F.direction, <FieldValue field={F.direction} value={s.direction} />],
          [F.order_no, s.order_no],
          [F.src_whs_id, s.src_whs_id],
          [F.dest_whs_id, s.dest_whs_id],
          [F.dest_asn_no, asn],
          [F.dispatched_at, <FieldValue field={F.dispatched_at} value={s.dispatched_at} />],
          [<Trans>Arrived At</Trans>, <FieldValue field={F.received_at} value={s.arrived_at} />],
          [F.received_at, <FieldValue field={F.received_at} value={s.received_at} />],
          [<Trans>Closed At</Trans>, <FieldValue field={F.received_at} value={s.closed_at} />],
        ]}
      />
      <Section title={<Trans>Lines</Trans>} testId="shipment-lines">
        {s.lines.length === 0 ? <NoData /> : (
          <Table striped aria-label={t`Lines`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>SKU ID</Trans></Table.Th>
                <Table.Th><Trans>SKU Name</Trans></Table.Th>
                <Table.Th><Trans>Batch</Trans></Table.Th>
                <Table.Th><Trans>Quality</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Dispatched Qty</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Received Qty</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Damaged Qty</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Short Qty</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Over Qty</Trans></Table.Th>
                <Table.Th ta="right"><Trans>In Transit</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.lines.map((l) => (
                <Table.Tr key={l.line_no}>
                  <Table.Td ff="monospace">{l.sku_id}</Table.Td>
                  <Table.Td>{l.sku_name}</Table.Td>
                  <Table.Td ff="monospace">{l.batch_id}</Table.Td>
                  <Table.Td>{QUALITY.label(l.quality) ? i18n._(QUALITY.label(l.quality)!) : l.quality}</Table.Td>
                  <Table.Td ta="right">{qty(l.dispatched_qty)}</Table.Td>
                  <Table.Td ta="right">{qty(l.received_qty)}</Table.Td>
                  <Table.Td ta="right" c={l.damaged_qty > 0 ? 'orange' : undefined}>{qty(l.damaged_qty)}</Table.Td>
                  <Table.Td ta="right" c={l.short_qty > 0 ? 'red' : undefined}>{qty(l.short_qty)}</Table.Td>
                  <Table.Td ta="right" c={l.over_qty > 0 ? 'orange' : undefined}>{qty(l.over_qty)}</Table.Td>
                  <Table.Td ta="right">{qty(l.in_transit_qty)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
      <Section title={<Trans>MTBs</Trans>} testId="shipment-boxes">
        {s.boxes.length === 0 ? <NoData /> : (
          <Table striped aria-label={t`MTBs`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>MTB ID</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Qty</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.boxes.map((b) => (
                <Table.Tr key={b.box_id}>
                  <Table.Td ff="monospace">{b.box_id}</Table.Td>
                  <Table.Td ta="right">{qty(b.qty)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
    </Stack>
  );
}
