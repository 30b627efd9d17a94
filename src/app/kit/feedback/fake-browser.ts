import { vi } from 'vitest';
import type { VoiceInfo } from './voice';

/**
 * Small stand-ins for the browser APIs the feedback module uses, for unit tests in Node.
 * They record what a listener would have heard and felt.
 */

export type Heard = { clip: string } | { beep: number };

/** An AudioContext that records each sound started: a decoded clip or an oscillator's pitch. */
export class FakeAudioContext {
  static heard: Heard[] = [];
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = {};

  resume() {
    this.state = 'running';
    return Promise.resolve();
  }

  /** The fake fetch answers each clip URL with the URL itself; the "buffer" remembers it. */
  decodeAudioData(data: ArrayBuffer) {
    return Promise.resolve({ clip: new TextDecoder().decode(data).replace(/^.*\//, '') });
  }

  createBufferSource() {
    const source = {
      buffer: null as { clip: string } | null,
      connect: () => undefined,
      start: () => FakeAudioContext.heard.push({ clip: source.buffer!.clip }),
    };
    return source;
  }

  createOscillator() {
    const oscillator = {
      type: 'sine',
      frequency: { value: 0 },
      connect: <T>(next: T) => next,
      start: () => FakeAudioContext.heard.push({ beep: oscillator.frequency.value }),
      stop: () => undefined,
    };
    return oscillator;
  }

  createGain() {
    return {
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: <T>(next: T) => next,
    };
  }
}

/** speechSynthesis with a settable voice list; records what was said and what was cut off. */
export class FakeSpeech extends EventTarget {
  said: { text: string; lang: string; voice: string | null }[] = [];
  interrupted: string[] = [];
  private current: string | null = null;

  constructor(private voices: VoiceInfo[]) {
    super();
  }

  getVoices() {
    return this.voices;
  }

  loadVoices(voices: VoiceInfo[]) {
    this.voices = voices;
    this.dispatchEvent(new Event('voiceschanged'));
  }

  speak(utterance: FakeUtterance) {
    this.said.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name ?? null });
    this.current = utterance.text;
  }

  cancel() {
    if (this.current) this.interrupted.push(this.current);
    this.current = null;
  }
}

export class FakeUtterance {
  voice: VoiceInfo | null = null;
  lang = '';
  constructor(public text: string) {}
}

export const voice = (lang: string, name = lang, extra: Partial<VoiceInfo> = {}): VoiceInfo =>
  ({ lang, name, localService: true, default: false, ...extra });

/**
 * Installs the fakes as globals: a window, navigator.vibrate, Web Audio with the clips
 * served by fetch, and speech with `voices`. Returns what they record.
 */
export function installFakeBrowser(voices: VoiceInfo[] = [voice('en-US')]) {
  FakeAudioContext.heard = [];
  const vibrations: number[][] = [];
  const speech = new FakeSpeech(voices);
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('navigator', { vibrate: (pattern: number[]) => vibrations.push(pattern) > 0 });
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('fetch', (url: string) => Promise.resolve(new Response(url)));
  vi.stubGlobal('speechSynthesis', speech);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return { heard: FakeAudioContext.heard, vibrations, speech };
}
