import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { SALES_ORDER_STATUS } from '../../../shared/codes';
import { SALES_ORDER_PAGES } from '../../../shared/contract/sales-order.contract';
import { WAVE_PAGES } from '../../../shared/contract/wave.contract';
import { salesOrderResource } from '../../../shared/resources/sales-order.resource';
import { autoWaveRuleResource } from '../../../shared/resources/outbound-rules.resource';
import { waveResource } from '../../../shared/resources/wave.resource';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { linkProps } from '../../kit/resource/resource-list';
import { recordLink } from '../../kit/resource/resource-pages';
import { pageTitle } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { FactsCard, NoData, Section, orPlaceholder } from '../../kit/record-parts';
import { TaskTable } from './outbound-parts';
import { outboundQueries } from './outbound.queries';

const W = waveResource.fields;
const O = salesOrderResource.fields;

/**
 * An order of the wave that left it: a short pick failed it (its reason is on the order), or it was
 * cancelled. The wave closes without it.
 */
const isDetached = (status: number) => status === SALES_ORDER_STATUS.values.PICK_FAIL || status === SALES_ORDER_STATUS.values.CANCEL;

/**
 * /salesoutbound/waveLog/detail/$wave_sn/is_manual_wave={…}: one wave — its facts, its orders
 * (those a short pick detached with their reason) and its picking tasks. Whether the wave is manual
 * is read from the wave itself; the path's flag is the spec's route shape.
 */
export default function WaveDetailScreen() {
  const { t, i18n } = useLingui();
  const { wave_sn: waveNo = '' } = useParams({ strict: false }) as { wave_sn?: string };
  const detail = useQuery(outboundQueries.waveDetail(waveNo));
  const canOpenOrder = useCanOpen(SALES_ORDER_PAGES.detail);
  const ruleDetail = autoWaveRuleResource.pages!.detail!;
  const canOpenRule = useCanOpen(ruleDetail);
  const title = pageTitle(WAVE_PAGES.logDetail);
  const heading = `${title ? i18n._(title) : ''} ${waveNo}`.trim();
  if (!detail.data) {
    return <RecordPending heading={heading} id={waveNo} error={detail.error} />;
  }
  const { wave, orders, tasks } = detail.data;
  const rule = wave.auto_wave_rule;
  const ruleName = rule && (rule.rule_name ?? `#${rule.rule_id}`);
  return (
    <Stack gap="md" maw={1280}>
      <Title order={1} fz="h2">{heading}</Title>
      <FactsCard
        testId="wave-header"
        facts={[
          [W.status, <FieldValue field={W.status} value={wave.status} />],
          [W.is_manual, <FieldValue field={W.is_manual} value={wave.is_manual ? 1 : 0} />],
          [W.is_flow, <FieldValue field={W.is_flow} value={wave.is_flow ? 1 : 0} />],
          rule !== null && [
            <Trans>Auto Wave Rule</Trans>,
            canOpenRule ? <Anchor component={Link} {...linkProps(recordLink(autoWaveRuleResource, ruleDetail, rule.rule_id))} inherit>{ruleName}</Anchor> : ruleName,
          ],
          [W.picking_type, <FieldValue field={W.picking_type} value={wave.picking_type} />],
          [W.order_count, wave.order_count],
          [W.unit_count, wave.unit_count],
          [W.detached_count, wave.detached_count],
          [<Trans>Tasks</Trans>, wave.task_count],
          [W.created_at, <FieldValue field={W.created_at} value={wave.created_at} />],
          [W.finished_at, <FieldValue field={W.finished_at} value={wave.finished_at} />],
        ]}
      />
      <Section title={<Trans>Orders</Trans>} testId="wave-orders">
        {orders.length === 0 ? <NoData /> : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped aria-label={t`Orders`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{i18n._(O.order_no.label)}</Table.Th>
                  <Table.Th>{i18n._(O.external_no.label)}</Table.Th>
                  <Table.Th>{i18n._(O.status.label)}</Table.Th>
                  <Table.Th>{i18n._(O.priority.label)}</Table.Th>
                  <Table.Th ta="right">{i18n._(O.total_qty.label)}</Table.Th>
                  <Table.Th ta="right">{i18n._(O.picked_qty.label)}</Table.Th>
                  <Table.Th><Trans>Detached</Trans></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.map((order) => (
                  <Table.Tr key={order.order_no}>
                    <Table.Td>
                      {canOpenOrder
                        ? <Anchor component={Link} to={SALES_ORDER_PAGES.detail.replace('$id', encodeURIComponent(order.order_no))}>{order.order_no}</Anchor>
                        : order.order_no}
                    </Table.Td>
                    <Table.Td>{order.external_no}</Table.Td>
                    <Table.Td><FieldValue field={O.status} value={order.status} /></Table.Td>
                    <Table.Td><FieldValue field={O.priority} value={order.priority} /></Table.Td>
                    <Table.Td ta="right">{order.total_qty}</Table.Td>
                    <Table.Td ta="right">{order.picked_qty}</Table.Td>
                    <Table.Td>
                      {isDetached(order.status)
                        ? <Text size="sm" c="red">{orPlaceholder(order.hold_reason)}</Text>
                        : <Text size="sm" c="dimmed">{orPlaceholder(null)}</Text>}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={<Trans>Tasks</Trans>} testId="wave-tasks"><TaskTable tasks={tasks} /></Section>
    </Stack>
  );
}
