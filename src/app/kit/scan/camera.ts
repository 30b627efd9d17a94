/**
 * Camera scanning, the fallback for devices with a camera and no wedge scanner. zxing is loaded
 * on demand (dynamic import) so it stays out of the initial bundle.
 */
import type { DecodeHintType } from '@zxing/library';

/** Why the camera gives no scans. */
export type CameraProblem =
  | { kind: 'denied' }
  | { kind: 'no_camera' }
  /** Another app (or tab) holds the camera. */
  | { kind: 'busy' }
  /** No camera API here (old browser, or a page not served over HTTPS). */
  | { kind: 'unsupported' }
  | { kind: 'failed'; message: string };

/** Whether this device has a camera the page may use; false when the browser or context cannot tell. */
export async function hasCamera(): Promise<boolean> {
  if (globalThis.isSecureContext === false || typeof navigator === 'undefined') return false;
  if (!navigator.mediaDevices?.enumerateDevices) return false;
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.some((d) => d.kind === 'videoinput');
  } catch {
    return false;
  }
}

/** A getUserMedia or decoder failure, by the DOMException names browsers use (old Chrome names too). */
export function cameraProblem(error: unknown): CameraProblem {
  const { name, message } = error instanceof Error || error instanceof DOMException ? error : { name: '', message: String(error) };
  if (['NotAllowedError', 'PermissionDeniedError', 'SecurityError'].includes(name)) return { kind: 'denied' };
  if (['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'].includes(name)) return { kind: 'no_camera' };
  if (['NotReadableError', 'TrackStartError', 'AbortError'].includes(name)) return { kind: 'busy' };
  return { kind: 'failed', message: message || name };
}

/**
 * The text as a wedge scanner would send it. zxing returns GS1 DataMatrix with its leading FNC1
 * as a group separator; that becomes the `]d2` symbology identifier, as a scanner sending AIM
 * identifiers gives it (GS1-128 already comes as `]C1…` with the ASSUME_GS1 hint).
 */
export function cameraText(text: string, dataMatrix: boolean): string {
  return dataMatrix && text.startsWith('\u001d') ? `]d2${text.slice(1)}` : text;
}

export interface CameraScanHandlers {
  /** The video shows and decoding runs. */
  onStarted(): void;
  /** The first code read; the camera is already stopped. */
  onDecode(text: string): void;
  /** The camera could not start or the decoder failed; the camera is stopped. */
  onProblem(problem: CameraProblem): void;
}

/** Time between decode attempts: quick enough to feel instant, slow enough for PDA processors. */
const DECODE_INTERVAL_MS = 100;

/**
 * Shows the rear camera in `video` and reads one code (1D and 2D, GS1 variants included). Never
 * rejects; gives a stop function (safe to call more than once) that releases the camera.
 */
export async function startCameraScan(video: HTMLVideoElement, handlers: CameraScanHandlers): Promise<() => void> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    handlers.onProblem({ kind: 'unsupported' });
    return () => {};
  }
  let stopped = false;
  let stopCamera = () => {};
  const stop = () => {
    stopped = true;
    stopCamera();
  };
  try {
    const zxing = await import('./zxing');
    const { BarcodeFormat, DecodeHintType } = zxing;
    const hints = new Map<DecodeHintType, unknown>([
      // The formats floorCodeReader holds (its EAN/UPC reader picks its variants from this list).
      [DecodeHintType.POSSIBLE_FORMATS, [
        BarcodeFormat.CODE_128, BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.UPC_E,
        BarcodeFormat.QR_CODE, BarcodeFormat.DATA_MATRIX, BarcodeFormat.RSS_14,
        // Location labels are often Code 39, cartons ITF-14. Not DataBar Expanded: zxing marks
        // that reader "not ready for production".
        BarcodeFormat.CODE_39, BarcodeFormat.ITF,
      ]],
      [DecodeHintType.TRY_HARDER, true],
      // Code 128 starting with FNC1 comes back as `]C1…`, later FNC1s as GS.
      [DecodeHintType.ASSUME_GS1, true],
    ]);
    const reader = zxing.floorCodeReader(hints, { delayBetweenScanAttempts: DECODE_INTERVAL_MS });
    const controls = await reader.decodeFromConstraints(
      { video: { facingMode: { ideal: 'environment' } }, audio: false },
      video,
      (result, error, loop) => {
        if (stopped) return;
        if (result) {
          stop();
          loop.stop();
          handlers.onDecode(cameraText(result.getText(), result.getBarcodeFormat() === BarcodeFormat.DATA_MATRIX));
          return;
        }
        // Nothing readable in this frame: zxing tries the next one. Any other error ends its loop.
        const retried = error instanceof zxing.NotFoundException || error instanceof zxing.ChecksumException
          || error instanceof zxing.FormatException;
        if (error && !retried) {
          stop();
          loop.stop();
          handlers.onProblem(cameraProblem(error));
        }
      },
    );
    stopCamera = () => controls.stop();
    if (stopped) controls.stop();
    else handlers.onStarted();
  } catch (error) {
    if (!stopped) handlers.onProblem(cameraProblem(error));
  }
  return stop;
}
