import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

/**
 * antd's Button style imports `isBright` from the colour picker's presets module, which imports Collapse and its
 * styles into every page. That one import is pointed at the same test written here (src/app/antdTrim). Should antd move
 * the import, nothing breaks: the bundle just grows again, which `npm run bench:web` reports.
 */
function buttonStyleWithoutCollapse(): Plugin {
  const brightness = decodeURIComponent(new URL('./src/app/antdTrim/colorBrightness.ts', import.meta.url).pathname);
  return {
    name: 'antd-button-style-without-collapse',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromButtonStyle = importer && /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/.test(importer);
      return fromButtonStyle && source === '../../color-picker/components/ColorPresets' ? brightness : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), buttonStyleWithoutCollapse()],
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
