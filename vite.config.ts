/// <reference types="vitest/config" />
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { OutputChunk, PluginContext } from 'rollup';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { contract } from './src/shared/contract';
import { RESOURCE_PAGES } from './src/shared/resources/pages';
import { API_BASE, TENANT_HEADER, type EndpointDef } from './src/shared/contract/define';
import type { SwContract } from './sw/sw';
import { SOURCE_LOCALE } from './src/shared/locales';

const linguiMacro = { plugins: ['@lingui/babel-plugin-lingui-macro'] };
/** Where the app is served (the server's static route and the service worker's scope agree). */
const BASE = '/v2/';

/** The version devices report in their sync heartbeats (package version). */
const appVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * A contract entry without its schemas (the server checks every input and answer against them):
 * what the app reads of it (method and path; the access screens check with useMayCall; mutates for
 * the CSRF header; the retcodes it keeps quiet; whether a duplicate in flight is allowed), unset
 * flags left out.
 */
const plainEntry = (def: EndpointDef) => ({
  method: def.method, path: def.path, access: def.access,
  ...(def.mutates ? { mutates: true } : {}),
  ...(def.quietRetcodes ? { quietRetcodes: def.quietRetcodes } : {}),
  ...(def.allowDuplicateInFlight ? { allowDuplicateInFlight: true } : {}),
});

const CONTRACT_INDEX = fileURLToPath(new URL('./src/shared/contract/index.ts', import.meta.url));

/** Shared modules the built app gets as plain data computed here, instead of their code and what it imports. */
const BUILD_TIME_MODULES: Readonly<Record<string, () => string>> = {
  // The whole contract, plainly: what looks an entry up by name (the resource pages) loads it.
  [CONTRACT_INDEX]: () => `export const contract = ${JSON.stringify(Object.fromEntries(
    (Object.entries(contract) as [string, EndpointDef][]).map(([name, def]) => [name, plainEntry(def)])))};`,
  // The resources' pages without the definitions (loaded with the pages themselves).
  [fileURLToPath(new URL('./src/shared/resources/pages.ts', import.meta.url))]: () => `export const RESOURCE_PAGES = ${JSON.stringify(RESOURCE_PAGES)};`,
};

/**
 * The built app's first script carries neither zod nor every schema and resource definition: its
 * imports of the modules in BUILD_TIME_MODULES resolve to plain data derived from them at build
 * time (types still come from the real modules). Tests and the dev server use the real modules.
 */
function buildTimeModules(): Plugin {
  const PREFIX = '\0tally-build-time:';
  return {
    name: 'tally-build-time-modules',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes('/src/app/') || !source.includes('shared/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && resolved.id in BUILD_TIME_MODULES ? PREFIX + resolved.id : null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? BUILD_TIME_MODULES[id.slice(PREFIX.length)]!() : null;
    },
  };
}

/** The nodes of an ESTree program, each with its parent. */
function* nodesOf(node: unknown, parent: AstNode | null = null): Generator<[AstNode, AstNode | null]> {
  if (Array.isArray(node)) {
    for (const child of node) yield* nodesOf(child, parent);
  } else if (node && typeof node === 'object' && typeof (node as AstNode).type === 'string') {
    yield [node as AstNode, parent];
    for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') yield* nodesOf(value, node as AstNode);
  }
}

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * Each script carries the contract entries its modules call, not the whole contract: in the built
 * app, `contract.getLoginInfo` reads the entry's own module (`\0tally-endpoint:getLoginInfo`, its
 * plain data), which the bundle puts with the code that calls it. The rewrite keeps every column
 * (`contract.x` becomes `contract$x`, the imports are added after the last line), so the source
 * maps stay true. A module that also looks entries up by name keeps the whole plain contract.
 */
