import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CHECKING_REFUSAL_REASON, CHECKING_STATION_MODE, OUTBOUND_ORDER_TYPE, type CodeOf } from '../../../shared/codes';
import { checkAccessOf } from '../../../shared/contract/area-access';
import type { CheckingWork } from '../../../shared/contract/checking.contract';
import { checkingOps } from '../../../shared/ops/checking.ops';
import { isApiError } from '../../kit/api';
import { cue } from '../../kit/feedback';
import { enqueue } from '../../kit/outbox';
import { sayQueueFailure } from '../../kit/outbox/use-queue';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { setScreenStation, useScreenStation } from '../../kit/station';
import {
  addUnit, checkingOpsOf, checkPayloadOf, finishNeeds, needsFinishing, openOrders, orderComplete, orderOfScan, orderState, slotRefusal, unitOfScan,
  type Finish, type RefusalReason, type Scanned,
} from './checking-flow';
import { CheckingFeed, CheckingHeader, CheckingOrders, FinishStep, OrderCard, RefusalNote } from './checking-parts';
import { NextContainerScan } from './outbound-parts';
import { checkingQueries, type CheckingOrderType } from './checking.queries';
import { SlotStep } from './picking-parts';

const PATH = '/salesoutbound/checking';
const M = CHECKING_STATION_MODE.values;

/**
 * Checking (spec §2 /salesoutbound/checking) at a checking station, every step by scan (a keyboard
 * wedge, no mouse needed): the station → a container → its orders checked in the station's mode
 * (checking-flow.ts) → each complete order's packaging and weight → its check is queued in the
 * outbox, online or not. A wrong or extra unit is refused at once, heard, kept on screen and recorded.
 */
export default function CheckingScreen() {
  return <CheckingStation path={PATH} title={<Trans>Checking</Trans>} mode={null} />;
}

/**
 * The checking station at `path` (the Checking screen, or Sorting While Checking); `mode` when the
 * screen asks its own (CHECKING_STATION_MODE) for the tasks it starts, else the station's.
 */
export function CheckingStation({ path, title, mode, orderType }: {
  path: string; title: React.ReactNode; mode: CodeOf<typeof CHECKING_STATION_MODE> | null; orderType?: CheckingOrderType;
}) {
  const navigate = useNavigate();
  // The device's station (kit/station: kept in local storage, spec §9), unless the link names one.
  const deviceStation = useScreenStation('checking');
  const station = useSearchParam('station') ?? (deviceStation || null);
  const container = useSearchParam('container') ?? null;
  // The shared check ops take any area's permission; this screen's area asks its own (area-access.ts).
  const access = checkAccessOf(orderType ?? OUTBOUND_ORDER_TYPE.values.SALES);
  const mayCheck = useMayCall(access);
  const open = (next: { station?: string | null; container?: string | null }) => {
    const stationId = next.station === undefined ? station : next.station;
    if (next.station !== undefined) setScreenStation('checking', next.station ?? '');
    const search: Record<string, string> = {};
    if (stationId) search.station = stationId;
    if (stationId && next.container) search.container = next.container;
    void navigate({ to: path, search: search as never } as never);
  };
  let body: React.ReactNode;
  if (!mayCheck) body = <MissingPermissionNote access={access} />;
  else if (!station) body = <StationStep onStation={(code) => open({ station: code })} />;
  else if (!container) body = <ContainerStep station={station} onContainer={(code) => open({ container: code })} onStation={() => open({ station: null })} />;
  else body = <CheckingTask key={`${station}\u0000${container}`} station={station} container={container} mode={mode} orderType={orderType} onLeave={(next) => open({ container: next ?? null })} />;
  return (
    <Stack gap="sm" maw={1100} mx="auto">
      <Title order={1} fz="h3">{title}</Title>
      {body}
    </Stack>
  );
}

function StationStep({ onStation }: { onStation(code: string): void }) {
  const { t } = useLingui();
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code) return { ok: false };
    onStation(code);
    return 'handled';
  };
  return (
    <Stack gap="xs" maw={560}>
      <ScanInput label={<Trans>Scan your checking station</Trans>} placeholder={t`Station ID`} onScan={onScan} testId="checking-station-scan" />
      <Text size="sm" c="dimmed"><Trans>This device remembers the station until you change it. Its mode (checking, sort while checking, mass checking) is set in Station Management.</Trans></Text>
    </Stack>
  );
}

