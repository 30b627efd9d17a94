import { useSyncExternalStore } from 'react';
import { DEVICE_PLATFORM, type DevicePlatform } from '../../shared/notification-sounds';
import { readStored, writeStored } from './storage';

/**
 * What kind of device this is: a warehouse PC, a handheld PDA with a wedge scanner, or an
 * NQ1000 tablet (spec §9: detected by user agent). PDAs and tablets get the operator shell
 * (compact, touch-sized, scan field always focused, no soft keyboard) and the PDA sound
 * settings. Detection can be overridden per device on the scanner check page, for hardware
 * whose user agent says nothing.
 */
export type DeviceKind = 'pc' | 'pda' | 'tablet';
export type DeviceSetting = DeviceKind | 'auto';

export const DEVICE_SETTING_KEY = 'tally-device-kind';

/**
 * Rugged handhelds by their user-agent model codes: Zebra (TC2x/5x/7x, MC3x/9x, EC5x), Honeywell
 * (CT4x/6x, CK65, EDA), Urovo, iData, Chainway, Newland, Sunmi, Point Mobile, Datalogic.
 */
const RUGGED_HANDHELD = /\b(TC[2-9]\d|MC[39]\d|EC[35]\d|CT[4-6]\d|CK65|EDA\d{2}|Urovo|i6310|DT50|RT40|iData|Chainway|C[67]\d\b|NLS-|MT9\d|Sunmi|PM\d{2}|Memor|Skorpio)/i;

/** The kind from the user agent: NQ1000 → tablet; rugged handhelds and phones → PDA; else PC. */
export function detectDeviceKind(userAgent: string): DeviceKind {
  if (/NQ1000/i.test(userAgent)) return 'tablet';
  if (RUGGED_HANDHELD.test(userAgent)) return 'pda';
  if (/Android.+Mobile|iPhone|iPod|Mobi/i.test(userAgent)) return 'pda';
  return 'pc';
}

export const platformOf = (kind: DeviceKind): DevicePlatform => (kind === 'pc' ? DEVICE_PLATFORM.PC : DEVICE_PLATFORM.PDA);

const isSetting = (v: unknown): v is DeviceSetting => v === 'auto' || v === 'pc' || v === 'pda' || v === 'tablet';

export function deviceSetting(): DeviceSetting {
  const stored = readStored(DEVICE_SETTING_KEY);
  return isSetting(stored) ? stored : 'auto';
}

export function currentDeviceKind(): DeviceKind {
  const setting = deviceSetting();
  return setting === 'auto' ? detectDeviceKind(navigator.userAgent) : setting;
}

const listeners = new Set<() => void>();

export function setDeviceSetting(setting: DeviceSetting): void {
  writeStored(DEVICE_SETTING_KEY, setting);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === DEVICE_SETTING_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The device kind, updated when the setting changes here or in another tab. */
export function useDeviceKind(): DeviceKind {
  return useSyncExternalStore(subscribe, currentDeviceKind);
}

export function useDeviceSetting(): DeviceSetting {
  return useSyncExternalStore(subscribe, deviceSetting);
}

/**
 * Marks `<html data-device>` with the device kind, now and whenever it changes: app.css gives
 * PDAs and tablets larger touch targets from it (Mantine's scale), on every page incl. sign-in.
 */
export function applyDeviceAttribute(): void {
  const apply = () => {
    document.documentElement.dataset.device = currentDeviceKind();
  };
  apply();
  subscribe(apply);
}
