import { useSyncExternalStore } from 'react';
import { appOutbox } from './index';
import type { OutboxStatus } from './outbox';

/** This tab's outbox status (pending and rejected counts, drain state, this stream's ops). */
export function useOutboxStatus(): OutboxStatus {
  const outbox = appOutbox();
  // Stable functions of the outbox: React subscribes once, not on every render.
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
}
