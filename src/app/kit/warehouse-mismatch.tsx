import { useSyncExternalStore } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

interface Mismatch {
  sessionWhsId: string;
  tabWhsId: string;
}

let current: Mismatch | null = null;
const listeners = new Set<() => void>();

/**
 * Opens the reload dialog of spec §8: the session now works in another warehouse than this
 * tab (switched in another tab, or a -100407 answer). The tab cannot continue safely, so the
 * dialog's only way out is a reload, which adopts the session's warehouse.
 */
export function showWarehouseMismatch(mismatch: Mismatch): void {
  if (current) return;
  current = mismatch;
  listeners.forEach((notify) => notify());
}

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};

export function WarehouseMismatchDialog() {
  const { t } = useLingui();
  const mismatch = useSyncExternalStore(subscribe, () => current);
  if (!mismatch) return null;
  const sessionWhs = mismatch.sessionWhsId || '-';
  const tabWhs = mismatch.tabWhsId || '-';
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t`Warehouse changed`}
    >
      <Text mb="lg">
        <Trans>The account login in warehouse is {sessionWhs}, it is different from the current warehouse {tabWhs}, please reload.</Trans>
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => window.location.reload()} data-autofocus>
          <Trans>Reload</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
