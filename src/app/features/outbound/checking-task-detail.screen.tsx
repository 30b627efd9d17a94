import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHECKING_REFUSAL_REASON, OUTBOUND_ORDER_TYPE, TASK_STATUS } from '../../../shared/codes';
import { MT_CHECKING_PAGES } from '../../../shared/contract/mt-shipping.contract';
import { checkingTaskResource } from '../../../shared/resources/checking-task.resource';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { FactsCard, NoData, Section, codeField, orPlaceholder } from '../../kit/record-parts';
import { useSearchParam } from '../../kit/search-param';
import { checkingQueries } from './checking.queries';
import { OrderLink, WaveLink } from './outbound-parts';

const F = checkingTaskResource.fields;
const orderStatusField = codeField(TASK_STATUS, /*i18n*/ 'Status');
const reasonField = codeField(CHECKING_REFUSAL_REASON, /*i18n*/ 'Reason');
const yes = (on: boolean) => (on ? <Trans>Yes</Trans> : <Trans>No</Trans>);

/**
 * /salesoutbound/task/checking/detail/$task_number: one checking task — the checking task info of
 * spec §3, its orders (slot, units, expected and weighed grams, packaging, who and when) and every
 * scan its station refused (the exception center's record of wrong and extra units). Also
 * /mtoutbound/checkingTaskDetail?task_no=…: an MT container's task, its orders linking to MT orders.
 */
export default function CheckingTaskDetailScreen() {
  const { t, i18n } = useLingui();
  const { id, heading: ownHeading, pathname } = useRecordHeading('task_number');
  // MT Checking Task Detail takes its task from the query string.
  const mtTaskNo = useSearchParam('task_no');
  const mt = pathname.endsWith(MT_CHECKING_PAGES.detail);
  const orderType = mt ? OUTBOUND_ORDER_TYPE.values.MT : undefined;
  const taskNo = mt ? mtTaskNo ?? '' : id;
  const heading = mt ? `${ownHeading} ${taskNo}` : ownHeading;
  const detail = useQuery(checkingQueries.detail(taskNo, orderType));
  if (!detail.data) return <RecordPending heading={heading} id={taskNo} error={detail.error} />;
  const { task, orders, refusals } = detail.data;
  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} fz="h2">{heading}</Title>
      <FactsCard
        testId="task-header"
        facts={[
          [F.status, <FieldValue field={F.status} value={task.status} />],
          [F.container_code, task.container_code],
          [F.station_id, task.station_id],
          [F.mode, <FieldValue field={F.mode} value={task.mode} />],
          [F.wave_no, task.wave_no ? <WaveLink waveNo={task.wave_no} /> : orPlaceholder(null)],
          [F.wave_type, <FieldValue field={F.wave_type} value={task.wave_type} />],
          [<Trans>Scan Inner Packaging</Trans>, yes(task.need_scan_inner_packaging)],
          [<Trans>Scan Outer Packaging</Trans>, yes(task.need_scan_outer_packaging)],
          [<Trans>Weight Input</Trans>, yes(!task.remove_weight_input)],
          [F.checked_qty, task.checked_qty],
          [F.total_qty, task.total_qty],
          [F.created_at, <FieldValue field={F.created_at} value={task.created_at} />],
          [F.finished_at, <FieldValue field={F.finished_at} value={task.finished_at} />],
        ]}
      />
      <Section title={<Trans>Orders</Trans>} testId="checking-task-orders">
        {orders.length === 0 ? <NoData /> : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped aria-label={t`Orders`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th><Trans>Slot</Trans></Table.Th>
                  <Table.Th><Trans>Order No.</Trans></Table.Th>
                  <Table.Th><Trans>Units</Trans></Table.Th>
                  <Table.Th ta="right"><Trans>Expected Weight (g)</Trans></Table.Th>
                  <Table.Th ta="right"><Trans>Weight (g)</Trans></Table.Th>
                  <Table.Th>{i18n._(orderStatusField.label)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.map((o) => (
                  <Table.Tr key={o.order_no}>
                    <Table.Td>{o.slot_no}</Table.Td>
                    <Table.Td><OrderLink orderNo={o.order_no} orderType={orderType} /></Table.Td>
                    <Table.Td>
                      {o.lines.map((l) => <Text key={l.sku_id} size="sm" ff="monospace">{`${l.qty} × ${l.sku_id}`}</Text>)}
                    </Table.Td>
                    <Table.Td ta="right">{orPlaceholder(o.expected_weight_g)}</Table.Td>
                    <Table.Td ta="right">{orPlaceholder(o.weight_g)}</Table.Td>
                    <Table.Td><FieldValue field={orderStatusField} value={o.status} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={<Trans>Refused Scans</Trans>} testId="checking-task-refusals">
        {refusals.length === 0 ? <NoData /> : (
          <Table striped aria-label={t`Refused Scans`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>Time</Trans></Table.Th>
                <Table.Th><Trans>Order No.</Trans></Table.Th>
                <Table.Th><Trans>Scanned</Trans></Table.Th>
                <Table.Th>{i18n._(reasonField.label)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refusals.map((r) => (
                <Table.Tr key={r.refusal_id}>
                  <Table.Td><FieldValue field={F.created_at} value={r.created_at} /></Table.Td>
                  <Table.Td>{r.order_no ? <OrderLink orderNo={r.order_no} /> : orPlaceholder(null)}</Table.Td>
                  <Table.Td ff="monospace">{r.scanned}</Table.Td>
                  <Table.Td><FieldValue field={reasonField} value={r.reason} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
    </Stack>
  );
}
