import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed';

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
    const database = await openDatabase({ dataDir, prepare: async (db) => void (await seedDemo(db)) });
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
