import { parentPort } from 'node:worker_threads';
import { SheetError, readSheet, type SheetFormat, type SheetRow } from './user-import-sheet';

/**
 * A worker thread that reads uploaded sheets (user-import-sheet-thread.ts starts it): it says
 * 'ready' once loaded, then answers each request with the rows or the reason the file is refused.
 * Anything else thrown ends the thread, and the read fails as unexpected.
 */

export interface SheetReadRequest {
  bytes: Uint8Array;
  format: SheetFormat;
}

export type SheetReadAnswer = { rows: SheetRow[] } | { refusal: string };

const port = parentPort!;
port.on('message', ({ bytes, format }: SheetReadRequest) => {
  let answer: SheetReadAnswer;
  try {
    answer = { rows: readSheet(bytes, format) };
  } catch (error) {
    if (!(error instanceof SheetError)) throw error;
    answer = { refusal: error.message };
  }
  port.postMessage(answer);
});
port.postMessage('ready');
