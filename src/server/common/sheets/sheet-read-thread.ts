import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { SheetError, type SheetFormat, type SheetRow } from './sheet-read';
import type { SheetReadAnswer, SheetReadRequest } from './sheet-read.worker';

/**
 * Reads uploaded sheets off the event loop (docs/user-admin.md "User import"): readSheet runs in
 * worker threads, each read under a time and a heap budget. A read past either is refused as a
 * file the import does not read, and its thread is ended (a thread stuck in a parse cannot be
 * stopped otherwise). A few threads read at once, the other reads wait their turn; a thread is
 * kept for the next read and ended after a while idle.
 */

export interface ReadBudget {
  /** Wall time of one read, counted from when its thread starts it. */
  timeMs: number;
  /** The thread's heap (V8's old generation). */
  heapMb: number;
}

/**
 * Far more than a file within the import's limits needs: a 640 KB workbook reads in well under a
 * second and tens of MB; a workbook unpacking to the most the reader allows (32 MB) in a few seconds.
 */
export const READ_BUDGET: ReadBudget = { timeMs: 20_000, heapMb: 256 };

/** Reads at once in this process: the event loop keeps a core. */
const MAX_READS = Math.max(1, availableParallelism() - 1);
const IDLE_MS = 30_000;

interface Thread {
  worker: Worker;
  heapMb: number;
  /** Settles when the worker has loaded (it says 'ready'); rejects when it failed to. */
  ready: Promise<void>;
  idleTimer?: NodeJS.Timeout;
}

/** Threads started and not yet exited, reads holding a turn, and reads waiting for one. */
let live = 0;
let busy = 0;
const waiting: (() => void)[] = [];
const idle: Thread[] = [];

/** How many reader threads exist and how many reads run: a read past its budget leaves no thread behind. */
export const sheetReaderThreads = () => ({ live, busy, waiting: waiting.length });

/**
 * Built, this code is in dist/server/main.js and the worker is the bundle's second entry beside it
 * (vite.server.config.ts); from the sources (tests, tsx scripts) the worker is the TypeScript file
 * beside this one, loaded through tsx.
 */
function startWorker(heapMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./sheet-read.worker.js', import.meta.url), options);
  const source = new URL('./sheet-read.worker.ts', import.meta.url).href;
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(source)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}

function newThread(heapMb: number): Thread {
  const worker = startWorker(heapMb);
  live++;
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    // Also the listener of an error while idle, after which the thread exits.
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The sheet reader thread exited (${code}) before it was ready.`)));
  });
  const thread: Thread = { worker, heapMb, ready };
  worker.once('exit', () => {
    live--;
    if (idle.includes(thread)) idle.splice(idle.indexOf(thread), 1);
  });
  return thread;
}

function idleThread(heapMb: number): Thread | undefined {
  const index = idle.findIndex((t) => t.heapMb === heapMb);
  if (index < 0) return undefined;
  const [thread] = idle.splice(index, 1);
  clearTimeout(thread!.idleTimer);
  thread!.worker.ref();
  return thread;
}

/** Keeps a thread of the usual budget for the next read (without holding the process open); ends any other. */
function keepForNextRead(thread: Thread): void {
  if (thread.heapMb !== READ_BUDGET.heapMb) {
    void thread.worker.terminate();
    return;
  }
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => void thread.worker.terminate(), IDLE_MS).unref();
  idle.push(thread);
}

async function takeTurn(): Promise<void> {
  if (busy < MAX_READS) busy++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // handed over by a finishing read
}

function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else busy--;
}

const tooLong = (budget: ReadBudget) => new SheetError(`The file takes more than ${budget.timeMs / 1000} s to read: it is not a sheet this import reads.`);
const tooBig = () => new SheetError('The file needs more memory to read than an import allows: it is not a sheet this import reads.');

/** Runs one read on a ready thread; a read past its time, or a thread that failed, ends the thread before it settles. */
function runRead(thread: Thread, request: SheetReadRequest & { bytes: Uint8Array<ArrayBuffer> }, budget: ReadBudget): Promise<SheetReadAnswer> {
  const { worker } = thread;
  return new Promise((resolve, reject) => {
    const end = (error: Error) => {
      stop();
      void worker.terminate().then(() => reject(error));
    };
    const onMessage = (answer: SheetReadAnswer) => {
      stop();
      resolve(answer);
    };
    const onError = (error: Error & { code?: string }) => end(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooBig() : error);
    const onExit = (code: number) => end(new Error(`The sheet reader thread exited (${code}) during a read.`));
    const timer = setTimeout(() => end(tooLong(budget)), budget.timeMs);
    const stop = () => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(request, [request.bytes.buffer]);
  });
}

/**
 * The first `keep` rows of a sheet and how many it has (readSheet's), read in a worker thread
 * under `budget`: a SheetError when the file is not a readable sheet, takes longer than its time
 * or more than its heap.
 */
export async function readSheetOffThread(
  bytes: Uint8Array, format: SheetFormat, { keep, budget = READ_BUDGET }: { keep: number; budget?: ReadBudget },
): Promise<{ rows: SheetRow[]; count: number }> {
  // The thread is handed a copy: the caller's bytes may share their buffer (Node's pool).
  const request = { bytes: new Uint8Array(bytes), format, keep };
  await takeTurn();
  try {
    const thread = idleThread(budget.heapMb) ?? newThread(budget.heapMb);
    try {
      await thread.ready;
    } catch (error) {
      await thread.worker.terminate();
      throw (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooBig() : error;
    }
    const answer = await runRead(thread, request, budget);
    keepForNextRead(thread);
    if ('refusal' in answer) throw new SheetError(answer.refusal);
    return answer;
  } finally {
    endTurn();
  }
}
