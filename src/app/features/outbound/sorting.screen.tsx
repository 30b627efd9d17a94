import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { SortingWork } from '../../../shared/contract/sorting.contract';
import { sortingOps } from '../../../shared/ops/sorting.ops';
import { isApiError } from '../../kit/api';
import { enqueue, type OutboxOp } from '../../kit/outbox';
import { useQueue } from '../../kit/outbox/use-queue';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import { setScreenStation, useScreenStation } from '../../kit/station';
import { SlotStep } from './picking-parts';
import {
  preSortPayloadOf, slotRefusal, sortingOpsOf, sortPayloadOf, toteOf, toteRefusal, unitTarget, wallComplete, wallGroups, wallView, type WallOrder, type WallView,
} from './sorting-flow';
import { NextContainerScan } from './outbound-parts';
import { sortingQueries } from './sorting.queries';

const PATH = '/salesoutbound/sorting';

/**
 * Sorting (spec §2 /salesoutbound/sorting) at a put wall, on a PDA or the wall's tablet, every step by
 * scan (a keyboard wedge, no mouse needed): the wall → a batch container → each unit: its slot lights
 * up big with a cue and the slot spoken (sorting-flow.ts decides from the task and this device's ops)
 * → the slot's label scanned confirms it and the sort is queued in the outbox, online or not. A wrong
 * slot is refused at once, heard, kept on screen and recorded. The wall (`?wall=`) is remembered by
 * the device; a container opened online opens again offline. At a pre-sorting station the same
 * screen pre-sorts: each unit's put wall lights up big and the wall's tote is scanned to confirm.
 */
export default function SortingScreen() {
  const navigate = useNavigate();
  const deviceStation = useScreenStation('sorting');
  const wall = useSearchParam('wall') ?? (deviceStation || null);
  const container = useSearchParam('container') ?? null;
  const maySort = useMayCall(sortingOps.sort.access);
  const open = (next: { wall?: string | null; container?: string | null }) => {
    const wallId = next.wall === undefined ? wall : next.wall;
    if (next.wall !== undefined) setScreenStation('sorting', next.wall ?? '');
    const search: Record<string, string> = {};
    if (wallId) search.wall = wallId;
    if (wallId && next.container) search.container = next.container;
    void navigate({ to: PATH, search: search as never } as never);
  };
  let body: React.ReactNode;
  if (!maySort) body = <MissingPermissionNote access={sortingOps.sort.access} />;
  else if (!wall) body = <CodeStep label={<Trans>Scan the put wall or pre-sorting station</Trans>} placeholder="wall" testId="sorting-wall-scan" onCode={(code) => open({ wall: code })} />;
  else if (!container) body = <ContainerStep wall={wall} onContainer={(code) => open({ container: code })} onWall={() => open({ wall: null })} />;
  else body = <SortingTask key={`${wall}\u0000${container}`} wall={wall} container={container} onLeave={(next) => open({ container: next ?? null })} />;
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
      <Text size="sm" data-testid="sorting-wall"><Trans>Station {wall}</Trans></Text>
      <CodeStep label={<Trans>Scan a batch container to sort</Trans>} placeholder="container" testId="sorting-container-scan" onCode={onContainer} />
      <Text size="sm" c="dimmed"><Trans>At a put wall each order of the container gets a slot: scan a unit, put it into the slot shown, and scan the slot's label. At a pre-sorting station each unit goes into the tote of its put wall: scan the tote.</Trans></Text>
      <Button variant="subtle" size="compact-sm" onClick={onWall} style={{ alignSelf: 'flex-start' }}><Trans>Other station</Trans></Button>
    </Stack>
  );
}

/** The container's task being started (or read again from this device's cache): loading, refused, then the wall. */
function SortingTask({ wall, container, onLeave }: { wall: string; container: string; onLeave(next?: string): void }) {
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
        <NextContainerScan testId="sorting-next-scan" onContainer={onLeave} />
        <Button variant="light" onClick={() => onLeave()}><Trans>Scan another container</Trans></Button>
      </Stack>
    );
  }
  return <SortingRun work={work.data} refresh={query.queryKey} onLeave={onLeave} />;
}

