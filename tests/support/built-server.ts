import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The build the tests start: dist/, or the directory TALLY_DIST names (inside the package, with app/ and server/). */
export const DEFAULT_DIST = path.resolve(ROOT, process.env.TALLY_DIST ?? 'dist');

export interface BuiltServer {
  baseURL: string;
  pid: number;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
  /**
   * SIGKILL, as a crash or an OOM kill: no shutdown, the data left as it is (a caller's `dataDir`
   * or database, to start another server on). Resolves once the process is gone.
   */
  kill(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Builds the server alone from the current sources into `<distDir>/server` (a few seconds), for
 * tests of the API that must not run a stale dist/. `distDir` must lie inside the package: the
 * bundle finds the migrations from the package root.
 */
export async function buildServer(distDir: string): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'vite.server.config.ts', '--outDir', path.join(distDir, 'server'), '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`Building the server failed (exit ${code}):\n${output}`);
}

/** How long the built server may take to answer: migrating and seeding PGlite takes minutes on a busy shared machine. */
const START_TIMEOUT_MS = 180_000;

/**
 * Starts the built server of `distDir` (server/ and app/ inside) as a user would run it: PGlite
 * in a fresh temp dir with the demo data, on loopback, ending with this process. Resolves once
 * it answers; the browser tests and the bench both measure this. `databaseUrl`: PostgreSQL
 * instead (demo data seeded there too), for several processes on one database; `apiOnly`: a
 * server built alone (buildServer), serving the API without the app; `dataDir`: a PGlite data
 * directory the caller prepared (fixtures written before the server owns it) and reads again
 * after `stop()` — the caller removes it; `port`: listen there (a server started again after a
 * kill keeps its origin, and so the browser's storage of it); `logFile`: where its output also goes; `env`: more settings.
 */
export async function startBuiltServer(
  distDir = DEFAULT_DIST, tempPrefix = 'tally-', opts: { databaseUrl?: string; apiOnly?: boolean; dataDir?: string; port?: number; logFile?: string; env?: Record<string, string> } = {},
): Promise<BuiltServer> {
  const entry = path.join(distDir, 'server/main.js');
  const staticDir = path.join(distDir, 'app');
  if (!existsSync(entry) || (!opts.apiOnly && !existsSync(path.join(staticDir, 'index.html')))) {
    throw new Error(`${path.relative(ROOT, entry)} or ${path.relative(ROOT, staticDir)}/index.html is missing: run \`npm run build\` first (npm test does).`);
  }
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), tempPrefix));
  // e.g. TALLY_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server of a bench (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = process.env.TALLY_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir,
      DATABASE_URL: opts.databaseUrl ?? '', SEED_DEMO: '1', TALLY_EXIT_WITH_PARENT: '1', AUTO_WAVE: '0', ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // `logFile`: the output also goes there as it comes, stamped, for readers in other processes.
  const log = opts.logFile ? createWriteStream(opts.logFile, { flags: 'w' }) : null;
  const take = (d: unknown) => {
    output += String(d);
    log?.write(String(d).split('\n').filter(Boolean).map((line) => `${new Date().toISOString()} ${line}\n`).join(''));
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  child.once('exit', () => log?.end());
  const baseURL = `http://127.0.0.1:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  /** Sends `signal` and waits for the exit, at most `waitMs`. */
  const end = async (signal: NodeJS.Signals, waitMs: number) => {
    if (!running()) return;
    let timer: NodeJS.Timeout | undefined;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
  };
  const removeOwnDataDir = () => {
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    // SIGTERM closes the database before exiting: a data directory read again afterwards must be whole.
    await end('SIGTERM', 5000);
    if (running()) child.kill('SIGKILL');
    removeOwnDataDir();
  };
  const kill = async () => {
    await end('SIGKILL', 30_000);
    removeOwnDataDir();
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/v2/apps/system/user/get_lang_setting`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseURL, pid: child.pid!, output: () => output, stop, kill };
}
