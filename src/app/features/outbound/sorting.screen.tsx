import { useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { SortingWork } from '../../../shared/contract/sorting.contract';
import { sortingOps } from '../../../shared/ops/sorting.ops';
import { isApiError } from '../../kit/api';
import { cue } from '../../kit/feedback';
import { enqueue, OpValidationError, type OutboxOp } from '../../kit/outbox';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { setCurrentStation, useCurrentStation } from '../../kit/station';
import { toast } from '../../kit/toast';
import { SlotStep } from './picking-parts';
import { slotRefusal, sortingOpsOf, sortPayloadOf, unitTarget, wallComplete, wallView, type WallOrder, type WallView } from './sorting-flow';
import { sortingQueries } from './sorting.queries';

const PATH = '/salesoutbound/sorting';

/**
 * Sorting (spec §2 /salesoutbound/sorting) at a put wall, on a PDA or the wall's tablet, every step by
 * scan (a keyboard wedge, no mouse needed): the wall → a batch container → each unit: its slot lights
 * up big with a cue and the slot spoken (sorting-flow.ts decides from the task and this device's ops)
 * → the slot's label scanned confirms it and the sort is queued in the outbox, online or not. A wrong
 * slot is refused at once, heard, kept on screen and recorded. The wall (`?wall=`) is remembered by
 * the device; a container opened online opens again offline.
 */
export default function SortingScreen() {
  const navigate = useNavigate();
  const deviceStation = useCurrentStation();
  const wall = useSearchParam('wall') ?? (deviceStation || null);
  const container = useSearchParam('container') ?? null;
  const maySort = useMayCall(sortingOps.sort.access);
  const open = (next: { wall?: string | null; container?: string | null }) => {
    const wallId = next.wall === undefined ? wall : next.wall;
    if (next.wall !== undefined) setCurrentStation(next.wall ?? '');
    const search: Record<string, string> = {};
    if (wallId) search.wall = wallId;
    if (wallId && next.container) search.container = next.container;
    void navigate({ to: PATH, search: search as never } as never);
  };
  let body: React.ReactNode;
  if (!maySort) body = <MissingPermissionNote access={sortingOps.sort.access} />;
  else if (!wall) body = <CodeStep label={<Trans>Scan the put wall</Trans>} placeholder="wall" testId="sorting-wall-scan" onCode={(code) => open({ wall: code })} />;
  else if (!container) body = <ContainerStep wall={wall} onContainer={(code) => open({ container: code })} onWall={() => open({ wall: null })} />;
  else body = <SortingTask key={`${wall}\u0000${container}`} wall={wall} container={container} onLeave={() => open({ container: null })} />;
  return (
    <Stack gap="sm" maw={720} mx="auto">
      <Title order={1} fz="h3"><Trans>Sorting</Trans></Title>
      {body}
    </Stack>
  );
}

/** One code scanned to go on (the wall, the container). */
function CodeStep({ label, placeholder, testId, onCode }: { label: React.ReactNode; placeholder: 'wall' | 'container'; testId: string; onCode(code: string): void }) {
  const { t } = useLingui();
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code) return { ok: false };
    onCode(code);
    return 'handled';
  };
  return <ScanInput label={label} placeholder={placeholder === 'wall' ? t`Station ID` : t`Container code`} onScan={onScan} testId={testId} />;
}

function ContainerStep({ wall, onContainer, onWall }: { wall: string; onContainer(code: string): void; onWall(): void }) {
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="sorting-wall"><Trans>Put wall {wall}</Trans></Text>
      <CodeStep label={<Trans>Scan a batch container to sort</Trans>} placeholder="container" testId="sorting-container-scan" onCode={onContainer} />
      <Text size="sm" c="dimmed"><Trans>Each order of the container gets a slot of this wall. Scan a unit, put it into the slot shown, and scan the slot's label.</Trans></Text>
      <Button variant="subtle" size="compact-sm" onClick={onWall} style={{ alignSelf: 'flex-start' }}><Trans>Other put wall</Trans></Button>
    </Stack>
  );
}

