import { useEffect } from 'react';
import type { OutboxContext } from './outbox';

/**
 * The signed-in user and warehouse the outbox queues for, bound by the shell as it first renders.
 * This module is light (no IndexedDB, no outbox): the shell binds the session before its page can
 * take a scan, while the outbox itself loads with the first screen that uses it and takes the
 * session bound so far. (Bound from the sync badge, which follows the first paint, a scan in the
 * page's first moments found no session: "The outbox has no signed-in user".)
 */
let bound: OutboxContext | null = null;
let sink: ((ctx: OutboxContext | null) => void) | null = null;

/** Binds (or, with null, unbinds) the session; the outbox, once loaded, follows. */
export function bindOutboxSession(ctx: OutboxContext | null): void {
  bound = ctx;
  sink?.(ctx);
}

/** Connects the outbox: told the session bound so far (if any), then every change. */
export function connectOutboxSession(follow: (ctx: OutboxContext | null) => void): void {
  sink = follow;
  if (bound) follow(bound);
}

/**
 * Binds the outbox to the signed-in user and warehouse while mounted (the signed-in shell, which
 * only renders with a session). Binding after a sign-in resumes a drain paused for it.
 */
export function useOutboxSession(userId: number, whsId: string): void {
  useEffect(() => {
    bindOutboxSession({ userId, whsId });
    return () => bindOutboxSession(null);
  }, [userId, whsId]);
}
