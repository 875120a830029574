import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { coreSourceAlias } from './vite.shared.ts';

/** The API server the dev server forwards to; JNPF_API_SERVER points it elsewhere (e.g. another port). */
const API_SERVER = process.env.JNPF_API_SERVER ?? 'http://127.0.0.1:30008';

/** The framework every page needs, in one chunk that stays cached across releases of the app's own code. */
const FRAMEWORK_PACKAGES =
  /\/node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|zustand|use-sync-external-store)\//;

/** React 18 shims only the rich-text editor (Tiptap) loads: they stay in its chunk, out of every page's */
const EDITOR_ONLY = /\/node_modules\/use-sync-external-store\/(shim\/|cjs\/use-sync-external-store-shim)/;

function manualChunks(id: string): string | undefined {
  return FRAMEWORK_PACKAGES.test(id) && !EDITOR_ONLY.test(id) ? 'framework' : undefined;
}

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [coreSourceAlias] },
  server: {
    port: 3000,
    proxy: {
      '/api': { target: API_SERVER, changeOrigin: true },
      '/websocket': { target: API_SERVER.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true, // read by scripts/bundle-report.mjs
    rollupOptions: { output: { manualChunks } },
  },
});