function ContainerStep({ station, onContainer, onStation }: { station: string; onContainer(code: string): void; onStation(): void }) {
  const { t } = useLingui();
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code) return { ok: false };
    onContainer(code);
    return 'handled';
  };
  return (
    <Stack gap="xs" maw={560}>
      <Text size="sm" data-testid="checking-station"><Trans>Station {station}</Trans></Text>
      <ScanInput label={<Trans>Scan a container to check (pick cart, basket or tote)</Trans>} placeholder={t`Container code`} onScan={onScan} testId="checking-container-scan" />
      <Button variant="subtle" size="compact-sm" onClick={onStation} style={{ alignSelf: 'flex-start' }}><Trans>Change station</Trans></Button>
    </Stack>
  );
}

/** The container's task being started (or read again from this device's cache): loading, refused, then its orders. */
function CheckingTask({ station, container, mode, orderType, onLeave }: {
  station: string; container: string; mode: CodeOf<typeof CHECKING_STATION_MODE> | null; orderType?: CheckingOrderType; onLeave(next?: string): void;
}) {
  const { t } = useLingui();
  const query = checkingQueries.work(station, container, mode, orderType);
  const work = useQuery(query);
  if (work.isPending) return <Loader aria-label={t`Loading`} />;
  if (work.isError && !work.data) {
    const offline = t`Container ${container} could not be opened: the network is gone and it was not opened on this device before.`;
    return (
      <Stack gap="sm" maw={560}>
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Cannot check ${container}`} data-testid="checking-error">
          {isApiError(work.error) ? work.error.message : offline}
        </Alert>
        <NextContainerScan testId="checking-next-scan" onContainer={onLeave} />
        <Button variant="light" onClick={() => onLeave()}><Trans>Scan another container</Trans></Button>
      </Stack>
    );
  }
  return <CheckingRun work={work.data} refresh={query.queryKey} onLeave={onLeave} />;
}

/** A unit waiting for its slot label (sort while checking). */
interface ToSlot {
  orderNo: string;
  skuId: string;
  slotNo: number;
  refused: string | null;
}

function CheckingRun({ work, refresh, onLeave }: { work: CheckingWork; refresh: readonly unknown[]; onLeave(next?: string): void }) {
  const { t, i18n } = useLingui();
  const outbox = useOutboxStatus();
  const ops = useMemo(() => checkingOpsOf(outbox.ops, work.task.task_no), [outbox.ops, work.task.task_no]);
  const [scanned, setScanned] = useState<Scanned>({});
  const [chosen, setChosen] = useState<string | null>(null);
  const [toSlot, setToSlot] = useState<ToSlot | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const needs = finishNeeds(work);
  const open = openOrders(work, ops);
  const checkingMode = work.task.mode === M.CHECKING;
  // Checking mode takes one order at a time: the one scanned, or the only one left.
  const current = checkingMode ? (open.find((o) => o.order_no === chosen) ?? (open.length === 1 ? open[0]! : null)) : null;
  // The first complete order not yet queued waits for its packaging and weight.
  const finishing = open.find((o) => orderComplete(o, scanned)) ?? null;

  const queuing = useRef(false);
  const queueCheck = async (orderNo: string, units: Scanned, finish: Finish) => {
    const order = work.orders.find((o) => o.order_no === orderNo);
    if (!order || queuing.current) return;
    queuing.current = true;
    try {
      await enqueue(checkingOps.check, checkPayloadOf(work, order, units, finish));
      cue('scan.accepted', { say: t`Order checked` });
      setScanned((all) => Object.fromEntries(Object.entries(all).filter(([no]) => no !== orderNo)));
      if (chosen === orderNo) setChosen(null);
    } catch (error) {
      sayQueueFailure(i18n, error);
    } finally {
      queuing.current = false;
    }
  };

  /** Records a refused scan for the exception center: an op, so offline too (a failure to queue it is the outbox's to show). */
  const record = (reason: RefusalReason, scannedCode: string, skuId: string | null, orderNo: string | null) =>
    void enqueue(checkingOps.refuse, { task_no: work.task.task_no, order_no: orderNo, reason, scanned: scannedCode, sku_id: skuId }).catch(() => undefined);

  /** A refused scan: heard, kept on screen until the next, and recorded unless it was only out of turn (`reason` null). */
  const refuse = (text: string, reason: RefusalReason | null, scannedCode: string, skuId: string | null, orderNo: string | null): ScanVerdict => {
    setRefused(text);
    if (reason !== null) record(reason, scannedCode, skuId, orderNo);
    return { ok: false, say: text, message: text };
  };

  const counted = (next: Scanned, orderNo: string): ScanVerdict => {
    setScanned(next);
    const order = work.orders.find((o) => o.order_no === orderNo)!;
    if (orderComplete(order, next) && !needsFinishing(needs)) void queueCheck(orderNo, next, { innerPackaging: null, outerPackaging: null, weightG: null });
    return { ok: true };
  };

  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code) return { ok: false };
    setRefused(null);
    if (checkingMode) {
      const named = orderOfScan(work, ops, code);
      if (named) {
        setChosen(named.order_no);
        const slot = named.slot_no;
        return { ok: true, say: t`Slot ${slot}` };
      }
      if (!current) return refuse(t`Scan an order number or its slot label first.`, null, code, null, null);
    }
    const outcome = unitOfScan(work, ops, scanned, current?.order_no ?? null, code);
    if (!outcome.ok) return refuse(i18n._(outcome.refusal), outcome.reason, code, outcome.skuId, current?.order_no ?? null);
    if (outcome.confirmSlot) {
      setToSlot({ orderNo: outcome.orderNo, skuId: outcome.skuId, slotNo: outcome.slotNo, refused: null });
      const slot = outcome.slotNo;
      return { ok: true, say: t`Slot ${slot}` };
    }
    return counted(addUnit(scanned, outcome.orderNo, outcome.skuId), outcome.orderNo);
  };

  const onSlotScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    if (!toSlot) return { ok: false };
    const refusal = slotRefusal(work, toSlot.slotNo, value);
    if (refusal) {
      const text = i18n._(refusal);
      setToSlot({ ...toSlot, refused: text });
      return { ok: false, say: text, message: text };
    }
    setToSlot(null);
    return counted(addUnit(scanned, toSlot.orderNo, toSlot.skuId), toSlot.orderNo);
  };

  const allQueued = open.length === 0;
  const containerCode = work.task.container_code;
  let step: React.ReactNode;
  if (allQueued) {
    const serverHasAll = work.orders.every((o) => orderState(o, ops).kind !== 'queued');
    step = (
      <Stack gap="sm">
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="checking-complete">
          {serverHasAll
            ? <Trans>Container {containerCode} is checked: the server has every order.</Trans>
            : <Trans>Every order of container {containerCode} is checked on this device: the server takes them as the network allows.</Trans>}
        </Alert>
        <NextContainerScan testId="checking-next-scan" onContainer={onLeave} />
        <Button size="lg" variant="light" onClick={() => onLeave()} data-testid="checking-next-container"><Trans>Next container</Trans></Button>
      </Stack>
    );
  } else if (finishing && needsFinishing(needs)) {
    step = (
      <FinishStep
        key={finishing.order_no} work={work} order={finishing} needs={needs}
        onFinish={(finish) => void queueCheck(finishing.order_no, scanned, finish)}
        onWrongPackaging={(code) => record(CHECKING_REFUSAL_REASON.values.WRONG_PACKAGING, code, null, finishing.order_no)}
      />
    );
  } else if (toSlot) {
    step = (
      <SlotStep
        slot={toSlot.slotNo} qty={1} sku={toSlot.skuId} orderNo={toSlot.orderNo} where={work.task.station_id}
        refused={toSlot.refused} onScan={onSlotScan} testPrefix="checking"
      />
    );
  } else {
    const label = checkingMode && !current ? <Trans>Scan an order number or slot label</Trans> : <Trans>Scan a unit</Trans>;
    step = (
      <Stack gap="xs">
        <ScanInput label={label} placeholder={t`SKU, barcode or order`} onScan={onScan} testId="checking-scan" />
        <RefusalNote text={refused} />
        {current && <OrderCard order={current} scanned={scanned} />}
      </Stack>
    );
  }
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          <CheckingHeader work={work} onLeave={onLeave} />
          {step}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          <CheckingOrders work={work} ops={ops} scanned={scanned} current={current?.order_no ?? null} onPick={checkingMode ? setChosen : null} />
          <CheckingFeed ops={ops} refresh={refresh} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
