import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { SheetError, readSheet, type SheetFormat, type SheetRow } from './sheet-read';

/**
 * A worker thread that reads uploaded sheets (sheet-read-thread.ts starts it): it says
 * 'ready' once loaded, then answers each request with the first `keep` rows and how many there
 * are (so a huge sheet never crosses to the event loop), or the reason the file is refused.
 * Anything else thrown ends the thread, and the read fails as unexpected.
 */

export interface SheetReadRequest {
  bytes: Uint8Array;
  format: SheetFormat;
  keep: number;
}

export type SheetReadAnswer = { rows: SheetRow[]; count: number } | { refusal: string };

/**
 * Reading yields the CPU to the event loop: on Linux this thread takes the lowest priority (a
 * thread's id is a process id to setpriority); elsewhere it keeps the process's.
 */
function yieldCpu(): void {
  try {
    const threadId = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (threadId) setPriority(threadId, constants.priority.PRIORITY_LOW);
  } catch {
    // not Linux, or not allowed: the thread reads at the process's priority
  }
}

yieldCpu();
const port = parentPort!;
port.on('message', ({ bytes, format, keep }: SheetReadRequest) => {
  let answer: SheetReadAnswer;
  try {
    const rows = readSheet(bytes, format);
    answer = { rows: rows.slice(0, keep), count: rows.length };
  } catch (error) {
    if (!(error instanceof SheetError)) throw error;
    answer = { refusal: error.message };
  }
  port.postMessage(answer);
});
port.postMessage('ready');
