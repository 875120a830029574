#!/usr/bin/env node
// The registry this project installs from carries only the Linux builds of native packages, so npm leaves the other
// platforms' optional packages out of package-lock.json and `npm ci` then refuses the lock ("Missing: ... from lock
// file"). This adds those entries back as platform-restricted optional packages that npm skips without fetching.
// It runs as the root postinstall; `--check` only reports (npm test fails when the lock lacks entries).
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
const osNames = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'netbsd', 'openharmony', 'sunos', 'aix', 'win32'];

/** `@rollup/rollup-linux-arm64-musl` → { os: linux, cpu: arm64, libc: musl }; null when the name says no platform. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const at = parts.findIndex((p) => osNames.includes(p));
  if (at < 0 || at + 1 >= parts.length) return null;
  const rest = parts.slice(at + 2);
  const libc = rest.includes('musl') ? 'musl' : parts[at] === 'linux' && rest.includes('gnu') ? 'glibc' : undefined;
  return { os: parts[at], cpu: parts[at + 1], libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // npm finds a dependency in the parent's own node_modules or, hoisted, at the top.
    const candidates = [`${path ? `${path}/` : ''}node_modules/${name}`, `node_modules/${name}`];
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[`node_modules/${name}`] = {
      version,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      os: [platform.os],
    };
    added++;
  }
}

if (process.argv.includes('--check')) {
  if (added > 0) {
    console.error(`package-lock.json lacks ${added} platform package entries; run: node scripts/lock-optional.mjs`);
    process.exit(1);
  }
} else if (added > 0) {
  writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
  console.log(`lock-optional: added ${added} platform entr${added === 1 ? 'y' : 'ies'} to package-lock.json`);
}
