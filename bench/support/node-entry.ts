/**
 * The project's modules the Node benches need that use Lingui macros or `import.meta.env` (the
 * demo seed reaches the route manifest's titles), loaded through esbuild by `loadNodeModules()`
 * (app-bundle.ts): tsx cannot compile the macros.
 */
export { seedDemo } from '../../src/server/db/seed';
export { releaseWave } from '../../src/server/modules/outbound/wave';
export { applyPicks, claimTask } from '../../src/server/modules/outbound/picking';
export { startChecking } from '../../src/server/modules/outbound/checking';
export { applyPack, startPacking } from '../../src/server/modules/outbound/packing';
export { weightBands, weightVerdict } from '../../src/server/modules/outbound/weight-validation';
export { applyPreSort, applySort, startSorting } from '../../src/server/modules/outbound/sorting';
export { applyPlace } from '../../src/server/modules/outbound/instant-delivery';
export { applyClose, applyLoad, applyOpen } from '../../src/server/modules/outbound/shipping';
export { createOrder } from '../../src/server/modules/inventory/cycle-count';
export { runPendingCcBuilds } from '../../src/server/modules/inventory/cycle-count-worker';
