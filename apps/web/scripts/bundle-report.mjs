// Reports the gzip size of the JavaScript each entry point of the web app loads (budgets: sign-in page ≤ 250 kB,
// signed-in shell with the home page ≤ 600 kB).
// Reads the Vite manifest of the last build: node apps/web/scripts/bundle-report.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

/** Files loaded statically from the given manifest keys (imports, not dynamic imports). */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

function gzipKb(files) {
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(new URL(file, dist))).length, 0);
  return (bytes / 1024).toFixed(1);
}

const keyOf = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix));
const scenarios = {
  'sign-in page (/login)': [entryKey, keyOf('views/auth/login/LoginPage.tsx')],
  'shell + home (/home)': [entryKey, keyOf('layouts/MainLayout.tsx'), keyOf('views/home/HomePage.tsx')],
  'lock screen (/lockScreen)': [entryKey, keyOf('views/auth/lockScreen/LockScreenPage.tsx')],
};

for (const [name, keys] of Object.entries(scenarios)) {
  const files = staticClosure(keys.filter(Boolean));
  console.log(`${name}: ${gzipKb(files)} kB gzip in ${files.length} files`);
}