function endpointModules(): Plugin {
  const PREFIX = '\0tally-endpoint:';
  return {
    name: 'tally-endpoint-modules',
    apply: 'build',
    resolveId: (source) => (source.startsWith(PREFIX) ? source : null),
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const def = (contract as Record<string, EndpointDef>)[id.slice(PREFIX.length)];
      if (!def) throw new Error(`tally-endpoint-modules: no contract entry ${id.slice(PREFIX.length)}`);
      return `export default ${JSON.stringify(plainEntry(def))};`;
    },
    async transform(code, id) {
      if (!id.includes('/src/app/') || !/\bcontract\./.test(code)) return null;
      const program = this.parse(code) as unknown as AstNode;
      let binding: string | undefined;
      for (const [node] of nodesOf(program.body)) {
        if (node.type !== 'ImportDeclaration') continue;
        const resolved = await this.resolve((node.source as { value: string }).value, id);
        if (!resolved?.id.endsWith(CONTRACT_INDEX)) continue;
        binding = (node.specifiers as { imported?: { name: string }; local: { name: string } }[])
          .find((s) => s.imported?.name === 'contract')?.local.name;
      }
      if (!binding) return null;
      const names = new Set<string>();
      const dots: number[] = [];
      for (const [node, parent] of nodesOf(program.body)) {
        const declares = (node.type === 'VariableDeclarator' || node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration')
          && (node.id as { name?: string } | null)?.name === binding;
        const isParam = node.type === 'Identifier' && node.name === binding && parent !== null && Array.isArray(parent.params) && parent.params.includes(node);
        if (declares || isParam) throw new Error(`tally-endpoint-modules: ${id} declares its own \`${binding}\``);
        const object = node.object as AstNode | undefined;
        if (node.type !== 'MemberExpression' || node.computed || object?.type !== 'Identifier' || object.name !== binding) continue;
        const property = node.property as AstNode & { name: string };
        names.add(property.name);
        dots.push(object.end);
      }
      if (dots.length === 0) return null;
      let rewritten = code;
      for (const at of dots) rewritten = `${rewritten.slice(0, at)}$${rewritten.slice(at + 1)}`;
      const imports = [...names].map((name) => `import ${binding}$${name} from ${JSON.stringify(PREFIX + name)};`);
      // Same columns, lines added at the end: the previous source map still holds (map: null).
      return { code: `${rewritten}\n${imports.join('\n')}\n`, map: null };
    },
  };
}

/** A compiled catalog of @lingui/vite-plugin: `export const messages=JSON.parse("<JSON text>");`. */
function compiledMessages(code: string): Record<string, unknown> {
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)?.[1];
  if (!literal) throw new Error('tally-compact-catalogs: unexpected compiled catalog');
  return JSON.parse(JSON.parse(literal) as string) as Record<string, unknown>;
}

