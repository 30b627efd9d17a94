import { Anchor, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { MT_ORDER_PAGES } from '../../../shared/contract/mt-order.contract';
import { groupNumber } from '../../../shared/format';
import { transferTaskResource } from '../../../shared/resources/transfer-request.resource';
import { TRANSIT_PAGES } from '../../../shared/resources/transit.resource';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { FactsCard, Section, orPlaceholder } from '../../kit/record-parts';
import { useCanOpen } from '../../routes/use-access';
import { transferQueries } from './transfer.queries';

const F = transferTaskResource.fields;

/**
 * /transfer/transferTask/detail/$id: one MT order of this warehouse through its execution — its
 * stage (waiting, picking, checking, packing, shipping, in transit, received, closed), the MT
 * document's, the floor's and the shipment's statuses, and per SKU what was requested, picked,
 * shipped, received, short, over and damaged at the destination; linked to the MT order and the
 * transit shipment.
 */
export default function TransferTaskDetailScreen() {
  const { t } = useLingui();
  const { id: orderNo, heading } = useRecordHeading('id');
  const detail = useQuery(transferQueries.task(orderNo));
  const canOpenOrder = useCanOpen(MT_ORDER_PAGES.detail);
  const canOpenShipment = useCanOpen(TRANSIT_PAGES.taskDetail);
  if (!detail.data) return <RecordPending heading={heading} id={orderNo} error={detail.error} />;
  const task = detail.data;
  const qty = (n: number, warn?: string) => ({ children: groupNumber(n), c: n > 0 ? warn : undefined, ta: 'right' as const });
  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} fz="h2">{heading}</Title>
      <FactsCard
        testId="transfer-task-header"
        facts={[
          [F.stage, <FieldValue field={F.stage} value={task.stage} />],
          [F.order_no, canOpenOrder ? <Anchor component={Link} to={MT_ORDER_PAGES.detail} search={{ order_no: task.order_no } as never}>{task.order_no}</Anchor> : task.order_no],
          [F.dest_whs_id, `${task.dest_whs_id} · ${task.dest_whs_name}`],
          [F.request_no, orPlaceholder(task.request_no)],
          [F.doc_status, <FieldValue field={F.doc_status} value={task.doc_status} />],
          [F.status, <FieldValue field={F.status} value={task.status} />],
          [F.shipment_no, task.shipment_no && canOpenShipment
            ? <Anchor component={Link} to={TRANSIT_PAGES.taskDetail} params={{ id: task.shipment_no } as never}>{task.shipment_no}</Anchor>
            : orPlaceholder(task.shipment_no)],
          [F.shipment_status, task.shipment_status === null ? orPlaceholder(null) : <FieldValue field={F.shipment_status} value={task.shipment_status} />],
          [<Trans>Destination ASN No.</Trans>, orPlaceholder(task.dest_asn_no)],
          [F.created_at, <FieldValue field={F.created_at} value={task.created_at} />],
        ]}
      />
      <Section title={<Trans>Lines</Trans>} testId="transfer-task-lines">
        <Table striped aria-label={t`Lines`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>SKU ID</Trans></Table.Th>
              <Table.Th><Trans>SKU Name</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Requested Qty</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Picked Qty</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Shipped Qty</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Received Qty</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Short Qty</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Over Qty</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Damaged Qty</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {task.lines.map((l) => (
              <Table.Tr key={l.sku_id}>
                <Table.Td ff="monospace">{l.sku_id}</Table.Td>
                <Table.Td>{orPlaceholder(l.sku_name)}</Table.Td>
                <Table.Td {...qty(l.requested_qty)} />
                <Table.Td {...qty(l.picked_qty)} />
                <Table.Td {...qty(l.shipped_qty)} />
                <Table.Td {...qty(l.received_qty)} />
                <Table.Td {...qty(l.short_qty, 'red')} />
                <Table.Td {...qty(l.over_qty, 'orange')} />
                <Table.Td {...qty(l.damaged_qty, 'orange')} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </Stack>
  );
}
