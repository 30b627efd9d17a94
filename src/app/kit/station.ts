import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../shared/constants';
import { readStored, writeStored } from './storage';

/**
 * The station the user works at (spec §9 "Email and station number saved to local storage after
 * each navigation"): chosen from the warehouse's stations (kit/print StationPicker), kept in
 * memory for this tab and written to local storage when chosen and after each navigation (the
 * shell), so a reload or the next sign-in on this device starts at the same station. '' when none.
 */

const MAX_LENGTH = 64;
const clean = (value: string | null) => (value ?? '').trim().slice(0, MAX_LENGTH);

let current = clean(readStored(STORAGE_KEYS.stationNo));
const listeners = new Set<() => void>();

export const currentStation = (): string => current;

export function setCurrentStation(stationId: string): void {
  const next = clean(stationId);
  writeStored(STORAGE_KEYS.stationNo, next === '' ? null : next);
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Writes this tab's station to local storage again (the shell, after each navigation). */
export function persistCurrentStation(): void {
  writeStored(STORAGE_KEYS.stationNo, current === '' ? null : current);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current station, re-rendering when it changes. */
export function useCurrentStation(): string {
  return useSyncExternalStore(subscribe, currentStation, currentStation);
}

/**
 * The station a station screen (`kind`: checking, packing, sorting…) last worked at on this device,
 * '' when none. Each screen keeps its own, so a put wall chosen at the sorting screen does not open
 * the checking screen at the put wall; the one chosen on a screen is also the device's current
 * station (printing, spec §9).
 */
export function useScreenStation(kind: string): string {
  const key = `${STORAGE_KEYS.stationNo}:${kind}`;
  // Re-read when the current station changes (chosen here or elsewhere); the screen's own is stored under its key.
  useCurrentStation();
  return clean(readStored(key));
}

/** Chooses the station of a station screen (`kind`) and makes it the device's current station. */
export function setScreenStation(kind: string, stationId: string): void {
  const next = clean(stationId);
  writeStored(`${STORAGE_KEYS.stationNo}:${kind}`, next === '' ? null : next);
  setCurrentStation(next);
}
