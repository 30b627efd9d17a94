import type { ReactNode } from 'react';
import { Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { QUALITY, SALES_ORDER_STATUS } from '../../../shared/codes';
import type { SalesOrderDetail } from '../../../shared/contract/sales-order.contract';
import { salesOrderResource } from '../../../shared/resources/sales-order.resource';
import { FieldValue } from '../../kit/resource/field-value';
import { NoData, Section, codeField, orPlaceholder } from '../../kit/record-parts';
import { TaskLink, TaskTable } from './outbound-parts';
import { outboundQueries } from './outbound.queries';

/**
 * The sections of an outbound order's detail, whatever its type (sales order detail, MT order
 * detail): its lines, the stock reserved for it (picked, short, released, put back) and the log of
 * every status change. `orderType` says whose task pages the allocations link to.
 */

/** After a move on an order's detail: refresh the details and the lists. */
export function useOrderRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: outboundQueries.all });
    void queryClient.invalidateQueries({ queryKey: ['resource'] });
  };
}

/**
 * An outbound order's detail page, whatever its type: the heading with the moves its status
 * allows, its notices, the type's facts (`header`), lines, allocations, anything the type adds
 * (`children`), then its tasks beside its log. `orderNo` names the order to the task links whose
 * detail pages take one (an RTS task's).
 */
export function OrderDetailLayout({ heading, actions, notice, header, detail, orderType, orderNo, children }: {
  heading: string;
  actions: ReactNode;
  notice?: ReactNode;
  header: ReactNode;
  detail: Pick<SalesOrderDetail, 'lines' | 'allocations' | 'tasks' | 'logs'>;
  orderType?: number;
  orderNo?: string;
  children?: ReactNode;
}) {
  const { lines, allocations, tasks, logs } = detail;
  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between" align="center">
        <Title order={1} fz="h2">{heading}</Title>
        {actions}
      </Group>
      {notice}
      {header}
      <Lines lines={lines} />
      <Allocations allocations={allocations} tasks={tasks} orderType={orderType} orderNo={orderNo} />
      {children}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={<Trans>Tasks</Trans>} testId="order-tasks"><TaskTable tasks={tasks} orderType={orderType} orderNo={orderNo} /></Section>
        <Log logs={logs} />
      </SimpleGrid>
    </Stack>
  );
}

const F = salesOrderResource.fields;
const statusField = codeField(SALES_ORDER_STATUS, /*i18n*/ 'Status', true);
const qualityField = codeField(QUALITY, /*i18n*/ 'Quality');
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export function Lines({ lines }: { lines: SalesOrderDetail['lines'] }) {
  const { t } = useLingui();
  return (
    <Section title={<Trans>Lines</Trans>} testId="order-lines">
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t`Lines`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th><Trans>SKU ID</Trans></Table.Th>
              <Table.Th><Trans>SKU Name</Trans></Table.Th>
              <Table.Th><Trans>Barcode</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Qty</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Allocated</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Picked</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.line_no}>
                <Table.Td>{l.line_no}</Table.Td>
                <Table.Td ff="monospace">{l.sku_id}</Table.Td>
                <Table.Td>{orPlaceholder(l.sku_name)}</Table.Td>
                <Table.Td>{orPlaceholder(l.barcode)}</Table.Td>
                <Table.Td ta="right">{l.qty}</Table.Td>
                <Table.Td ta="right">{l.allocated_qty}</Table.Td>
                <Table.Td ta="right">{l.picked_qty}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

export function Allocations({ allocations, tasks, orderType, orderNo }: Pick<SalesOrderDetail, 'allocations' | 'tasks'> & { orderType?: number; orderNo?: string }) {
  const { t } = useLingui();
  const kindOf = new Map(tasks.map((task) => [task.task_no, task.kind]));
  return (
    <Section title={<Trans>Allocations</Trans>} testId="order-allocations">
      {allocations.length === 0 ? <NoData /> : (
        <Table.ScrollContainer minWidth={1000}>
          <Table striped aria-label={t`Allocations`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th><Trans>SKU ID</Trans></Table.Th>
                <Table.Th><Trans>Location</Trans></Table.Th>
                <Table.Th><Trans>Zone ID</Trans></Table.Th>
                <Table.Th><Trans>Batch</Trans> / <Trans>Expiry Date</Trans></Table.Th>
                <Table.Th><Trans>Quality</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Qty</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Picked</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Short</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Cancelled</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Returned</Trans></Table.Th>
                <Table.Th><Trans>Task No.</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {allocations.map((a) => (
                <Table.Tr key={a.alloc_id}>
                  <Table.Td>{a.line_no}</Table.Td>
                  <Table.Td ff="monospace">{a.sku_id}</Table.Td>
                  <Table.Td style={NO_WRAP}>{a.location_id}</Table.Td>
                  <Table.Td>{orPlaceholder(a.zone_id)}</Table.Td>
                  <Table.Td>{a.batch_id}<Text size="xs" c="dimmed">{orPlaceholder(a.expiry_date)}</Text></Table.Td>
                  <Table.Td><FieldValue field={qualityField} value={a.quality} /></Table.Td>
                  <Table.Td ta="right">{a.qty}</Table.Td>
                  <Table.Td ta="right">{a.picked_qty}</Table.Td>
                  <Table.Td ta="right">{a.short_qty}</Table.Td>
                  <Table.Td ta="right">{a.cancelled_qty}</Table.Td>
                  <Table.Td ta="right">{a.returned_qty}</Table.Td>
                  <Table.Td style={NO_WRAP}>{a.task_no ? <TaskLink taskNo={a.task_no} kind={kindOf.get(a.task_no) ?? 1} orderType={orderType} orderNo={orderNo} /> : orPlaceholder(null)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function Log({ logs }: { logs: SalesOrderDetail['logs'] }) {
  return (
    <Section title={<Trans>Log</Trans>} testId="order-log">
      {logs.length === 0 ? <NoData /> : (
        <Timeline active={logs.length - 1} bulletSize={14} lineWidth={2}>
          {logs.map((log) => (
            <Timeline.Item
              key={log.log_id}
              title={(
                <Group gap={6}>
                  {log.from_status !== null && log.from_status !== log.to_status && (
                    <>
                      <FieldValue field={statusField} value={log.from_status} />
                      <Text span c="dimmed">→</Text>
                    </>
                  )}
                  <FieldValue field={statusField} value={log.to_status} />
                </Group>
              )}
            >
              <Text size="sm">{log.note}</Text>
              <Text size="xs" c="dimmed">
                <FieldValue field={F.created_at} value={log.created_at} />{' · '}{log.operator_name ?? <Trans>System</Trans>}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
