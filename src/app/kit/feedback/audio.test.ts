import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeBrowser } from './fake-browser';

/** A fresh engine per test: the AudioContext and decoded clips are per page. */
const loadAudio = () => import('./audio');

beforeEach(() => {
  vi.resetModules();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('playClip', () => {
  test('before the clips are decoded it beeps at once, high for success and low for errors', async () => {
    const { heard } = installFakeBrowser();
    const { playClip } = await loadAudio();
    playClip('A');
    playClip('B');
    playClip('A', 'error');
    expect(heard).toHaveLength(3);
    const [success, error, errorOnA] = heard.map((h) => ('beep' in h ? h.beep : NaN));
    expect(success).toBeGreaterThan(error!);
    expect(errorOnA).toBe(error);
  });

  test('after the first gesture unlocks audio, each clip plays its own sound in the same task', async () => {
    const { heard } = installFakeBrowser();
    const { installAudioUnlock, playClip, unlockAudio } = await loadAudio();
    installAudioUnlock();
    window.dispatchEvent(new Event('keydown'));
    await unlockAudio();
    playClip('B');
    playClip('A');
    playClip('C');
    expect(heard).toEqual([{ clip: 'clip-b.wav' }, { clip: 'clip-a.wav' }, { clip: 'clip-c.wav' }]);
  });

  test('clips that could not be fetched keep the beep, and the next unlock tries again', async () => {
    const { heard } = installFakeBrowser();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { playClip, unlockAudio } = await loadAudio();
    await unlockAudio();
    playClip('C');
    expect(heard).toEqual([{ beep: expect.any(Number) }]);

    vi.stubGlobal('fetch', (url: string) => Promise.resolve(new Response(url)));
    await unlockAudio();
    playClip('C');
    expect(heard[1]).toEqual({ clip: 'clip-c.wav' });
  });

  test('without Web Audio nothing plays and nothing throws', async () => {
    installFakeBrowser();
    vi.stubGlobal('AudioContext', undefined);
    const { beep, playClip, unlockAudio } = await loadAudio();
    await unlockAudio();
    expect(() => {
      playClip('A');
      beep('error');
    }).not.toThrow();
  });
});

describe('the committed clips (scripts/make-sound-clips.ts)', () => {
  test.each(['a', 'b', 'c'])('clip-%s.wav is a small mono 16-bit 22050 Hz PCM WAV', (name) => {
    const wav = readFileSync(path.resolve(import.meta.dirname, '../../../../public/sounds', `clip-${name}.wav`));
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(22050);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.length).toBeLessThan(20_000);
  });
});
