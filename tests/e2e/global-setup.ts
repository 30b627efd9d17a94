import type { TestProject } from 'vitest/node';
import { startBuiltServer } from '../support/built-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Starts the built server (PGlite, demo data, loopback only) once for the browser tests. */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer(undefined, 'tally-e2e-');
  project.provide('baseURL', server.baseURL);
  return server.stop;
}
