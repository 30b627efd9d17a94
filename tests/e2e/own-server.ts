import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { sourcesKey } from '../support/sources-key';
import { openDatabase, pgliteDataDirExists, type Database, type Db } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed';

const TEMPLATE_PREFIX = 'tally-e2e-seeded-';

/**
 * A PGlite data directory migrated and seeded once per version of the sources and day (the demo
 * data is dated from today), which every own server starts from a copy of: initdb, the migrations
 * and the seed cost 10–20 s a server on a busy machine, a copy well under one. Built aside and
 * renamed when whole, so a file never copies a half-made one; older ones are removed.
 */
async function seededDataDir(): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${sourcesKey()}-${new Date().toISOString().slice(0, 10)}`;
  const dir = path.join(os.tmpdir(), name);
  if (pgliteDataDirExists(dir)) return dir;
  const building = mkdtempSync(path.join(os.tmpdir(), `${name}.building-`));
  try {
    const database = await openDatabase({ dataDir: building, prepare: (db) => seedDemo(db) });
    await database.close();
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!pgliteDataDirExists(dir)) throw error; // else another run made it meanwhile
  }
  for (const old of readdirSync(os.tmpdir())) {
    if (old.startsWith(TEMPLATE_PREFIX) && old !== name && !old.includes('.building-')) rmSync(path.join(os.tmpdir(), old), { recursive: true, force: true });
  }
  return dir;
}

/**
 * A built server of the test file's own, on a PGlite data directory made for it: the demo data,
 * then what `prepare` writes before the server owns the directory. Once the server has stopped,
 * the file reads that database to check what the browser did.
 */
export interface OwnServer {
  /** Where the running server answers (a restart moves it). */
  readonly baseURL: string;
  /** Stops the server (when running) and starts it again on the same data. */
  restart(): Promise<void>;
  /** Stops the server (when running) and reads its database; it stays stopped until `restart`. */
  readDatabase<T>(read: (db: Db) => Promise<T>): Promise<T>;
  /** Stops the server and removes its data. */
  close(): Promise<void>;
}

export async function startOwnServer(name: string, prepare?: (database: Database) => Promise<void>): Promise<OwnServer> {
  const prefix = `tally-${name}-e2e-`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  let server: BuiltServer | null = null;
  const stop = async () => {
    await server?.stop();
    server = null;
  };
  const start = async () => {
    server = await startBuiltServer(undefined, prefix, { dataDir });
  };
  try {
    cpSync(await seededDataDir(), dataDir, { recursive: true });
    const database = await openDatabase({ dataDir });
    try {
      await prepare?.(database);
    } finally {
      await database.close();
    }
    await start();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    get baseURL() {
      if (!server) throw new Error(`the ${name} server is stopped: restart it first`);
      return server.baseURL;
    },
    async restart() {
      await stop();
      await start();
    },
    async readDatabase(read) {
      await stop();
      const database = await openDatabase({ dataDir });
      try {
        return await read(database.db);
      } finally {
        await database.close();
      }
    },
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