/** The id of a compiled message, as the Lingui macro writes it in the code that shows it. */
const MESSAGE_ID_LITERAL = /(["'])([A-Za-z0-9+/]{6})\1/g;

/**
 * The built locale catalogs, in two parts each, and holding texts only.
 * - First part: the messages of the first scripts (the entry's modules and the public pages'
 *   screens, features/auth and features/status): what a sign-in page shows (of the route manifest,
 *   only the public pages' titles: routes/page-title.ts). The rest, the
 *   signed-in screens' messages, is loaded by `loadRest` (kit/i18n.ts, before the shell).
 * - Texts only: each part lists its texts in the order of one id list per part, shared by every
 *   locale (all hold the same ids; missing translations fall back to English). The hashed ids,
 *   which gzip cannot shrink, were a third of each catalog the service worker precaches.
 * A catalog module still exports `messages` by id, zipped when it is loaded.
 */
function splitCatalogs(): Plugin {
  const PART_IDS = '\0tally-catalog-ids:';
  const REST = '\0tally-catalog-rest:';
  const CATALOG = /\/locales\/([^/]+)\/messages\.po$/;
  const app = (path: string) => fileURLToPath(new URL(`./src/app/${path}`, import.meta.url));
  // The reload dialog is loaded when shown, which may be before the rest of the catalog.
  const firstRoots = [app('main.tsx'), app('kit/warehouse-mismatch-modal.tsx'), ...['features/auth', 'features/status'].flatMap((dir) =>
    readdirSync(app(dir)).filter((file) => file.endsWith('.screen.tsx')).map((file) => app(`${dir}/${file}`)))];
  const messagesByLocale = new Map<string, Record<string, unknown>>();
  let parts: Promise<{ first: string[]; rest: string[] }> | undefined;

  /** Which of `ids` the first scripts' modules (static imports from firstRoots) show. */
  async function firstIds(ctx: PluginContext, ids: ReadonlySet<string>): Promise<Set<string>> {
    const found = new Set<string>();
    const seen = new Set<string>();
    const visit = async (id: string): Promise<void> => {
      if (seen.has(id) || id.startsWith('\0') || id.includes('/node_modules/') || CATALOG.test(id)) return;
      seen.add(id);
      const info = await ctx.load({ id, resolveDependencies: true });
      for (const [, , literal] of info.code?.matchAll(MESSAGE_ID_LITERAL) ?? []) if (ids.has(literal!)) found.add(literal!);
      await Promise.all(info.importedIds.map(visit));
    };
    await Promise.all(firstRoots.map(visit));
    return found;
  }

  const textsOf = (messages: Record<string, unknown>, ids: readonly string[]) =>
    `const texts = JSON.parse(${JSON.stringify(JSON.stringify(ids.map((id) => messages[id])))});\n`;
  const zipped = (idsModule: string) => `import { IDS } from ${JSON.stringify(idsModule)};\n`
    + 'export const messages = Object.fromEntries(IDS.map((id, i) => [id, texts[i]]));\n';

  return {
    name: 'tally-split-catalogs',
    apply: 'build',
    enforce: 'post',
    resolveId: (source) => (source.startsWith(PART_IDS) || source.startsWith(REST) ? source : null),
    async load(id) {
      if (id.startsWith(PART_IDS)) {
        if (!parts) throw new Error('tally-split-catalogs: ids asked for before any catalog');
        const ids = (await parts)[id.slice(PART_IDS.length) as 'first' | 'rest'];
        return `export const IDS = JSON.parse(${JSON.stringify(JSON.stringify(ids))});`;
      }
      if (id.startsWith(REST)) {
        const locale = id.slice(REST.length);
        await this.load({ id: fileURLToPath(new URL(`./locales/${locale}/messages.po`, import.meta.url)) });
        return textsOf(messagesByLocale.get(locale)!, (await parts!).rest) + zipped(`${PART_IDS}rest`);
      }
      return null;
    },
    async transform(code, id) {
      const locale = CATALOG.exec(id)?.[1];
      if (!locale) return null;
      const messages = compiledMessages(code);
      messagesByLocale.set(locale, messages);
      const ids = Object.keys(messages).sort();
      parts ??= firstIds(this, new Set(ids)).then((first) => ({ first: ids.filter((i) => first.has(i)), rest: ids.filter((i) => !first.has(i)) }));
      return {
        code: textsOf(messages, (await parts).first) + zipped(`${PART_IDS}first`)
          + `export const loadRest = () => import(${JSON.stringify(REST + locale)}).then((rest) => rest.messages);\n`,
        map: null,
      };
    },
    buildEnd() {
      const source = Object.keys(messagesByLocale.get(SOURCE_LOCALE) ?? {}).sort().join();
      for (const [locale, messages] of messagesByLocale) {
        if (Object.keys(messages).sort().join() !== source) throw new Error(`tally-split-catalogs: ${locale} holds other message ids than ${SOURCE_LOCALE}`);
      }
    },
  };
}

/**
 * The sign-in page's first script carries the paths of the signed-in screens, not how to load
 * them: in the built app, an import of a screen table (path → `() => import(screen)`) gets the
 * same table whose loaders first load the real one, a chunk of its own. Each screen's dynamic
 * import, with the list of the chunks it preloads, moves with the table out of the first script.
 * The tables' keys are read from their code here: each must be an object literal of paths.
 */
function lazyScreenTables(): Plugin {
  const PREFIX = '\0tally-screen-paths:';
  const tables = ['offline-screens.ts', 'online-screens.ts'].map((file) => fileURLToPath(new URL(`./src/app/routes/${file}`, import.meta.url)));
  return {
    name: 'tally-lazy-screen-tables',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(PREFIX) || !/\/(?:off|on)line-screens(?:\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && tables.includes(resolved.id) ? PREFIX + resolved.id : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const table = id.slice(PREFIX.length);
      const { ast } = await this.load({ id: table });
      const exports = (ast!.body as unknown as AstNode[]).flatMap((statement) => {
        const declaration = statement.declaration as AstNode | null | undefined;
        if (statement.type !== 'ExportNamedDeclaration' || declaration?.type !== 'VariableDeclaration') return [];
        return (declaration.declarations as AstNode[]).map((declarator) => {
          const init = declarator.init as AstNode | null;
          const paths = init?.type === 'ObjectExpression' ? (init.properties as AstNode[]).map((property) => {
            const key = property.key as AstNode | undefined;
            return property.type === 'Property' && !property.computed && key?.type === 'Literal' ? key.value : undefined;
          }) : [];
          if (paths.length === 0 || !paths.every((path) => typeof path === 'string')) throw new Error(`tally-lazy-screen-tables: ${table} exports a table that is not an object literal of paths`);
          return [(declarator.id as { name: string }).name, paths as string[]] as const;
        });
      });
      if (exports.length === 0) throw new Error(`tally-lazy-screen-tables: ${table} exports no table`);
      return `const table = () => import(${JSON.stringify(table)});\n${exports.map(([name, paths]) =>
        `export const ${name} = Object.fromEntries(${JSON.stringify(paths)}.map((path) => [path, async () => (await table()).${name}[path]()]));`).join('\n')}\n`;
    },
  };
}

/**
 * The chunks only online screens load (src/app/routes/online-screens.ts, resource-screen.ts), found in the bundle's
 * graph: what no path from the entry reaches except through an online screen's dynamic import, or
 * through the dynamic import of an online part (`*.online.tsx`: a piece an offline screen shows only
 * when the network is there, such as a list of the server's records).
 * The service worker does not precache them (a first install downloads what works offline, the
 * office's lists and forms come on first visit) and keeps them once fetched (sw/sw.ts). Filled at
 * generateBundle; the worker's build, which runs after the app's, reads it.
 */
const onlineOnlyFiles = new Set<string>();

function onlineOnlyChunks(): Plugin {
  const onlineTables = ['online-screens.ts', 'resource-screen.ts'].map((file) => fileURLToPath(new URL(`./src/app/routes/${file}`, import.meta.url)));
  return {
    name: 'tally-online-only-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      onlineOnlyFiles.clear();
      // A screen module another module also loads on demand is reached through that one (static
      // imports are followed from wherever they are reached).
      const roots = new Set(onlineTables.flatMap((table) => {
        const screens = this.getModuleInfo(table);
        if (!screens) throw new Error(`tally-online-only-chunks: ${table} is not in the bundle`);
        return screens.dynamicallyImportedIds.filter((id) => this.getModuleInfo(id)?.dynamicImporters.every((by) => by === table));
      }));
      for (const id of this.getModuleIds()) if (/\.online\.tsx?$/.test(id)) roots.add(id);
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const reached = new Set<string>();
      const visit = (chunk: OutputChunk | undefined): void => {
        if (!chunk || reached.has(chunk.fileName)) return;
        reached.add(chunk.fileName);
        chunk.imports.forEach((file) => visit(byFile.get(file)));
        for (const file of chunk.dynamicImports) {
          const target = byFile.get(file);
          if (!(target?.facadeModuleId && roots.has(target.facadeModuleId))) visit(target);
        }
      };
      chunks.filter((chunk) => chunk.isEntry).forEach(visit);
      const assetsOf = (chunk: OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? []), ...(chunk.viteMetadata?.importedAssets ?? [])];
      const keptAssets = new Set(chunks.filter((chunk) => reached.has(chunk.fileName)).flatMap(assetsOf));
      for (const chunk of chunks) {
        if (reached.has(chunk.fileName)) continue;
        onlineOnlyFiles.add(chunk.fileName);
        for (const asset of assetsOf(chunk)) if (!keptAssets.has(asset)) onlineOnlyFiles.add(asset);
      }
      if (onlineOnlyFiles.size === 0) throw new Error('tally-online-only-chunks: no chunk is online-only; are the online screens still imported dynamically?');
    },
  };
}

