import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { i18n } from '@lingui/core';
import type { Locale } from '../../../shared/locales';
import { installFakeBrowser, voice } from './fake-browser';
import { chooseVoice, type VoiceInfo } from './voice';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../toast', () => ({ toast: { error: toastError, success: vi.fn(), warning: vi.fn() } }));

i18n.loadAndActivate({ locale: 'en', messages: {} });

/** Voices as a typical Android PDA or desktop Chrome lists them. */
const MANY: VoiceInfo[] = [
  voice('en-GB', 'English UK'),
  voice('en-US', 'English US remote', { localService: false }),
  voice('en-US', 'English US'),
  voice('es-ES', 'Spanish Spain'),
  voice('es-MX', 'Spanish Mexico'),
  voice('fil-PH', 'Filipino'),
  voice('ms-MY', 'Malay'),
  voice('zh-HK', 'Cantonese'),
  voice('zh-TW', 'Taiwanese Mandarin'),
  voice('zh-CN', 'Mandarin'),
  voice('pt-PT', 'Portuguese Portugal'),
  voice('pt-BR', 'Portuguese Brazil'),
  voice('id-ID', 'Indonesian'),
  voice('th-TH', 'Thai'),
  voice('vi-VN', 'Vietnamese'),
];

const chosen = (voices: VoiceInfo[], locale: Locale) => {
  const choice = chooseVoice(voices, locale);
  return { name: choice.voice?.name ?? null, english: choice.english };
};

describe('chooseVoice', () => {
  test.each<[Locale, string]>([
    ['en', 'English US'],
    ['sp-MX', 'Spanish Mexico'],
    ['tl-PH', 'Filipino'],
    ['ms-MY', 'Malay'],
    ['zh-TW', 'Taiwanese Mandarin'],
    ['zh-CN', 'Mandarin'],
    ['pt-BR', 'Portuguese Brazil'],
    ['id', 'Indonesian'],
    ['th', 'Thai'],
    ['vi', 'Vietnamese'],
  ])('%s is read by the voice of its language and region (%s), preferring one on the device', (locale, name) => {
    expect(chosen(MANY, locale)).toEqual({ name, english: false });
  });

  test.each<[Locale, VoiceInfo[], string]>([
    ['sp-MX', [voice('en-US'), voice('es-ES', 'Spanish Spain')], 'Spanish Spain'],
    ['pt-BR', [voice('en-US'), voice('pt-PT', 'Portuguese Portugal')], 'Portuguese Portugal'],
    ['tl-PH', [voice('en-US'), voice('tl-PH', 'Tagalog')], 'Tagalog'],
    ['ms-MY', [voice('en-US'), voice('ms', 'Malay')], 'Malay'],
    ['zh-TW', [voice('en-US'), voice('zh-CN'), voice('zh-HK', 'Cantonese')], 'Cantonese'],
    ['id', [voice('en-US'), voice('in_ID', 'Indonesian (Android)')], 'Indonesian (Android)'],
    ['vi', [voice('en-US'), voice('VI_vn', 'Vietnamese')], 'Vietnamese'],
    ['en', [voice('en-GB', 'English UK'), voice('en-AU')], 'English UK'],
  ])('%s without its exact voice takes a close one', (locale, voices, name) => {
    expect(chosen(voices, locale)).toEqual({ name, english: false });
  });

  test('zh-CN is not read by a Taiwanese voice, nor zh-TW by a mainland one', () => {
    expect(chosen([voice('zh-TW'), voice('en-US', 'English US')], 'zh-CN')).toEqual({ name: 'English US', english: true });
    expect(chosen([voice('zh-CN'), voice('en-US', 'English US')], 'zh-TW')).toEqual({ name: 'English US', english: true });
  });

  test('without a voice of the language, English is used: en-US first, else any English', () => {
    expect(chosen([voice('en-GB', 'English UK'), voice('en-US', 'English US'), voice('fr-FR')], 'th')).toEqual({ name: 'English US', english: true });
    expect(chosen([voice('fr-FR'), voice('en-IN', 'English India')], 'vi')).toEqual({ name: 'English India', english: true });
  });

  test('the default voice wins among equals; no voice at all is no choice', () => {
    expect(chosen([voice('th-TH', 'Thai 1'), voice('th-TH', 'Thai 2', { default: true })], 'th').name).toBe('Thai 2');
    expect(chosen([], 'en')).toEqual({ name: null, english: false });
    expect(chosen([voice('fr-FR')], 'sp-MX')).toEqual({ name: null, english: false });
  });
});

