import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, NumberInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { PUTAWAY_MODE } from '../../../shared/codes';
import { STANDARD_PUTAWAY_PAGE } from '../../../shared/contract/putaway.contract';
import { UPPER_BOUND } from '../../../shared/constants';
import { putawayOps } from '../../../shared/ops/putaway.ops';
import { cue } from '../../kit/feedback';
import { enqueue } from '../../kit/outbox';
import { sayQueueFailure } from '../../kit/outbox/use-queue';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { useSession } from '../../kit/use-session';
import { toast } from '../../kit/toast';
import { lineOfSku, lineProgress, nextOpenLine, putOpsOf, putRefusal, taskProgress, taskRefusal, type LineProgress } from './putaway-flow';
import {
  LineCard, LoadFailed, PutawayFrame, RecentPuts, TaskHeader, WorkActions, WorkComplete, useWorkScanAnswer, type PutawayNotice,
} from './putaway-parts';
import { putawayQueries } from './putaway.queries';

type Step = 'sku' | 'cell' | 'qty';

/**
 * Standard putaway (spec §2 /inbound/standardputaway), PDA-sized: scan the task (or its staging
 * location) → the next line shows its SKU, quantity and suggested cell → scan the SKU → scan the
 * cell (another cell is allowed, with a warning) → quantity → Put. Every put is an op of the
 * outbox, queued at once online or not and checked first against the task as last read; the
 * server's answer to each shows below and refreshes the task. Opening a task writes its
 * suggestions: without the screen's put permission there is nothing to open.
 */
