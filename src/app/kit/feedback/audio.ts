import { SOUND_CLIPS, type CueKind, type SoundClip } from '../../../shared/notification-sounds';

/**
 * The Web Audio engine of the cues. Clips are decoded once into buffers so a scan's sound
 * starts in the same task as the scan (the bench measures scan-to-feedback, target one
 * frame); an <audio> element would wait for its media pipeline instead. Nothing here throws:
 * a missing sound must never break a scan.
 */

const clipUrl = (clip: SoundClip) => `${import.meta.env.BASE_URL}sounds/clip-${clip.toLowerCase()}.wav`;

/** The fallback beep of each kind: high and short for success, low and long for errors. */
const BEEPS: Record<CueKind, { frequency: number; seconds: number; wave: OscillatorType }> = {
  success: { frequency: 1760, seconds: 0.08, wave: 'sine' },
  warning: { frequency: 880, seconds: 0.15, wave: 'triangle' },
  error: { frequency: 220, seconds: 0.25, wave: 'square' },
};

/** What each clip was made to sound like (scripts/make-sound-clips.ts): its beep when not decoded yet. */
const CLIP_KIND: Record<SoundClip, CueKind> = { A: 'success', B: 'error', C: 'warning' };

let context: AudioContext | null = null;
const buffers = new Map<SoundClip, AudioBuffer>();
let decoding: Promise<void> | null = null;

/** The one AudioContext of the page, created on first need; null where Web Audio is missing. */
function audioContext(): AudioContext | null {
  if (context) return context;
  const Context = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  try {
    context = new Context({ latencyHint: 'interactive' });
  } catch (error) {
    console.warn('Web Audio unavailable', error);
  }
  return context;
}

async function decodeClips(ctx: AudioContext): Promise<void> {
  const results = await Promise.allSettled(SOUND_CLIPS.map(async (clip) => {
    const response = await fetch(clipUrl(clip));
    if (!response.ok) throw new Error(`${clipUrl(clip)}: HTTP ${response.status}`);
    buffers.set(clip, await ctx.decodeAudioData(await response.arrayBuffer()));
  }));
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length === 0) return;
  console.warn('Sound clips not loaded; cues beep instead', failed.map((r) => r.reason));
  // The next gesture tries again (e.g. offline before the service worker had cached them).
  decoding = null;
}

/**
 * Resumes the AudioContext (browsers start it suspended until a user gesture) and decodes
 * the clips, once; the clips are precached by the service worker, so this works offline.
 */
export async function unlockAudio(): Promise<void> {
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === 'suspended') await ctx.resume().catch(() => undefined);
  decoding ??= decodeClips(ctx);
  await decoding;
}

const UNLOCK_EVENTS = ['keydown', 'pointerdown', 'touchstart'] as const;

/**
 * Unlocks audio on the page's first gesture (a wedge scanner's keystrokes count). Capture
 * phase, so a handler that stops propagation cannot keep the sound locked.
 */
export function installAudioUnlock(): void {
  const onGesture = () => {
    for (const type of UNLOCK_EVENTS) window.removeEventListener(type, onGesture, true);
    void unlockAudio();
  };
  for (const type of UNLOCK_EVENTS) window.addEventListener(type, onGesture, { capture: true, passive: true });
}

/** A short oscillator beep of `kind`, starting `delaySeconds` from now. */
function beepOn(ctx: AudioContext, kind: CueKind, delaySeconds: number): void {
  const { frequency, seconds, wave } = BEEPS[kind];
  const start = ctx.currentTime + delaySeconds;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = wave;
  oscillator.frequency.value = frequency;
  // A 5 ms attack and an exponential fade: no click at either end.
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.25, start + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + seconds + 0.02);
}

/** Wakes a context a gesture should have unlocked; the sound started now plays once it runs. */
function wake(ctx: AudioContext): void {
  if (ctx.state === 'suspended') ctx.resume().catch(() => undefined);
}

/**
 * Plays `clip` now, synchronously. Before the clips are decoded it beeps instead, with the
 * pitch of `kind` (by default the kind the clip was made for).
 */
export function playClip(clip: SoundClip, kind: CueKind = CLIP_KIND[clip]): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    wake(ctx);
    const buffer = buffers.get(clip);
    if (!buffer) {
      beepOn(ctx, kind, 0);
      return;
    }
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(ctx.destination);
    source.start();
  } catch (error) {
    console.warn('Cue sound failed', error);
  }
}

/** A beep of `kind` (e.g. in place of a prompt no voice can read), `delaySeconds` from now. */
export function beep(kind: CueKind, delaySeconds = 0): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    wake(ctx);
    beepOn(ctx, kind, delaySeconds);
  } catch (error) {
    console.warn('Beep failed', error);
  }
}
