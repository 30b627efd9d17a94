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
