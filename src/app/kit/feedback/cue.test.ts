import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { DEVICE_PLATFORM, type SoundSetting } from '../../../shared/notification-sounds';
import { installFakeBrowser, voice } from './fake-browser';
import type { CueRecord } from './cue';

vi.mock('../toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

const setting = (node_name: string, sound_type: 1 | 2, clip: 'A' | 'B' | 'C', voiceOn: 0 | 1 = 0): SoundSetting =>
  ({ node_name, sound_type, clip, voice: voiceOn });

/** A page with audio unlocked and the cue events recorded, as the e2e tests see them. */
async function page(voices = [voice('en-US', 'English US'), voice('th-TH', 'Thai')]) {
  const fakes = installFakeBrowser(voices);
  const feedback = await import('./index');
  await feedback.unlockAudio();
  const events: CueRecord[] = [];
  window.addEventListener('tally:cue', (e) => events.push((e as CustomEvent<CueRecord>).detail));
  return { ...fakes, ...feedback, events };
}

beforeEach(() => {
  vi.resetModules();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('cue', () => {
  test('before any settings are loaded, a PC plays the node default clip, vibrates and stays quiet', async () => {
    const { cue, heard, vibrations, speech, events } = await page();
    cue('scan.accepted', { say: 'Scan accepted' });
    cue('scan.refused', { say: 'Scan refused' });
    expect(heard).toEqual([{ clip: 'clip-a.wav' }, { clip: 'clip-b.wav' }]);
    expect(vibrations).toEqual([[40], [200, 80, 200]]);
    expect(speech.said).toEqual([]);
    expect(events.map((e) => [e.node, e.clip, e.spoken])).toEqual([['scan.accepted', 'A', false], ['scan.refused', 'B', false]]);
  });

  test('before any settings are loaded, a PDA also reads the prompt out', async () => {
    const { cue, setFeedbackPlatform, speech } = await page();
    setFeedbackPlatform(DEVICE_PLATFORM.PDA);
    cue('scan.refused', { say: 'Scan refused' });
    expect(speech.said).toEqual([{ text: 'Scan refused', lang: 'en-US', voice: 'English US' }]);
  });

  test('a node set Open plays the clip chosen for it and vibrates with the pattern of its kind', async () => {
    const { cue, setSoundSettings, heard, vibrations } = await page();
    setSoundSettings(DEVICE_PLATFORM.PC, [setting('scan.refused', 1, 'C'), setting('inbound.counting_mismatch', 1, 'A')]);
    cue('scan.refused');
    cue('inbound.counting_mismatch');
    expect(heard).toEqual([{ clip: 'clip-c.wav' }, { clip: 'clip-a.wav' }]);
    expect(vibrations).toEqual([[200, 80, 200], [80, 60, 80]]);
  });

  test('a node set Close is silent and still, and says nothing', async () => {
    const { cue, setSoundSettings, heard, vibrations, speech, events, lastCue } = await page();
    setSoundSettings(DEVICE_PLATFORM.PC, [setting('scan.accepted', 2, 'A', 1)]);
    cue('scan.accepted', { say: 'Scan accepted' });
    expect(heard).toEqual([]);
    expect(vibrations).toEqual([]);
    expect(speech.said).toEqual([]);
    expect(events).toEqual([expect.objectContaining({ node: 'scan.accepted', clip: null, spoken: false })]);
    expect(lastCue()).toEqual(events[0]);
  });

  test('the prompt is read only when the node has voice on and the screen gives one, in the UI language', async () => {
    i18n.loadAndActivate({ locale: 'th', messages: {} });
    const { cue, setSoundSettings, speech, events } = await page();
    setSoundSettings(DEVICE_PLATFORM.PC, [setting('scan.accepted', 1, 'A', 1), setting('scan.refused', 1, 'B', 0)]);
    cue('scan.accepted');
    cue('scan.refused', { say: 'สแกนไม่ผ่าน' });
    cue('scan.accepted', { say: 'สแกนแล้ว' });
    expect(speech.said).toEqual([{ text: 'สแกนแล้ว', lang: 'th-TH', voice: 'Thai' }]);
    expect(events.map((e) => e.spoken)).toEqual([false, false, true]);
  });

  test('each platform has its own settings; nodes a list leaves out keep their default', async () => {
    const { cue, setFeedbackPlatform, setSoundSettings, heard } = await page();
    setSoundSettings(DEVICE_PLATFORM.PDA, [setting('scan.accepted', 2, 'A')]);
    setSoundSettings(DEVICE_PLATFORM.PC, [setting('scan.accepted', 1, 'C')]);
    cue('scan.accepted');
    setFeedbackPlatform(DEVICE_PLATFORM.PDA);
    cue('scan.accepted');
    cue('scan.refused');
    expect(heard).toEqual([{ clip: 'clip-c.wav' }, { clip: 'clip-b.wav' }]);
  });

  test('an unknown node is reported in the console and does nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { cue, heard, vibrations, events, lastCue } = await page();
    expect(() => cue('scan.no_such_node', { say: 'x' })).not.toThrow();
    expect(warn).toHaveBeenCalled();
    expect(heard).toEqual([]);
    expect(vibrations).toEqual([]);
    expect(events).toEqual([]);
    expect(lastCue()).toBeNull();
  });

  test('without vibration support (desktop Safari) the sound still plays', async () => {
    const { cue, heard } = await page();
    vi.stubGlobal('navigator', {});
    cue('scan.accepted');
    expect(heard).toEqual([{ clip: 'clip-a.wav' }]);
  });
});
