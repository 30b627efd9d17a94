import { t } from '@lingui/core/macro';
import { LOCALE_NAMES, type Locale } from '../../../shared/locales';
import type { CueKind } from '../../../shared/notification-sounds';
import { toast } from '../toast';
import { beep } from './audio';

/**
 * Spoken prompts (spec §8: a missing voice shows a no-voice error and falls back to en-US).
 * Warehouse devices are often offline, so voices installed on the device are preferred to
 * network ones.
 */

/** What voice choice needs of a SpeechSynthesisVoice. */
export interface VoiceInfo {
  lang: string;
  name: string;
  localService: boolean;
  default: boolean;
}

/**
 * Voice languages acceptable for each locale, best first. `xx-*` is any voice of language xx.
 * Android reports Indonesian under its legacy code `in` and Chinese as `cmn`.
 */
const VOICE_TAGS: Record<Locale, readonly string[]> = {
  en: ['en-US', 'en-*'],
  id: ['id-ID', 'in-ID', 'id-*', 'in-*'],
  'ms-MY': ['ms-MY', 'ms-*'],
  'pt-BR': ['pt-BR', 'pt-*'],
  'sp-MX': ['es-MX', 'es-*'],
  th: ['th-TH', 'th-*'],
  vi: ['vi-VN', 'vi-*'],
  'zh-CN': ['zh-CN', 'cmn-CN', 'zh-Hans-CN', 'cmn-Hans-CN'],
  'zh-TW': ['zh-TW', 'cmn-TW', 'zh-Hant-TW', 'zh-HK', 'yue-HK'],
  'tl-PH': ['fil-PH', 'tl-PH', 'fil-*', 'tl-*'],
};

/** Android and some WebViews write `en_US`. */
const bcp47 = (lang: string) => lang.replace(/_/g, '-');

function matches(lang: string, wanted: string): boolean {
  const tag = bcp47(lang).toLowerCase();
  const pattern = wanted.toLowerCase();
  if (!pattern.endsWith('-*')) return tag === pattern;
  const language = pattern.slice(0, -2);
  return tag === language || tag.startsWith(`${language}-`);
}

/** The best voice for one of `tags`: earlier tags first, then voices on the device, then the default. */
function bestVoice<V extends VoiceInfo>(voices: readonly V[], tags: readonly string[]): V | null {
  for (const wanted of tags) {
    const found = voices.filter((v) => matches(v.lang, wanted));
    found.sort((a, b) => Number(b.localService) - Number(a.localService) || Number(b.default) - Number(a.default));
    if (found[0]) return found[0];
  }
  return null;
}

export type VoiceChoice<V> =
  | { voice: V; english: false }
  /** No voice for the language: English instead (en-US first). */
  | { voice: V; english: true }
  /** No voice for the language nor English. */
  | { voice: null; english: false };

/** Picks the voice that reads prompts in `locale` from the voices of the device. */
export function chooseVoice<V extends VoiceInfo>(voices: readonly V[], locale: Locale): VoiceChoice<V> {
  const own = bestVoice(voices, VOICE_TAGS[locale]);
  if (own) return { voice: own, english: false };
  const english = bestVoice(voices, VOICE_TAGS.en);
  return english ? { voice: english, english: true } : { voice: null, english: false };
}

/** Locales whose missing voice was already reported on this page load. */
const reportedMissing = new Set<Locale>();

function reportMissingVoice(locale: Locale, englishInstead: boolean): void {
  if (reportedMissing.has(locale)) return;
  reportedMissing.add(locale);
  const language = LOCALE_NAMES[locale];
  toast.error(englishInstead
    ? t`No voice for ${language} is installed on this device; prompts are read in English.`
    : t`No voice for ${language} is installed on this device; prompts are replaced by a beep.`);
}

/** How long prompts may wait for the device's voices to load, once per page. */
const VOICES_WAIT_MS = 1000;
/** The one wait for the voices: pending, or over (after which an empty list means none). */
let voicesWait: Promise<void> | 'over' | null = null;

/**
 * The device's voices. Browsers load them asynchronously (getVoices() is empty at first):
 * the first prompts of the page wait, up to a second, for `voiceschanged`.
 */
function deviceVoices(synth: SpeechSynthesis): SpeechSynthesisVoice[] | Promise<SpeechSynthesisVoice[]> {
  const voices = synth.getVoices();
  if (voices.length > 0 || voicesWait === 'over') return voices;
  voicesWait ??= new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener('voiceschanged', done);
      voicesWait = 'over';
      resolve();
    };
    const timer = setTimeout(done, VOICES_WAIT_MS);
    synth.addEventListener('voiceschanged', done);
  });
  return voicesWait.then(() => synth.getVoices());
}

/** A beep in place of a prompt waits for the cue's own clip, so the two do not blur into one sound. */
const BEEP_AFTER_CLIP_S = 0.4;

/** Counts prompts so one that waited for voices is dropped when a newer one came meanwhile. */
let latestPrompt = 0;

function say(synth: SpeechSynthesis, voices: SpeechSynthesisVoice[], text: string, locale: Locale, kind: CueKind): void {
  const choice = chooseVoice(voices, locale);
  if (!choice.voice || choice.english) reportMissingVoice(locale, choice.english);
  // The operator scans fast: a prompt still being read is stale.
  synth.cancel();
  if (!choice.voice) {
    beep(kind, BEEP_AFTER_CLIP_S);
    return;
  }
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = choice.voice;
  utterance.lang = bcp47(choice.voice.lang);
  synth.speak(utterance);
}

/**
 * Reads `text` out in `locale`, cancelling a prompt still speaking. Without a voice for the
 * locale it reads in English (reported once per locale and page load); without any English
 * voice either it beeps with the pitch of `kind`.
 */
export function speak(text: string, locale: Locale, kind: CueKind = 'warning'): void {
  const prompt = ++latestPrompt;
  try {
    const synth = globalThis.speechSynthesis;
    if (!synth || typeof SpeechSynthesisUtterance === 'undefined') {
      reportMissingVoice(locale, false);
      beep(kind, BEEP_AFTER_CLIP_S);
      return;
    }
    const voices = deviceVoices(synth);
    if (Array.isArray(voices)) {
      // Spoken within the caller's task: some browsers only let a user gesture start speech.
      say(synth, voices, text, locale, kind);
      return;
    }
    void voices.then((loaded) => {
      if (prompt === latestPrompt) say(synth, loaded, text, locale, kind);
    }).catch((error: unknown) => console.warn('Spoken prompt failed', error));
  } catch (error) {
    console.warn('Spoken prompt failed', error);
  }
}