/** The container's task being started (or read again from this device's cache): loading, refused, then the wall. */
function SortingTask({ wall, container, onLeave }: { wall: string; container: string; onLeave(): void }) {
  const { t } = useLingui();
  const query = sortingQueries.work(wall, container);
  const work = useQuery(query);
  if (work.isPending) return <Loader aria-label={t`Loading`} />;
  if (work.isError && !work.data) {
    const offline = t`Container ${container} could not be opened: the network is gone and it was not opened on this device before.`;
    return (
      <Stack gap="sm">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Cannot sort ${container}`} data-testid="sorting-error">
          {isApiError(work.error) ? work.error.message : offline}
        </Alert>
        <Button variant="light" onClick={onLeave} data-autofocus><Trans>Scan another container</Trans></Button>
      </Stack>
    );
  }
  return <SortingRun work={work.data} refresh={query.queryKey} onLeave={onLeave} />;
}

/** A unit shown in its slot, waiting for the slot's label. */
interface ToSlot {
  orderNo: string;
  skuId: string;
  slotNo: number;
  refused: string | null;
}

function SortingRun({ work, refresh, onLeave }: { work: SortingWork; refresh: readonly unknown[]; onLeave(): void }) {
  const { t, i18n } = useLingui();
  const outbox = useOutboxStatus();
  const ops = useMemo(() => sortingOpsOf(outbox.ops, work.task.task_no), [outbox.ops, work.task.task_no]);
  const view = useMemo(() => wallView(work, ops), [work, ops]);
  const [toSlot, setToSlot] = useState<ToSlot | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const queuing = useRef(false);
  useOpAnswers(ops, { refresh, rejected: () => t`Sort refused` });

  /** Records a refused scan at the wall: an op, so offline too (a failure to queue it is the outbox's to show). */
  const record = (scanned: string, target: { orderNo: string; skuId: string; slotNo: number } | null, skuId: string | null) =>
    void enqueue(sortingOps.refuse, { task_no: view.taskNo, order_no: target?.orderNo ?? null, sku_id: target?.skuId ?? skuId, slot_no: target?.slotNo ?? null, scanned })
      .catch(() => undefined);

  const onUnit = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code) return { ok: false };
    const target = unitTarget(view, code);
    if (!target.ok) {
      const text = i18n._(target.refusal);
      setRefused(text);
      record(code, null, target.skuId);
      return { ok: false, say: text, message: text };
    }
    setRefused(null);
    setToSlot({ orderNo: target.orderNo, skuId: target.skuId, slotNo: target.slotNo, refused: null });
    const slot = target.slotNo;
    return { ok: true, say: t`Slot ${slot}` };
  };

  const onSlot = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    if (!toSlot || queuing.current) return { ok: false };
    const refusal = slotRefusal(view, toSlot.slotNo, value);
    if (refusal) {
      const text = i18n._(refusal);
      setToSlot({ ...toSlot, refused: text });
      record(value.trim(), toSlot, null);
      return { ok: false, say: text, message: text };
    }
    queuing.current = true;
    const unit = toSlot;
    void enqueue(sortingOps.sort, sortPayloadOf(view, unit))
      .then(() => setToSlot(null))
      .catch((error: unknown) => {
        cue('scan.refused');
        toast.error(error instanceof OpValidationError ? i18n._(error.refusal) : String(error));
      })
      .finally(() => { queuing.current = false; });
    const order = view.orders.find((o) => o.orderNo === unit.orderNo);
    const last = order ? order.sorted + 1 >= order.total : false;
    const slot = unit.slotNo;
    return { ok: true, say: last ? t`Slot ${slot} complete` : t`Slot ${slot}` };
  };

  const done = wallComplete(view);
  const containerCode = view.containerCode;
  let step: React.ReactNode;
  if (done) {
    step = (
      <Stack gap="sm">
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="sorting-complete">
          {view.waiting === 0
            ? <Trans>Container {containerCode} is sorted: every order is in its slot, ready for checking.</Trans>
            : <Trans>Every unit of container {containerCode} is in its slot on this device: the server takes the sorts as the network allows.</Trans>}
        </Alert>
        <Button size="lg" onClick={onLeave} data-testid="sorting-next-container" data-autofocus><Trans>Next container</Trans></Button>
      </Stack>
    );
  } else if (toSlot) {
    step = (
      <SlotStep
        slot={toSlot.slotNo} qty={1} sku={toSlot.skuId} orderNo={toSlot.orderNo} where={view.stationId}
        refused={toSlot.refused} onScan={onSlot} testPrefix="sorting"
      />
    );
  } else {
    step = (
      <Stack gap="xs">
        <ScanInput label={<Trans>Scan a unit from the container</Trans>} placeholder={t`SKU or barcode`} onScan={onUnit} testId="sorting-unit-scan" />
        {refused && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="sorting-refused">{refused}</Alert>}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <WallHeader view={view} onLeave={onLeave} />
      {step}
      <WallOrders view={view} current={toSlot?.orderNo ?? null} />
      <SortFeed ops={ops} />
    </Stack>
  );
}

function WallHeader({ view, onLeave }: { view: WallView; onLeave(): void }) {
  const taskNo = view.taskNo;
  const sorted = view.sorted;
  const total = view.total;
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} size="sm" data-testid="sorting-task-no"><Trans>Sorting task {taskNo}</Trans></Text>
          <Group gap={6}>
            <Badge variant="light" ff="monospace" tt="none" data-testid="sorting-container">{view.containerCode}</Badge>
            <Badge variant="outline" ff="monospace" tt="none">{view.stationId}</Badge>
          </Group>
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={onLeave}><Trans>Other container</Trans></Button>
      </Group>
      <Text size="xs" mt={6} data-testid="sorting-progress"><Trans>{sorted} of {total} units in their slots</Trans></Text>
      <Progress value={total === 0 ? 0 : (sorted / total) * 100} size="sm" mt={4} aria-hidden />
    </Card>
  );
}

/** The wall's slots: each order's slot number, its units in the slot, complete or not. */
function WallOrders({ view, current }: { view: WallView; current: string | null }) {
  return (
    <Stack gap={6} data-testid="sorting-orders">
      {view.orders.map((order) => <SlotCard key={order.orderNo} order={order} current={order.orderNo === current} />)}
    </Stack>
  );
}

function SlotCard({ order, current }: { order: WallOrder; current: boolean }) {
  const orderNo = order.orderNo;
  const sorted = order.sorted;
  const total = order.total;
  const state = order.cancelled ? 'cancelled' : order.complete ? 'complete' : 'open';
  return (
    <Card withBorder radius="md" padding="xs" bg={current ? 'grape.0' : order.complete ? 'teal.0' : undefined} data-testid="sorting-order" data-order={orderNo} data-state={state}>
      <Group gap="xs" wrap="nowrap" align="center">
        <Text fw={900} fz={28} lh={1} w={44} ta="center" style={{ flexShrink: 0 }} data-testid="sorting-order-slot">{order.slotNo}</Text>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>{orderNo}</Text>
          <Group gap={6} mt={2}>
            <Text size="xs" c="dimmed"><Trans>{sorted} of {total} units</Trans></Text>
            {order.cancelled
              ? <Badge size="sm" color="dark" variant="light"><Trans>Cancelled</Trans></Badge>
              : order.complete
                ? <Badge size="sm" color="teal" leftSection={<IconCircleCheck size={12} aria-hidden />} data-testid="sorting-order-complete"><Trans>Complete</Trans></Badge>
                : <Badge size="sm" color="gray" variant="light"><Trans>Sorting</Trans></Badge>}
          </Group>
          {order.refused && <Text size="xs" c="red" mt={2}>{order.refused}</Text>}
        </div>
      </Group>
    </Card>
  );
}

/** This task's scans on this device with the server's answers (the kit's op feed). */
function SortFeed({ ops }: { ops: readonly OutboxOp[] }) {
  const describe = (op: OutboxOp) => {
    const p = op.payload as { sku_id?: string | null; slot_no?: number | null; scanned?: string };
    const sku = p.sku_id ?? '';
    const slot = p.slot_no ?? '';
    const scanned = p.scanned ?? '';
    return op.kind === sortingOps.sort.kind
      ? <Trans>{sku} into slot {slot}</Trans>
      : <Trans>Refused: {scanned}</Trans>;
  };
  return <OpFeed title={<Trans>Scans on this device</Trans>} ops={ops} describe={describe} testId="sorting-op" />;
}
