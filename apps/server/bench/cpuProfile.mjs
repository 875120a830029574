// Summarises a V8 .cpuprofile (node --cpu-prof): where the samples fell, by package and by function (self time).
// A window (µs on the monotonic clock the profile uses, as process.hrtime.bigint() / 1000n reads it) keeps the
// samples of one phase only. Also runnable: node apps/server/bench/cpuProfile.mjs <file.cpuprofile> [top]
import fs from 'node:fs';

/** where a function lives: a package under node_modules, node itself, the server, or V8's own bookkeeping */
function packageOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return 'node';
  const server = /apps\/server\/dist\/(.+?)\/[^/]+\.js$/.exec(url);
  if (server) return `server ${server[1]}`;
  const core = /packages\/core\//.test(url);
  return core ? '@jnpf/core' : url;
}

/** prints the top functions and packages by self time; window = { fromUs, toUs } keeps one phase */
export function summarizeCpuProfile(file, top = 20, window = null) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfById = new Map();
  let t = profile.startTime;
  let counted = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (window && (t < window.fromUs || t > window.toUs)) continue;
    counted++;
    selfById.set(profile.samples[i], (selfById.get(profile.samples[i]) ?? 0) + 1);
  }
  if (window && counted === 0) {
    console.log('  (no samples inside the measured window: showing the whole profile)');
    return summarizeCpuProfile(file, top, null);
  }
  const byFunction = new Map();
  const byPackage = new Map();
  for (const [id, n] of selfById) {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const name = functionName || '(anonymous)';
    const where = url ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}` : '';
    const key = `${name} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + n);
    const pkg = packageOf(url, name);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n);
  }
  const busy = counted - (byPackage.get('(idle)') ?? 0);
  const pct = (n) => `${((n / counted) * 100).toFixed(1).padStart(5)}%`;
  console.log(
    `  ${counted} samples${window ? ' in the measured window' : ''}, ${pct(busy).trim()} busy (not idle); self time by package:`,
  );
  for (const [pkg, n] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${pct(n)}  ${pkg}`);
  console.log('  hottest functions (self time):');
  for (const [key, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(n)}  ${key}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: node cpuProfile.mjs <file.cpuprofile> [top]');
  summarizeCpuProfile(file, Number(top ?? 25));
}
