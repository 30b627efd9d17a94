/**
 * localStorage that never throws: storage can be full, disabled by policy or unavailable in
 * private windows, and none of what we keep there is worth failing a screen for.
 */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* not persisted: the in-memory state still applies for this page */
  }
}

export function readStoredJson<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T {
  const raw = readStored(key);
  if (raw === null) return fallback;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : fallback;
  } catch {
    return fallback;
  }
}
