import { useId, useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, NumberInput, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconMinus, IconPlus, IconRoute } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QueryKey } from '@tanstack/react-query';
import { UPPER_BOUND } from '../../../shared/constants';
import { cycleCountOps } from '../../../shared/ops/cycle-count.ops';
import type { OpState, OutboxOp } from '../../kit/outbox';
import { OpFeed, useOpAnswers } from '../../kit/outbox/op-feed';
import { ScanInput } from '../../kit/scan/scan-input';
import type { CountView, LocationView, ScannedSku } from './cycle-count-flow';

/** Pieces of the cycle counting screen, PDA-sized (360 × 640 and the NQ1000): they only render what cycle-count-flow.ts worked out. */

/** The claimed task: number, zone and round, and how many of its locations are counted. */
export function CountHeader({ view, onLeave }: { view: CountView; onLeave(): void }) {
  const { t } = useLingui();
  const { task } = view.work;
  const taskNo = task.task_no;
  const zone = task.pathway_id ?? task.zone_id;
  const round = task.round;
  const counted = view.countedLocations;
  const total = view.locations.length;
  return (
    <Stack gap={4}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="sm" data-testid="cc-task-no" style={{ overflowWrap: 'anywhere' }}>
          <Trans>Task {taskNo}</Trans> · {zone} · <Trans>Round {round}</Trans>
        </Text>
        <Button variant="subtle" size="compact-xs" onClick={onLeave} style={{ flexShrink: 0 }} data-testid="cc-leave"><Trans>Other task</Trans></Button>
      </Group>
      <Progress value={total ? (100 * counted) / total : 0} aria-label={t`Locations counted`} />
      <Group gap={6} justify="space-between">
        <Text size="xs" c="dimmed" data-testid="cc-progress"><Trans>{counted} of {total} locations counted</Trans></Text>
        {view.blind && <Badge size="xs" variant="light" color="gray"><Trans>Blind count</Trans></Badge>}
      </Group>
    </Stack>
  );
}

/** The location being counted: its code (big) and each SKU counted there, with the book when the order shows it. */
export function LocationCard({ location, blind }: { location: LocationView; blind: boolean }) {
  const unknown = location.unknownQty;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="cc-location-card">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed"><Trans>Location</Trans></Text>
            <Text fw={800} fz={28} lh={1.1} ff="monospace" data-testid="cc-location" style={{ wordBreak: 'break-all' }}>{location.location_id}</Text>
          </div>
          {location.empty
            ? <Badge color="gray" variant="filled" style={{ flexShrink: 0 }} data-testid="cc-location-state"><Trans>Empty</Trans></Badge>
            : location.counted && <Badge color="teal" variant="light" style={{ flexShrink: 0 }} data-testid="cc-location-state"><Trans>Counted</Trans></Badge>}
        </Group>
        {location.recounting && <Text size="xs" c="orange.9"><Trans>Counting again: only what you count from now on is shown.</Trans></Text>}
        {location.skus.length === 0 && <Text size="sm" c="dimmed"><Trans>No SKU is expected here.</Trans></Text>}
        {location.skus.map((sku) => (
          <Group key={sku.sku_id} justify="space-between" wrap="nowrap" gap="xs" data-testid="cc-sku-row" data-sku={sku.sku_id}>
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text fw={700} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>{sku.sku_id}</Text>
                {!sku.expected && <Badge size="xs" color="orange" variant="light" style={{ flexShrink: 0 }}><Trans>Not expected here</Trans></Badge>}
              </Group>
              {sku.sku_name && <Text size="xs" c="dimmed" lineClamp={1}>{sku.sku_name}</Text>}
            </div>
            <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
              <Text fw={800} fz="xl" lh={1.1} data-testid="cc-sku-counted">{sku.counted}</Text>
              {!blind && sku.system_qty !== null && <BookQty qty={sku.system_qty} />}
            </Stack>
          </Group>
        ))}
        {unknown > 0 && <Text size="xs" c="dimmed" data-testid="cc-unknown-qty"><Trans>{unknown} unknown units reported here</Trans></Text>}
      </Stack>
    </Card>
  );
}

/** The book of a SKU at the location (shown only when the order is not blind). */
function BookQty({ qty }: { qty: number }) {
  return <Text size="xs" c="dimmed" data-testid="cc-sku-book"><Trans>Book {qty}</Trans></Text>;
}

/** Where to walk next (the next location of the walking order not counted yet). */
export function NextHint({ location }: { location: string | undefined }) {
  if (!location) return null;
  return (
    <Group gap={4} c="dimmed">
      <IconRoute size={14} aria-hidden />
      <Text size="xs" data-testid="cc-next"><Trans>Next: {location}</Trans></Text>
    </Group>
  );
}

