import { Suspense, lazy, useSyncExternalStore } from 'react';

export interface Mismatch {
  sessionWhsId: string;
  tabWhsId: string;
}

let current: Mismatch | null = null;
const listeners = new Set<() => void>();

/**
 * Opens the reload dialog of spec §8: the session now works in another warehouse than this
 * tab (switched in another tab, or a -100407 answer). The tab cannot continue safely, so the
 * dialog's only way out is a reload, which adopts the session's warehouse.
 */
export function showWarehouseMismatch(mismatch: Mismatch): void {
  if (current) return;
  current = mismatch;
  listeners.forEach((notify) => notify());
}

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};

// The modal (Mantine's Modal, scroll lock, focus trap) is loaded only when a mismatch is shown.
const WarehouseMismatchModal = lazy(() => import('./warehouse-mismatch-modal'));

export function WarehouseMismatchDialog() {
  const mismatch = useSyncExternalStore(subscribe, () => current);
  if (!mismatch) return null;
  return (
    <Suspense fallback={null}>
      <WarehouseMismatchModal mismatch={mismatch} />
    </Suspense>
  );
}
