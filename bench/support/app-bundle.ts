import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { ROOT } from './server';

/**
 * What the app's and server's sources need to run outside Vite: Lingui's core macros stubbed
 * (esbuild does not run the Babel macro) and an empty `import.meta.env`.
 */
export const APP_SOURCE_OPTIONS: Pick<BuildOptions, 'alias' | 'define'> = {
  alias: { '@lingui/core/macro': path.join(ROOT, 'bench/support/lingui-macro-stub.ts') },
  define: { 'import.meta.env': '{}' },
};

/** A script of the project's sources for a page (the benches' in-page code): one minified IIFE. */
export async function bundleForPage(entry: string): Promise<string> {
  const result = await build({
    ...APP_SOURCE_OPTIONS,
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Where Node bundles go: inside the package, so their npm imports and the migrations folder are found from there. */
const BUNDLE_DIR = path.join(ROOT, 'node_modules/.cache/tally-bench');

/**
 * Imports the project's own sources from `entry` in this Node process (the benches run under
 * tsx, which cannot compile Lingui macros): bundled by esbuild with APP_SOURCE_OPTIONS, npm
 * packages left as imports.
 */
async function importBundled<T>(entry: string): Promise<T> {
  const result = await build({
    ...APP_SOURCE_OPTIONS,
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const file = path.join(BUNDLE_DIR, `${path.basename(entry, path.extname(entry))}-${process.pid}.mjs`);
  writeFileSync(file, result.outputFiles[0]!.text);
  return (await import(pathToFileURL(file).href)) as T;
}

export type NodeModules = typeof import('./node-entry');

let nodeModules: Promise<NodeModules> | null = null;

/** The modules of node-entry.ts (bundled once per run). */
export function loadNodeModules(): Promise<NodeModules> {
  nodeModules ??= importBundled<NodeModules>('bench/support/node-entry.ts');
  return nodeModules;
}
