import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, Card, Group, Modal, NumberInput, Progress, Radio, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRoute } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QueryKey } from '@tanstack/react-query';
import { SHORT_PICK_REASON, type CodeOf } from '../../../shared/codes';
import type { ShortPickPayload } from '../../../shared/contract/picking.contract';
import { pickingOps } from '../../../shared/ops/picking.ops';
import { RET } from '../../../shared/retcodes';
import { inkOn, type ZoneColor } from '../../../shared/zone-colors';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import type { RouteView, ShortAnswer, Stop } from './picking-flow';

/** Pieces of the picking screen, PDA-sized (360 × 640 and the NQ1000): they only render what picking-flow.ts worked out. */

/** The claimed task: number, container, wave or order, and how far the route is. */
export function PickingHeader({ route, onLeave }: { route: RouteView; onLeave(): void }) {
  const { t } = useLingui();
  const { task, handled, total } = route;
  const taskNo = task.task_no;
  const reference = task.wave_no ?? task.order_no;
  // A reverse task takes its units from the containers its order was picked into, one per picking task.
  const containers = route.reverse
    ? [...new Set(route.stops.flatMap((stop) => (stop.container_code ? [stop.container_code] : [])))]
    : task.container_code ? [task.container_code] : [];
  return (
    <Stack gap={4}>
      <Text size="sm" data-testid="picking-task-no" style={{ overflowWrap: 'anywhere' }}>
        <Trans>Task {taskNo}</Trans>{reference ? ` · ${reference}` : ''}
      </Text>
      <Group gap={6} justify="space-between" wrap="nowrap">
        {containers.length > 0 ? (
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed">{route.reverse ? <Trans>Units in</Trans> : <Trans>Container</Trans>}</Text>
            {containers.map((code) => <Badge key={code} variant="light" ff="monospace" data-testid="picking-container">{code}</Badge>)}
          </Group>
        ) : <span />}
        <Button variant="subtle" size="compact-xs" onClick={onLeave} data-testid="picking-leave"><Trans>Other task</Trans></Button>
      </Group>
      <Progress value={total ? (100 * handled) / total : 0} aria-label={t`Task progress`} />
      <Text size="xs" c="dimmed" data-testid="picking-progress">
        {route.reverse ? <Trans>{handled} of {total} units put back or queued</Trans> : <Trans>{handled} of {total} units picked, short or queued</Trans>}
      </Text>
    </Stack>
  );
}

/** The stop on screen: where (big), what, how many asked and left, and the stop after it. */
export function StopCard({ route, stop, next, counted }: { route: RouteView; stop: Stop; next: Stop | undefined; counted: number }) {
  const number = route.stops.filter((s) => s.seq < stop.seq || (s.seq === stop.seq && s.alloc_id <= stop.alloc_id)).length;
  const stops = route.stops.length;
  const asked = stop.askedQty;
  const batch = stop.batch_id;
  const nextLocation = next?.location_id;
  const orderNo = stop.order_no;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="picking-stop">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed"><Trans>Stop {number} of {stops}</Trans> · <Trans>Order {orderNo}</Trans></Text>
          {!route.reverse && stop.slot_no !== null && <SlotBadge slot={stop.slot_no} />}
          {/* The zone is read at a glance: the stop and order text wraps instead of the badge being cut short. */}
          {stop.zone_id && !stop.zoneColor && <Badge variant="outline" size="sm" style={{ flexShrink: 0 }} data-testid="picking-zone">{stop.zone_id}</Badge>}
        </Group>
        {stop.zone_id && stop.zoneColor && <ZoneBand zoneId={stop.zone_id} color={stop.zoneColor} />}
        <div>
          <Text size="xs" c="dimmed">{route.reverse ? <Trans>Put back into (suggested)</Trans> : <Trans>Location</Trans>}</Text>
          <Text fw={800} fz={30} lh={1.1} ff="monospace" data-testid="picking-location" style={{ wordBreak: 'break-all' }}>{stop.location_id}</Text>
        </div>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} ff="monospace" data-testid="picking-sku">{stop.sku_id}</Text>
            <Text size="sm" lineClamp={2}>{stop.sku_name}</Text>
            <Text size="xs" c="dimmed">
              <Trans>Batch {batch}</Trans>{stop.expiry_date ? ` · ${stop.expiry_date}` : ''}
            </Text>
          </div>
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
            <Text size="xs" c="dimmed">{route.reverse ? <Trans>To put back</Trans> : <Trans>Left to pick</Trans>}</Text>
            <Text fw={800} fz={30} lh={1.1} data-testid="picking-remaining">{stop.remaining - counted}</Text>
            <Text size="xs" c="dimmed"><Trans>of {asked}</Trans></Text>
          </Stack>
        </Group>
        {nextLocation && (
          <Group gap={4} c="dimmed">
            <IconRoute size={14} aria-hidden />
            <Text size="xs" data-testid="picking-next"><Trans>Next: {nextLocation}</Trans></Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function SlotBadge({ slot }: { slot: number }) {
  return <Badge variant="filled" color="grape" size="lg" style={{ flexShrink: 0 }} data-testid="picking-slot-badge"><Trans>Slot {slot}</Trans></Badge>;
}

/**
 * Units going into their order's slot (sorting while picking: of the cart; sort while checking: of
 * the station's wall). The slot is shown big (read at arm's length while putting the units in), with
 * the order it belongs to; the slot's label is scanned to confirm, and the op is queued then. A
 * wrong scan stays on the card (`refused`) until the next one.
 */
export function SlotStep({ slot, qty, sku, orderNo, where, refused, onScan, testPrefix = 'picking' }: {
  slot: number; qty: number; sku: string; orderNo: string; where: string | null; refused: string | null;
  onScan(entry: { value: string }): ScanVerdict | 'handled'; testPrefix?: string;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <Card withBorder radius="md" padding="sm" bg="grape.0" data-testid={`${testPrefix}-slot`}>
        <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}><Trans>Put {qty} × {sku} into slot</Trans></Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}><Trans>Order {orderNo}</Trans>{where ? ` · ${where}` : ''}</Text>
          </div>
          <Text fw={900} fz={64} lh={1} c="grape.9" data-testid={`${testPrefix}-slot-no`} aria-label={t`Slot ${slot}`}>{slot}</Text>
        </Group>
      </Card>
      {refused && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid={`${testPrefix}-slot-refused`}>{refused}</Alert>}
      <ScanInput label={<Trans>Scan the label of slot {slot}</Trans>} placeholder={t`Slot label`} onScan={onScan} testId={`${testPrefix}-slot-scan`} />
    </Stack>
  );
}

