import { afterEach, describe, expect, it, vi } from 'vitest';
import { cameraProblem, cameraText, hasCamera, startCameraScan } from './camera';

const device = (kind: MediaDeviceKind) => ({ kind, deviceId: '', groupId: '', label: '' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hasCamera', () => {
  it('is true when a video input is listed', async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('navigator', { mediaDevices: { enumerateDevices: async () => [device('audioinput'), device('videoinput')] } });
    expect(await hasCamera()).toBe(true);
  });

  it('is false without a video input, without the API, on an insecure page or when listing fails', async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('navigator', { mediaDevices: { enumerateDevices: async () => [device('audioinput')] } });
    expect(await hasCamera()).toBe(false);

    vi.stubGlobal('navigator', {});
    expect(await hasCamera()).toBe(false);

    vi.stubGlobal('navigator', { mediaDevices: { enumerateDevices: () => Promise.reject(new Error('no')) } });
    expect(await hasCamera()).toBe(false);

    vi.stubGlobal('isSecureContext', false);
    vi.stubGlobal('navigator', { mediaDevices: { enumerateDevices: async () => [device('videoinput')] } });
    expect(await hasCamera()).toBe(false);
  });
});

describe('cameraProblem', () => {
  it('tells a refused permission, a missing camera and a busy one by the browser error name', () => {
    expect(cameraProblem(new DOMException('Permission denied', 'NotAllowedError'))).toEqual({ kind: 'denied' });
    expect(cameraProblem(new DOMException('', 'SecurityError'))).toEqual({ kind: 'denied' });
    expect(cameraProblem(new DOMException('Requested device not found', 'NotFoundError'))).toEqual({ kind: 'no_camera' });
    expect(cameraProblem(new DOMException('', 'OverconstrainedError'))).toEqual({ kind: 'no_camera' });
    expect(cameraProblem(new DOMException('Could not start video source', 'NotReadableError'))).toEqual({ kind: 'busy' });
  });

  it('keeps the message of any other failure', () => {
    expect(cameraProblem(new Error("Couldn't find Canvas 2D Context."))).toEqual({ kind: 'failed', message: "Couldn't find Canvas 2D Context." });
    expect(cameraProblem(new DOMException('', 'WeirdError'))).toEqual({ kind: 'failed', message: 'WeirdError' });
    expect(cameraProblem('boom')).toEqual({ kind: 'failed', message: 'boom' });
  });
});

describe('cameraText', () => {
  it('turns the leading FNC1 of GS1 DataMatrix into its symbology identifier', () => {
    expect(cameraText('\u001d010950600013435210ABC\u001d17201225', true)).toBe(']d2010950600013435210ABC\u001d17201225');
  });

  it('leaves other codes as read', () => {
    expect(cameraText('A-01-02', true)).toBe('A-01-02');
    expect(cameraText(']C10109506000134352', false)).toBe(']C10109506000134352');
    expect(cameraText('\u001d0109506000134352', false)).toBe('\u001d0109506000134352');
  });
});

describe('startCameraScan', () => {
  it('reports an unsupported browser without loading the decoder', async () => {
    vi.stubGlobal('navigator', {});
    const onProblem = vi.fn();
    const stop = await startCameraScan({} as HTMLVideoElement, { onStarted: vi.fn(), onDecode: vi.fn(), onProblem });
    expect(onProblem).toHaveBeenCalledWith({ kind: 'unsupported' });
    expect(() => stop()).not.toThrow();
  });

  it('reports a refused permission and starts nothing', async () => {
    vi.stubGlobal('navigator', {
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) },
    });
    const handlers = { onStarted: vi.fn(), onDecode: vi.fn(), onProblem: vi.fn() };
    await startCameraScan({} as HTMLVideoElement, handlers);
    expect(handlers.onProblem).toHaveBeenCalledWith({ kind: 'denied' });
    expect(handlers.onStarted).not.toHaveBeenCalled();
  });
});
