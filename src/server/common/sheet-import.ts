import { and, count, eq, lt, min } from 'drizzle-orm';
import { RET } from '../../shared/retcodes';
import type { Db } from '../db/client';
import { uploadSlots } from '../db/schema';
import { ApiError } from '../http/errors';
import { UNSTORABLE } from '../http/input-guard';
import { SheetError, type SheetFormat, type SheetRow } from './sheets/sheet-read';
import { readSheetOffThread } from './sheets/sheet-read-thread';
import { assertRoomForTask, type TaskTable } from './task-worker';

/**
 * What every import of a sheet through the task queue shares (the user import, the sales order
 * import): the upload's format and size, the uploader's slots, reading the sheet off the event
 * loop into its header and rows, and matching header text to an import's columns. Each import
 * declares its own columns, checks its rows and applies them.
 */

/** What an import takes: its limits, and how its messages name what it imports ("imports", "row per user"). */
export interface SheetImportLimits {
  maxBytes: number;
  maxRows: number;
  maxUnfinished: number;
}

export const invalidFile = (message: string) => new ApiError(RET.IMPORT_FILE_INVALID, message);

/** Header text as compared: any case, no spaces, underscores or punctuation (`Employment Type` = `employment_type`). */
export const headerKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Text a database row can hold: NUL and broken Unicode become U+FFFD. */
export const storable = (text: string) => text.replace(new RegExp(UNSTORABLE, 'g'), '\uFFFD');

/** The format of an upload by its name, or -288002 / -288001 for its size or name before anything is read. */
export function uploadFormat(fileName: string, bytes: Uint8Array, limits: Pick<SheetImportLimits, 'maxBytes'>): SheetFormat {
  if (bytes.length > limits.maxBytes) {
    throw new ApiError(RET.IMPORT_FILE_TOO_LARGE, `The file is ${Math.ceil(bytes.length / 1024)} KB; an import takes at most ${limits.maxBytes / 1024} KB. Split it into smaller files.`, { max_bytes: limits.maxBytes });
  }
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension !== 'xlsx' && extension !== 'csv') throw invalidFile('Only .xlsx and .csv files can be imported (save other workbooks as .xlsx).');
  return extension;
}

/** How long an upload holds one of the uploader's slots while it is read, and after it was refused. */
const UPLOAD_SLOT_MS = 5 * 60_000;
/**
 * Takes one of the uploader's `maxUnfinished` slots in the warehouse for an upload about to be
 * read, or refuses with -100429. Unfinished imports of `table` hold one each; an upload (of any
 * import) holds one while it is read and, when it is refused, for UPLOAD_SLOT_MS after it was sent,
 * so reading files that are refused cannot be repeated without limit. Answers the slot, released
 * once the upload is queued as an import (which then holds the slot itself).
 */
export async function takeUploadSlot(db: Db, who: { whsId: string; userId: number }, table: TaskTable, max: number): Promise<number> {
  const mine = and(eq(uploadSlots.whsId, who.whsId), eq(uploadSlots.userId, who.userId));
  return db.transaction(async (tx) => {
    // Counted under the lock on the uploader's row (assertRoomForTask): uploads sent together count each other.
    const unfinished = await assertRoomForTask(tx, table, who, max, 'imports');
    await tx.delete(uploadSlots).where(and(mine, lt(uploadSlots.heldUntil, new Date())));
    const [held] = await tx.select({ n: count(), first: min(uploadSlots.heldUntil) }).from(uploadSlots).where(mine);
    if (unfinished + (held?.n ?? 0) >= max) {
      const freeAt = held?.first ? new Date(held.first).getTime() : Date.now() + UPLOAD_SLOT_MS;
      const waitS = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
      throw new ApiError(RET.RATE_LIMITED, `At most ${max} imports may be waiting, being read or refused within ${UPLOAD_SLOT_MS / 60_000} minutes. Try again in ${waitS < 60 ? `${waitS} s` : `${Math.ceil(waitS / 60)} min`}.`, { retry_after_s: waitS });
    }
    const [slot] = await tx.insert(uploadSlots).values({ whsId: who.whsId, userId: who.userId, heldUntil: new Date(Date.now() + UPLOAD_SLOT_MS) })
      .returning({ slotId: uploadSlots.slotId });
    return slot!.slotId;
  });
}

/** Gives an upload's slot back (its import now holds one). */
export async function releaseUploadSlot(db: Db, who: { whsId: string }, slot: number): Promise<void> {
  await db.delete(uploadSlots).where(and(eq(uploadSlots.whsId, who.whsId), eq(uploadSlots.slotId, slot)));
}

export const tooManyRows = (count: number, maxRows: number) => new ApiError(RET.IMPORT_TOO_MANY_ROWS,
  `The file has ${count} rows; an import takes at most ${maxRows}. Split it into smaller files.`, { max_rows: maxRows, row_count: count });

/**
 * Reads an upload's sheet (in a worker thread, under its budget) into its header and the rows
 * under it, refusing the whole file when it is not a sheet (-288001), empty, or longer than
 * `maxRows` rows of any text (-288003): rows past twice that never cross to the event loop.
 * `what` says what a row is for in the empty-file message ("a row per user").
 */
export async function readUploadSheet(format: SheetFormat, bytes: Uint8Array, maxRows: number, what: string): Promise<{ header: string[]; data: SheetRow[] }> {
  const keep = 2 * maxRows + 1;
  let sheet;
  try {
    sheet = await readSheetOffThread(bytes, format, { keep });
  } catch (error) {
    if (error instanceof SheetError) throw invalidFile(error.message);
    throw error;
  }
  if (sheet.count > keep) throw tooManyRows(sheet.count - 1, maxRows);
  const [header, ...data] = sheet.rows;
  if (!header) throw invalidFile(`The file is empty: it needs a header row and ${what}.`);
  return { header: header.cells, data };
}

/**
 * Which of an import's columns each header cell names (by label or key, as headerKey compares
 * them; other cells are left alone), and the columns named more than once.
 */
export function matchHeader<Key extends string>(header: readonly string[], columns: readonly { key: Key; label: string }[]) {
  const byHeader = new Map(columns.flatMap((c) => [[headerKey(c.label), c.key], [headerKey(c.key), c.key]] as const));
  const found = new Map<number, Key>();
  const repeated: Key[] = [];
  header.forEach((text, index) => {
    const column = byHeader.get(headerKey(text));
    if (!column) return;
    if ([...found.values()].includes(column)) repeated.push(column);
    else found.set(index, column);
  });
  return { found, repeated };
}

/** A data row's cells by column key: empty cells left out, text made storable (`changed` when that altered any). */
export function rowCells<Key extends string>(cells: readonly string[], columnAt: ReadonlyMap<number, Key>) {
  const read: Partial<Record<Key, string>> = {};
  let changed = false;
  for (const [index, column] of columnAt) {
    const text = cells[index];
    if (!text) continue;
    read[column] = storable(text);
    if (read[column] !== text) changed = true;
  }
  return { cells: read, changed };
}
