import {
  DEVICE_PLATFORM, SOUND_CLIPS, SOUND_TYPE, defaultSoundSetting, notificationNode,
  type CueKind, type DevicePlatform, type SoundClip, type SoundSetting,
} from '../../../shared/notification-sounds';
import { currentLocale } from '../i18n';
import { playClip } from './audio';
import { speak } from './voice';

/**
 * The one entry point screens call for feedback (spec §9: sound plays for nodes set Open).
 * The node's setting for this device's platform decides: Open plays its clip, vibrates and,
 * with voice on, reads the screen's prompt; Close stays silent and still.
 */

/** Vibration of each kind: one tap for success, a double buzz for warnings, two long for errors. */
const VIBRATION: Record<CueKind, number[]> = {
  success: [40],
  warning: [80, 60, 80],
  error: [200, 80, 200],
};

/** What the last cue did; also the detail of the window event 'tally:cue'. */
export interface CueRecord {
  node: string;
  /** The clip played, null when the node is set Close. */
  clip: SoundClip | null;
  /** Whether a spoken prompt was asked for (voice on and a prompt given). */
  spoken: boolean;
  /** performance.now() when the cue was given. */
  at: number;
}

export const CUE_EVENT = 'tally:cue';

let platform: DevicePlatform = DEVICE_PLATFORM.PC;
const settingsByPlatform = new Map<DevicePlatform, Map<string, SoundSetting>>();
let last: CueRecord | null = null;

/** This device's platform (PC until told otherwise): which settings apply. */
export function setFeedbackPlatform(next: DevicePlatform): void {
  platform = next;
}

/** The warehouse's settings for `forPlatform` (get_notification_sound_list_v2); nodes left out keep their default. */
export function setSoundSettings(forPlatform: DevicePlatform, list: readonly SoundSetting[]): void {
  settingsByPlatform.set(forPlatform, new Map(list.map((s) => [s.node_name, s])));
}

/** The last cue given on this page, for diagnostics and the bench. */
export const lastCue = (): CueRecord | null => last;

function vibrate(kind: CueKind): void {
  try {
    // Not in Safari or on desktops; Chrome also ignores it before the first user gesture.
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION[kind]);
  } catch {
    /* vibration is a courtesy */
  }
}

/**
 * Gives the feedback of `nodeName` (a node of the catalog in shared/notification-sounds.ts).
 * `say` is the screen's spoken prompt, read in the UI language when the node's voice is on.
 * The sound starts before this returns: scan-to-feedback latency is measured.
 */
export function cue(nodeName: string, options: { say?: string | undefined } = {}): void {
  const at = performance.now();
  const node = notificationNode(nodeName);
  if (!node) {
    console.warn(`Unknown notification node ${nodeName}`);
    return;
  }
  const setting = settingsByPlatform.get(platform)?.get(node.node) ?? defaultSoundSetting(node, platform);
  const open = setting.sound_type === SOUND_TYPE.OPEN;
  // A clip the catalog does not know (bad stored data) plays the node's own.
  const clip = open ? (SOUND_CLIPS.includes(setting.clip) ? setting.clip : node.defaultClip) : null;
  const prompt = open && setting.voice === 1 ? options.say : undefined;
  if (clip) {
    playClip(clip, node.kind);
    vibrate(node.kind);
  }
  if (prompt) speak(prompt, currentLocale(), node.kind);

  last = { node: node.node, clip, spoken: !!prompt, at };
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<CueRecord>(CUE_EVENT, { detail: last }));
}
