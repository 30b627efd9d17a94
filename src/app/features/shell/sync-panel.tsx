import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { IconLock, IconRefresh } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { handleNotLoggedIn } from '../../kit/api';
import { toast } from '../../kit/toast';
import { appOutbox, type OpState, type OutboxOp, type OutboxStatus } from '../../kit/outbox';
import { relativeTime, useNow } from '../../kit/time';
import { ReasonDialog } from '../../kit/reason-dialog';

const STATE_LABEL: Record<OpState, MessageDescriptor> = {
  pending: msg`Pending`,
  sending: msg`Sending`,
  done: msg`Sent`,
  rejected: msg`Rejected`,
  discarded: msg`Discarded`,
};

const STATE_COLOR: Record<OpState, string> = {
  pending: 'yellow',
  sending: 'blue',
  done: 'teal',
  rejected: 'red',
  discarded: 'gray',
};

/** "5 minutes ago" in the app's language, refreshed by the caller's clock. */

function StatusLine({ status, now }: { status: OutboxStatus; now: number }) {
  const { t } = useLingui();
  const { pending, rejected } = status;
  if (status.state === 'auth-required') {
    return (
      <Alert color="orange" icon={<IconLock size={18} aria-hidden />} title={t`Sign in again to send`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <Trans>Your session has ended. The {pending} operations not yet sent stay on this device and are sent when you sign in again.</Trans>
          </Text>
          <Button size="xs" onClick={() => handleNotLoggedIn()}>
            <Trans>Sign in</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  }
  const waitSeconds = status.retryAt === null ? 0 : Math.max(0, Math.ceil((status.retryAt - now) / 1000));
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        {status.state === 'draining' ? t`Sending ${pending} operations…`
          : status.state === 'backoff' ? t`${pending} operations waiting; next try in ${waitSeconds} s.`
          : pending > 0 ? t`${pending} operations waiting to be sent.`
          : t`Every operation of this device has been sent.`}
      </Text>
      {rejected > 0 && (
        <Text size="sm" c="red">
          <Trans>{rejected} operations were rejected by the server: check them below, fix the cause and discard them.</Trans>
        </Text>
      )}
      {status.lastError && status.state === 'backoff' && (
        <Text size="xs" c="dimmed">
          <Trans>Last failure: {status.lastError.message}</Trans>
        </Text>
      )}
    </Stack>
  );
}

function DiscardDialog({ op, onClose }: { op: OutboxOp | null; onClose: () => void }) {
  const { t } = useLingui();
  const seq = op?.seq ?? 0;
  return (
    <ReasonDialog
      opened={op !== null}
      title={t`Discard operation #${seq}`}
      explanation={<Trans>The server rejected this operation, so it was never applied. Discarding it removes it from the queue; the reason stays on this device.</Trans>}
      detail={op?.last_error?.message}
      validate={(reason) => (reason ? null : t`Enter why this operation is discarded.`)}
      maxLength={500}
      confirmLabel={<Trans>Discard</Trans>}
      confirmColor="red"
      onConfirm={async (reason) => {
        if (!op) return;
        await appOutbox().discard(op.op_id, reason);
        toast.success(t`Operation discarded.`);
        onClose();
      }}
      onClose={onClose}
    />
  );
}

/** The device's queue: state, the latest ops of this user and warehouse, retry and discard. */
export function SyncPanel({ opened, onClose, status }: { opened: boolean; onClose: () => void; status: OutboxStatus }) {
  const { t, i18n } = useLingui();
  const now = useNow(5000);
  const [discarding, setDiscarding] = useState<OutboxOp | null>(null);
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await appOutbox().retryNow();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setRetrying(false);
    }
  };
  return (
    <>
      <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={t`Sync`}>
        <Stack>
          <StatusLine status={status} now={now} />
          <Group>
            <Button
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void retry()}
              loading={retrying}
              disabled={status.state === 'auth-required' || status.state === 'signed-out'}
            >
              <Trans>Retry now</Trans>
            </Button>
          </Group>
          {status.ops.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>No operations on this device yet.</Trans>
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table striped verticalSpacing="xs" aria-label={t`Operations of this device`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th><Trans>Operation</Trans></Table.Th>
                    <Table.Th><Trans>State</Trans></Table.Th>
                    <Table.Th><Trans>Age</Trans></Table.Th>
                    <Table.Th><Trans>Error</Trans></Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {status.ops.map((op) => (
                    <Table.Tr key={op.op_id}>
                      <Table.Td>{op.seq}</Table.Td>
                      <Table.Td><Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>{op.kind}</Text></Table.Td>
                      <Table.Td>
                        <Badge color={STATE_COLOR[op.state]} variant="light" style={{ minWidth: 'max-content' }}>{i18n._(STATE_LABEL[op.state])}</Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" title={new Date(op.created_at).toISOString()}>{relativeTime(op.created_at, now)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={op.state === 'rejected' ? 'red' : 'dimmed'}>
                          {op.state === 'discarded' ? op.discard_reason : op.last_error?.message}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {op.state === 'rejected' && (
                          <Button size="compact-xs" variant="light" color="red" onClick={() => setDiscarding(op)} aria-label={t`Discard operation #${op.seq}`}>
                            <Trans>Discard</Trans>
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Drawer>
      <DiscardDialog op={discarding} onClose={() => setDiscarding(null)} />
    </>
  );
}
