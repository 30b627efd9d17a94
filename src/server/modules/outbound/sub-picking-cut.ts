import { SUB_PICKING_SPLIT_BY, type CodeOf } from '../../../shared/codes';

/**
 * Cuts a route (the units of each stop, in route order) into contiguous runs of whole stops: into
 * `value` pickers (runs of about equal units, each at least one stop), or at most `value` units a
 * run (a stop bigger than that is a run of its own). Stops of no units (lines released since) go
 * with the run of the stop before them (the first run when they lead). Returns each run's stop
 * indexes, or null when the cut would not make at least two runs of units.
 */
export function cutRoute(units: readonly number[], splitBy: CodeOf<typeof SUB_PICKING_SPLIT_BY>, value: number): number[][] | null {
  const live = units.flatMap((u, i) => (u > 0 ? [i] : []));
  const total = live.reduce((sum, i) => sum + units[i]!, 0);
  const runs: number[][] = [];
  if (splitBy === SUB_PICKING_SPLIT_BY.values.PICKERS) {
    if (value < 2 || value > live.length) return null;
    let current: number[] = [];
    let placed = 0;
    live.forEach((stop, k) => {
      current.push(stop);
      placed += units[stop]!;
      const runsLeft = value - runs.length - 1;
      if (runsLeft === 0) return;
      const stopsLeft = live.length - k - 1;
      if (stopsLeft === runsLeft || placed * value >= total * (runs.length + 1)) {
        runs.push(current);
        current = [];
      }
    });
    runs.push(current);
  } else {
    let current: number[] = [];
    let inRun = 0;
    for (const stop of live) {
      if (current.length > 0 && inRun + units[stop]! > value) {
        runs.push(current);
        current = [];
        inRun = 0;
      }
      current.push(stop);
      inRun += units[stop]!;
    }
    if (current.length > 0) runs.push(current);
    if (runs.length < 2) return null;
  }
  // The stops of no units join the run of the stop before them.
  const runOf = new Map<number, number>();
  runs.forEach((run, r) => run.forEach((stop) => runOf.set(stop, r)));
  const whole: number[][] = runs.map(() => []);
  let last = 0;
  units.forEach((_, i) => {
    last = runOf.get(i) ?? last;
    whole[last]!.push(i);
  });
  return whole;
}
