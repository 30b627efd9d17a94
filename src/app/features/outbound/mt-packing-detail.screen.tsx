import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { OUTBOUND_ORDER_TYPE, SALES_ORDER_STATUS } from '../../../shared/codes';
import { mtPackingTaskResource } from '../../../shared/resources/mt-shipping.resource';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { FactsCard, NoData, Section, codeField } from '../../kit/record-parts';
import { OrderLink } from './outbound-parts';
import { PackingTables } from './mt-shipping-parts';
import { mtShippingQueries } from './mt-shipping.queries';

const F = mtPackingTaskResource.fields;
const orderStatusField = codeField(SALES_ORDER_STATUS, /*i18n*/ 'Order Status', true);

/** /mtoutbound/packing/detail/$packingId: one MT packing task — the order's SKUs boxed, its boxes (with their SKUs) and pallets. */
export default function MtPackingDetailScreen() {
  const { t } = useLingui();
  const { id: packingId, heading } = useRecordHeading('packingId');
  const detail = useQuery(mtShippingQueries.packingDetail(packingId));
  if (!detail.data) return <RecordPending heading={heading} id={packingId} error={detail.error} />;
  const { task, lines, boxes, pallets } = detail.data;
  const view = {
    lines: lines.map((l) => ({ skuId: l.sku_id, skuName: l.sku_name, codes: l.codes, qty: l.qty, packed: l.packed_qty })),
    boxes: boxes.map((b) => ({ boxId: b.box_id, status: b.status, qty: b.qty, palletId: b.pallet_id, items: new Map(b.items.map((i) => [i.sku_id, i.qty])) })),
    pallets: pallets.map((p) => ({ palletId: p.pallet_id, status: p.status, boxCount: p.box_count, qty: p.qty })),
  };
  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} fz="h2">{heading}</Title>
      <FactsCard
        testId="mt-packing-header"
        facts={[
          [F.status, <FieldValue field={F.status} value={task.status} />],
          [F.order_no, <OrderLink orderNo={task.order_no} orderType={OUTBOUND_ORDER_TYPE.values.MT} />],
          [orderStatusField, <FieldValue field={orderStatusField} value={task.order_status} />],
          [F.dest_whs_id, task.dest_whs_id],
          [F.packed_qty, task.packed_qty],
          [F.total_qty, task.total_qty],
          [F.created_at, <FieldValue field={F.created_at} value={task.created_at} />],
          [F.finished_at, <FieldValue field={F.finished_at} value={task.finished_at} />],
        ]}
      />
      <Section title={<Trans>SKUs and boxes</Trans>} testId="mt-packing-boxes">
        {lines.length === 0 ? <NoData /> : <PackingTables view={view} />}
      </Section>
      <Section title={<Trans>Box contents</Trans>} testId="mt-packing-items">
        {boxes.length === 0 ? <NoData /> : (
          <Table striped aria-label={t`Box contents`}>
            <Table.Tbody>
              {boxes.map((b) => (
                <Table.Tr key={b.box_id}>
                  <Table.Td ff="monospace">{b.box_id}</Table.Td>
                  <Table.Td>{b.items.map((i) => <Text key={i.sku_id} size="sm" ff="monospace">{`${i.qty} × ${i.sku_id}`}</Text>)}</Table.Td>
                  <Table.Td ff="monospace">{b.shipping_id ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
      <Section title={<Trans>Pallets</Trans>} testId="mt-packing-pallets">
        {pallets.length === 0 ? <NoData /> : (
          <Table striped aria-label={t`Pallets`}>
            <Table.Thead>
              <Table.Tr><Table.Th><Trans>Pallet</Trans></Table.Th><Table.Th ta="right"><Trans>Boxes</Trans></Table.Th><Table.Th ta="right"><Trans>Qty</Trans></Table.Th><Table.Th><Trans>Shipment</Trans></Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pallets.map((p) => (
                <Table.Tr key={p.pallet_id}>
                  <Table.Td ff="monospace">{p.pallet_id}</Table.Td>
                  <Table.Td ta="right">{p.box_count}</Table.Td>
                  <Table.Td ta="right">{p.qty}</Table.Td>
                  <Table.Td ff="monospace">{p.shipping_id ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
    </Stack>
  );
}