/** A unit shown in its slot (pre-sorting: its put wall), waiting for the slot's label (the wall's tote). */
interface ToSlot {
  orderNo: string;
  skuId: string;
  slotNo: number;
  slotContainer: string;
  refused: string | null;
}

function SortingRun({ work, refresh, onLeave }: { work: SortingWork; refresh: readonly unknown[]; onLeave(next?: string): void }) {
  const { t, i18n } = useLingui();
  const queue = useQueue();
  const outbox = useOutboxStatus();
  const ops = useMemo(() => sortingOpsOf(outbox.ops, work.task.task_no), [outbox.ops, work.task.task_no]);
  const view = useMemo(() => wallView(work, ops), [work, ops]);
  const [toSlot, setToSlot] = useState<ToSlot | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
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
    setToSlot({ orderNo: target.orderNo, skuId: target.skuId, slotNo: target.slotNo, slotContainer: target.slotContainer, refused: null });
    const slot = target.slotNo;
    const wall = target.slotContainer;
    return { ok: true, say: view.pre ? t`Put wall ${wall}` : t`Slot ${slot}` };
  };

  const onSlot = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    if (!toSlot) return { ok: false };
    const refusal = view.pre ? toteRefusal(view, toSlot, value) : slotRefusal(view, toSlot.slotNo, value);
    if (refusal) {
      const text = i18n._(refusal);
      setToSlot({ ...toSlot, refused: text });
      record(value.trim(), toSlot, null);
      return { ok: false, say: text, message: text };
    }
    const unit = toSlot;
    // Sorted at once: the outbox shows the op before it is written, so the wall counts it for the next unit.
    setToSlot(null);
    void (view.pre ? queue(sortingOps.presort, preSortPayloadOf(view, unit, value)) : queue(sortingOps.sort, sortPayloadOf(view, unit)));
    const order = view.orders.find((o) => o.orderNo === unit.orderNo);
    const last = order ? order.sorted + 1 >= order.total : false;
    const slot = unit.slotNo;
    if (view.pre) return { ok: true, say: t`In` };
    return { ok: true, say: last ? t`Slot ${slot} complete` : t`Slot ${slot}` };
  };

  const done = wallComplete(view);
  const containerCode = view.containerCode;
  let step: React.ReactNode;
  if (done) {
    step = (
      <Stack gap="sm">
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="sorting-complete">
          {view.pre
            ? <Trans>Container {containerCode} is pre-sorted: take each tote to its put wall and sort it there.</Trans>
            : view.waiting === 0
              ? <Trans>Container {containerCode} is sorted: every order is in its slot, ready for checking.</Trans>
              : <Trans>Every unit of container {containerCode} is in its slot on this device: the server takes the sorts as the network allows.</Trans>}
        </Alert>
        <NextContainerScan testId="sorting-next-scan" onContainer={onLeave} />
        <Button size="lg" variant="light" onClick={() => onLeave()} data-testid="sorting-next-container"><Trans>Next container</Trans></Button>
      </Stack>
    );
  } else if (toSlot && view.pre) {
    step = <ToteStep view={view} unit={toSlot} onScan={onSlot} />;
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
      {view.pre ? <WallGroupList view={view} current={toSlot?.slotNo ?? null} /> : <WallOrders view={view} current={toSlot?.orderNo ?? null} />}
      <SortFeed ops={ops} />
    </Stack>
  );
}

