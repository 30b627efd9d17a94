import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlayerTrackNext } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CcWork } from '../../../shared/contract/cycle-count.contract';
import type { AppOp, PayloadOf } from '../../../shared/ops';
import { cycleCountOps } from '../../../shared/ops/cycle-count.ops';
import { isApiError } from '../../kit/api';
import { cue } from '../../kit/feedback';
import { enqueue } from '../../kit/outbox';
import { sayQueueFailure } from '../../kit/outbox/use-queue';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { toast } from '../../kit/toast';
import {
  ccOpsOf, ccPayloads, claimRefusal, completeRefusal, countView, emptyRefusal, locationOfScan, nextUncounted, qtyRefusal, skuOfScan, taskRefusal,
  type CountView, type ScannedSku,
} from './cycle-count-flow';
import { CountFeed, CountHeader, LocationActions, LocationCard, NextHint, QtyStep } from './cycle-count-parts';
import { claimNextCcTask, ccQueries } from './cycle-count.queries';

/**
 * The counting flow of both PDA counting screens (cycle count and full stock count): claim a task by
 * its number or the next one → scan a location of the task → scan a SKU → the quantity → the count
 * is queued in the outbox, online or not (cycle-count-flow.ts works out every step).
 */

/** The words of a refused claim: ours for the reasons the counter can act on, else the server's message. */
function useClaimProblem() {
  const { t, i18n } = useLingui();
  return (error: unknown, taskNo: string | null): string => {
    if (!isApiError(error)) {
      return taskNo
        ? t`Task ${taskNo} could not be claimed: the network is gone and it was not opened on this device before. Open it once while online.`
        : t`No task could be claimed: the network is gone. Scan a task opened on this device before, or try again online.`;
    }
    const ours = claimRefusal(error.retcode, error.data);
    return ours ? i18n._(ours) : error.message;
  };
}

/** Step one: scan a task number, or take the next pending task of the counter's zones. */
export function ClaimStep({ fullStockCount, onOpen }: { fullStockCount: boolean; onOpen(taskNo: string): void }) {
  const { t } = useLingui();
  const problem = useClaimProblem();
  const next = useMutation({
    mutationFn: () => claimNextCcTask(fullStockCount),
    onSuccess: (work) => {
      cue('scan.accepted');
      onOpen(work.task.task_no);
    },
    onError: (error) => cue('scan.refused', { say: problem(error, null) }),
  });
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code) return { ok: false };
    onOpen(code);
    return 'handled';
  };
  return (
    <Stack gap="sm">
      <ScanInput label={<Trans>Scan a counting task</Trans>} placeholder={t`Task number`} onScan={onScan} testId="cc-task-scan" />
      <Button size="lg" leftSection={<IconPlayerTrackNext size={18} aria-hidden />} loading={next.isPending} onClick={() => next.mutate()} data-testid="cc-next-task">
        <Trans>Next task</Trans>
      </Button>
      {next.isError && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="cc-claim-refused">{problem(next.error, null)}</Alert>
      )}
      <Text size="sm" c="dimmed">
        <Trans>Next task claims a counting task for you: one you started, then the oldest pending task of the zones of your cycle count skills. Once claimed, it can be counted with the network gone.</Trans>
      </Text>
    </Stack>
  );
}

/** A task being claimed (or read again from this device's cache): loading, refused, then counted. */
export function CountTaskFlow({ taskNo, fullStockCount, onOpen }: { taskNo: string; fullStockCount: boolean; onOpen(taskNo: string | null): void }) {
  const { t, i18n } = useLingui();
  const problem = useClaimProblem();
  const query = ccQueries.work(taskNo, fullStockCount);
  const work = useQuery(query);
  if (work.isPending) return <Loader aria-label={t`Loading`} />;
  // A failed refresh keeps showing what was read; only a first read that fails says so.
  if (work.isError && !work.data) return <Refused text={problem(work.error, taskNo)} title={t`Cannot open ${taskNo}`} onLeave={() => onOpen(null)} />;
  const refusal = taskRefusal(work.data);
  if (refusal) return <Refused text={i18n._(refusal)} onLeave={() => onOpen(null)} />;
  return <CountLoop work={work.data} refresh={query.queryKey} onLeave={() => onOpen(null)} />;
}

