import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { readStored, writeStored } from '../storage';
import { hasCamera } from './camera';
import { useScanInput, type ScanInputOptions } from './use-scan-input';

// The field's buttons load when one is offered, the camera's dialog when first opened: every
// scan screen starts without them.
const ScanInputActions = lazy(() => import('./scan-input-actions'));
const CameraScanDialog = lazy(() => import('./camera-scan').then((m) => ({ default: m.CameraScanDialog })));

/** Set once this device has delivered a wedge-scanner entry: the camera fallback is then not offered. */
const WEDGE_SEEN_KEY = 'tally-wedge-scanner-seen';

/** Offer the camera only on devices that have one and have never shown a wedge scanner. */
function useCameraFallback(): [boolean, () => void] {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (readStored(WEDGE_SEEN_KEY) === '1') return;
    let live = true;
    void hasCamera().then((yes) => live && setAvailable(yes));
    return () => {
      live = false;
    };
  }, []);
  const wedgeSeen = () => {
    writeStored(WEDGE_SEEN_KEY, '1');
    setAvailable(false);
  };
  return [available, wedgeSeen];
}

export interface ScanInputProps extends ScanInputOptions {
  label: ReactNode;
  placeholder?: string;
  description?: ReactNode;
  disabled?: boolean;
  /** Defaults to `scan-input`. */
  testId?: string;
}

/**
 * The scan field every operation screen and scan-only filter uses (spec §5; see useScanInput).
 * On PDAs it is large, focused, and without soft keyboard; an exempt user gets a keyboard
 * toggle, and a device with a camera but no wedge scanner a camera button.
 */
export function ScanInput({ label, placeholder, description, disabled, testId = 'scan-input', ...options }: ScanInputProps) {
  const [cameraAvailable, wedgeSeen] = useCameraFallback();
  const [cameraOpen, setCameraOpen] = useState(false);
  // Mounted from its first opening on (its closing transition).
  const [cameraBuilt, setCameraBuilt] = useState(false);
  if (cameraOpen && !cameraBuilt) setCameraBuilt(true);
  const scan = useScanInput({
    ...options,
    onScan: (entry) => {
      if (entry.source === 'scanner' && cameraAvailable) wedgeSeen();
      return options.onScan(entry);
    },
  });

  const keyboardToggle = scan.exempt && scan.handheld;
  const actions = (
    <Suspense fallback={null}>
      <ScanInputActions
        keyboard={keyboardToggle ? { open: scan.keyboardOpen, toggle: scan.toggleKeyboard } : null}
        onCamera={cameraAvailable ? () => setCameraOpen(true) : null}
      />
    </Suspense>
  );
  const actionCount = Number(keyboardToggle) + Number(cameraAvailable);

  return (
    <>
      <TextInput
        {...scan.inputProps}
        label={label}
        description={description}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus
        size={scan.handheld ? 'lg' : 'md'}
        data-testid={testId}
        data-exempt={scan.exempt || undefined}
        rightSection={actionCount > 0 ? actions : undefined}
        rightSectionWidth={actionCount > 0 ? actionCount * 40 + 8 : undefined}
        rightSectionPointerEvents="all"
      />
      {cameraAvailable && cameraBuilt && (
        <Suspense fallback={null}>
          <CameraScanDialog
            opened={cameraOpen}
            onClose={() => {
              setCameraOpen(false);
              scan.focus();
            }}
            onScan={scan.submitExternal}
          />
        </Suspense>
      )}
    </>
  );
}
