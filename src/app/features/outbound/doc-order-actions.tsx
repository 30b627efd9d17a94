import { useState, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconCheck, IconEdit, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CANCEL_REASON_MAX } from '../../../shared/contract/sales-order.contract';
import { docAllocatable, docAwaitsApproval, docCancellable, docEditable, docReleasable, mayDecide } from '../../../shared/outbound/doc-lifecycle';
import { ReasonDialog } from '../../kit/reason-dialog';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';

/**
 * The moves of an outbound order document (MT, RTS) on its detail page, by permission and document
 * status: edit, approve or reject (never one's own), allocate, release to picking, cancel before
 * picking. Each type gives its calls, permissions and the words that name it.
 */
export interface DocOrderMoves {
  access: { edit: { perm: string }; approve: { perm: string }; allocate: { perm: string } };
  editHref(orderNo: string): string;
  approve(orderNo: string): Promise<unknown>;
  allocate(orderNo: string): Promise<unknown>;
  release(orderNo: string): Promise<{ wave_no: string }>;
  reject(orderNo: string, reason: string): Promise<unknown>;
  cancel(orderNo: string, reason: string): Promise<unknown>;
  /** The type's words: toasts and the reject and cancel dialogs. */
  words(orderNo: string): { approved: string; rejected: string; rejectTitle: string; rejectExplanation: ReactNode; cancelExplanation: ReactNode };
}

/** The document's fields the moves read. */
export interface DocOrderHead {
  order_no: string;
  doc_status: number;
  created_by: number;
}

export function DocOrderActions({ order, moves, onMoved }: { order: DocOrderHead; moves: DocOrderMoves; onMoved(): void }) {
  const { t } = useLingui();
  const { perms, user } = useSession();
  const [asking, setAsking] = useState<'reject' | 'cancel' | null>(null);
  const orderNo = order.order_no;
  const words = moves.words(orderNo);
  const approve = useMutation({
    mutationFn: () => moves.approve(orderNo),
    onSuccess: () => {
      toast.success(words.approved);
      onMoved();
    },
  });
  const allocate = useMutation({
    mutationFn: () => moves.allocate(orderNo),
    onSuccess: () => {
      toast.success(t`Allocated`);
      onMoved();
    },
  });
  const release = useMutation({
    mutationFn: () => moves.release(orderNo),
    onSuccess: ({ wave_no: waveNo }) => {
      toast.success(t`Released in wave ${waveNo}`);
      onMoved();
    },
  });
  const status = order.doc_status;
  const decides = perms.has(moves.access.approve.perm) && docAwaitsApproval(status);
  const own = !mayDecide(order.created_by, user.user_id);
  const edits = perms.has(moves.access.edit.perm);
  const allocates = perms.has(moves.access.allocate.perm);
  return (
    <Group gap="sm">
      {edits && docEditable(status) && (
        <Button variant="light" component={Link} to={moves.editHref(orderNo)} leftSection={<IconEdit size={16} aria-hidden />}>
          <Trans>Edit</Trans>
        </Button>
      )}
      {decides && (
        <Button variant="light" color="green" disabled={own} title={own ? t`You created this order: another approver decides on it.` : undefined}
          leftSection={<IconCheck size={16} aria-hidden />} loading={approve.isPending} onClick={() => approve.mutate()}>
          <Trans>Approve</Trans>
        </Button>
      )}
      {decides && (
        <Button variant="light" color="orange" disabled={own} onClick={() => setAsking('reject')}><Trans>Reject</Trans></Button>
      )}
      {allocates && docAllocatable(status) && (
        <Button variant="light" loading={allocate.isPending} onClick={() => allocate.mutate()}><Trans>Allocate</Trans></Button>
      )}
      {allocates && docReleasable(status) && (
        <Button variant="light" loading={release.isPending} onClick={() => release.mutate()}><Trans>Release to Picking</Trans></Button>
      )}
      {edits && docCancellable(status) && (
        <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={() => setAsking('cancel')}><Trans>Cancel Order</Trans></Button>
      )}
      <ReasonDialog
        opened={asking !== null}
        title={asking === 'reject' ? words.rejectTitle : t`Cancel Order`}
        explanation={asking === 'reject' ? words.rejectExplanation : words.cancelExplanation}
        maxLength={CANCEL_REASON_MAX}
        confirmLabel={asking === 'reject' ? t`Reject` : t`Cancel Order`}
        confirmColor={asking === 'reject' ? 'orange' : 'red'}
        onConfirm={async (reason) => {
          if (asking === 'reject') await moves.reject(orderNo, reason);
          else await moves.cancel(orderNo, reason);
          toast.success(asking === 'reject' ? words.rejected : t`Order cancelled`);
          setAsking(null);
          onMoved();
        }}
        onClose={() => setAsking(null)}
      />
    </Group>
  );
}
