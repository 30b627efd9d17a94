import { defineConfig } from 'vite';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';

/**
 * Builds the Node server into dist/server. It goes through Vite like the app so that code
 * shared with the app (route manifest, contract) has its Lingui macros compiled the same way.
 */
export default defineConfig({
  plugins: [react({ babel: { plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }]] } }), lingui()],
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'main.js' } },
  },
  ssr: { noExternal: [] },
});
