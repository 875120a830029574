// `npm run dev`: the server and the web app with live reload, in one terminal.
// - the server: core and server compiled again on every change (tsc -b --watch) and the server restarted on
//   every new build (node --watch), on http://localhost:30008 (PORT) with NODE_ENV=development;
// - the web app: Vite's dev server with hot reload on http://localhost:3000, forwarding /api and /websocket to
//   the server (JNPF_API_SERVER points it elsewhere; by default it follows PORT).
// Ctrl-C stops all three; so does any of them stopping on its own.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');

/** the path of a package's command, as installed for the workspace at `from` */
function binOf(pkg, command, from) {
  const manifestPath = createRequire(path.join(from, 'package.json')).resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  return path.join(path.dirname(manifestPath), typeof bin === 'string' ? bin : bin[command]);
}

const tsc = binOf('typescript', 'tsc', root);
const vite = binOf('vite', 'vite', web);
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  // the web's dev server forwards to the port this server listens on
  JNPF_API_SERVER: process.env.JNPF_API_SERVER ?? `http://127.0.0.1:${process.env.PORT ?? 30008}`,
};

// the server starts from a complete build, so build once before watching
console.log('── building core and server');
const first = spawnSync(process.execPath, [tsc, '-b', 'apps/server'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [
  ['compiler', [tsc, '-b', '--watch', '--preserveWatchOutput', 'apps/server'], root],
  ['server', ['--watch', 'apps/server/dist/main.js'], root],
  ['web', [vite], web],
].map(([name, args, cwd]) => ({ name, process: spawn(process.execPath, args, { cwd, env, stdio: 'inherit' }) }));

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGTERM');
  let left = children.filter((child) => child.process.exitCode === null).length;
  if (!left) process.exit(code);
  for (const child of children)
    child.process.once('exit', () => {
      if (--left === 0) process.exit(code);
    });
  // the server closes its database before it exits; do not wait for ever
  setTimeout(() => process.exit(code), 15_000).unref();
}

for (const child of children)
  child.process.on('exit', (code, signal) => {
    if (stopping) return;
    // Ctrl-C reaches every process of the terminal, and one may stop before this one hears of it
    if (signal === 'SIGINT' || signal === 'SIGTERM' || code === 0 || code === 130) return stopAll(0);
    console.error(`── ${child.name} failed (exit code ${code}); stopping the others`);
    stopAll(code ?? 1);
  });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
