import { useEffect, useMemo, useRef } from 'react';
import { Badge, Stack, Table } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { MT_PACK_STATUS } from '../../../shared/codes';
import type { AppOp, PayloadOf } from '../../../shared/ops';
import { cue } from '../../kit/feedback';
import type { OutboxOp } from '../../kit/outbox';
import { useQueue } from '../../kit/outbox/use-queue';
import { readDue, type AnsweredAt, type PackingView } from './mt-shipping-flow';

/**
 * Queues an op of the MT packing or shipping screens; a payload the device refuses is said at once.
 * A scan right after another is queued too: the outbox shows each op before it is written, so the
 * view judging the next scan already counts this one.
 */
export function useQueueOp() {
  const queue = useQueue();
  return <O extends AppOp>(op: O, payload: PayloadOf<O>, done?: () => void) => {
    void queue(op, payload).then((queued) => {
      if (!queued) return;
      cue('scan.accepted');
      done?.();
    });
  };
}

/** The order's SKUs (boxed of checked) and its boxes with their pallets. */
export function PackingTables({ view }: { view: Pick<PackingView, 'lines' | 'boxes' | 'pallets'> }) {
  const { t, i18n } = useLingui();
  const status = (code: number) => i18n._(MT_PACK_STATUS.label(code)!);
  return (
    <Stack gap="xs">
      <Table striped aria-label={t`SKUs`} data-testid="mtpack-lines">
        <Table.Thead><Table.Tr><Table.Th><Trans>SKU</Trans></Table.Th><Table.Th ta="right"><Trans>Boxed</Trans></Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {view.lines.map((l) => (
            <Table.Tr key={l.skuId}><Table.Td ff="monospace">{l.skuId}</Table.Td><Table.Td ta="right">{`${l.packed} / ${l.qty}`}</Table.Td></Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {view.boxes.length > 0 && (
        <Table striped aria-label={t`Boxes`} data-testid="mtpack-boxes">
          <Table.Thead><Table.Tr><Table.Th><Trans>Box</Trans></Table.Th><Table.Th ta="right"><Trans>Qty</Trans></Table.Th><Table.Th><Trans>Pallet</Trans></Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {view.boxes.map((b) => (
              <Table.Tr key={b.boxId}>
                <Table.Td ff="monospace">{b.boxId} <Badge size="xs" variant="light">{status(b.status)}</Badge></Table.Td>
                <Table.Td ta="right">{b.qty}</Table.Td>
                <Table.Td ff="monospace">{b.palletId ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * When this screen saw each of its ops answered (first seen answered: then), and the screen's read
 * (asked at `askedAt`) asked again once the device is quiet after an answer that may not be in it:
 * a read racing an op in flight could miss it for good.
 */
export function useReadAfterOps(ops: readonly OutboxOp[], askedAt: number | null, queryKey: QueryKey): AnsweredAt {
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, number>());
  const answeredAt = useMemo(() => {
    const now = Date.now();
    for (const op of ops) if (op.state !== 'pending' && op.state !== 'sending' && !seen.current.has(op.op_id)) seen.current.set(op.op_id, now);
    const answered = new Map(seen.current);
    return (op: OutboxOp) => answered.get(op.op_id) ?? now;
  }, [ops]);
  const due = askedAt !== null && readDue(ops, askedAt, answeredAt);
  useEffect(() => {
    if (due) void queryClient.invalidateQueries({ queryKey });
  }, [due, queryClient, queryKey]);
  return answeredAt;
}
