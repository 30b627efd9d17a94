import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Code, Group, Loader, Pagination, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDeviceMobile, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { DeviceQueueRow, RejectedOpRow } from '../../../shared/contract/sync.contract';
import { dashIfEmpty, durationText } from '../../../shared/format';
import { callApi } from '../../kit/api';
import { intlTag } from '../../kit/i18n';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { toast } from '../../kit/toast';
import { shortDeviceId, syncQueueQueries } from './sync-queue.queries';
import { relativeTime, useNow } from '../../kit/time';
import { ReasonDialog } from '../../kit/reason-dialog';

const REJECTED_PAGE_SIZE = 20;
const REASON_MIN = 3;
const REASON_MAX = 500;


function UserCell({ name, email }: { name: string; email: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{name}</Text>
      <Text size="xs" c="dimmed">{email}</Text>
    </Stack>
  );
}

function DeviceCell({ deviceId }: { deviceId: string }) {
  return (
    <Tooltip label={deviceId}>
      <Code>{shortDeviceId(deviceId)}</Code>
    </Tooltip>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Could not load`}>
      <Group gap="sm">
        <Text size="sm"><Trans>The list could not be read from the server. It refreshes on its own; you can also try now.</Trans></Text>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Group>
    </Alert>
  );
}

function DevicesTable({ rows, now }: { rows: readonly DeviceQueueRow[]; now: number }) {
  const { t, i18n } = useLingui();
  const locale = intlTag();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label={t`Devices`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th><Trans>User</Trans></Table.Th>
            <Table.Th><Trans>Device</Trans></Table.Th>
            <Table.Th><Trans>Last contact</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Pending</Trans></Table.Th>
            <Table.Th><Trans>Oldest pending</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Rejected</Trans></Table.Th>
            <Table.Th><Trans>App version</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.device_id}:${row.user_id}`} data-testid="sync-device-row">
              <Table.Td><UserCell name={row.display_name} email={row.email} /></Table.Td>
              <Table.Td><DeviceCell deviceId={row.device_id} /></Table.Td>
              <Table.Td>
                <Tooltip label={new Date(row.last_contact_at).toLocaleString(locale)}>
                  <Text size="sm">{relativeTime(row.last_contact_at, now, locale)}</Text>
                </Tooltip>
              </Table.Td>
              <Table.Td ta="right">
                {row.pending > 0 ? <Badge color="yellow" variant="light">{row.pending}</Badge> : <Text size="sm">0</Text>}
              </Table.Td>
              <Table.Td>
                {row.oldest_pending_at === null
                  ? dashIfEmpty(null)
                  : durationText(Math.max(0, now - row.oldest_pending_at) / 60_000, (d) => i18n._(d))}
              </Table.Td>
              <Table.Td ta="right">
                {row.rejected_unresolved > 0
                  ? <Badge color="red" variant="light">{row.rejected_unresolved}</Badge>
                  : <Text size="sm">0</Text>}
              </Table.Td>
              <Table.Td>
                <Tooltip label={dashIfEmpty(row.user_agent || null)}>
                  <Text size="sm">{dashIfEmpty(row.app_version || null)}</Text>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `onResolve` absent: the user may not resolve, and the table has no Resolve column. */
function RejectedOpsTable({ rows, now, onResolve }: { rows: readonly RejectedOpRow[]; now: number; onResolve?: (op: RejectedOpRow) => void }) {
  const { t } = useLingui();
  const locale = intlTag();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover aria-label={t`Rejected operations`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th><Trans>Rejected</Trans></Table.Th>
            <Table.Th><Trans>User</Trans></Table.Th>
            <Table.Th><Trans>Device</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Seq</Trans></Table.Th>
            <Table.Th><Trans>Operation</Trans></Table.Th>
            <Table.Th><Trans>Reason given by the server</Trans></Table.Th>
            {onResolve && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((op) => {
            const madeAt = new Date(op.created_at).toLocaleString(locale);
            return (
            <Table.Tr key={op.op_id} data-testid="sync-rejected-row">
              <Table.Td>
                <Tooltip label={t`Made on the device ${madeAt}`}>
                  <Text size="sm">{relativeTime(op.applied_at, now, locale)}</Text>
                </Tooltip>
              </Table.Td>
              <Table.Td><UserCell name={op.display_name} email={op.email} /></Table.Td>
              <Table.Td><DeviceCell deviceId={op.device_id} /></Table.Td>
              <Table.Td ta="right">{op.seq}</Table.Td>
              <Table.Td><Code>{op.kind}</Code></Table.Td>
              <Table.Td>
                <Text size="sm">{op.message}</Text>
                <Text size="xs" c="dimmed"><Trans>Code {op.retcode}</Trans></Text>
              </Table.Td>
              {onResolve && (
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => onResolve(op)}>
                    <Trans>Resolve</Trans>
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Asks why a rejected op needs nothing more, and records it (who and when come from the session). */
function ResolveDialog({ op, onClose }: { op: RejectedOpRow | null; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const resolve = useMutation({
    mutationFn: (input: { op_id: string; reason: string }) => callApi(contract.resolveRejectedOp, input),
    onSuccess: () => {
      toast.success(t`Marked as resolved.`);
      onClose();
    },
    // Resolved or not, the lists show the server's state again (e.g. someone else resolved it first).
    onSettled: () => queryClient.invalidateQueries({ queryKey: syncQueueQueries.all }),
  });
  const seq = op?.seq ?? 0;
  const name = op?.display_name ?? '';
  return (
    <ReasonDialog
      opened={op !== null}
      title={t`Resolve operation #${seq} of ${name}`}
      explanation={<Trans>The server refused this operation, so it never took effect. Resolve it once the cause is dealt with (for example the count was redone); your name, the time and the reason are recorded.</Trans>}
      detail={op?.message}
      validate={(reason) => (reason.length < REASON_MIN ? t`Enter what was done about this operation (at least ${REASON_MIN} characters).` : null)}
      maxLength={REASON_MAX}
      confirmLabel={<Trans>Resolve</Trans>}
      busy={resolve.isPending}
      onConfirm={(reason) => {
        if (op) resolve.mutate({ op_id: op.op_id, reason });
      }}
      onClose={onClose}
    />
  );
}

/**
 * Sync Queue: every device outbox of the warehouse, as the devices report it in their
 * heartbeats, and the operations the server rejected that still need a supervisor.
 */
export default function SyncQueueScreen() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<RejectedOpRow | null>(null);
  const mayResolve = useMayCall(contract.resolveRejectedOp.access);
  const devices = useQuery(syncQueueQueries.devices());
  const rejected = useQuery(syncQueueQueries.rejectedOps({ status: 'unresolved', pageno: page, count: REJECTED_PAGE_SIZE }));
  // Ages use the server's clock: a supervisor PC whose clock is off must not skew them.
  const skew = devices.data ? devices.data.server_time - devices.dataUpdatedAt : 0;
  const now = useNow(5_000) + skew;
  const total = rejected.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REJECTED_PAGE_SIZE));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={2}>
          <Trans>Sync Queue</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Every device of this warehouse with its offline queue as last reported, and the operations the server rejected. Refreshes every 15 seconds.</Trans>
        </Text>
      </div>

      <Paper withBorder p="sm" radius="md">
        <Group gap="xs" mb="xs">
          <IconDeviceMobile size={18} aria-hidden />
          <Title order={4}><Trans>Devices</Trans></Title>
          {devices.isFetching && <Loader size="xs" aria-label={t`Refreshing`} />}
        </Group>
        {devices.isPending ? (
          <Loader size="sm" aria-label={t`Loading`} />
        ) : devices.isError ? (
          <LoadFailed onRetry={() => void devices.refetch()} />
        ) : devices.data.list.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="sync-devices-empty">
            <Trans>No device has synced in this warehouse yet. A device appears here after its first upload or status report.</Trans>
          </Text>
        ) : (
          <DevicesTable rows={devices.data.list} now={now} />
        )}
      </Paper>

      <Paper withBorder p="sm" radius="md">
        <Group gap="xs" mb="xs">
          <IconAlertTriangle size={18} aria-hidden />
          <Title order={4}><Trans>Rejected operations to resolve</Trans></Title>
          {total > 0 && <Badge color="red" variant="light">{total}</Badge>}
        </Group>
        {rejected.isPending ? (
          <Loader size="sm" aria-label={t`Loading`} />
        ) : rejected.isError ? (
          <LoadFailed onRetry={() => void rejected.refetch()} />
        ) : rejected.data.list.length === 0 ? (
          <Group gap="xs" data-testid="sync-rejected-empty">
            <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
            <Text c="dimmed" size="sm">
              <Trans>Nothing to resolve. When the server refuses an operation sent from a device (for example a location blocked since the scan), it is listed here until a supervisor resolves it.</Trans>
            </Text>
          </Group>
        ) : (
          <Stack gap="sm">
            {!mayResolve && <MissingPermissionNote access={contract.resolveRejectedOp.access} />}
            <RejectedOpsTable rows={rejected.data.list} now={now} onResolve={mayResolve ? setResolving : undefined} />
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
          </Stack>
        )}
      </Paper>

      <ResolveDialog op={resolving} onClose={() => setResolving(null)} />
    </Stack>
  );
}