function Refused({ text, title, onLeave }: { text: string; title?: string; onLeave(): void }) {
  return (
    <Stack gap="sm">
      <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={title} data-testid="cc-task-refused">{text}</Alert>
      <Button variant="light" onClick={onLeave}><Trans>Other task</Trans></Button>
    </Stack>
  );
}

/** The counting loop of a claimed task: the location on screen and its scans, its actions, Complete, and this device's ops. */
function CountLoop({ work, refresh, onLeave }: { work: CcWork; refresh: readonly unknown[]; onLeave(): void }) {
  const { t, i18n } = useLingui();
  const outbox = useOutboxStatus();
  const ops = useMemo(() => ccOpsOf(outbox.ops, work.task.task_no), [outbox.ops, work.task.task_no]);
  const view = useMemo(() => countView(work, ops), [work, ops]);
  const [at, setAt] = useState<string | null>(null);
  const [scanned, setScanned] = useState<ScannedSku | null>(null);
  const [qty, setQty] = useState<number | string>(1);
  const [notice, setNotice] = useState<string | null>(null);
  const location = view.locations.find((l) => l.location_id === at) ?? null;

  const refuse = (refusal: MessageDescriptor) => {
    const text = i18n._(refusal);
    cue('scan.refused', { say: text });
    toast.error(text);
  };

  /** Queues one op (one at a time: a second tap before the first is written would count twice); true once written. */
  const queuing = useRef(false);
  const queue = async <O extends AppOp>(op: O, payload: PayloadOf<O>, say: string, saved: string): Promise<boolean> => {
    if (queuing.current) return false;
    queuing.current = true;
    try {
      await enqueue(op, payload);
      cue('scan.accepted', { say });
      // Saved on the device: whether it has reached the server yet, the list of this device's ops below says.
      setNotice(saved);
      return true;
    } catch (error) {
      sayQueueFailure(i18n, error);
      return false;
    } finally {
      queuing.current = false;
    }
  };

  const countScanned = async () => {
    if (!location || !scanned) return;
    const units = Number(qty);
    const refusal = qtyRefusal(units);
    if (refusal) return refuse(refusal);
    const code = scanned.code;
    const where = location.location_id;
    if (await queue(cycleCountOps.count, ccPayloads.count(view, where, scanned, units), t`${units} counted`, t`${units} × ${code} at ${where}: saved.`)) {
      setScanned(null);
      setQty(1);
    }
  };

  const onLocationScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const found = locationOfScan(view, value);
    if (!found.ok) {
      const text = i18n._(found.refusal);
      return { ok: false, say: text, message: text };
    }
    setAt(found.location.location_id);
    setNotice(null);
    const where = found.location.location_id;
    return { ok: true, say: where };
  };

  const onSkuScan = (entry: { value: string }): ScanVerdict | 'handled' => {
    if (!location) return { ok: false };
    // Another location of the task: the counter walked on.
    const other = locationOfScan(view, entry.value);
    if (other.ok && other.location.location_id === location.location_id) return { ok: true, say: location.location_id };
    if (other.ok && !scanned) return onLocationScan(entry);
    const found = skuOfScan(view, location, entry.value);
    if (!found.ok) {
      const text = i18n._(found.refusal);
      return { ok: false, say: text, message: text };
    }
    if (scanned) {
      // The same SKU again adds one; another waits for the pending count to be confirmed.
      if (found.sku.code === scanned.code) {
        const units = (Number(qty) || 0) + 1;
        setQty(units);
        return { ok: true, say: String(units) };
      }
      const pending = scanned.code;
      const text = t`Count ${pending} first (or cancel it), then scan the next SKU.`;
      return { ok: false, say: text, message: text };
    }
    setScanned(found.sku);
    setQty(1);
    setNotice(null);
    return { ok: true, say: found.sku.expected ? undefined : t`Not expected here` };
  };

  const confirmEmpty = async () => {
    if (!location) return;
    const refusal = emptyRefusal(location);
    if (refusal) return refuse(refusal);
    const where = location.location_id;
    if (await queue(cycleCountOps.empty, ccPayloads.empty(view, where), t`Empty`, t`${where} is empty: saved.`)) setAt(null);
  };

  const countAgain = async () => {
    if (!location) return;
    const where = location.location_id;
    setScanned(null);
    await queue(cycleCountOps.recount, ccPayloads.recount(view, where), t`Count again`, t`${where}: your counts there are withdrawn. Count it again.`);
  };

  /** True once the report is queued (the dialog then closes). */
  const reportUnknown = async (code: string, units: number): Promise<boolean> => {
    if (!location) return false;
    const refusal = qtyRefusal(units);
    if (refusal) {
      refuse(refusal);
      return false;
    }
    const where = location.location_id;
    return queue(cycleCountOps.unknown, ccPayloads.unknown(view, where, code, units), t`Unknown item reported`, t`${units} unknown units at ${where}: reported.`);
  };

  const complete = async () => {
    const refusal = completeRefusal(view);
    if (refusal) return refuse(refusal);
    const taskNo = view.taskNo;
    await queue(cycleCountOps.complete, ccPayloads.complete(view), t`Task complete`, t`Task ${taskNo} complete: saved.`);
  };

  if (view.completed) return <Completed view={view} ops={ops} refresh={refresh} onLeave={onLeave} />;
  const next = nextUncounted(view, at);
  const where = location?.location_id ?? '';
  return (
    <Stack gap="sm">
      <CountHeader view={view} onLeave={onLeave} />
      {notice && <Alert color="teal" p="xs" data-testid="cc-notice">{notice}</Alert>}
      {location ? (
        <>
          <LocationCard location={location} blind={view.blind} />
          {scanned
            ? <QtyStep sku={scanned} qty={qty} onQty={setQty} onCount={() => void countScanned()} onCancel={() => { setScanned(null); setQty(1); }} />
            : null}
          <ScanInput
            label={scanned ? <Trans>Scan the same SKU again to add one</Trans> : <Trans>Scan a SKU at {where}</Trans>}
            placeholder={t`SKU or barcode`}
            onScan={onSkuScan}
            testId="cc-sku-scan"
          />
          <LocationActions
            location={location} busy={scanned !== null} onEmpty={() => void confirmEmpty()} onRecount={() => void countAgain()}
            onUnknown={reportUnknown} onLeave={() => { setAt(null); setScanned(null); }}
          />
        </>
      ) : (
        <>
          <ScanInput label={<Trans>Scan a location of the task</Trans>} placeholder={t`Location code`} onScan={onLocationScan} testId="cc-location-scan" />
          <NextHint location={next?.location_id} />
        </>
      )}
      <Button size="lg" color="teal" disabled={!view.allCounted || scanned !== null} onClick={() => void complete()} data-testid="cc-complete">
        <Trans>Complete</Trans>
      </Button>
      {!view.allCounted && <Text size="xs" c="dimmed"><Trans>Complete once every location is counted or confirmed empty.</Trans></Text>}
      <CountFeed ops={ops} refresh={refresh} />
    </Stack>
  );
}

/** The task is completed on this device (or on the server): what is still to send, and the next task. */
function Completed({ view, ops, refresh, onLeave }: { view: CountView; ops: ReturnType<typeof ccOpsOf>; refresh: readonly unknown[]; onLeave(): void }) {
  const taskNo = view.taskNo;
  const unsent = view.unsent;
  return (
    <Stack gap="sm">
      <CountHeader view={view} onLeave={onLeave} />
      <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="cc-completed">
        {unsent > 0
          ? <Trans>Task {taskNo} is complete on this device: {unsent} ops wait to reach the server, which they do by themselves once the network is back.</Trans>
          : <Trans>Task {taskNo} is complete: the server has every count.</Trans>}
      </Alert>
      <Button size="lg" onClick={onLeave} data-testid="cc-done-next"><Trans>Next task</Trans></Button>
      <CountFeed ops={ops} refresh={refresh} />
    </Stack>
  );
}
