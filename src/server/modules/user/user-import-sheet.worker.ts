import { parentPort } from 'node:worker_threads';
import { SheetError, readSheet, type SheetFormat, type SheetRow } from './user-import-sheet';

/**
 * A worker thread that reads uploaded sheets (user-import-sheet-thread.ts starts it): it says
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
