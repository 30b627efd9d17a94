import { describe, expect, test } from 'vitest';
import { ConcurrencyGate } from './concurrency-gate';

class Busy extends Error {}

/** A promise and the function that settles it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ConcurrencyGate', () => {
  test('runs at most its limit at once, the rest in order of arrival as places free up', async () => {
    const gate = new ConcurrencyGate(2, 60_000, () => new Busy());
    const started: number[] = [];
    const holds = Array.from({ length: 5 }, () => deferred());
    const runs = holds.map((hold, i) => gate.run(async () => {
      started.push(i);
      await hold.promise;
      return i;
    }));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.queued).toBe(3);
    holds[1]!.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const hold of holds) hold.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(gate.queued).toBe(0);
  });

  test('refuses work that waited too long, without running it, and lets the next ones through', async () => {
    const gate = new ConcurrencyGate(1, 20, () => new Busy('busy'));
    const hold = deferred();
    const first = gate.run(() => hold.promise);
    let lateRan = false;
    await expect(gate.run(async () => {
      lateRan = true;
    })).rejects.toBeInstanceOf(Busy);
    expect(lateRan).toBe(false);
    expect(gate.queued).toBe(0);
    hold.resolve();
    await first;
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  test('a failing run frees its place', async () => {
    const gate = new ConcurrencyGate(1, 60_000, () => new Busy());
    await expect(gate.run(() => Promise.reject(new Error('query failed')))).rejects.toThrow('query failed');
    expect(await gate.run(async () => 'after')).toBe('after');
  });
});
