import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The build to measure: `dist/` unless BENCH_DIST points at another one (server/ and app/ inside). */
const DIST = path.resolve(ROOT, process.env.BENCH_DIST ?? 'dist');

export interface RunningServer {
  baseURL: string;
  pid: number;
  /** Resident memory (MB) once it answered its first request: demo data seeded, no browser yet. */
  startedRssMb: number;
  /** Resident memory now and at its peak (MB), from /proc/<pid>/status. */
  memory(): { rssMb: number; peakRssMb: number };
  stop(): Promise<void>;
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

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  const kb = Number(line?.match(/(\d+)\s*kB/)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`No ${field} in /proc/${pid}/status`);
  return kb / 1024;
}

/** Starts the built server as tests/e2e/global-setup.ts does: PGlite in a temp dir, demo data, loopback. */
export async function startServer(): Promise<RunningServer> {
  const entry = path.join(DIST, 'server/main.js');
  const staticDir = path.join(DIST, 'app');
  if (!existsSync(entry) || !existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`The bench measures the build: ${path.relative(ROOT, entry)} or ${path.relative(ROOT, staticDir)}/index.html is missing (run \`npm run build\`).`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tally-bench-'));
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir,
      DATABASE_URL: '', SEED_DEMO: '1', TALLY_EXIT_WITH_PARENT: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
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
      throw new Error(`The server did not start in 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  return {
    baseURL,
    pid,
    startedRssMb: statusMb(pid, 'VmRSS'),
    memory: () => ({ rssMb: statusMb(pid, 'VmRSS'), peakRssMb: statusMb(pid, 'VmHWM') }),
    stop,
  };
}
