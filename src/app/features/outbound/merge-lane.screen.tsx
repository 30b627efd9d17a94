import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconPackage } from '@tabler/icons-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { mergingOps } from '../../../shared/ops/merging.ops';
import { isApiError } from '../../kit/api';
import type { OutboxOp } from '../../kit/outbox';
import { useQueue } from '../../kit/outbox/use-queue';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import { useSearchParam } from '../../kit/search-param';
import {
  arrivalAnswer, arrivalAt, arrivalOfAnswer, laneOpsOf, laneView, slotsUsed, type Arrival, type LaneContainer, type LaneOrder, type LaneView,
} from './merge-lane-flow';
import { mergingQueries } from './merging.queries';

const PATH = '/salesoutbound/mergeLane';

/**
 * Merge Lane (spec §2 /salesoutbound/mergeLane), for the operator at a merge lane on a PDA or the
 * lane's tablet: scan the lane → scan each container brought to it. Each scan says at once which
 * order and slot it goes to (the slot big, with a cue) and is queued as an offline op, online or not
 * (merge-lane-flow.ts decides from the lane's last read and this device's ops); the lane lists its
 * orders, each with the containers it still waits for and those on the lane, and an order whose
 * containers are all there is ready for checking. The lane (`?lane=`) opens again offline.
 */
export default function MergeLaneScreen() {
  const stationId = useSearchParam('lane') ?? null;
  const mayArrive = useMayCall(mergingOps.arrive.access);
  const navigate = useNavigate();
  const open = (lane: string | null) => void navigate({ to: PATH, search: (lane ? { lane } : {}) as never } as never);
  let body: React.ReactNode;
  if (!mayArrive) body = <MissingPermissionNote access={mergingOps.arrive.access} />;
  else if (!stationId) body = <LaneScanStep onLane={open} />;
  else body = <LaneFlow key={stationId} stationId={stationId} onLeave={() => open(null)} />;
  return (
    <Stack gap="sm" maw={720} mx="auto">
      <Title order={1} fz="h3"><Trans>Merge Lane</Trans></Title>
      {body}
    </Stack>
  );
}

function LaneScanStep({ onLane }: { onLane(stationId: string): void }) {
  const { t } = useLingui();
  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const code = value.trim();
    if (!code) return { ok: false };
    onLane(code);
    return 'handled';
  };
  return (
    <Stack gap="sm">
      <ScanInput label={<Trans>Scan the merge lane</Trans>} placeholder={t`Station ID`} onScan={onScan} testId="merge-lane-scan" />
      <Text size="sm" c="dimmed">
        <Trans>Orders picked in more than one zone come together here: scan each container brought to the lane, and put it in the slot the screen shows.</Trans>
      </Text>
    </Stack>
  );
}

/** The last container scanned: where the device said it goes, then what the server answered (`opId`). */
interface LastScan {
  code: string;
  guess: Arrival | null;
  opId: string;
}

