import { useEffect, useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { EXPORT_TASK_STATUS, codeEnum } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { API_BASE } from '../../../shared/contract/define';
import { SALES_ORDER_ACCESS } from '../../../shared/contract/sales-order.contract';
import {
  SALES_ORDER_IMPORT_COLUMNS, SALES_ORDER_IMPORT_MAX_BYTES, SALES_ORDER_IMPORT_MAX_ROWS, SALES_ORDER_IMPORT_OUTCOME, SALES_ORDER_IMPORT_RESULT_PATH,
  SALES_ORDER_IMPORT_TEMPLATE_PATH, type SalesOrderImportColumn,
} from '../../../shared/contract/sales-order-import.contract';
import { resultFileName } from '../../../shared/contract/user-import.contract';
import type { FieldDef } from '../../../shared/resources/define';
import { callApi } from '../../kit/api';
import { TaskProgressCell, TaskStatusCell, taskRunning } from '../../kit/resource/task-cells';
import { FILE_RETCODES, SheetColumnsTable, SheetUploadForm, TemplateLinks, base64Of } from '../../kit/sheet-upload';
import { useSession } from '../../kit/use-session';
import { outboundQueries } from './outbound.queries';

/** While the import waits or runs, the dialog asks again this often. */
const REFRESH_MS = 1500;
const STATUS_FIELD: FieldDef = { kind: 'enum', label: /*i18n*/ 'Status', readOnly: true, status: true, ...codeEnum(EXPORT_TASK_STATUS) };
const OUTCOME_COLOR: Record<number, string> = {
  [SALES_ORDER_IMPORT_OUTCOME.values.CREATED]: 'green', [SALES_ORDER_IMPORT_OUTCOME.values.RECEIVED_BEFORE]: 'gray', [SALES_ORDER_IMPORT_OUTCOME.values.REFUSED]: 'red',
};

function useColumnHelp(): Record<SalesOrderImportColumn, string> {
  const { t } = useLingui();
  return {
    external_no: t`Required. Rows with the same number form one order, its lines in row order. A number imported before with the same lines is answered as received before.`,
    sku_id: t`Required. A SKU of this warehouse with enough sellable stock.`,
    qty: t`Required. A whole quantity of at least 1.`,
    priority: t`On Hold, Normal or Priority (or 1, 2, 3). Normal when empty. The order's first row gives it, as the next three columns.`,
    shop_id: t`The shop the order comes from.`,
    cutoff_at: t`The date and time the order must ship by, on the warehouse's clock (2026-12-01 18:00).`,
    remark: t`A note on the order.`,
  };
}

/** The import just uploaded (or the latest one): its status and progress, its counts, each order's result and the result file. */
function ImportTask({ taskId }: { taskId: number }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...outboundQueries.all, 'import', taskId],
    queryFn: ({ signal }) => callApi(contract.getSalesOrderImport, { task_id: taskId }, { signal }),
    refetchInterval: (q) => (!q.state.data || taskRunning(q.state.data.task) ? REFRESH_MS : false),
  });
  const data = query.data;
  const task = data?.task;
  const finished = task !== undefined && !taskRunning(task);
  // The orders created show in the list behind the dialog.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: ['resource'] });
  }, [finished, queryClient]);
  if (!data || !task) return null;
  const { created_count: created, received_count: received, refused_count: refused } = task;
  const fileName = resultFileName(task.file_name, task.file_name.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv');
  return (
    <Stack gap="xs" data-testid="order-import-task">
      <Group gap="md" wrap="nowrap">
        <Text size="sm" fw={500}>{task.file_name}</Text>
        <TaskStatusCell field={STATUS_FIELD} row={task} testId="order-import-status" />
        <TaskProgressCell row={task} />
      </Group>
      <Text size="sm" data-testid="order-import-counts">
        <Trans>Orders {task.order_count}: created {created} · received before {received} · refused {refused}</Trans>
      </Text>
      <ScrollArea.Autosize mah={260}>
        <Table withTableBorder fz="sm" verticalSpacing={4} aria-label={t`Orders`} data-testid="order-import-results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>External Order No.</Trans></Table.Th>
              <Table.Th><Trans>Rows</Trans></Table.Th>
              <Table.Th miw={140}><Trans>Result</Trans></Table.Th>
              <Table.Th><Trans>Order No.</Trans></Table.Th>
              <Table.Th><Trans>Message</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.orders.map((o) => {
              const outcome = o.outcome === null ? null : SALES_ORDER_IMPORT_OUTCOME.label(o.outcome);
              return (
                <Table.Tr key={o.rows[0]}>
                  <Table.Td>{o.external_no}</Table.Td>
                  <Table.Td>{o.rows.join(', ')}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {outcome ? <Badge variant="light" color={OUTCOME_COLOR[o.outcome!]}>{i18n._(outcome)}</Badge> : <Text size="xs" c="dimmed"><Trans>Waiting</Trans></Text>}
                  </Table.Td>
                  <Table.Td>{o.order_no}</Table.Td>
                  <Table.Td>
                    {o.retcode !== null && o.retcode !== 0 && <Text size="xs" c="red">{o.retcode} · <Trans>rows {o.refused_rows?.join(', ')}</Trans></Text>}
                    <Text size="xs">{o.message}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {finished && (
        <Anchor href={`${API_BASE}${SALES_ORDER_IMPORT_RESULT_PATH}?task_id=${task.task_id}`} download={fileName} size="sm">
          <Group gap={4} wrap="nowrap"><IconDownload size={14} aria-hidden /><Trans>Download the result: every order with what became of it and why</Trans></Group>
        </Anchor>
      )}
    </Stack>
  );
}

function SalesOrderImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const help = useColumnHelp();
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  // Reopened, the dialog shows the caller's latest import (still running, or its results).
  const latest = useQuery({
    queryKey: [...outboundQueries.all, 'imports'],
    queryFn: ({ signal }) => callApi(contract.searchSalesOrderImport, {}, { signal }),
    enabled: opened,
  });
  const taskId = uploaded ?? latest.data?.list[0]?.task_id ?? null;
  const maxKb = SALES_ORDER_IMPORT_MAX_BYTES / 1024;
  const send = async (file: File) =>
    callApi(contract.uploadSalesOrderFile, { file_name: file.name, content: await base64Of(file) }, { noErrorCodes: FILE_RETCODES });
  const close = () => {
    setUploaded(null);
    setFormKey((k) => k + 1);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t`Import Sales Orders`} size="xl">
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            Upload an .xlsx or .csv file with a header row and one row per order line, at most {SALES_ORDER_IMPORT_MAX_ROWS} rows and {maxKb} KB. Each order is
            created on its own: a refused order holds back no other, and sending the same file again creates nothing twice.
          </Trans>
        </Text>
        <TemplateLinks path={SALES_ORDER_IMPORT_TEMPLATE_PATH} fileStem="sales_order_import_template" />
        <SheetColumnsTable columns={SALES_ORDER_IMPORT_COLUMNS} help={help} />
        <SheetUploadForm key={formKey} maxBytes={SALES_ORDER_IMPORT_MAX_BYTES} send={send} onUploaded={setUploaded} testId="order-import" />
        {taskId !== null && <ImportTask taskId={taskId} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}><Trans>Close</Trans></Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Import" and its dialog on the order list, for those who may create orders. */
export function SalesOrderImportButton() {
  const { perms } = useSession();
  const [opened, setOpened] = useState(false);
  if (!perms.has(SALES_ORDER_ACCESS.create.perm)) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setOpened(true)}>
        <Trans>Import</Trans>
      </Button>
      <SalesOrderImportDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
