import { useEffect, useSyncExternalStore } from 'react';
import { appOutbox } from './index';
import type { OutboxStatus } from './outbox';

/** This tab's outbox status (pending and rejected counts, drain state, this stream's ops). */
export function useOutboxStatus(): OutboxStatus {
  const outbox = appOutbox();
  // Stable functions of the outbox: React subscribes once, not on every render.
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
}

/**
 * Binds the outbox to the signed-in user and warehouse while mounted (inside the shell, which
 * only renders with a session). Mounting after a sign-in resumes a drain paused for it.
 */
export function useOutboxSession(userId: number, whsId: string): void {
  useEffect(() => {
    const outbox = appOutbox();
    outbox.setContext({ userId, whsId });
    return () => outbox.setContext(null);
  }, [userId, whsId]);
}
