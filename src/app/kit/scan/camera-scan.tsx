import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { startCameraScan, type CameraProblem } from './camera';

export { hasCamera } from './camera';

type CameraState = { kind: 'starting' } | { kind: 'scanning' } | CameraProblem;

interface CameraScanDialogProps {
  opened: boolean;
  onClose(): void;
  /** The first code read; the dialog then closes (onClose follows). */
  onScan(text: string): void;
}

/** Reads one code with the rear camera; the camera runs only while the dialog is open. */
export function CameraScanDialog({ opened, onClose, onScan }: CameraScanDialogProps) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Scan with the camera`} centered size="lg">
      <Stack>
        {/* Mounted only while open, so closing releases the camera at once, not after the fade. */}
        {opened && (
          <CameraView
            onDecode={(text) => {
              onScan(text);
              onClose();
            }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans context="button">Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CameraView({ onDecode }: { onDecode(text: string): void }) {
  const { i18n } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  // The latest handler, without restarting the camera when the parent renders again.
  const onDecodeRef = useRef(onDecode);
  useEffect(() => {
    onDecodeRef.current = onDecode;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let live = true;
    let stop = () => {};
    void startCameraScan(video, {
      onStarted: () => live && setState({ kind: 'scanning' }),
      onDecode: (text) => live && onDecodeRef.current(text),
      onProblem: (problem) => live && setState(problem),
    }).then((stopCamera) => {
      stop = stopCamera;
      if (!live) stopCamera();
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  const problem = problemMessage(state);
  return (
    <>
      <Box
        pos="relative"
        bg="black"
        style={{ aspectRatio: '4 / 3', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
        display={problem ? 'none' : undefined}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          data-testid="camera-video"
        />
        {state.kind === 'starting' && (
          <Group pos="absolute" inset={0} justify="center" gap="xs" c="white">
            <Loader size="sm" color="white" />
            <Text size="sm">
              <Trans>Starting the camera…</Trans>
            </Text>
          </Group>
        )}
      </Box>
      {state.kind === 'scanning' && (
        <Text size="sm" c="dimmed">
          <Trans>Point the camera at the barcode.</Trans>
        </Text>
      )}
      {problem && (
        <Alert color="red" variant="light" data-testid="camera-problem">
          {i18n._(problem)}
        </Alert>
      )}
    </>
  );
}

function problemMessage(state: CameraState): MessageDescriptor | null {
  switch (state.kind) {
    case 'denied':
      return msg`Camera permission was refused. Allow the camera in the browser settings, or use the scanner.`;
    case 'no_camera':
      return msg`No camera found on this device.`;
    case 'busy':
      return msg`The camera is in use by another app. Close it and try again.`;
    case 'unsupported':
      return msg`This browser cannot use the camera on this page.`;
    case 'failed': {
      const { message } = state;
      return msg`The camera could not be used: ${message}`;
    }
    default:
      return null;
  }
}
