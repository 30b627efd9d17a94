import { memo, useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, NumberInput, Progress, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconScale } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QueryKey } from '@tanstack/react-query';
import { CHECKING_REFUSAL_REASON, CHECKING_STATION_MODE } from '../../../shared/codes';
import { WEIGHT_G_MAX, type CheckingLine, type CheckingOrder, type CheckingWork, type CheckPayload } from '../../../shared/contract/checking.contract';
import { checkingOps } from '../../../shared/ops/checking.ops';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { ScanInput } from '../../kit/scan/scan-input';
import type { ScanVerdict } from '../../kit/scan/use-scan-input';
import {
  finishRefusal, orderState, packagingOf, packagingRefusal, unitsScanned, type Finish, type FinishNeeds, type OrderState, type Scanned,
} from './checking-flow';

/** Pieces of the checking station screen: they only render what checking-flow.ts worked out. */

/** The task: its number, container, station and mode, and how many units are checked. */
export function CheckingHeader({ work, onLeave }: { work: CheckingWork; onLeave(): void }) {
  const { i18n } = useLingui();
  const { task } = work;
  const taskNo = task.task_no;
  const mode = CHECKING_STATION_MODE.label(task.mode);
  const checked = task.checked_qty;
  const total = task.total_qty;
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} data-testid="checking-task-no"><Trans>Checking task {taskNo}</Trans></Text>
          <Group gap={6}>
            <Badge variant="light" ff="monospace" data-testid="checking-container">{task.container_code}</Badge>
            <Badge variant="outline" ff="monospace">{task.station_id}</Badge>
            {mode && <Badge color="grape" variant="light" data-testid="checking-mode">{i18n._(mode)}</Badge>}
          </Group>
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={() => onLeave()}><Trans>Other container</Trans></Button>
      </Group>
      <Text size="xs" mt={6}><Trans>{checked} of {total} units checked on the server</Trans></Text>
      <Progress value={total === 0 ? 0 : (checked / total) * 100} size="sm" mt={4} aria-hidden />
    </Card>
  );
}

const STATE_BADGE: Record<OrderState['kind'], { color: string; label: MessageDescriptor }> = {
  open: { color: 'gray', label: msg`To check` },
  queued: { color: 'blue', label: msg`Queued` },
  done: { color: 'teal', label: msg`Checked` },
  cancelled: { color: 'dark', label: msg`Cancelled` },
  rejected: { color: 'red', label: msg`Refused: check again` },
};

