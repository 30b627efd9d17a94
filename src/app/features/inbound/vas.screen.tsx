import { useState } from 'react';
import { Alert, Badge, NumberInput, Table, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { QUALITY, TASK_STATUS } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import type { OutputOf } from '../../../shared/contract/define';
import { UPPER_BOUND } from '../../../shared/constants';
import { callApi } from '../../kit/api';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { FieldValue } from '../../kit/resource/field-value';
import { ScanInput } from '../../kit/scan/scan-input';
import { lineOfScan, unitsWithin } from '../../kit/scan-task/scan-task-flow';
import { LineStep, LinesTable, ScanTaskPage, SkuCell, TaskHeader, TaskScanStep } from '../../kit/scan-task/scan-task-parts';
import { useScanAction } from '../../kit/scan-task/use-scan-action';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { toast } from '../../kit/toast';
import { AsnLoad, taskKindField, taskStatusField } from './inbound-task-scan';
import { vasQueries } from './vas.queries';

/**
 * Reprocess (spec §2 /inbound/reprocess/{task_id?}): where operators do VAS tasks — labelling,
 * bundling, repackaging (shared/vas.ts). Scan the task number or its staging location, then each
 * SKU, and confirm the units done; the last unit hands the task's units to a putaway task.
 * Online, like QC and receiving: each confirmation is saved at once.
 */

const PATH = '/inbound/reprocess';
type Work = OutputOf<typeof contract.getVasTask>;
type Line = Work['lines'][number];
const OPEN: readonly number[] = [TASK_STATUS.values.PENDING, TASK_STATUS.values.ASSIGNED, TASK_STATUS.values.ONGOING];

export default function VasScreen() {
  const { task_id: code } = useParams({ strict: false }) as { task_id?: string };
  const navigate = useNavigate();
  const open = (next: string | null) => void navigate({ to: next ? `${PATH}/${encodeURIComponent(next)}` : PATH } as never);
  return code ? <VasTask key={code} code={code} onLeave={() => open(null)} /> : <VasScan onOpen={open} />;
}

function VasScan({ onOpen }: { onOpen: (code: string) => void }) {
  const { t } = useLingui();
  return (
    <TaskScanStep
      title={<Trans>Reprocess</Trans>}
      label={<Trans>Task or staging location</Trans>}
      placeholder={t`Scan a VAS task number or its staging location`}
      onOpen={onOpen}
      testId="vas-task-scan"
    >
      <Text size="sm" c="dimmed">
        <Trans>Labelling, bundling and repackaging tasks: ASN lines that ask for a service, and exception units sent to be relabelled or repackaged. Their units wait in staging until the task is done.</Trans>
      </Text>
    </TaskScanStep>
  );
}

function VasTask({ code, onLeave }: { code: string; onLeave: () => void }) {
  const { t } = useLingui();
  const query = useQuery(vasQueries.task(code));
  return <AsnLoad title={t`Reprocess`} code={code} query={query} onLeave={onLeave}>{(work) => <Rework work={work} code={code} onLeave={onLeave} />}</AsnLoad>;
}

function Rework({ work, code, onLeave }: { work: Work; code: string; onLeave: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [line, setLine] = useState<Line | null>(null);
  const [qty, setQty] = useState<number | string>(1);
  const [putawayTask, setPutawayTask] = useState<string | null>(null);
  const { task, lines } = work;
  const open = OPEN.includes(task.status);
  const mayWork = useMayCall(contract.doVasLine.access);

  const done = useScanAction({
    run: () => callApi(contract.doVasLine, { task_no: task.task_no, sku_id: line!.sku_id, qty: Number(qty) }),
    say: (data) => (data.putaway_task_no ? t`Task done` : t`Saved`),
    then: (data) => {
      queryClient.setQueryData(vasQueries.task(code).queryKey, { task: data.task, lines: data.lines });
      setLine(null);
      if (!data.putaway_task_no) return;
      setPutawayTask(data.putaway_task_no);
      toast.success(t`Task ${data.task.task_no} is done: its units go to putaway task ${data.putaway_task_no}.`);
    },
  });

  const onScan = ({ value }: { value: string }): ScanVerdict => {
    const found = lineOfScan(lines, value, (l) => l.done_qty < l.qty);
    if (!found) return { ok: false, message: t`${value} is not a SKU of task ${task.task_no}.` };
    const left = found.qty - found.done_qty;
    if (left === 0) return { ok: false, message: t`SKU ${found.sku_id} is done already.` };
    setLine(found);
    setQty(left);
    return { ok: true, say: t`${left} left` };
  };

  const left = line ? line.qty - line.done_qty : 0;
  const canSave = line !== null && unitsWithin(qty, Math.min(left, UPPER_BOUND)) !== null;
  return (
    <ScanTaskPage>
      <TaskHeader
        title={<Trans>Reprocess</Trans>}
        number={task.task_no}
        numberTestId="vas-task-no"
        tags={<><FieldValue field={taskKindField} value={task.kind} /><FieldValue field={taskStatusField} value={task.status} /></>}
        details={(
          <Text size="xs" c="dimmed">
            {task.asn_no && <Trans>ASN {task.asn_no}</Trans>}
            {task.exception_no && <> · <Trans>Exception {task.exception_no}</Trans></>}
            {task.staging_location && <> · <Trans>At {task.staging_location}</Trans></>}
          </Text>
        )}
        leave={<Trans>Other task</Trans>}
        onLeave={onLeave}
      />
      {task.status === TASK_STATUS.values.DONE && (
        <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t`Task done`} data-testid="vas-done">
          {putawayTask ? <Trans>Its units go to putaway task {putawayTask}.</Trans> : <Trans>Its units went on to putaway.</Trans>}
        </Alert>
      )}
      {open && !mayWork && <MissingPermissionNote access={contract.doVasLine.access} />}
      {open && mayWork && (line ? (
        <LineStep
          testId="vas-line"
          skuId={line.sku_id}
          skuName={line.sku_name}
          progress={<Trans>{line.done_qty} of {line.qty} done</Trans>}
          confirm={{ label: <Trans>Confirm</Trans>, testId: 'vas-confirm', onClick: () => done.mutate(), loading: done.isPending, disabled: !canSave }}
          onCancel={() => setLine(null)}
        >
          <NumberInput label={<Trans>Units done</Trans>} value={qty} onChange={setQty} min={1} max={left} allowDecimal={false} allowNegative={false} data-testid="vas-qty" />
        </LineStep>
      ) : (
        <ScanInput label={<Trans>SKU</Trans>} placeholder={t`Scan a SKU of the task`} onScan={onScan} testId="vas-sku-scan" />
      ))}
      <LinesTable label={t`Lines to rework`} head={<Table.Th ta="right"><Trans>Done</Trans></Table.Th>}>
        {lines.map((l) => (
          <Table.Tr key={l.line_no} data-testid="vas-row">
            <SkuCell
              skuId={l.sku_id}
              skuName={l.sku_name}
              tag={l.quality === QUALITY.values.DAMAGED && <Badge size="xs" color="red" variant="light"><Trans>Damaged</Trans></Badge>}
            />
            <Table.Td ta="right"><Text size="sm" fw={600} c={l.done_qty === l.qty ? 'teal' : undefined}>{l.done_qty} / {l.qty}</Text></Table.Td>
          </Table.Tr>
        ))}
      </LinesTable>
    </ScanTaskPage>
  );
}
