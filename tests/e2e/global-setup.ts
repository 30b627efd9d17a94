import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startBuiltServer } from '../support/built-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The shared server's output, stamped line by line: a failed test prints what it logged meanwhile. */
    serverLog: string;
  }
}

/** Starts the built server (PGlite, demo data, loopback only) once for the browser tests. */
export default async function setup(project: TestProject) {
  const dir = path.join(ROOT, 'test-results');
  mkdirSync(dir, { recursive: true });
  const serverLog = path.join(dir, 'e2e-server.log');
  // Every request slower than a second is logged: the first thing to read when a page waited.
  const server = await startBuiltServer(undefined, 'tally-e2e-', { logFile: serverLog, env: { SLOW_REQUEST_MS: '1000' } });
  project.provide('baseURL', server.baseURL);
  project.provide('serverLog', serverLog);
  return server.stop;
}