export default function StandardPutawayScreen() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const [code, setCode] = useState<string | null>(useSearchParam('task_no') ?? null);
  const [step, setStep] = useState<Step>('sku');
  const [chosen, setChosen] = useState<{ taskNo: string; lineNo: number } | null>(null);
  const [cell, setCell] = useState('');
  const [qty, setQty] = useState<number | string>('');
  const [notice, setNotice] = useState<PutawayNotice | null>(null);
  const [busy, setBusy] = useState(false);

  const mayPut = useMayCall(putawayOps.put.access);
  const query = putawayQueries.standardWork(code ?? '');
  const work = useQuery({ ...query, enabled: code !== null && mayPut });
  const outbox = useOutboxStatus();
  const task = work.data?.tasks[0];
  const ops = useMemo(() => (task ? putOpsOf(outbox.ops, [task.task_no]) : []), [outbox.ops, task]);
  const lines = useMemo(() => (work.data ? lineProgress(work.data.lines, ops) : []), [work.data, ops]);
  const current: LineProgress | undefined = lines.find((l) => chosen && l.task_no === chosen.taskNo && l.line_no === chosen.lineNo && l.remaining > 0)
    ?? nextOpenLine(lines);
  const refusal = task ? taskRefusal(task, PUTAWAY_MODE.values.STANDARD, user.user_id) : null;
  const progress = task ? taskProgress(task, lines) : null;

  // A staging location opens its oldest task: from then on the screen follows that task by number
  // (the answer is kept under both), so a refresh after a put does not jump to the next task.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!task || code === null || code === task.task_no || !work.data) return;
    queryClient.setQueryData(putawayQueries.standardWork(task.task_no).queryKey, work.data);
    setCode(task.task_no);
  }, [task, code, work.data, queryClient]);

  const awaitScanAnswer = useWorkScanAnswer(work);

  const reset = (next: string | null) => {
    setCode(next);
    setStep('sku');
    setChosen(null);
    setCell('');
    setNotice(null);
  };

  const onTaskScan = ({ value }: { value: string }): 'handled' => {
    awaitScanAnswer();
    reset(value.trim());
    return 'handled';
  };

  const onSkuScan = ({ value }: { value: string }): ScanVerdict => {
    const line = lineOfSku(lines, value, current);
    if (!line) return { ok: false, message: t`SKU ${value} has nothing left to put on this task.` };
    setChosen({ taskNo: line.task_no, lineNo: line.line_no });
    setNotice(null);
    setStep('cell');
    return { ok: true };
  };

  const onCellScan = ({ value }: { value: string }): ScanVerdict => {
    if (!current) return { ok: false };
    const location = value.trim();
    if (location === current.from_location) return { ok: false, message: t`That is the staging location: scan the cell the units go into.` };
    setCell(location);
    setQty(current.remaining);
    setStep('qty');
    if (current.suggested_location && location !== current.suggested_location) {
      const suggested = current.suggested_location;
      setNotice({ color: 'yellow', text: t`${location} is not the suggested cell ${suggested}. The units go to ${location} if you put them.` });
      return { ok: true, node: 'inbound.putaway_other_cell', say: t`Not the suggested cell` };
    }
    return { ok: true };
  };

  const put = async () => {
    if (!current || !task) return;
    const units = typeof qty === 'number' ? qty : Number.NaN;
    const wrong = putRefusal(current, units, cell);
    if (wrong) {
      cue('scan.refused');
      toast.error(i18n._(wrong));
      return;
    }
    setBusy(true);
    try {
      await enqueue(putawayOps.put, { task_no: task.task_no, line_no: current.line_no, sku_id: current.sku_id, location: cell, qty: units });
      const sku = current.sku_id;
      cue('inbound.putaway_done', { say: t`${units} put` });
      setNotice({ color: 'teal', text: t`${units} × ${sku} → ${cell}: saved on this device, sent when the network allows.` });
      setStep('sku');
      setChosen(null);
      setCell('');
    } catch (error) {
      sayQueueFailure(i18n, error);
    } finally {
      setBusy(false);
    }
  };

  const taskScan = (
    <ScanInput
      label={task ? <Trans>Scan another task or staging location</Trans> : <Trans>Scan the task or its staging location</Trans>}
      placeholder={t`Task number or location`}
      onScan={onTaskScan}
      testId="putaway-task-scan"
    />
  );

  let body: React.ReactNode;
  if (!mayPut) body = <MissingPermissionNote access={putawayOps.put.access} />;
  else if (code === null) body = taskScan;
  else if (work.isPending || (work.isFetching && !work.data)) body = <Loader aria-label={t`Loading`} />;
  // A failed refresh keeps showing what was read; only a first read that fails says so.
  else if (work.isError && !work.data) {
    const offline = t`This task could not be read: the network is gone and it was not opened on this device before. Open it once while online.`;
    body = <LoadFailed error={work.error} offline={offline} scan={taskScan} />;
  }
  else if (task && refusal) {
    body = (
      <Stack gap="sm">
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="putaway-task-refused">{i18n._(refusal)}</Alert>
        {taskScan}
      </Stack>
    );
  } else if (task && !current) {
    const taskNo = task.task_no;
    body = <WorkComplete scan={taskScan}><Trans>Every unit of task {taskNo} is put away or queued.</Trans></WorkComplete>;
  } else if (task && current) {
    const suggested = current.suggested_location;
    const cellLabel = suggested ? t`Scan the cell (suggested ${suggested})` : t`Scan the cell`;
    body = (
      <Stack gap="sm">
        <LineCard line={current} />
        {step === 'sku' && <ScanInput label={<Trans>Scan the SKU</Trans>} placeholder={t`SKU or barcode`} onScan={onSkuScan} testId="putaway-sku-scan" />}
        {step === 'cell' && <ScanInput label={cellLabel} placeholder={t`Cell code`} onScan={onCellScan} testId="putaway-cell-scan" />}
        {step === 'qty' && (
          <PutQtyStep cell={cell} qty={qty} onQty={setQty} max={Math.min(current.remaining, UPPER_BOUND)} busy={busy} onPut={() => void put()} onOtherCell={() => setStep('cell')} />
        )}
        <WorkActions exceptionPage={STANDARD_PUTAWAY_PAGE} line={current} leave={<Trans>Other task</Trans>} onLeave={() => reset(null)} />
      </Stack>
    );
  }

  const header = task && progress
    && <TaskHeader taskNo={task.task_no} asnNo={task.asn_no} staging={task.staging_location} handled={progress.handled} total={progress.total} />;
  return (
    <PutawayFrame title={<Trans>Standard Putaway</Trans>} header={header} notice={notice}>
      {body}
      <RecentPuts ops={ops} lines={lines} refresh={code === null ? null : query.queryKey} />
    </PutawayFrame>
  );
}

/** The last step of a put: the cell scanned, the quantity (all that is left, to start with), Put. */
function PutQtyStep({ cell, qty, onQty, max, busy, onPut, onOtherCell }: {
  cell: string; qty: number | string; onQty(value: number | string): void; max: number; busy: boolean; onPut(): void; onOtherCell(): void;
}) {
  return (
    <form onSubmit={(e) => { e.preventDefault(); onPut(); }}>
      <Stack gap="xs">
        <Text size="sm"><Trans>Into cell</Trans> <Text span fw={700} ff="monospace" data-testid="putaway-chosen-cell">{cell}</Text></Text>
        <NumberInput
          label={<Trans>Quantity</Trans>}
          value={qty}
          onChange={onQty}
          min={1}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          size="lg"
          autoFocus
          data-testid="putaway-qty"
        />
        <Group grow>
          <Button variant="default" onClick={onOtherCell}><Trans>Other cell</Trans></Button>
          <Button type="submit" size="lg" loading={busy} data-testid="putaway-put"><Trans>Put</Trans></Button>
        </Group>
      </Stack>
    </form>
  );
}
