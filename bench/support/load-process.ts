import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, statusMb } from './server';
import { round } from './stats';

/**
 * Runs a load generator (a script of bench/support taking its config as JSON in `configVar`)
 * in a process of its own, so its CPU is not the server's or the bench's, and returns the JSON
 * of the last line it printed.
 */
export async function runLoadProcess<Config, Result>(script: string, configVar: string, config: Config): Promise<Result> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/support', script)], {
    cwd: ROOT, env: { ...process.env, [configVar]: JSON.stringify(config) }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const last = stdout.trim().split('\n').at(-1);
  if (code !== 0 || !last) throw new Error(`The load process failed (exit ${code}):\n${stderr}`);
  return JSON.parse(last) as Result;
}

const RSS_SAMPLE_MS = 250;

/** Samples a process's resident memory every 250 ms until the returned function is called. */
export function sampleRss(pid: number): () => { samples: number; mean_mb: number; max_mb: number } {
  const samples: number[] = [statusMb(pid, 'VmRSS')];
  const timer = setInterval(() => samples.push(statusMb(pid, 'VmRSS')), RSS_SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return { samples: samples.length, mean_mb: round(samples.reduce((a, b) => a + b, 0) / samples.length, 1), max_mb: round(Math.max(...samples), 1) };
  };
}

const CLOCK_TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** CPU time (user and system, s) each process has used so far, by pid; processes gone are left out. */
export function cpuSeconds(pids: readonly number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    const file = `/proc/${pid}/stat`;
    if (!existsSync(file)) continue;
    // After the command name in parentheses: state is field 3, utime and stime fields 14 and 15.
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    used.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S);
  }
  return used;
}

/** CPU seconds `pids` used between two readings of cpuSeconds (a process first seen in the second counts whole). */
export function cpuUsedBetween(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}