/** The stop's zone in its colour (Rule Center › Zone Color Config), big enough to read at arm's length: the zone id and the colour's name, never the colour alone. */
function ZoneBand({ zoneId, color }: { zoneId: string; color: ZoneColor }) {
  const { i18n } = useLingui();
  const name = i18n._(color.label);
  return (
    <Box
      bg={color.hex}
      c={inkOn(color.hex)}
      px="sm"
      py={6}
      style={{ borderRadius: 'var(--mantine-radius-sm)', boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.2)' }}
      data-testid="picking-zone"
      data-color={color.name}
    >
      <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
        <Text inherit fw={800} fz={26} lh={1.1} style={{ overflowWrap: 'anywhere' }}><Trans>Zone {zoneId}</Trans></Text>
        <Text inherit fw={700} fz="lg" lh={1.1} style={{ flexShrink: 0 }}>{name}</Text>
      </Group>
    </Box>
  );
}

const REASONS = SHORT_PICK_REASON.options;

/** Short pick at the stop: why (location empty, damaged, not enough) and how many; `onShort` queues it. */
export function ShortPickDialog({ stop, open, max, onClose, onShort }: {
  stop: Stop; open: boolean; max: number; onClose(): void; onShort(qty: number, reason: ShortPickPayload['reason']): void;
}) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState<string>(String(SHORT_PICK_REASON.values.LOCATION_EMPTY));
  const [qty, setQty] = useState<number | string>(max);
  const location = stop.location_id;
  const sku = stop.sku_id;
  return (
    <Modal opened={open} onClose={onClose} title={t`Short pick`} centered size="sm">
      <form onSubmit={(e) => { e.preventDefault(); onShort(Number(qty), Number(reason) as CodeOf<typeof SHORT_PICK_REASON>); }}>
        <Stack gap="sm">
          <Text size="sm"><Trans>{sku} at {location}: the units that are not there are released, and the server looks for them elsewhere.</Trans></Text>
          <Radio.Group label={t`Reason`} value={reason} onChange={setReason}>
            <Stack gap={6} mt={4}>
              {REASONS.map((o) => <Radio key={o.value} value={String(o.value)} label={i18n._(o.label)} data-testid={`picking-short-reason-${o.value}`} />)}
            </Stack>
          </Radio.Group>
          <NumberInput
            label={t`Units short`}
            value={qty}
            onChange={setQty}
            min={1}
            max={max}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            data-testid="picking-short-qty"
          />
          <Group grow>
            <Button variant="default" onClick={onClose}><Trans>Cancel</Trans></Button>
            <Button type="submit" color="orange" data-testid="picking-short-confirm"><Trans>Short pick</Trans></Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** What the server answered this task's short picks: the stops it re-allocated, or the order it failed (and why). */
export function ShortAnswers({ answers }: { answers: readonly ShortAnswer[] }) {
  if (answers.length === 0) return null;
  return (
    <Stack gap="xs">
      {answers.slice(0, 3).map((a) => <ShortAnswerNote key={a.opId} answer={a} />)}
    </Stack>
  );
}

function ShortAnswerNote({ answer }: { answer: ShortAnswer }) {
  const orderNo = answer.orderNo;
  const stops = answer.reallocated.map((l) => `${l.qty} × ${l.sku_id} @ ${l.location_id}`).join(', ');
  const title = answer.failed
    ? <Trans>Order {orderNo} is Pick Fail: its other stops are cancelled</Trans>
    : answer.reallocated.length > 0 ? <Trans>Short pick re-allocated: new stops added to the route</Trans> : <Trans>Short pick recorded</Trans>;
  return (
    <Alert color={answer.failed ? 'red' : 'blue'} icon={<IconAlertTriangle size={18} aria-hidden />} title={title} data-testid="picking-short-answer" data-failed={answer.failed}>
      {stops && <Text size="sm" ff="monospace">{stops}</Text>}
      {answer.message && <Text size="sm">{answer.message}</Text>}
    </Alert>
  );
}

/** A picking op the server refused: the operator's words, and what to do about it. */
const REFUSED: Record<string, MessageDescriptor> = {
  [pickingOps.pick.kind]: msg`Pick refused`,
  [pickingOps.shortPick.kind]: msg`Short pick refused`,
  [pickingOps.reversePut.kind]: msg`Put back refused`,
};
const PICK_STATE_LABELS: Partial<Record<OpState, MessageDescriptor>> = { done: msg`Sent`, rejected: msg`Refused` };

/** What to do when the server refused a pick (the stop is open again on the route). */
function RefusalAdvice({ op }: { op: OutboxOp }) {
  if (op.kind !== pickingOps.pick.kind) return <Trans>Nothing of it was recorded: check the stop and do it again.</Trans>;
  const location = String(op.payload.location);
  if (op.last_error?.retcode === RET.INSUFFICIENT_STOCK) {
    return <Trans>The stock at {location} was taken meanwhile (another picker?). Put the units back at {location}, then pick again or short-pick the stop.</Trans>;
  }
  if (op.last_error?.retcode === RET.PICK_QTY_EXCEEDS) {
    return <Trans>The line has fewer units left than this pick (changed on the server meanwhile). Put the extra units back at {location}: the stop shows what is left.</Trans>;
  }
  return <Trans>Nothing was picked on the server and the stop is open again: put the units back at {location} and pick the stop again.</Trans>;
}

/**
 * This task's picks, short picks and puts back on this device, newest first, with the server's
 * answers (the kit's op feed): a refusal is heard and shown once with what to do (it is in the
 * sync panel too), and an answer re-claims the task for the server's figures (`refresh`).
 */
export function PickingFeed({ ops, refresh, reverse }: { ops: readonly OutboxOp[]; refresh: QueryKey; reverse: boolean }) {
  const { i18n } = useLingui();
  const rejected = useMemo(() => (op: OutboxOp) => i18n._(REFUSED[op.kind] ?? msg`Refused`), [i18n]);
  useOpAnswers(ops, { refresh, rejected });
  const describe = (op: OutboxOp): ReactNode => {
    const p = op.payload;
    const qty = String(p.qty);
    const where = String(p.location ?? '');
    let what: ReactNode;
    if (op.kind === pickingOps.shortPick.kind) {
      const label = SHORT_PICK_REASON.label(Number(p.reason));
      const reason = label ? i18n._(label) : String(p.reason);
      what = <Trans>Short {qty} ({reason})</Trans>;
    } else if (op.kind === pickingOps.reversePut.kind) {
      what = <Trans>Put back {qty} → {where}</Trans>;
    } else {
      const sku = String(p.sku_id);
      what = <Text span ff="monospace" inherit>{`${qty} × ${sku} @ ${where}`}</Text>;
    }
    return what;
  };
  const advice = (op: OutboxOp) => <RefusalAdvice op={op} />;
  const title = reverse ? <Trans>Puts back on this device</Trans> : <Trans>Picks on this device</Trans>;
  return <OpFeed title={title} ops={ops} describe={describe} stateLabels={PICK_STATE_LABELS} testId="picking-op" advice={advice} />;
}
