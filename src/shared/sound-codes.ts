/**
 * The codes of the notification sound settings (spec §3), without Lingui so the API contract can
 * use them where the macro does not run (vite.config.ts, the service worker build).
 */

/** spec §3: sound 1 open / 2 close (mute). */
export const SOUND_TYPE = { OPEN: 1, CLOSE: 2 } as const;
export type SoundType = (typeof SOUND_TYPE)[keyof typeof SOUND_TYPE];
export const SOUND_TYPES = Object.values(SOUND_TYPE);

/** spec §3: clips A–C (files in public/sounds/). */
export const SOUND_CLIPS = ['A', 'B', 'C'] as const;
export type SoundClip = (typeof SOUND_CLIPS)[number];

/** spec §3: device platform PC 1 / PDA 2 (an NQ1000 tablet is a PDA here). */
export const DEVICE_PLATFORM = { PC: 1, PDA: 2 } as const;
export type DevicePlatform = (typeof DEVICE_PLATFORM)[keyof typeof DEVICE_PLATFORM];
export const DEVICE_PLATFORMS = Object.values(DEVICE_PLATFORM);

/** The three kinds of feedback: they decide vibration pattern and the fallback beep. */
export const CUE_KINDS = ['success', 'error', 'warning'] as const;
export type CueKind = (typeof CUE_KINDS)[number];