describe('speak', () => {
  /** A fresh module per test: voices loading and reported locales are per page. */
  const loadVoice = () => import('./voice');

  beforeEach(() => {
    vi.resetModules();
    toastError.mockClear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('reads the prompt with the voice of the UI language, at once', async () => {
    const { speech } = installFakeBrowser([voice('en-US', 'English US'), voice('th-TH', 'Thai')]);
    const { speak } = await loadVoice();
    speak('สแกนแล้ว', 'th');
    expect(speech.said).toEqual([{ text: 'สแกนแล้ว', lang: 'th-TH', voice: 'Thai' }]);
    expect(toastError).not.toHaveBeenCalled();
  });

  test('a missing voice shows the no-voice error once per language and reads the prompt in English', async () => {
    const { speech } = installFakeBrowser([voice('en-GB', 'English UK'), voice('en-US', 'English US')]);
    const { speak } = await loadVoice();
    speak('Quét bị từ chối', 'vi');
    speak('Quét thành công', 'vi');
    expect(speech.said.map((s) => [s.voice, s.lang])).toEqual([['English US', 'en-US'], ['English US', 'en-US']]);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError.mock.calls[0]![0]).toBe('No voice for Tiếng Việt is installed on this device; prompts are read in English.');

    speak('สแกนแล้ว', 'th');
    expect(toastError).toHaveBeenCalledTimes(2);
  });

  test('with no English voice either (Chromium on Linux), the prompt becomes a beep', async () => {
    const { speech, heard } = installFakeBrowser([]);
    vi.useFakeTimers();
    const { speak } = await loadVoice();
    speak('Scan refused', 'en', 'error');
    await vi.runAllTimersAsync();
    speak('Scan refused', 'en', 'error');
    expect(speech.said).toEqual([]);
    expect(heard).toEqual([{ beep: expect.any(Number) }, { beep: expect.any(Number) }]);
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  test('without speech synthesis at all the prompt becomes a beep', async () => {
    const { heard } = installFakeBrowser();
    vi.stubGlobal('speechSynthesis', undefined);
    const { speak } = await loadVoice();
    expect(() => speak('Scan refused', 'en', 'error')).not.toThrow();
    expect(heard).toHaveLength(1);
  });

  test('the first prompt waits for voices that load late, then uses them', async () => {
    const { speech } = installFakeBrowser([]);
    const { speak } = await loadVoice();
    speak('Scan accepted', 'en');
    expect(speech.said).toEqual([]);
    speech.loadVoices([voice('en-US', 'English US')]);
    await vi.waitFor(() => expect(speech.said).toEqual([{ text: 'Scan accepted', lang: 'en-US', voice: 'English US' }]));
    expect(toastError).not.toHaveBeenCalled();
  });

  test('of prompts given while voices load, only the latest is read', async () => {
    const { speech } = installFakeBrowser([]);
    const { speak } = await loadVoice();
    speak('first', 'en');
    speak('second', 'en');
    speech.loadVoices([voice('en-US', 'English US')]);
    await vi.waitFor(() => expect(speech.said.map((s) => s.text)).toEqual(['second']));
  });

  test('a new prompt cuts off the one still speaking', async () => {
    const { speech } = installFakeBrowser([voice('en-US')]);
    const { speak } = await loadVoice();
    speak('Scan accepted', 'en');
    speak('Scan refused', 'en');
    expect(speech.interrupted).toEqual(['Scan accepted']);
    expect(speech.said.map((s) => s.text)).toEqual(['Scan accepted', 'Scan refused']);
  });
});
