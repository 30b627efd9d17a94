import { Fragment, useEffect, useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Group, Pagination, Progress, Select, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconChevronDown, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CYCLE_COUNT_CREATION_STATUS, CYCLE_COUNT_RESULT, CYCLE_COUNT_STATUS, QUALITY } from '../../../shared/codes';
import { contract, type InputOf, type OutputOf } from '../../../shared/contract';
import { CC_ACCESS, CC_PAGES } from '../../../shared/contract/cycle-count.contract';
import { groupNumber } from '../../../shared/format';
import { ccOrderResource, ccTaskResource } from '../../../shared/resources/cycle-count.resource';
import { callApi } from '../../kit/api';
import { useMayCall } from '../../kit/permitted';
import { ReasonDialog } from '../../kit/reason-dialog';
import { FactsCard, NoData, Section, orPlaceholder } from '../../kit/record-parts';
import { RecordPending } from '../../kit/record-pending';
import { FieldValue } from '../../kit/resource/field-value';
import { useSearchParam } from '../../kit/search-param';
import { toast } from '../../kit/toast';
import { pageTitle } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { pageAt } from './cycle-count-form';
import { resultField } from './cycle-count-fields';
import { ccQueries, isBuilding } from './cycle-count.queries';

type Order = OutputOf<typeof contract.getCcOrderDetail>;
type Line = OutputOf<typeof contract.getCcOrderDetailSkuLocationList>['list'][number];
type ResultCode = NonNullable<InputOf<typeof contract.getCcOrderDetailSkuLocationList>['result']>;

const F = ccOrderResource.fields;
const T = ccTaskResource.fields;
const S = CYCLE_COUNT_STATUS.values;
const C = CYCLE_COUNT_CREATION_STATUS.values;
const PAGE_SIZE = 50;