/** The task's orders: slot, order number, units scanned of the total, where each stands. */
export function CheckingOrders({ work, ops, scanned, current, onPick }: {
  work: CheckingWork; ops: readonly OutboxOp[]; scanned: Scanned; current: string | null; onPick: ((orderNo: string) => void) | null;
}) {
  const { t, i18n } = useLingui();
  return (
    // Scrolls in its own box on a PDA's narrow screen rather than widening the page.
    <Table.ScrollContainer minWidth={300}>
      <Table withTableBorder verticalSpacing={6} aria-label={t`Orders in the container`} data-testid="checking-orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th><Trans>Slot</Trans></Table.Th>
            <Table.Th><Trans>Order</Trans></Table.Th>
            <Table.Th><Trans>Units</Trans></Table.Th>
            <Table.Th><Trans>Status</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {work.orders.map((order) => {
            const state = orderState(order, ops);
            const badge = STATE_BADGE[state.kind];
            const done = state.kind === 'done' || state.kind === 'queued' ? order.total_qty : unitsScanned(order, scanned);
            const mayPick = onPick && (state.kind === 'open' || state.kind === 'rejected');
            return (
              <Table.Tr key={order.order_no} bg={order.order_no === current ? 'blue.0' : undefined} data-testid="checking-order" data-order={order.order_no} data-state={state.kind}>
                <Table.Td><Text fw={800} fz="lg">{order.slot_no}</Text></Table.Td>
                <Table.Td>
                  {mayPick
                    ? <Button variant="subtle" size="compact-sm" ff="monospace" px={0} onClick={() => onPick(order.order_no)}>{order.order_no}</Button>
                    : <Text size="sm" ff="monospace">{order.order_no}</Text>}
                </Table.Td>
                <Table.Td><Text size="sm">{`${done} / ${order.total_qty}`}</Text></Table.Td>
                <Table.Td>
                  <Badge color={badge.color} variant="light">{i18n._(badge.label)}</Badge>
                  {state.kind === 'rejected' && <Text size="xs" c="red" mt={2}>{state.message}</Text>}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The order being checked: each SKU with the units scanned of those picked. */
export function OrderCard({ order, scanned }: { order: CheckingOrder; scanned: Scanned }) {
  const { t } = useLingui();
  const orderNo = order.order_no;
  const slot = order.slot_no;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="checking-order-card">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} ff="monospace"><Trans>Order {orderNo}</Trans></Text>
        <Badge color="grape" size="lg" variant="filled" style={{ flexShrink: 0 }}><Trans>Slot {slot}</Trans></Badge>
      </Group>
      <Table verticalSpacing={4} mt={6} aria-label={t`Units of order ${orderNo}`}>
        <Table.Tbody>
          {order.lines.map((line) => <LineRow key={line.sku_id} line={line} count={Math.min(line.qty, scanned[order.order_no]?.[line.sku_id] ?? 0)} />)}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/**
 * One SKU of the order and its count: re-rendered only when its count changes, so a scan renders
 * one row however many lines the order has (the checking-scan bench: a 250-line order).
 */
const LineRow = memo(function LineRow({ line, count }: { line: CheckingLine; count: number }) {
  return (
    <Table.Tr data-testid="checking-line" data-sku={line.sku_id}>
      <Table.Td>
        <Text size="sm" ff="monospace">{line.sku_id}</Text>
        <Text size="xs" c="dimmed" lineClamp={1}>{line.sku_name}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text fw={700} c={count === line.qty ? 'teal.8' : undefined} data-testid="checking-line-count">{`${count} / ${line.qty}`}</Text>
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * An order whose units are all scanned: the packaging scans and the weight the task asks for, then
 * the check is queued (Enter in the weight field confirms: a scale that types the weight finishes it).
 */
export function FinishStep({ work, order, needs, onFinish, onWrongPackaging }: {
  work: CheckingWork; order: CheckingOrder; needs: FinishNeeds; onFinish(finish: Finish): void; onWrongPackaging(scanned: string): void;
}) {
  const { t, i18n } = useLingui();
  const [finish, setFinish] = useState<Finish>({ innerPackaging: null, outerPackaging: null, weightG: null });
  const [refusal, setRefusal] = useState<string | null>(null);
  const orderNo = order.order_no;
  const expected = order.expected_weight_g;
  const submit = (next: Finish) => {
    const why = finishRefusal(needs, next);
    if (why) return setRefusal(i18n._(why));
    setRefusal(null);
    onFinish(next);
  };
  const packagingScan = (kind: 'inner' | 'outer') => ({ value }: { value: string }): ScanVerdict => {
    const why = packagingRefusal(work, kind, value);
    if (why) {
      const text = i18n._(why);
      setRefusal(text);
      onWrongPackaging(value.trim());
      return { ok: false, say: text, message: text };
    }
    setRefusal(null);
    const next = { ...finish, [kind === 'inner' ? 'innerPackaging' : 'outerPackaging']: packagingOf(work, value) };
    setFinish(next);
    if (!needs.weight && !(needs.inner && !next.innerPackaging) && !(needs.outer && !next.outerPackaging)) submit(next);
    return { ok: true };
  };
  const innerDone = finish.innerPackaging;
  const outerDone = finish.outerPackaging;
  return (
    <Card withBorder radius="md" padding="sm" bg="teal.0" data-testid="checking-finish">
      <Stack gap="xs">
        <Text fw={700}><Trans>Order {orderNo}: every unit scanned</Trans></Text>
        {needs.inner && (innerDone
          ? <Text size="sm"><Trans>Inner packaging {innerDone}</Trans></Text>
          : <ScanInput label={<Trans>Scan the inner packaging</Trans>} placeholder={t`Packaging code`} onScan={packagingScan('inner')} testId="checking-inner-scan" />)}
        {needs.outer && (!needs.inner || innerDone) && (outerDone
          ? <Text size="sm"><Trans>Outer packaging {outerDone}</Trans></Text>
          : <ScanInput label={<Trans>Scan the outer packaging (box or pouch)</Trans>} placeholder={t`Packaging code`} onScan={packagingScan('outer')} testId="checking-outer-scan" />)}
        {needs.weight && (!needs.inner || innerDone) && (!needs.outer || outerDone) && (
          <form onSubmit={(e) => { e.preventDefault(); submit(finish); }}>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <NumberInput
                label={<Trans>Weight (g)</Trans>}
                description={expected === null ? undefined : <Trans>Its units weigh {expected} g</Trans>}
                leftSection={<IconScale size={18} aria-hidden />}
                value={finish.weightG ?? ''}
                onChange={(value) => setFinish({ ...finish, weightG: value === '' ? null : Number(value) })}
                min={1}
                max={WEIGHT_G_MAX}
                allowDecimal={false}
                allowNegative={false}
                inputMode="numeric"
                size="md"
                style={{ flex: 1 }}
                autoFocus
                data-testid="checking-weight"
              />
              <Button type="submit" size="md" data-testid="checking-confirm"><Trans>Confirm check</Trans></Button>
            </Group>
          </form>
        )}
        {refusal && <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>{refusal}</Alert>}
      </Stack>
    </Card>
  );
}

const REFUSED: Record<string, MessageDescriptor> = {
  [checkingOps.check.kind]: msg`Check refused`,
  [checkingOps.refuse.kind]: msg`Refused scan not recorded`,
};
const CHECK_STATE_LABELS: Partial<Record<OpState, MessageDescriptor>> = { done: msg`Sent`, rejected: msg`Refused` };

/** This station's checks and recorded refusals, with the server's answers; an answer refreshes the task. */
export function CheckingFeed({ ops, refresh }: { ops: readonly OutboxOp[]; refresh: QueryKey }) {
  const { i18n } = useLingui();
  const rejected = useMemo(() => (op: OutboxOp) => i18n._(REFUSED[op.kind] ?? msg`Refused`), [i18n]);
  useOpAnswers(ops, { refresh, rejected });
  const describe = (op: OutboxOp): ReactNode => {
    if (op.kind === checkingOps.check.kind) {
      const p = op.payload as CheckPayload;
      const orderNo = p.order_no;
      const units = p.units.reduce((sum, u) => sum + u.qty, 0);
      const weight = p.weight_g;
      return weight === null ? <Trans>Order {orderNo}: {units} units</Trans> : <Trans>Order {orderNo}: {units} units, {weight} g</Trans>;
    }
    const label = CHECKING_REFUSAL_REASON.label(Number(op.payload.reason));
    const reason = label ? i18n._(label) : '';
    const scanned = String(op.payload.scanned);
    return <Trans>Refused {scanned} ({reason})</Trans>;
  };
  return <OpFeed title={<Trans>Checks on this station</Trans>} ops={ops} describe={describe} stateLabels={CHECK_STATE_LABELS} testId="checking-op" />;
}

/** A refusal kept on screen until the next scan (the toast is gone before the operator looks up from the unit). */
export function RefusalNote({ text }: { text: string | null }) {
  if (!text) return null;
  return <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="checking-refused">{text}</Alert>;
}