export default defineConfig({
  base: BASE,
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion) },
  plugins: [
    buildTimeModules(),
    endpointModules(),
    lazyScreenTables(),
    react({ babel: linguiMacro }),
    lingui(),
    splitCatalogs(),
    onlineOnlyChunks(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: BASE,
        name: 'Tally WMS',
        short_name: 'Tally',
        description: 'Warehouse management: receiving, counting, putaway, picking, packing and more, online or not.',
        start_url: BASE,
        scope: BASE,
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The icons are in the glob already; listing them again would precache them twice.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,mp3,wav}'],
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => !onlineOnlyFiles.has(entry.url)), warnings: [] })],
        // What sw/sw.ts needs from the contract, derived from it at build time so the worker
        // carries neither zod nor the contract: the `offlineRead` endpoints and the sign-in/out paths.
        buildPlugins: {
          vite: [{
            name: 'tally-sw-contract',
            config: () => {
              const route = (def: EndpointDef) => ({ method: def.method, path: API_BASE + def.path });
              const reads = (Object.values(contract) as EndpointDef[]).filter((def) => def.offlineRead);
              const notRead = reads.find((def) => def.mutates);
              if (notRead) throw new Error(`${notRead.path}: offlineRead is for reads, not for changes`);
              const swContract: SwContract = {
                tenantHeader: TENANT_HEADER,
                offlineReads: reads.map((def) => ({ ...route(def), perWarehouse: def.access !== 'public' && !def.tenantExempt })),
                signIn: route(contract.userLogin),
                loginInfo: route(contract.getLoginInfo),
                signOut: route(contract.userLogout),
              };
              return {
                define: {
                  __TALLY_SW_CONTRACT__: JSON.stringify(swContract),
                  __TALLY_ONLINE_ONLY__: JSON.stringify([...onlineOnlyFiles].sort().map((file) => `${BASE}${file}`)),
                },
              };
            },
          }],
        },
      },
    }),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist/app', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 900,
    // zxing's modules only declare classes and tables, but the build cannot tell (it does not say
    // so in its package.json): without this, the camera chunk kept every reader, writer and encoder.
    rollupOptions: { treeshake: { moduleSideEffects: (id) => !id.includes('/node_modules/@zxing/') } },
  },
  test: {
    // Loaded by vitest only: the build has no use for vitest's node API.
    ...(process.env.VITEST ? { sequence: { sequencer: (await import('./tests/support/long-files-first')).LongFilesFirst } } : {}),
    // The unit and API files use every core (a test file holds its own database, so they run side
    // by side); the browser journeys run after them, alone, on the one server they share.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], environment: 'node', maxWorkers: '100%', sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, globalSetup: ['tests/api/global-setup.ts'], maxWorkers: '100%', sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node',
          // Journeys on one shared server, on a 2-core machine other work may load: a page that
          // reacts in a second alone can take ten (measured: 57 s for a 7 s journey at load 12).
          // The limits catch a hang, not slowness; CI runs a failed journey once more, and the
          // first attempt's state is printed either way (failure-report.ts).
          testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false, retry: process.env.CI ? 1 : 0, sequence: { groupOrder: 1 },
          expect: { poll: { timeout: 20_000, interval: 100 } },
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/failure-report.ts'],
        },
      },
    ],
  },
});