/** A line's batches now and the counts scanned for it. */
function LineDetail({ orderNo, line }: { orderNo: string; line: Line }) {
  const { t, i18n } = useLingui();
  const batches = useQuery(ccQueries.lineBatches(orderNo, line.location_id, line.sku_id));
  const scans = useQuery(ccQueries.lineScans(orderNo, line.location_id, line.sku_id));
  return (
    <Group align="flex-start" gap="lg" p="sm" wrap="wrap" data-testid="cc-line-detail">
      <Stack gap={4} miw={360}>
        <Text size="sm" fw={600}><Trans>Batches here now</Trans></Text>
        {batches.data && batches.data.list.length === 0 && <NoData />}
        {batches.data && batches.data.list.length > 0 && (
          <Table withTableBorder fz="xs" aria-label={t`Batches here now`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Batch ID`}</Table.Th><Table.Th>{t`Quality`}</Table.Th><Table.Th ta="right">{t`On Hand`}</Table.Th>
                <Table.Th ta="right">{t`Reserved`}</Table.Th><Table.Th ta="right">{t`Blocked`}</Table.Th><Table.Th>{t`Expiry Date`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batches.data.list.map((b) => (
                <Table.Tr key={`${b.batch_id}/${b.quality}`}>
                  <Table.Td>{b.batch_id}</Table.Td><Table.Td>{QUALITY.label(b.quality) ? i18n._(QUALITY.label(b.quality)!) : b.quality}</Table.Td>
                  <Table.Td ta="right">{groupNumber(b.onhand_qty)}</Table.Td><Table.Td ta="right">{groupNumber(b.prepick_qty)}</Table.Td>
                  <Table.Td ta="right">{groupNumber(b.locked_qty)}</Table.Td><Table.Td>{orPlaceholder(b.expiry_date)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap={4} miw={360}>
        <Text size="sm" fw={600}><Trans>Counts scanned</Trans></Text>
        {scans.data && scans.data.list.length === 0 && <NoData />}
        {scans.data && scans.data.list.length > 0 && (
          <Table withTableBorder fz="xs" aria-label={t`Counts scanned`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Round`}</Table.Th><Table.Th>{t`Task No.`}</Table.Th><Table.Th ta="right">{t`Qty`}</Table.Th>
                <Table.Th>{t`Counter`}</Table.Th><Table.Th>{t`Counted At`}</Table.Th><Table.Th>{t`Unknown Code`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {scans.data.list.map((s, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{s.round}</Table.Td><Table.Td>{s.task_no}</Table.Td><Table.Td ta="right">{groupNumber(s.qty)}</Table.Td>
                  <Table.Td>{s.counter_id}</Table.Td><Table.Td><FieldValue field={F.created_at} value={s.counted_at} /></Table.Td>
                  <Table.Td>{orPlaceholder(s.unknown_code)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Group>
  );
}

/** The order's lines, a page at a time, narrowed by result; a line opens to its batches and scans. */
function Lines({ order }: { order: Order }) {
  const { t, i18n } = useLingui();
  const [result, setResult] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const lines = useQuery(ccQueries.orderLines({
    order_no: order.order_no, page_no: pageNo, page_size: PAGE_SIZE, ...(result === null ? {} : { result: Number(result) as ResultCode }),
  }));
  return (
    <Stack gap="sm">
      <Select
        label={t`Result`} placeholder={t`All`} clearable w={200} value={result} comboboxProps={{ withinPortal: true }}
        data={CYCLE_COUNT_RESULT.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) }))}
        onChange={(v) => { setResult(v); setPageNo(1); }}
      />
      <Table.ScrollContainer minWidth={1000}>
        <Table striped aria-label={t`Lines`} data-testid="cc-order-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} /><Table.Th>{t`Location`}</Table.Th><Table.Th>{t`Zone`}</Table.Th><Table.Th>{t`Pathway`}</Table.Th>
              <Table.Th>{t`SKU ID`}</Table.Th><Table.Th>{t`SKU Name`}</Table.Th><Table.Th ta="right">{t`Book at Creation`}</Table.Th>
              <Table.Th>{t`Round`}</Table.Th><Table.Th ta="right">{t`Book`}</Table.Th><Table.Th ta="right">{t`Counted`}</Table.Th><Table.Th>{t`Result`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.data?.list.map((line) => {
              const key = `${line.location_id}/${line.sku_id}`;
              return (
                <Fragment key={key}>
                  <Table.Tr>
                    <Table.Td>
                      <ActionIcon variant="subtle" size="sm" aria-label={t`Batches and scans of ${key}`} aria-expanded={open === key} onClick={() => setOpen(open === key ? null : key)}>
                        {open === key ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                      </ActionIcon>
                    </Table.Td>
                    <Table.Td>{line.location_id}</Table.Td><Table.Td>{line.zone_id}</Table.Td><Table.Td>{line.pathway_id}</Table.Td>
                    <Table.Td>{orPlaceholder(line.sku_id)}</Table.Td><Table.Td>{orPlaceholder(line.sku_name)}</Table.Td>
                    <Table.Td ta="right">{groupNumber(line.system_qty)}</Table.Td><Table.Td>{line.round}</Table.Td>
                    <Table.Td ta="right">{orPlaceholder(line.book_qty)}</Table.Td><Table.Td ta="right">{orPlaceholder(line.counted_qty)}</Table.Td>
                    <Table.Td><FieldValue field={resultField} value={line.result} /></Table.Td>
                  </Table.Tr>
                  {open === key && (
                    <Table.Tr><Table.Td colSpan={11} bg="var(--mantine-color-gray-0)"><LineDetail orderNo={order.order_no} line={line} /></Table.Td></Table.Tr>
                  )}
                </Fragment>
              );
            })}
            {lines.data?.list.length === 0 && <Table.Tr><Table.Td colSpan={11}><NoData /></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lines.data && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed"><Trans>{groupNumber(lines.data.total)} lines</Trans></Text>
          <Pagination total={Math.max(1, Math.ceil(lines.data.total / PAGE_SIZE))} value={pageNo} onChange={setPageNo} size="sm" />
        </Group>
      )}
    </Stack>
  );
}

/** The order's tasks, each linked to its detail. */
function Tasks({ orderNo, taskPage }: { orderNo: string; taskPage: string }) {
  const { t } = useLingui();
  const tasks = useQuery(ccQueries.orderTasks(orderNo));
  const canOpen = useCanOpen(taskPage);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label={t`Tasks`} data-testid="cc-order-tasks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Task No.`}</Table.Th><Table.Th>{t`Round`}</Table.Th><Table.Th>{t`Status`}</Table.Th><Table.Th>{t`Zone`}</Table.Th>
            <Table.Th>{t`Pathway`}</Table.Th><Table.Th>{t`Counter`}</Table.Th><Table.Th ta="right">{t`Counted`}</Table.Th><Table.Th>{t`Created At`}</Table.Th>
            <Table.Th>{t`Finished At`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.data?.list.map((task) => (
            <Table.Tr key={task.task_no}>
              <Table.Td>{canOpen ? <Anchor component={Link} to={pageAt(taskPage, task.task_no)} size="sm">{task.task_no}</Anchor> : task.task_no}</Table.Td>
              <Table.Td>{task.round}</Table.Td><Table.Td><FieldValue field={T.status} value={task.status} /></Table.Td>
              <Table.Td>{task.zone_id}</Table.Td><Table.Td>{orPlaceholder(task.pathway_id)}</Table.Td><Table.Td>{orPlaceholder(task.assignee_id)}</Table.Td>
              <Table.Td ta="right">{`${groupNumber(task.counted_location_count)} / ${groupNumber(task.location_count)}`}</Table.Td>
              <Table.Td><FieldValue field={T.created_at} value={task.created_at} /></Table.Td>
              <Table.Td><FieldValue field={T.finished_at} value={task.finished_at} /></Table.Td>
            </Table.Tr>
          ))}
          {tasks.data?.list.length === 0 && <Table.Tr><Table.Td colSpan={9}><NoData /></Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Log({ orderNo }: { orderNo: string }) {
  const { t } = useLingui();
  const log = useQuery(ccQueries.orderLog(orderNo));
  return (
    <Table striped aria-label={t`Log`} data-testid="cc-order-log">
      <Table.Thead>
        <Table.Tr><Table.Th>{t`Time`}</Table.Th><Table.Th>{t`Action`}</Table.Th><Table.Th>{t`Detail`}</Table.Th><Table.Th>{t`Operator`}</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {log.data?.list.map((entry, i) => (
          <Table.Tr key={i}>
            <Table.Td><FieldValue field={F.created_at} value={entry.created_at} /></Table.Td>
            <Table.Td>{entry.action}</Table.Td><Table.Td>{entry.detail}</Table.Td><Table.Td>{orPlaceholder(entry.operator_id)}</Table.Td>
          </Table.Tr>
        ))}
        {log.data?.list.length === 0 && <Table.Tr><Table.Td colSpan={4}><NoData /></Table.Td></Table.Tr>}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A cycle count or full stock count order (spec §2 /inventorymanage/cc/ccorder/view and
 * /inventorymanage/fsc/fscorder/view, `?order_no=`): its facts, its build while it is made in the
 * background (read again every 2 s), its lines with their batches and scans, its tasks and its log;
 * cancelling it, and a second count of its differing lines.
 */
export default function CycleCountOrderScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const fsc = pathname.endsWith(CC_PAGES.fscOrderView);
  const listPage = fsc ? CC_PAGES.fscOrders : CC_PAGES.orders;
  const orderNo = useSearchParam('order_no') ?? '';
  const skipped = Number(useSearchParam('skipped') ?? 0);
  const [tab, setTab] = useState<string | null>('lines');
  const [cancelling, setCancelling] = useState(false);
  const mayCancel = useMayCall(CC_ACCESS.cancel);
  const canSecondCount = useCanOpen(CC_PAGES.secondCount);
  const order = useQuery(ccQueries.order(orderNo));
  const creationStatus = order.data?.creation_status;
  // Once built in the background, its lines and tasks are read again.
  useEffect(() => {
    if (creationStatus === C.SUCCESS) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'cycleCount' && q.queryKey[1] !== 'order' });
  }, [creationStatus, queryClient]);
  const title = pageTitle(fsc ? CC_PAGES.fscOrderView : CC_PAGES.orderView);
  const heading = `${title ? i18n._(title) : ''} ${orderNo}`.trim();
  const listTitle = pageTitle(listPage);
  const o = order.data;
  if (!o) return <RecordPending heading={heading} id={orderNo} error={order.error} />;
  const open = o.status === S.PENDING || o.status === S.ONGOING;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ccQueries.all });

  return (
    <Stack gap="lg" maw={1400}>
      <Stack gap={4}>
        <Anchor component={Link} to={listPage} size="sm">
          <Group gap={4}><IconArrowLeft size={14} aria-hidden />{listTitle ? i18n._(listTitle) : ''}</Group>
        </Anchor>
        <Group gap="sm">
          <Title order={1} fz="h2">{heading}</Title>
          <FieldValue field={F.status} value={o.status} />
        </Group>
      </Stack>
      {skipped > 0 && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="cc-skipped">
          <Trans>{skipped} lines were left out of this order because they are already in another open count.</Trans>
        </Alert>
      )}
      {isBuilding(o) && (
        <Stack gap={4} data-testid="cc-building">
          <Text size="sm"><Trans>The order is being built: {o.progress}%</Trans></Text>
          <Progress value={o.progress} animated />
        </Stack>
      )}
      {o.creation_status === C.FAIL && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`The order could not be built`}>{orPlaceholder(o.fail_reason)}</Alert>
      )}
      <FactsCard
        testId="cc-order-facts"
        facts={[
          [F.creation_status, <FieldValue field={F.creation_status} value={o.creation_status} />],
          [F.order_type, <FieldValue field={F.order_type} value={o.order_type} />],
          [F.kind, <FieldValue field={F.kind} value={o.kind} />],
          [F.scope, <FieldValue field={F.scope} value={o.scope} />],
          [F.source, <FieldValue field={F.source} value={o.source} />],
          [F.round, o.round],
          [F.location_count, groupNumber(o.location_count)],
          [F.sku_count, groupNumber(o.sku_count)],
          [F.diff_line_count, groupNumber(o.diff_line_count)],
          [t`Counters See the Book`, o.show_system_qty ? t`Yes` : t`No (blind count)`],
          [F.source_ref, orPlaceholder(o.source_ref)],
          [F.created_by, orPlaceholder(o.created_by)],
          [F.created_at, <FieldValue field={F.created_at} value={o.created_at} />],
          [F.finished_at, <FieldValue field={F.finished_at} value={o.finished_at} />],
          [F.remark, orPlaceholder(o.remark)],
        ]}
      />
      <Group gap="sm">
        {!fsc && canSecondCount && o.diff_line_count > 0 && open && (
          <Button component={Link} to={CC_PAGES.secondCount} search={{ order_no: o.order_no } as never} variant="light" data-testid="cc-second-count">
            <Trans>Create Second Count</Trans>
          </Button>
        )}
        {!fsc && mayCancel && open && (
          <Button color="red" variant="default" onClick={() => setCancelling(true)} data-testid="cc-cancel"><Trans>Cancel Order</Trans></Button>
        )}
      </Group>
      <Section title={<Trans>Order</Trans>} testId="cc-order-tabs">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="lines"><Trans>Lines</Trans></Tabs.Tab>
            <Tabs.Tab value="tasks"><Trans>Tasks</Trans></Tabs.Tab>
            <Tabs.Tab value="log"><Trans>Log</Trans></Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="lines"><Lines order={o} /></Tabs.Panel>
          <Tabs.Panel value="tasks"><Tasks orderNo={o.order_no} taskPage={fsc ? CC_PAGES.fscTaskDetail : CC_PAGES.taskDetail} /></Tabs.Panel>
          <Tabs.Panel value="log"><Log orderNo={o.order_no} /></Tabs.Panel>
        </Tabs>
      </Section>
      <ReasonDialog
        opened={cancelling}
        title={t`Cancel Order`}
        explanation={t`The order is cancelled with its open tasks and pending difference orders; the counts taken stay on record.`}
        maxLength={500}
        confirmLabel={t`Cancel Order`}
        confirmColor="red"
        onClose={() => setCancelling(false)}
        onConfirm={async (reason) => {
          await callApi(contract.cancelCcOrder, { order_no: o.order_no, reason });
          setCancelling(false);
          toast.success(t`Cancelled`);
          await refresh();
        }}
      />
    </Stack>
  );
}
