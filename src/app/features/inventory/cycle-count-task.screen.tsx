import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CC_PAGES } from '../../../shared/contract/cycle-count.contract';
import { groupNumber } from '../../../shared/format';
import { ccTaskResource } from '../../../shared/resources/cycle-count.resource';
import { FactsCard, NoData, Section, orPlaceholder } from '../../kit/record-parts';
import { useRecordHeading } from '../../kit/record-heading';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { useCanOpen } from '../../routes/use-access';
import { ccQueries } from './cycle-count.queries';

const F = ccTaskResource.fields;

/**
 * A counting task (spec §2 /inventorymanage/cc/cctask/$task_id and fsc/fsctask/$task_id): its facts,
 * its locations in walking order with the SKUs expected there, the book and what this round counted,
 * and every scan of the task.
 */
export default function CycleCountTaskScreen() {
  const { t } = useLingui();
  const { id: taskNo, heading, pathname } = useRecordHeading('task_id');
  const fsc = pathname.includes('/inventorymanage/fsc/');
  const orderPage = fsc ? CC_PAGES.fscOrderView : CC_PAGES.orderView;
  const canOpenOrder = useCanOpen(orderPage);
  const detail = useQuery(ccQueries.task(taskNo));
  if (!detail.data) return <RecordPending heading={heading} id={taskNo} error={detail.error} />;
  const { task, locations, counts } = detail.data;
  const counted = locations.filter((l) => l.counted).length;
  return (
    <Stack gap="lg" maw={1400}>
      <Group gap="sm">
        <Title order={1} fz="h2">{heading}</Title>
        <FieldValue field={F.status} value={task.status} />
      </Group>
      <FactsCard
        testId="cc-task-facts"
        facts={[
          [F.order_no, canOpenOrder
            ? <Anchor component={Link} to={orderPage} search={{ order_no: task.order_no } as never} size="sm">{task.order_no}</Anchor>
            : task.order_no],
          [F.round, task.round],
          [F.zone_id, task.zone_id],
          [F.pathway_id, orPlaceholder(task.pathway_id)],
          [F.assignee_id, orPlaceholder(task.assignee_id)],
          [F.counted_location_count, `${groupNumber(counted)} / ${groupNumber(locations.length)}`],
          [F.created_at, <FieldValue field={F.created_at} value={task.created_at} />],
          [F.finished_at, <FieldValue field={F.finished_at} value={task.finished_at} />],
        ]}
      />
      <Section title={<Trans>Locations</Trans>} testId="cc-task-locations">
        <Table.ScrollContainer minWidth={800}>
          <Table withTableBorder aria-label={t`Locations`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th><Table.Th>{t`Location`}</Table.Th><Table.Th>{t`SKU ID`}</Table.Th><Table.Th>{t`SKU Name`}</Table.Th>
                <Table.Th ta="right">{t`Book`}</Table.Th><Table.Th ta="right">{t`Counted`}</Table.Th><Table.Th>{t`Status`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {locations.map((location) => {
                const rows = location.skus.length > 0 ? location.skus : [null];
                return rows.map((sku, i) => (
                  <Table.Tr key={`${location.location_id}/${sku?.sku_id ?? ''}`}>
                    {i === 0 && <Table.Td rowSpan={rows.length}>{location.seq}</Table.Td>}
                    {i === 0 && <Table.Td rowSpan={rows.length} fw={500}>{location.location_id}</Table.Td>}
                    <Table.Td>{orPlaceholder(sku?.sku_id)}</Table.Td>
                    <Table.Td>{orPlaceholder(sku?.sku_name)}</Table.Td>
                    <Table.Td ta="right">{orPlaceholder(sku?.system_qty)}</Table.Td>
                    <Table.Td ta="right">{sku ? groupNumber(sku.counted_qty) : orPlaceholder(null)}</Table.Td>
                    {i === 0 && (
                      <Table.Td rowSpan={rows.length}>
                        {location.counted
                          ? <Badge color="teal" variant="light"><Trans>Counted</Trans></Badge>
                          : <Badge color="gray" variant="light"><Trans>Not Counted</Trans></Badge>}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ));
              })}
              {locations.length === 0 && <Table.Tr><Table.Td colSpan={7}><NoData /></Table.Td></Table.Tr>}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section title={<Trans>Scans</Trans>} testId="cc-task-scans">
        {counts.length === 0 ? <NoData /> : (
          <Table.ScrollContainer minWidth={700}>
            <Table striped aria-label={t`Scans`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Counted At`}</Table.Th><Table.Th>{t`Location`}</Table.Th><Table.Th>{t`SKU ID`}</Table.Th><Table.Th ta="right">{t`Qty`}</Table.Th>
                  <Table.Th>{t`Counter`}</Table.Th><Table.Th>{t`Unknown Code`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {counts.map((c, i) => (
                  <Table.Tr key={i}>
                    <Table.Td><FieldValue field={F.created_at} value={c.counted_at} /></Table.Td>
                    <Table.Td>{c.location_id}</Table.Td><Table.Td>{orPlaceholder(c.sku_id)}</Table.Td><Table.Td ta="right">{groupNumber(c.qty)}</Table.Td>
                    <Table.Td>{c.counter_id}</Table.Td><Table.Td>{c.unknown_code ? <Text size="sm" c="orange">{c.unknown_code}</Text> : orPlaceholder(null)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  );
}
