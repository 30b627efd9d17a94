/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('No samples to take a percentile of');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Rounded to `digits` decimals, so the JSON and the table show the same figure. */
export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/** p50/p95/max and the sample count: the usual details of a timing figure. */
export function summary(samples: readonly number[]): { n: number; p50: number; p95: number; max: number } {
  return { n: samples.length, p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), max: round(Math.max(...samples)) };
}

/** A seeded pseudo-random source in [0, 1) (mulberry32): a bench's random faults repeat with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let r = Math.imul(state ^ (state >>> 15), 1 | state);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
