/**
 * The background loop of a task queue (exports, user imports): in this process, run the queue
 * until it is empty, wait `pollMs`, again; delete expired tasks every `purgeEveryMs`. Each queue
 * claims its tasks with FOR UPDATE SKIP LOCKED, so every process may run the loop on one database.
 * Started by main.ts, not by createApp; a failing round is logged and the next one runs.
 */

export interface TaskQueue {
  /** Runs queued tasks until none is left or `signal` stops it (a task stopped half way goes back to the queue). */
  runPending(signal: AbortSignal): Promise<unknown>;
  /** Deletes finished tasks past their retention. */
  purgeExpired(): Promise<unknown>;
}

export interface TaskWorker {
  /** Stops polling; a task being run goes back to the queue. Resolves once the worker is idle. */
  stop(): Promise<void>;
}

export function startTaskWorker(name: string, queue: TaskQueue, { pollMs = 2000, purgeEveryMs = 60 * 60_000 } = {}): TaskWorker {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let lastPurge = 0;
  const tick = async () => {
    try {
      await queue.runPending(controller.signal);
      if (Date.now() - lastPurge >= purgeEveryMs) {
        lastPurge = Date.now();
        await queue.purgeExpired();
      }
    } catch (error) {
      console.error(`[${name}] worker tick failed:`, error);
    }
    if (!controller.signal.aborted) timer = setTimeout(() => (current = tick()), pollMs);
  };
  current = tick();
  return {
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await current;
    },
  };
}