function WallHeader({ view, onLeave }: { view: WallView; onLeave(next?: string): void }) {
  const taskNo = view.taskNo;
  const sorted = view.sorted;
  const total = view.total;
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} size="sm" data-testid="sorting-task-no">{view.pre ? <Trans>Pre-sorting task {taskNo}</Trans> : <Trans>Sorting task {taskNo}</Trans>}</Text>
          <Group gap={6}>
            <Badge variant="light" ff="monospace" tt="none" data-testid="sorting-container">{view.containerCode}</Badge>
            <Badge variant="outline" ff="monospace" tt="none">{view.stationId}</Badge>
          </Group>
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={() => onLeave()}><Trans>Other container</Trans></Button>
      </Group>
      <Text size="xs" mt={6} data-testid="sorting-progress">
        {view.pre ? <Trans>{sorted} of {total} units in their totes</Trans> : <Trans>{sorted} of {total} units in their slots</Trans>}
      </Text>
      <Progress value={total === 0 ? 0 : (sorted / total) * 100} size="sm" mt={4} aria-hidden />
    </Card>
  );
}

/** Pre-sorting: the put wall a unit goes to, big, and its tote (or any empty tote for the wall's first unit), waiting for the tote's scan. */
function ToteStep({ view, unit, onScan }: { view: WallView; unit: ToSlot; onScan(entry: { value: string }): ScanVerdict | 'handled' }) {
  const { t } = useLingui();
  const wall = unit.slotContainer;
  const tote = toteOf(view, unit.slotNo);
  const sku = unit.skuId;
  const orderNo = unit.orderNo;
  return (
    <Stack gap="xs">
      <Card withBorder radius="md" padding="sm" bg="grape.0" data-testid="sorting-slot">
        <Text size="sm" fw={600}><Trans>Put 1 × {sku} into the tote for put wall</Trans></Text>
        <Text fw={900} fz={48} lh={1.1} c="grape.9" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="sorting-wall-target">{wall}</Text>
        <Text size="sm" mt={4} data-testid="sorting-tote">
          {tote ? <Trans>Tote {tote}</Trans> : <Trans>First unit for this wall: take an empty tote</Trans>}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}><Trans>Order {orderNo}</Trans></Text>
      </Card>
      {unit.refused && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="sorting-slot-refused">{unit.refused}</Alert>}
      <ScanInput label={<Trans>Scan the tote for put wall {wall}</Trans>} placeholder={t`Tote`} onScan={onScan} testId="sorting-slot-scan" />
    </Stack>
  );
}

/** Pre-sorting's groups: each put wall, its tote, its orders and units, complete or not. */
function WallGroupList({ view, current }: { view: WallView; current: number | null }) {
  return (
    <Stack gap={6} data-testid="sorting-groups">
      {wallGroups(view).map((g) => {
        const { wall, tote, orders, sorted, total } = g;
        return (
          <Card key={g.slotNo} withBorder radius="md" padding="xs" bg={g.slotNo === current ? 'grape.0' : g.complete ? 'teal.0' : undefined} data-testid="sorting-group" data-wall={wall}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <div style={{ minWidth: 0 }}>
                <Text fw={800} ff="monospace" style={{ overflowWrap: 'anywhere' }}>{wall}</Text>
                <Text size="xs" c="dimmed">{tote ? <Trans>Tote {tote}</Trans> : <Trans>No tote yet</Trans>} · <Trans>{orders} orders</Trans> · <Trans>{sorted} of {total} units</Trans></Text>
              </div>
              {g.complete && <Badge size="sm" color="teal" leftSection={<IconCircleCheck size={12} aria-hidden />}><Trans>Complete</Trans></Badge>}
            </Group>
          </Card>
        );
      })}
    </Stack>
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
    const p = op.payload as { sku_id?: string | null; slot_no?: number | null; scanned?: string; tote_code?: string; station_id?: string };
    const sku = p.sku_id ?? '';
    const slot = p.slot_no ?? '';
    const scanned = p.scanned ?? '';
    const tote = p.tote_code ?? '';
    const wall = p.station_id ?? '';
    if (op.kind === sortingOps.sort.kind) return <Trans>{sku} into slot {slot}</Trans>;
    if (op.kind === sortingOps.presort.kind) return <Trans>{sku} into tote {tote} for {wall}</Trans>;
    return <Trans>Refused: {scanned}</Trans>;
  };
  return <OpFeed title={<Trans>Scans on this device</Trans>} ops={ops} describe={describe} testId="sorting-op" />;
}
