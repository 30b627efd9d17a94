import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Each feature folder may not import another (DESIGN.md): one zone per feature. */
const featuresDir = 'src/app/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const featureZones = features.map((name) => ({
  target: `./${featuresDir}/${name}`,
  from: `./${featuresDir}`,
  except: [`./${name}`],
  message: 'Features never import each other: move the shared piece to src/app/kit.',
}));

/**
 * Each server area (src/server/modules/<area>) may use common/, db/, http/, shared/ and the
 * inventory ledger, never another area (DESIGN.md): one zone per area. The registries that list
 * every area are no area of their own: resources.ts (the resource registry, which areas also ask
 * for their resources' handlers and exports) and sync's op registry (sync/ops.ts), which joins
 * every area's applies with the shared op list (the helpers an area writes its applies with are in
 * common/op-apply.ts).
 */
const modulesDir = 'src/server/modules';
const areas = existsSync(modulesDir)
  ? readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
// Beside the ledger, the cycle counts other areas raise (a short pick's: raised-counts.ts).
const inventoryLedger = ['./inventory/ledger.ts', './inventory/batches.ts', './inventory/consumable-stock.ts', './inventory/raised-counts.ts', './inventory/in-transit.ts'];
const registries = ['./resources.ts'];
const areaZones = areas.map((name) => ({
  target: `./${modulesDir}/${name}`,
  from: `./${modulesDir}`,
  except: [`./${name}`, ...inventoryLedger, ...registries],
  message: 'A server area never imports another: move the shared piece to src/server/common.',
}));
/** Demo seeds build on other areas' demo rows (a counted ASN needs the demo SKUs), and the op registry lists every area's applies. */
const areaZoneIgnores = ['src/server/modules/**/*.seed.ts', 'src/server/modules/sync/ops.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'dev-dist/**', 'locales/**/*.js', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import/no-restricted-paths': ['error', {
        zones: [
          { target: './src/shared', from: './src/server', message: 'src/shared is isomorphic: it imports nothing from the server.' },
          { target: './src/shared', from: './src/app', message: 'src/shared is isomorphic: it imports nothing from the app.' },
          { target: './src/app', from: './src/server', message: 'The app reaches the server only through the API contract.' },
          { target: './src/server', from: './src/app', message: 'The server never imports app code.' },
          { target: './sw', from: './src/server', message: 'The service worker never imports server code.' },
          ...featureZones,
        ],
      }],
    },
  },
  {
    files: [`${modulesDir}/*/**/*.ts`],
    ignores: areaZoneIgnores,
    rules: {
      'import/no-restricted-paths': ['error', {
        zones: [
          { target: './src/server', from: './src/app', message: 'The server never imports app code.' },
          ...areaZones,
        ],
      }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['node:*'], message: 'src/shared is isomorphic: no Node APIs.' }],
        paths: ['fs', 'path', 'crypto', 'os', 'http', 'child_process'].map((name) => ({ name, message: 'src/shared is isomorphic: no Node APIs.' })),
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'navigator', 'process'],
    },
  },
  {
    // Size guards, so new screens and handlers copy the small shape: a workflow hook plus parts.
    files: ['src/app/**/*.{ts,tsx}', 'src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['warn', { max: 150, skipBlankLines: true, skipComments: true }],
      'max-depth': ['warn', 6],
    },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