/**
 * The quantity of a scanned SKU: default 1, big, − and + for a hand in a glove; Enter or Count
 * confirms. The book shows only when the order shows it (`sku.system_qty`).
 */
export function QtyStep({ sku, qty, onQty, onCount, onCancel }: {
  sku: ScannedSku; qty: number | string; onQty(next: number | string): void; onCount(): void; onCancel(): void;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const code = sku.code;
  const units = Number(qty) || 0;
  const book = sku.system_qty;
  return (
    <Card withBorder radius="md" padding="sm" bg={sku.expected ? undefined : 'orange.0'} data-testid="cc-qty-step">
      <form onSubmit={(e) => { e.preventDefault(); onCount(); }}>
        <Stack gap="xs">
          <div>
            <Text fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>{code}</Text>
            {sku.sku_name && <Text size="sm" lineClamp={1}>{sku.sku_name}</Text>}
            {book !== null && <BookQty qty={book} />}
          </div>
          {!sku.expected && (
            <Alert color="orange" p="xs" icon={<IconAlertTriangle size={16} aria-hidden />} data-testid="cc-not-expected">
              {sku.sku_id
                ? <Trans>Not expected here: it is counted as found at this location.</Trans>
                : <Trans>Not expected here, and not a SKU this task knows: the server looks the code up. If it names no SKU the count is refused: report it as an unknown item.</Trans>}
            </Alert>
          )}
          <Text component="label" htmlFor={inputId} size="sm" fw={500}><Trans>Units counted</Trans></Text>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon size={48} variant="default" aria-label={t`One less`} onClick={() => onQty(Math.max(1, units - 1))} disabled={units <= 1}>
              <IconMinus size={22} aria-hidden />
            </ActionIcon>
            <NumberInput
              id={inputId}
              value={qty}
              onChange={onQty}
              min={1}
              max={UPPER_BOUND}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              size="xl"
              hideControls
              styles={{ input: { textAlign: 'center', fontWeight: 800 } }}
              style={{ flex: 1 }}
              data-testid="cc-qty"
            />
            <ActionIcon size={48} variant="default" aria-label={t`One more`} onClick={() => onQty(Math.min(UPPER_BOUND, units + 1))}>
              <IconPlus size={22} aria-hidden />
            </ActionIcon>
          </Group>
          <Text size="xs" c="dimmed"><Trans>Scanning the same SKU again adds one.</Trans></Text>
          <Group grow>
            <Button type="submit" size="md" leftSection={<IconCheck size={18} aria-hidden />} data-testid="cc-count"><Trans>Count</Trans></Button>
            <Button variant="default" size="md" onClick={onCancel}><Trans>Cancel</Trans></Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A yes-or-no question before an op that changes what a location holds (empty, count again). */
export function ConfirmDialog({ opened, title, children, confirm, color, onConfirm, onClose, testId }: {
  opened: boolean; title: string; children: ReactNode; confirm: ReactNode; color: string; onConfirm(): void; onClose(): void; testId: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm">
      <Stack gap="sm">
        <Text size="sm">{children}</Text>
        <Group grow>
          <Button variant="default" onClick={onClose}><Trans>Cancel</Trans></Button>
          <Button color={color} onClick={onConfirm} data-testid={testId}>{confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Unknown item: the code on it, if any (scanned), and how many units; `onReport` queues the report. */
export function UnknownItemDialog({ location, opened, onClose, onReport }: {
  location: string; opened: boolean; onClose(): void; onReport(code: string, qty: number): void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [qty, setQty] = useState<number | string>(1);
  const close = () => {
    setCode('');
    setQty(1);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t`Unknown item at ${location}`} centered size="sm">
      <form onSubmit={(e) => { e.preventDefault(); onReport(code, Number(qty)); setCode(''); setQty(1); }}>
        <Stack gap="sm">
          <Text size="sm"><Trans>Units you cannot identify (no label, a code that names no SKU): reported on the order for a supervisor, not counted.</Trans></Text>
          <ScanInput
            label={<Trans>Code on the item (optional)</Trans>}
            placeholder={t`Scan the code`}
            keepFocus={false}
            onScan={({ value }) => {
              setCode(value.trim());
              return { ok: true };
            }}
            testId="cc-unknown-code"
          />
          {code && <Text size="sm" ff="monospace" data-testid="cc-unknown-code-value">{code}</Text>}
          <NumberInput
            label={t`Units`}
            value={qty}
            onChange={setQty}
            min={1}
            max={UPPER_BOUND}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            size="md"
            data-testid="cc-unknown-qty-input"
          />
          <Group grow>
            <Button variant="default" onClick={close}><Trans>Cancel</Trans></Button>
            <Button type="submit" color="orange" data-testid="cc-unknown-confirm"><Trans>Report</Trans></Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The operator's words for each of this screen's ops the server refused. */
const REFUSED: Record<string, MessageDescriptor> = {
  [cycleCountOps.count.kind]: msg`Count refused`,
  [cycleCountOps.empty.kind]: msg`Empty location refused`,
  [cycleCountOps.unknown.kind]: msg`Unknown item refused`,
  [cycleCountOps.recount.kind]: msg`Count again refused`,
  [cycleCountOps.complete.kind]: msg`Complete refused`,
};
const STATE_LABELS: Partial<Record<OpState, MessageDescriptor>> = { done: msg`Sent`, rejected: msg`Refused` };

/**
 * This task's ops on this device, newest first, with the server's answers (the kit's op feed): a
 * refusal is heard and shown once (it is in the sync panel too), and an answer re-claims the task
 * for the server's figures (`refresh`).
 */
export function CountFeed({ ops, refresh }: { ops: readonly OutboxOp[]; refresh: QueryKey }) {
  const { i18n } = useLingui();
  const rejected = useMemo(() => (op: OutboxOp) => i18n._(REFUSED[op.kind] ?? msg`Refused`), [i18n]);
  useOpAnswers(ops, { refresh, rejected });
  const describe = (op: OutboxOp): ReactNode => {
    const p = op.payload;
    const where = String(p.location_id ?? '');
    const qty = String(p.qty ?? '');
    const code = String(p.code ?? '');
    if (op.kind === cycleCountOps.count.kind) return <Text span ff="monospace" inherit>{`${qty} × ${code} @ ${where}`}</Text>;
    if (op.kind === cycleCountOps.empty.kind) return <Trans>{where} is empty</Trans>;
    if (op.kind === cycleCountOps.unknown.kind) return code ? <Trans>{qty} unknown ({code}) @ {where}</Trans> : <Trans>{qty} unknown @ {where}</Trans>;
    if (op.kind === cycleCountOps.recount.kind) return <Trans>Count {where} again</Trans>;
    return <Trans>Complete the task</Trans>;
  };
  const advice = (op: OutboxOp) => op.kind === cycleCountOps.count.kind
    ? <Trans>Nothing of it was counted: check the code and count again, or report it as an unknown item.</Trans>
    : <Trans>Nothing of it was recorded: check the task and do it again.</Trans>;
  return <OpFeed title={<Trans>Counts on this device</Trans>} ops={ops} describe={describe} stateLabels={STATE_LABELS} testId="cc-op" advice={advice} />;
}

/**
 * What the counter may do at the location besides scanning: confirm it empty, report an unknown
 * item, count it again (once counted), walk on. `busy`: a quantity waits to be confirmed.
 */
export function LocationActions({ location, busy, onEmpty, onRecount, onUnknown, onLeave }: {
  location: LocationView; busy: boolean; onEmpty(): void; onRecount(): void; onUnknown(code: string, qty: number): Promise<boolean>; onLeave(): void;
}) {
  const { t } = useLingui();
  const [dialog, setDialog] = useState<'empty' | 'recount' | 'unknown' | null>(null);
  const where = location.location_id;
  const close = () => setDialog(null);
  return (
    <>
      <Group gap="xs" grow>
        <Button variant="light" color="gray" size="sm" px={6} onClick={() => setDialog('empty')} disabled={busy} data-testid="cc-empty"><Trans>Empty location</Trans></Button>
        <Button variant="light" color="orange" size="sm" px={6} onClick={() => setDialog('unknown')} disabled={busy} data-testid="cc-unknown"><Trans>Unknown item</Trans></Button>
      </Group>
      <Group gap="xs" grow>
        {location.counted && (
          <Button variant="subtle" color="red" size="sm" onClick={() => setDialog('recount')} disabled={busy} data-testid="cc-recount"><Trans>Count again</Trans></Button>
        )}
        <Button variant="subtle" size="sm" onClick={onLeave} data-testid="cc-location-done"><Trans>Next location</Trans></Button>
      </Group>
      <ConfirmDialog
        opened={dialog === 'empty'} title={t`Empty location`} confirm={<Trans>Confirm empty</Trans>} color="gray" testId="cc-empty-confirm"
        onConfirm={() => { close(); onEmpty(); }} onClose={close}
      >
        <Trans>Nothing at all is at {where}? It is recorded as empty: whatever the book says is there is missing.</Trans>
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'recount'} title={t`Count again`} confirm={<Trans>Count again</Trans>} color="red" testId="cc-recount-confirm"
        onConfirm={() => { close(); onRecount(); }} onClose={close}
      >
        <Trans>Your counts at {where} in this round are withdrawn, and you count it from zero. Other counters' counts stay.</Trans>
      </ConfirmDialog>
      <UnknownItemDialog location={where} opened={dialog === 'unknown'} onClose={close} onReport={(code, qty) => void onUnknown(code, qty).then((queued) => queued && close())} />
    </>
  );
}
