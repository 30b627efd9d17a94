import { useId, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, NumberInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlayerTrackNext } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PickingWork, ShortPickPayload } from '../../../shared/contract/picking.contract';
import { pickingOps } from '../../../shared/ops/picking.ops';
import { isApiError } from '../../kit/api';
import { cue } from '../../kit/feedback';
import { enqueue } from '../../kit/outbox';
import { sayQueueFailure } from '../../kit/outbox/use-queue';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';
import {
  containerRefusal, currentStop, needsContainer, needsSlot, nextStop, pickingOpsOf, qtyRefusal, routeView, scanAtStop, shortAnswers, shortPayload, shortRefusal,
  slotRefusal, stopPayload, taskRefusal, type AtStop, type RouteView, type Stop,
} from './picking-flow';
import { PickingFeed, PickingHeader, ShortAnswers, ShortPickDialog, SlotStep, StopCard } from './picking-parts';
import { claimNextPickingTask, pickingQueries, type PickingOrderType } from './picking.queries';

/**
 * The picking flow both PDA picking screens run (Picking, spec picking/{pickup_id?}, and Task
 * Picking, pickingTask, for sub-picking tasks): claim a task by its number or the next one → scan
 * the container → walk the route (picking-flow.ts works out every step; the ops go through the
 * outbox). `subPickingOnly`: Task Picking, whose claims take only sub-picking tasks; `orderType`: whose
 * tasks are claimed (MT Picking mounts the same flow over MT orders' tasks; the ops are the same).
 */

/** Step one: scan a task number, or take the next pending task (a sub-picking task on Task Picking). */
export function ClaimStep({ onOpen, subPickingOnly = false, orderType }: { onOpen(taskNo: string): void; subPickingOnly?: boolean; orderType?: PickingOrderType }) {
  const { t } = useLingui();
  const next = useMutation({
    mutationFn: () => claimNextPickingTask(subPickingOnly, orderType),
    onSuccess: (work) => {
      cue('scan.accepted');
      onOpen(work.task.task_no);
    },
    onError: () => cue('scan.refused'),
  });
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code) return { ok: false };
    onOpen(code);
    return 'handled';
  };
  return (
    <Stack gap="sm">
      <ScanInput
        label={subPickingOnly ? <Trans>Scan a sub-picking task</Trans> : <Trans>Scan a picking task</Trans>}
        placeholder={t`Task number`}
        onScan={onScan}
        testId="picking-task-scan"
      />
      <Button size="lg" leftSection={<IconPlayerTrackNext size={18} aria-hidden />} loading={next.isPending} onClick={() => next.mutate()} data-testid="picking-next-task">
        {subPickingOnly ? <Trans>Next sub-task</Trans> : <Trans>Next task</Trans>}
      </Button>
      <Text size="sm" c="dimmed">
        {subPickingOnly
          ? <Trans>Next sub-task claims the oldest pending sub-picking task of your zones for you: a part of a picking task a supervisor split between pickers.</Trans>
          : <Trans>Next task claims the first pending picking task for you. A reverse picking task (units of a cancelled order to put back) opens by its number.</Trans>}
      </Text>
    </Stack>
  );
}

