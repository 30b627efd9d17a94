import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ActionIcon, Button, Group, Indicator, Modal, Text, Tooltip } from '@mantine/core';
import { IconCloudCheck, IconCloudExclamation, IconCloudLock, IconCloudUpload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../kit/toast';
import { useOutboxStatus } from '../../kit/outbox/use-outbox-status';
import { SyncPanel } from './sync-panel';

// ---- "log out with ops pending?" -------------------------------------------------------------

interface PendingLogout {
  count: number;
  resolve: (confirmed: boolean) => void;
}

let pendingLogout: PendingLogout | null = null;
const logoutListeners = new Set<() => void>();
const notifyLogout = () => logoutListeners.forEach((notify) => notify());

/**
 * Asks whether to log out although `count` ops of this user are not sent yet (they stay on the
 * device). Resolves true to log out. Shown by the sync badge, which every signed-in page has.
 */
export function confirmLogoutWithPending(count: number): Promise<boolean> {
  pendingLogout?.resolve(false);
  return new Promise((resolve) => {
    pendingLogout = { count, resolve };
    notifyLogout();
  });
}

function answerLogout(confirmed: boolean): void {
  const current = pendingLogout;
  pendingLogout = null;
  notifyLogout();
  current?.resolve(confirmed);
}

function subscribeLogout(notify: () => void): () => void {
  logoutListeners.add(notify);
  return () => logoutListeners.delete(notify);
}
const currentLogout = () => pendingLogout;

function PendingLogoutDialog() {
  const { t } = useLingui();
  const current = useSyncExternalStore(subscribeLogout, currentLogout);
  const count = current?.count ?? 0;
  return (
    <Modal opened={current !== null} onClose={() => answerLogout(false)} title={t`Operations not yet sent`} centered>
      <Text mb="lg">
        <Trans>You have {count} operations not yet sent. If you log out now they stay on this device and are sent when you sign in again.</Trans>
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => answerLogout(false)} data-autofocus>
          <Trans context="button">Cancel</Trans>
        </Button>
        <Button color="red" onClick={() => answerLogout(true)}>
          <Trans>Logout</Trans>
        </Button>
      </Group>
    </Modal>
  );
}

// ---- the badge --------------------------------------------------------------------------------

/**
 * The navbar's sync badge: this device's pending count (red when ops were rejected); opens the
 * sync panel.
 */
export function SyncBadge() {
  const { t } = useLingui();
  const status = useOutboxStatus();
  const [opened, setOpened] = useState(false);
  const { pending, rejected } = status;
  const authRequired = status.state === 'auth-required';
  const label = authRequired
    ? t`Sync paused, sign in again: ${pending} pending, ${rejected} rejected`
    : t`Sync: ${pending} pending, ${rejected} rejected`;
  // A session that ended (e.g. expired while offline) pauses the drain: ask for sign-in once.
  const previousState = useRef(status.state);
  useEffect(() => {
    if (authRequired && previousState.current !== 'auth-required') {
      toast.warning(t`Your session has ended: sign in again to send the ${pending} operations waiting on this device.`, 10_000);
    }
    previousState.current = status.state;
  }, [authRequired, status.state, pending, t]);
  const Icon = authRequired ? IconCloudLock : rejected > 0 ? IconCloudExclamation : pending > 0 ? IconCloudUpload : IconCloudCheck;
  const badgeCount = (n: number) => (n > 999 ? '999+' : n);
  return (
    <>
      <Tooltip label={label} withinPortal>
        <Indicator
          inline
          size={16}
          offset={4}
          label={badgeCount(pending)}
          disabled={pending === 0}
          color={authRequired ? 'orange' : 'blue'}
          processing={status.state === 'draining'}
        >
          <Indicator inline size={16} offset={4} position="bottom-end" label={badgeCount(rejected)} disabled={rejected === 0} color="red">
            <ActionIcon
              variant="subtle"
              color={rejected > 0 ? 'red' : authRequired ? 'orange' : 'gray'}
              size="lg"
              aria-label={label}
              onClick={() => setOpened(true)}
              data-sync-state={status.state}
            >
              <Icon size={20} aria-hidden />
            </ActionIcon>
          </Indicator>
        </Indicator>
      </Tooltip>
      <SyncPanel opened={opened} onClose={() => setOpened(false)} status={status} />
      <PendingLogoutDialog />
    </>
  );
}
