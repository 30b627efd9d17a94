import { Button, Group, Modal, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Mismatch } from './warehouse-mismatch';

/** The reload dialog itself, loaded when a mismatch is first shown (kit/warehouse-mismatch.tsx). */
export default function WarehouseMismatchModal({ mismatch }: { mismatch: Mismatch }) {
  const { t } = useLingui();
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