function LaneFlow({ stationId, onLeave }: { stationId: string; onLeave(): void }) {
  const { t, i18n } = useLingui();
  const queue = useQueue();
  const query = mergingQueries.lane(stationId);
  const lane = useQuery(query);
  const outbox = useOutboxStatus();
  const ops = useMemo(() => laneOpsOf(outbox.ops, stationId), [outbox.ops, stationId]);
  const view = useMemo(() => (lane.data ? laneView(lane.data, ops) : null), [lane.data, ops]);
  const [last, setLast] = useState<LastScan | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  useOpAnswers(ops, { refresh: query.queryKey, rejected: () => t`Arrival refused` });

  if (lane.isPending) return <Loader aria-label={t`Loading`} />;
  if (!view) {
    const offline = t`Lane ${stationId} could not be opened: the network is gone and it was not opened on this device before. Open it once while online.`;
    return (
      <Stack gap="sm">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Cannot open ${stationId}`} data-testid="merge-lane-error">
          {isApiError(lane.error) ? lane.error.message : offline}
        </Alert>
        <Button variant="light" onClick={onLeave}><Trans>Other lane</Trans></Button>
      </Stack>
    );
  }

  const lastOp = last ? ops.find((op) => op.op_id === last.opId) : undefined;
  const answered = lastOp ? arrivalAnswer(lastOp) : null;

  const onScan = ({ value }: { value: string }): ScanVerdict | 'handled' => {
    const outcome = arrivalAt(view, value);
    if (!outcome.ok) {
      const text = i18n._(outcome.refusal);
      setRefused(text);
      return { ok: false, say: text, message: text };
    }
    // The outbox shows the op at once: the next scan is judged with this one on the lane.
    const code = value.trim();
    setRefused(null);
    void queue(mergingOps.arrive, { station_id: stationId, container_code: code })
      .then((op) => op && setLast({ code, guess: outcome.arrival, opId: op.op_id }));
    const first = outcome.arrival?.targets[0];
    const slot = first?.slotNo;
    const say = !first ? t`Sent to check` : first.complete ? t`Slot ${slot}, ready for checking` : slot ? t`Slot ${slot}` : t`No slot yet`;
    return { ok: true, say };
  };

  return (
    <Stack gap="sm">
      <LaneHeader view={view} onLeave={onLeave} />
      {last && <ArrivalCard last={last} op={lastOp} answer={answered ? arrivalOfAnswer(answered) : null} />}
      {refused && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="merge-refused">{refused}</Alert>}
      <ScanInput label={<Trans>Scan a container brought to the lane</Trans>} placeholder={t`Container code`} onScan={onScan} testId="merge-container-scan" />
      <LaneOrders view={view} />
      <ArrivalFeed ops={ops} />
    </Stack>
  );
}

function LaneHeader({ view, onLeave }: { view: LaneView; onLeave(): void }) {
  const lane = view.stationId;
  const name = view.stationName;
  const used = slotsUsed(view);
  const slots = view.laneSlots;
  const ready = view.orders.filter((o) => o.complete).length;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={800} fz="xl" ff="monospace" data-testid="merge-lane-id">{lane}</Text>
          <Text size="xs" c="dimmed" lineClamp={1}>{name}</Text>
        </div>
        <Button variant="subtle" size="compact-xs" onClick={onLeave} data-testid="merge-lane-leave"><Trans>Other lane</Trans></Button>
      </Group>
      <Group gap={6}>
        <Badge variant="light" color="gray" data-testid="merge-lane-slots">
          {slots === null ? <Trans>No merge rule names this lane</Trans> : <Trans>{used} of {slots} slots in use</Trans>}
        </Badge>
        <Badge variant="light" color="teal"><Trans>{ready} ready for checking</Trans></Badge>
      </Group>
    </Stack>
  );
}

/**
 * The last container scanned, big enough to read at arm's length: the slot to put it in and its
 * order, how many of its containers are here and which it still waits for; the server's answer
 * replaces the device's guess once it comes.
 */
function ArrivalCard({ last, op, answer }: { last: LastScan; op: OutboxOp | undefined; answer: Arrival | null }) {
  const code = last.code;
  const shown = answer ?? last.guess;
  if (op?.state === 'rejected') {
    const why = op.last_error?.message ?? '';
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={<Trans>{code} refused</Trans>} data-testid="merge-arrival-refused">{why}</Alert>
    );
  }
  if (!shown || shown.targets.length === 0) {
    return (
      <Card withBorder radius="md" padding="sm" data-testid="merge-arrival">
        <Group gap="xs" wrap="nowrap">
          <IconClock size={20} aria-hidden />
          <Text size="sm"><Trans>{code} is not on this lane's list on this device: saved, the server says where it goes once it has the scan.</Trans></Text>
        </Group>
      </Card>
    );
  }
  return (
    <Stack gap="xs">
      {shown.targets.map((target) => {
        const orderNo = target.orderNo;
        const slot = target.slotNo;
        const waiting = target.waiting.join(', ');
        return (
          <Card key={orderNo} withBorder radius="md" padding="sm" bg={target.complete ? 'teal.0' : 'grape.0'} data-testid="merge-arrival" data-complete={target.complete}>
            <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}><Trans>Put {code} into slot</Trans></Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="merge-arrival-order"><Trans>Order {orderNo}</Trans></Text>
                {target.complete
                  ? <Text size="sm" fw={700} c="teal.8" data-testid="merge-arrival-ready"><Trans>All containers here: ready for checking</Trans></Text>
                  : <Text size="sm" style={{ overflowWrap: 'anywhere' }}><Trans>Still waiting for {waiting}</Trans></Text>}
              </div>
              {slot === null
                ? <Text fw={700} size="sm" c="orange.8" ta="right" data-testid="merge-arrival-slot"><Trans>No slot free yet: keep it aside</Trans></Text>
                : <Text fw={900} fz={64} lh={1} c={target.complete ? 'teal.9' : 'grape.9'} data-testid="merge-arrival-slot">{slot}</Text>}
            </Group>
          </Card>
        );
      })}
      {!answer && op && (op.state === 'pending' || op.state === 'sending') && (
        <Text size="xs" c="dimmed" data-testid="merge-arrival-queued"><Trans>Saved on this device: the server confirms it when it gets the scan.</Trans></Text>
      )}
    </Stack>
  );
}

/** The lane's orders in slot order: each with its containers — here, queued here, on their way, still being picked. */
function LaneOrders({ view }: { view: LaneView }) {
  if (view.orders.length === 0) {
    return <Text size="sm" c="dimmed" data-testid="merge-lane-empty"><Trans>No order waits on this lane.</Trans></Text>;
  }
  return (
    <Stack gap="xs" data-testid="merge-lane-orders">
      {view.orders.map((order) => <OrderCard key={order.taskNo} order={order} />)}
    </Stack>
  );
}

function OrderCard({ order }: { order: LaneOrder }) {
  const orderNo = order.orderNo;
  const here = order.containers.filter((c) => c.arrived || c.queued).length;
  const total = order.containers.length;
  return (
    <Card withBorder radius="md" padding="xs" data-testid="merge-lane-order" data-order={orderNo} data-complete={order.complete}>
      <Group gap="xs" wrap="nowrap" align="center">
        <Text fw={900} fz={28} lh={1} w={44} ta="center" style={{ flexShrink: 0 }} c={order.slotNo === null ? 'dimmed' : undefined} data-testid="merge-order-slot">
          {order.slotNo ?? '–'}
        </Text>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>{orderNo}</Text>
          <Group gap={6} mt={2}>
            <Text size="xs" c="dimmed"><Trans>{here} of {total} containers here</Trans></Text>
            {order.complete
              ? <Badge size="sm" color="teal" leftSection={<IconCircleCheck size={12} aria-hidden />} data-testid="merge-order-ready"><Trans>Ready for checking</Trans></Badge>
              : <Badge size="sm" color="gray" variant="light"><Trans>Waiting</Trans></Badge>}
          </Group>
        </div>
      </Group>
      <Group gap={4} mt={6}>
        {order.containers.map((c) => <ContainerChip key={c.code} container={c} />)}
      </Group>
    </Card>
  );
}

const CHIP = {
  arrived: { color: 'teal', variant: 'filled', label: msg`here` },
  queued: { color: 'blue', variant: 'light', label: msg`scanned` },
  coming: { color: 'gray', variant: 'outline', label: msg`on its way` },
  picking: { color: 'orange', variant: 'light', label: msg`being picked` },
} as const;

function ContainerChip({ container }: { container: LaneContainer }) {
  const { i18n } = useLingui();
  const state = container.arrived ? 'arrived' : container.queued ? 'queued' : container.picked ? 'coming' : 'picking';
  const chip = CHIP[state];
  return (
    <Badge color={chip.color} variant={chip.variant} size="md" radius="sm" leftSection={<IconPackage size={12} aria-hidden />} data-testid="merge-container" data-state={state} tt="none">
      <Text span inherit ff="monospace">{container.code}</Text> · {i18n._(chip.label)}
    </Badge>
  );
}

/** This lane's arrivals on this device with the server's answers (the kit's op feed). */
function ArrivalFeed({ ops }: { ops: readonly OutboxOp[] }) {
  const describe = (op: OutboxOp) => {
    const code = String(op.payload.container_code);
    return <Text span ff="monospace" inherit>{code}</Text>;
  };
  return <OpFeed title={<Trans>Scans on this device</Trans>} ops={ops} describe={describe} testId="merge-op" />;
}
