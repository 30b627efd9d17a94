/**
 * Synthesises the three notification clips of spec §3 into public/sounds/ (committed assets;
 * this script documents how they were made):
 *   npx tsx scripts/make-sound-clips.ts
 * Mono 16-bit PCM WAV at 22050 Hz: small enough to precache, decoded once by the Web Audio
 * engine (src/app/kit/feedback/audio.ts). Every note has a smooth attack and release so no
 * clip clicks, even through a PDA's small speaker.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SAMPLE_RATE = 22050;
/** Peak level after normalising: −3 dBFS leaves headroom for cheap DACs. */
const PEAK = 0.7;

interface Note {
  /** Start and length in seconds. */
  at: number;
  duration: number;
  frequency: number;
  /** Relative amplitudes of harmonics 1, 2, 3…: the timbre. */
  harmonics: number[];
  attack: number;
  release: number;
  /** Exponential decay rate (1/s) under the envelope; 0 holds the level. */
  decay?: number;
}

/** Raised-cosine ramp from 0 to 1 over `length` seconds: no discontinuity in level or slope. */
const ramp = (t: number, length: number) => (t >= length ? 1 : 0.5 - 0.5 * Math.cos((Math.PI * t) / length));

function render(notes: Note[], seconds: number): Float64Array {
  const out = new Float64Array(Math.round(seconds * SAMPLE_RATE));
  for (const note of notes) {
    const first = Math.round(note.at * SAMPLE_RATE);
    const count = Math.round(note.duration * SAMPLE_RATE);
    for (let i = 0; i < count && first + i < out.length; i++) {
      const t = i / SAMPLE_RATE;
      const envelope = ramp(t, note.attack) * ramp(note.duration - t, note.release) * Math.exp(-(note.decay ?? 0) * t);
      let value = 0;
      note.harmonics.forEach((amplitude, h) => {
        value += amplitude * Math.sin(2 * Math.PI * note.frequency * (h + 1) * t);
      });
      out[first + i]! += envelope * value;
    }
  }
  return out;
}

function toWav(samples: Float64Array): Buffer {
  const peak = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0) || 1;
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round((s / peak) * PEAK * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Odd harmonics falling off as 1/n: a band-limited square, buzzy without aliasing. */
const BUZZ = [1, 0, 1 / 3, 0, 1 / 5, 0, 1 / 7, 0, 1 / 9];

const CLIPS: Record<string, Float64Array> = {
  // A, success: one bright 1.8 kHz blip, quick attack, fast decay.
  'clip-a.wav': render([{ at: 0, duration: 0.09, frequency: 1800, harmonics: [1, 0.25], attack: 0.004, release: 0.02, decay: 25 }], 0.09),
  // B, error: two low buzzy 300 Hz pulses.
  'clip-b.wav': render([
    { at: 0, duration: 0.14, frequency: 300, harmonics: BUZZ, attack: 0.006, release: 0.025 },
    { at: 0.21, duration: 0.14, frequency: 300, harmonics: BUZZ, attack: 0.006, release: 0.025 },
  ], 0.35),
  // C, warning: a falling two-tone 880 → 660 Hz.
  'clip-c.wav': render([
    { at: 0, duration: 0.125, frequency: 880, harmonics: [1, 0.3, 0.1], attack: 0.005, release: 0.02 },
    { at: 0.12, duration: 0.13, frequency: 660, harmonics: [1, 0.3, 0.1], attack: 0.005, release: 0.03 },
  ], 0.25),
};

const outDir = path.resolve(import.meta.dirname, '..', 'public', 'sounds');
mkdirSync(outDir, { recursive: true });
for (const [name, samples] of Object.entries(CLIPS)) {
  const wav = toWav(samples);
  writeFileSync(path.join(outDir, name), wav);
  console.log(`${name}: ${(samples.length / SAMPLE_RATE * 1000).toFixed(0)} ms, ${wav.length} bytes`);
}
