import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCamera, IconKeyboard, IconKeyboardOff } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';

export interface ScanInputActionsProps {
  /** An exempt user on a handheld: the soft keyboard's toggle. */
  keyboard: { open: boolean; toggle: () => void } | null;
  /** A device with a camera and no wedge scanner seen: opens the camera. */
  onCamera: (() => void) | null;
}

/**
 * The scan field's buttons, loaded when one is offered (most devices have neither): their
 * tooltips' floating-ui stays out of every scan screen's start.
 */
export default function ScanInputActions({ keyboard, onCamera }: ScanInputActionsProps) {
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="nowrap">
      {keyboard && (
        <Tooltip label={keyboard.open ? t`Hide keyboard` : t`Show keyboard`}>
          <ActionIcon variant="subtle" size="lg" onClick={keyboard.toggle} aria-label={keyboard.open ? t`Hide keyboard` : t`Show keyboard`}>
            {keyboard.open ? <IconKeyboardOff size={20} /> : <IconKeyboard size={20} />}
          </ActionIcon>
        </Tooltip>
      )}
      {onCamera && (
        <Tooltip label={t`Scan with the camera`}>
          <ActionIcon variant="subtle" size="lg" onClick={onCamera} aria-label={t`Scan with the camera`}>
            <IconCamera size={20} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
