import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startBuiltServer } from '../../tests/support/built-server';

export { ROOT };

/** The build to measure: `dist/` unless BENCH_DIST points at another one (server/ and app/ inside). */
export const DIST = path.resolve(ROOT, process.env.BENCH_DIST ?? 'dist');

export interface RunningServer {
  baseURL: string;
  pid: number;
  /** Resident memory (MB) once it answered its first request: demo data seeded, no browser yet. */
  startedRssMb: number;
  /** Resident memory now and at its peak (MB), from /proc/<pid>/status. */
  memory(): { rssMb: number; peakRssMb: number };
  stop(): Promise<void>;
}

/** A process's resident memory now (VmRSS) or at its peak (VmHWM), in MB. */
export function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  const kb = Number(line?.match(/(\d+)\s*kB/)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`No ${field} in /proc/${pid}/status`);
  return kb / 1024;
}

/** The built server as the browser tests start it, with its memory readings. */
export async function startServer(): Promise<RunningServer> {
  const server = await startBuiltServer(DIST, 'tally-bench-');
  const { pid } = server;
  return {
    ...server,
    startedRssMb: statusMb(pid, 'VmRSS'),
    memory: () => ({ rssMb: statusMb(pid, 'VmRSS'), peakRssMb: statusMb(pid, 'VmHWM') }),
  };
}
