import { defineConfig } from 'vite';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';

/**
 * Builds the Node server into dist/server. It goes through Vite like the app so that code
 * shared with the app (route manifest, contract) has its Lingui macros compiled the same way.
 * Packages stay in node_modules (imported at run time). The worker thread that reads uploaded
 * sheets is an entry of its own beside main.js (common/sheets/sheet-read-thread.ts starts it).
 * Chunks sit beside them too: main.js loads most modules lazily, so the code starting the worker
 * is in a chunk and finds the worker's file next to its own.
 */
export default defineConfig({
  plugins: [react({ babel: { plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }]] } }), lingui()],
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    rollupOptions: {
      input: { main: 'src/server/main.ts', 'sheet-read.worker': 'src/server/common/sheets/sheet-read.worker.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
  ssr: { noExternal: [] },
});