/** A task being claimed (or read again from this device's cache): loading, refused, its container, then its route. */
export function PickingTaskFlow({ taskNo, container, subPickingOnly = false, orderType, onOpen }: {
  taskNo: string; container: string | null; subPickingOnly?: boolean; orderType?: PickingOrderType; onOpen(taskNo: string | null, container?: string): void;
}) {
  const { t } = useLingui();
  const { user } = useSession();
  const query = pickingQueries.work(taskNo, container, subPickingOnly, orderType);
  const work = useQuery(query);
  if (work.isPending) return <Loader aria-label={t`Loading`} />;
  // A failed refresh keeps showing what was read; only a first read that fails says so.
  if (work.isError && !work.data) {
    const offline = t`Task ${taskNo} could not be claimed: the network is gone and it was not opened on this device before. Open it once while online.`;
    return (
      <Stack gap="sm">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Cannot open ${taskNo}`} data-testid="picking-error">
          {isApiError(work.error) ? work.error.message : offline}
        </Alert>
        {container
          ? <Button variant="light" onClick={() => onOpen(taskNo)}><Trans>Scan another container</Trans></Button>
          : <Button variant="light" onClick={() => onOpen(null)}><Trans>Other task</Trans></Button>}
      </Stack>
    );
  }
  const data = work.data;
  const refusal = taskRefusal(data.task, user.user_id);
  if (refusal) return <Refused refusal={refusal} onLeave={() => onOpen(null)} />;
  if (needsContainer(data.task)) return <ContainerStep work={data} onContainer={(code) => onOpen(taskNo, code)} onLeave={() => onOpen(null)} />;
  return <PickingRoute work={data} refresh={query.queryKey} subPickingOnly={subPickingOnly} onLeave={() => onOpen(null)} />;
}

function Refused({ refusal, onLeave }: { refusal: MessageDescriptor; onLeave(): void }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="sm">
      <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="picking-task-refused">{i18n._(refusal)}</Alert>
      <Button variant="light" onClick={onLeave}><Trans>Other task</Trans></Button>
    </Stack>
  );
}

/** A picking task without a container: scan the pick cart or basket the units go into. */
function ContainerStep({ work, onContainer, onLeave }: { work: PickingWork; onContainer(code: string): void; onLeave(): void }) {
  const { t, i18n } = useLingui();
  const taskNo = work.task.task_no;
  const stops = work.lines.length;
  const units = work.task.total_qty;
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const refusal = containerRefusal(work, value);
    if (refusal) return { ok: false, message: i18n._(refusal) };
    onContainer(value.trim());
    return 'handled';
  };
  return (
    <Stack gap="sm">
      <Alert color="blue" data-testid="picking-claimed"><Trans>Task {taskNo} is yours: {stops} stops, {units} units.</Trans></Alert>
      <ScanInput label={<Trans>Scan the container (pick cart or basket)</Trans>} placeholder={t`Container code`} onScan={onScan} testId="picking-container-scan" />
      <Button variant="subtle" onClick={onLeave}><Trans>Other task</Trans></Button>
    </Stack>
  );
}

interface Notice {
  color: 'teal' | 'yellow';
  text: string;
}

/** Sorting while picking: units counted at a stop, waiting for their cart slot to be scanned (`refused`: the last wrong scan). */
interface ToSort {
  allocId: number;
  place: AtStop;
  qty: number;
  refused?: string;
}

/** The route of a claimed task: the stop on screen and its scans, short pick, this device's ops and the server's answers. */
function PickingRoute({ work, refresh, subPickingOnly, onLeave }: { work: PickingWork; refresh: readonly unknown[]; subPickingOnly: boolean; onLeave(): void }) {
  const { t, i18n } = useLingui();
  const outbox = useOutboxStatus();
  const ops = useMemo(() => pickingOpsOf(outbox.ops, work.task.task_no), [outbox.ops, work.task.task_no]);
  const route = useMemo(() => routeView(work, ops), [work, ops]);
  const answers = useMemo(() => shortAnswers(ops), [ops]);
  const [at, setAt] = useState<AtStop | null>(null);
  const [shortOpen, setShortOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [toSort, setToSort] = useState<ToSort | null>(null);
  const stop = currentStop(route, at?.allocId ?? null);
  const here = stop && at?.allocId === stop.alloc_id ? at : null;
  const sorting = stop && toSort?.allocId === stop.alloc_id ? toSort : null;

  const refuse = (refusal: MessageDescriptor) => {
    cue('scan.refused', { say: i18n._(refusal) });
    toast.error(i18n._(refusal));
  };

  /**
   * Queues the stop's pick (put back) of `qty` units; the cue has been given or is given here.
   * Sorting while picking, the units first wait for their cart slot (`slotted` once it is scanned).
   */
  const queuing = useRef(false);
  const queue = async (target: Stop, place: AtStop, qty: number, cued: boolean, slotted = false) => {
    const refusal = qtyRefusal(target, qty);
    if (refusal) return refuse(refusal);
    if (needsSlot(route, target) && !slotted) {
      setAt({ ...place, counted: qty });
      setToSort({ allocId: target.alloc_id, place, qty });
      const slot = target.slot_no;
      if (!cued) cue('scan.accepted', { say: t`Slot ${slot}` });
      return;
    }
    // One op at a time: a second confirm before the first is written would count the units twice.
    if (queuing.current) return;
    queuing.current = true;
    const next = stopPayload(route, target, place, qty);
    try {
      if (next.kind === 'pick') await enqueue(pickingOps.pick, next.payload);
      else await enqueue(pickingOps.reversePut, next.payload);
      if (!cued) cue('scan.accepted', { say: route.reverse ? t`${qty} put back` : t`${qty} picked` });
      const sku = target.sku_id;
      const where = place.location;
      const slot = target.slot_no;
      // Saved on the device: whether it has reached the server yet, the list of this device's ops below says.
      setNotice({
        color: 'teal',
        text: route.reverse ? t`${qty} × ${sku} → ${where}: saved.` : slotted ? t`${qty} × ${sku} from ${where} → slot ${slot}: saved.` : t`${qty} × ${sku} from ${where}: saved.`,
      });
      setAt(null);
      setToSort(null);
    } catch (error) {
      sayQueueFailure(i18n, error);
    } finally {
      queuing.current = false;
    }
  };

  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    if (!stop) return { ok: false };
    const outcome = scanAtStop(route, stop, here, value);
    if (!outcome.ok) {
      const text = i18n._(outcome.refusal);
      return { ok: false, say: text, message: text };
    }
    setNotice(null);
    if (outcome.complete) {
      // Counted in full until the pick is written: a further scan of the SKU is an over-pick.
      setAt(outcome.at);
      void queue(stop, outcome.at, outcome.at.counted, true);
      const qty = outcome.at.counted;
      const slot = stop.slot_no;
      return { ok: true, say: needsSlot(route, stop) ? t`Slot ${slot}` : t`${qty} picked` };
    }
    setAt(outcome.at);
    if (here) {
      const counted = outcome.at.counted;
      return { ok: true, say: String(counted) };
    }
    return { ok: true };
  };

  /** Sorting while picking: the slot label scanned for the counted units; the right one queues the pick. */
  const onSlotScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    if (!stop || !sorting) return { ok: false };
    const refusal = slotRefusal(route, stop, value);
    if (refusal) {
      const text = i18n._(refusal);
      // Also kept on the slot card until the next scan: the toast is gone before a picker looks back from the cart.
      setToSort({ ...sorting, refused: text });
      return { ok: false, say: text, message: text };
    }
    void queue(stop, sorting.place, sorting.qty, true, true);
    const qty = sorting.qty;
    return { ok: true, say: t`${qty} picked` };
  };

  const short = async (qty: number, reason: ShortPickPayload['reason']) => {
    if (!stop) return;
    const refusal = shortRefusal(stop, qty, here?.counted ?? 0);
    if (refusal) return refuse(refusal);
    try {
      await enqueue(pickingOps.shortPick, shortPayload(route, stop, qty, reason));
      cue('scan.accepted', { say: t`Short pick saved` });
      const location = stop.location_id;
      setNotice({ color: 'yellow', text: t`${qty} short at ${location}: saved on this device. The server re-allocates the units from another location, or fails the order, when it gets it.` });
      setShortOpen(false);
      if (here && here.counted === 0) setAt(null);
    } catch (error) {
      sayQueueFailure(i18n, error);
    }
  };

  const taskNo = work.task.task_no;
  return (
    <Stack gap="sm">
      <PickingHeader route={route} onLeave={onLeave} />
      {notice && <Alert color={notice.color} data-testid="picking-notice">{notice.text}</Alert>}
      <ShortAnswers answers={answers} />
      {stop ? (
        <>
          <StopCard route={route} stop={stop} next={nextStop(route, stop)} counted={here?.counted ?? 0} />
          {sorting ? (
            <SlotStep slot={stop.slot_no ?? 0} qty={sorting.qty} sku={stop.sku_id} orderNo={stop.order_no} where={work.task.container_code} refused={sorting.refused ?? null} onScan={onSlotScan} />
          ) : (
            <StopStep route={route} stop={stop} at={here} allowTyped={work.pick_rule.allow_typed_qty} onScan={onScan} onQty={(qty) => here && void queue(stop, here, qty, false)} />
          )}
          <Group gap="xs">
            {!route.reverse && (
              <Button variant="light" color="orange" size="xs" onClick={() => setShortOpen(true)} disabled={sorting !== null || stop.remaining - (here?.counted ?? 0) < 1} data-testid="picking-short">
                <Trans>Short pick</Trans>
              </Button>
            )}
            {here && <Button variant="subtle" size="xs" onClick={() => { setAt(null); setToSort(null); }}><Trans>Scan the location again</Trans></Button>}
          </Group>
          {shortOpen && (
            <ShortPickDialog stop={stop} open={shortOpen} max={stop.remaining - (here?.counted ?? 0)} onClose={() => setShortOpen(false)} onShort={(qty, reason) => void short(qty, reason)} />
          )}
        </>
      ) : (
        <Stack gap="sm">
          <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="picking-complete">
            {ops.some((op) => op.state === 'pending' || op.state === 'sending')
              ? <Trans>Every stop of task {taskNo} is done or queued on this device: the task is done once the server has all of them.</Trans>
              : <Trans>Task {taskNo} is done: the server has every stop.</Trans>}
          </Alert>
          <Button size="lg" onClick={onLeave} data-testid="picking-done-next">{subPickingOnly ? <Trans>Next sub-task</Trans> : <Trans>Next task</Trans>}</Button>
        </Stack>
      )}
      <PickingFeed ops={ops} refresh={refresh} reverse={route.reverse} />
    </Stack>
  );
}

/**
 * The scan field of the stop's step, and once the SKU is scanned, the count and Pick: the count
 * may be typed only where the zone's picking rule allows it (`allowTyped`), else it is the pieces scanned.
 */
function StopStep({ route, stop, at, allowTyped, onScan, onQty }: {
  route: RouteView; stop: Stop; at: AtStop | null; allowTyped: boolean; onScan(entry: { value: string }): ScanVerdict | 'handled'; onQty(qty: number): void;
}) {
  const { t } = useLingui();
  const location = stop.location_id;
  const sku = stop.sku_id;
  if (!at) {
    const label = route.reverse ? <Trans>Scan the cell the units go back into (suggested {location})</Trans> : <Trans>Scan location {location}</Trans>;
    return <ScanInput label={label} placeholder={t`Location code`} onScan={onScan} testId="picking-location-scan" />;
  }
  if (route.reverse) {
    const where = at.location;
    return (
      <QtyForm label={<Trans>Units put back into {where}</Trans>} initial={stop.remaining} max={stop.remaining} onQty={onQty} confirm={<Trans>Put back</Trans>} />
    );
  }
  const counted = at.counted;
  const remaining = stop.remaining;
  return (
    <Stack gap="xs">
      <ScanInput label={<Trans>Scan the SKU {sku}: each scan is one piece</Trans>} placeholder={t`SKU or barcode`} onScan={onScan} testId="picking-sku-scan" />
      {counted > 0 && (
        <>
          <Text size="sm" data-testid="picking-counted"><Trans>{counted} of {remaining} counted</Trans></Text>
          {allowTyped ? (
            <QtyForm key={counted} label={<Trans>Or type the quantity</Trans>} initial={counted} max={remaining} onQty={onQty} confirm={<Trans>Pick</Trans>} />
          ) : (
            <Button size="md" onClick={() => onQty(counted)} data-testid="picking-confirm"><Trans>Pick the {counted} scanned</Trans></Button>
          )}
        </>
      )}
    </Stack>
  );
}

/** A quantity and its confirm button; the label has the whole width above them (a cell code in it would wrap at PDA size). */
function QtyForm({ label, initial, max, onQty, confirm }: {
  label: React.ReactNode; initial: number; max: number; onQty(qty: number): void; confirm: React.ReactNode;
}) {
  const [qty, setQty] = useState<number | string>(initial);
  const inputId = useId();
  return (
    <form onSubmit={(e) => { e.preventDefault(); onQty(Number(qty)); }}>
      <Text component="label" htmlFor={inputId} size="sm" fw={500} style={{ display: 'block', overflowWrap: 'anywhere' }}>{label}</Text>
      <Group gap="xs" align="flex-end" wrap="nowrap" mt={4}>
        <NumberInput
          id={inputId}
          value={qty}
          onChange={setQty}
          min={1}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          size="md"
          style={{ flex: 1 }}
          data-testid="picking-qty"
        />
        <Button type="submit" size="md" data-testid="picking-confirm">{confirm}</Button>
      </Group>
    </form>
  );
}
