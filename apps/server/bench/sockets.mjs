// Chat over WebSockets (issue 5): BENCH_SOCKETS_USERS (2,000) users, each signed in and on its own socket to one
// server process (/websocket/{token}), each sends OnConnection and waits for initMessage; then
// text messages (SendMessage) go from user to user at a steady BENCH_SOCKETS_RATE (500) per second for
// BENCH_SOCKETS_SECONDS (20). Each text carries its sequence number and send time; the delivery latency runs
// from sending to the recipient's receiveMessage (the sender's sendMessage echo is timed too). Reported: p50,
// p99, max, messages delivered per second, lost messages, the server's RSS before connecting, once everyone is
// connected, and after the messages. Target: delivery p99 ≤ 50 ms at 500 messages/s.
//   BENCH_SOCKETS_SIGNIN_CONCURRENCY (6) sign-ins at once (each is a ~50 ms scrypt on the server),
//   BENCH_SOCKETS_CONNECT_CONCURRENCY (50) sockets opening at once,
//   BENCH_SOCKETS_DRAIN_SECONDS (10) without any delivery before what is missing counts as lost,
//   BENCH_SOCKETS_PROFILE=<folder> writes the server's CPU profile there (node --cpu-prof) and prints its hottest
//   functions while the messages flow.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { summarizeCpuProfile } from './cpuProfile.mjs';
import {
  envNumber,
  fmt,
  percentile,
  pool,
  printTable,
  rssMb,
  seedOrganisation,
  signIn,
  sleep,
  startServer,
  verdict,
} from './common.mjs';

const USERS = envNumber('BENCH_SOCKETS_USERS', 2_000);
const RATE = envNumber('BENCH_SOCKETS_RATE', 500);
const SECONDS = envNumber('BENCH_SOCKETS_SECONDS', 20);
/** the latencies of messages sent after this many seconds are also shown apart: the steady state after the
 * connect storm, next to the whole run (which the target is judged on) */
const STEADY_FROM_S = envNumber('BENCH_SOCKETS_STEADY_FROM', 5);
const SIGNIN_CONCURRENCY = envNumber('BENCH_SOCKETS_SIGNIN_CONCURRENCY', 6);
const CONNECT_CONCURRENCY = envNumber('BENCH_SOCKETS_CONNECT_CONCURRENCY', 50);
const DRAIN_SECONDS = envNumber('BENCH_SOCKETS_DRAIN_SECONDS', 10);
const PROFILE_DIR = process.env.BENCH_SOCKETS_PROFILE || '';
/** seedLarge's password for everyone it creates */
const SEEDED_PASSWORD = '0000';
const TARGET_P99_MS = 50;
const TARGET_RATE = 500;

/** the numbers every socket adds to */
function newTally(total) {
  return {
    sent: 0,
    delivered: 0,
    echoed: 0,
    misdelivered: 0,
    duplicates: 0,
    errors: 0,
    errorSamples: new Set(),
    presenceFrames: 0,
    closedByServer: 0,
    firstSendAt: 0,
    lastDeliveryAt: 0,
    lastFrameAt: 0,
    deliveredSeq: new Uint8Array(total),
    recipientOf: new Int32Array(total),
    delivery: [],
    steady: [],
    /** per second of sending: how many messages took longer than the target to arrive */
    slowBySecond: new Map(),
    echo: [],
  };
}

// "bench <seq> <send time in ms from performance.now()>": nothing in it is changed by the server's HTML escaping
const messageText = (seq) => `bench ${seq} ${performance.now().toFixed(3)}`;
function parseText(text) {
  const parts = typeof text === 'string' ? text.split(' ') : [];
  if (parts.length !== 3 || parts[0] !== 'bench') return null;
  return { seq: Number(parts[1]), sentAt: Number(parts[2]) };
}

/** opens one user's socket, sends OnConnection and resolves once initMessage names the user */
function connect(wsBase, index, token, tally, opened) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsBase}/websocket/${encodeURIComponent(token)}`);
    const client = { index, ws, token, userId: '', closing: false };
    opened.push(client);
    const timer = setTimeout(() => reject(new Error(`socket ${index}: no initMessage within 60 s`)), 60_000);
    ws.on('open', () => {
      ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false, systemId: '', isSeparate: false }));
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.on('close', () => {
      if (!client.closing) tally.closedByServer++;
    });
    ws.on('message', (data) => {
      const now = performance.now();
      tally.lastFrameAt = now;
      const text = data.toString();
      // the connect storm sends everyone everyone else's Online: counted, not parsed
      if (text.startsWith('{"method":"Online"') || text.startsWith('{"method":"Offline"')) {
        tally.presenceFrames++;
        return;
      }
      const frame = JSON.parse(text);
      switch (frame.method) {
        case 'initMessage':
          client.userId = frame.userId;
          clearTimeout(timer);
          resolve(client);
          break;
        case 'receiveMessage': {
          const m = parseText(frame.formMessage);
          if (!m) break;
          if (tally.recipientOf[m.seq] !== index) tally.misdelivered++;
          if (tally.deliveredSeq[m.seq]) {
            tally.duplicates++;
            break;
          }
          tally.deliveredSeq[m.seq] = 1;
          tally.delivered++;
          tally.lastDeliveryAt = now;
          tally.delivery.push(now - m.sentAt);
          if (m.sentAt - tally.firstSendAt >= STEADY_FROM_S * 1000) tally.steady.push(now - m.sentAt);
          if (now - m.sentAt > TARGET_P99_MS) {
            const second = Math.floor((m.sentAt - tally.firstSendAt) / 1000);
            tally.slowBySecond.set(second, (tally.slowBySecond.get(second) ?? 0) + 1);
          }
          break;
        }
        case 'sendMessage': {
          const m = parseText(frame.toMessage);
          if (!m) break;
          tally.echoed++;
          tally.echo.push(now - m.sentAt);
          break;
        }
        case 'error':
          tally.errors++;
          if (tally.errorSamples.size < 5) tally.errorSamples.add(frame.msg);
          break;
        case 'closeSocket':
        case 'logout':
          tally.closedByServer++;
          break;
        default:
          break;
      }
    });
  });
}

/** waits until no frame has arrived for quietMs (the connect storm is over), at most maxMs */
async function quiet(tally, quietMs, maxMs) {
  const end = performance.now() + maxMs;
  while (performance.now() < end && performance.now() - tally.lastFrameAt < quietMs) await sleep(50);
}

/** sends `total` messages at `rate` a second, each from user seq mod n to another user */
function sendSteadily(clients, total, rate, tally) {
  const n = clients.length;
  return new Promise((resolve) => {
    const start = performance.now();
    tally.firstSendAt = start;
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      while (tally.sent < due) {
        const seq = tally.sent++;
        const from = seq % n;
        // a spread of recipients, never the sender itself
        const to = (from + 1 + ((seq * 7919) % (n - 1))) % n;
        tally.recipientOf[seq] = to;
        const sender = clients[from];
        sender.ws.send(
          JSON.stringify({
            method: 'SendMessage',
            token: sender.token,
            toUserId: clients[to].userId,
            messageType: 'text',
            messageContent: messageText(seq),
          }),
        );
      }
      if (tally.sent >= total) {
        clearInterval(timer);
        resolve(performance.now() - start);
      }
    };
    const timer = setInterval(tick, 2);
  });
}

export async function benchSockets({ label, env }) {
  if (USERS < 2) throw new Error('BENCH_SOCKETS_USERS must be at least 2');
  console.log(`\nSockets — ${label}: seeding ${USERS} users …`);
  const seeded = await seedOrganisation(env, {
    departments: Math.max(1, Math.min(100, Math.ceil(USERS / 20))),
    users: USERS,
  });
  let profileDir = '';
  if (PROFILE_DIR) {
    profileDir = path.resolve(PROFILE_DIR, label.startsWith('PostgreSQL') ? 'postgres' : 'pglite');
    fs.mkdirSync(profileDir, { recursive: true });
  }
  const server = await startServer(env, { nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] });
  const { base, child } = server;
  const wsBase = base.replace(/^http/, 'ws');
  const total = Math.round(RATE * SECONDS);
  const tally = newTally(total);
  const opened = [];
  const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
  let window = null;
  try {
    const accounts = Array.from({ length: USERS }, (_, i) => `${seeded.prefix}u${i}`);
    let t0 = performance.now();
    const tokens = await pool(accounts, SIGNIN_CONCURRENCY, (account) => signIn(base, account, SEEDED_PASSWORD));
    const signInMs = performance.now() - t0;
    const rssIdle = rssMb(child.pid);

    t0 = performance.now();
    const clients = await pool(tokens, CONNECT_CONCURRENCY, (token, i) => connect(wsBase, i, token, tally, opened));
    const connectMs = performance.now() - t0;
    if (new Set(clients.map((c) => c.userId)).size !== USERS) throw new Error('initMessage named the same user twice');
    // everyone hears everyone else come online; measuring starts once that has settled
    await quiet(tally, 1000, 180_000);
    const stormMs = performance.now() - t0;
    const rssConnected = rssMb(child.pid);

    const fromUs = monotonicUs();
    const sendMs = await sendSteadily(clients, total, RATE, tally);
    // a backlog is still delivered, not lost: wait while messages keep arriving, give up after a quiet spell
    const giveUpAt = performance.now() + 300_000;
    let seen = -1;
    let progressAt = performance.now();
    while (tally.delivered + tally.errors < total && performance.now() < giveUpAt) {
      if (tally.delivered + tally.errors !== seen)
        [seen, progressAt] = [tally.delivered + tally.errors, performance.now()];
      else if (performance.now() - progressAt > DRAIN_SECONDS * 1000) break;
      await sleep(50);
    }
    window = { fromUs, toUs: monotonicUs() };
    await sleep(200); // echoes and errors still on their way
    const rssAfter = rssMb(child.pid);

    const delivery = Float64Array.from(tally.delivery).sort();
    const echo = Float64Array.from(tally.echo).sort();
    const steady = Float64Array.from(tally.steady).sort();
    const p99 = percentile(delivery, 99);
    const spanS = (tally.lastDeliveryAt - tally.firstSendAt) / 1000;
    const lost = total - tally.delivered;
    console.log(
      `${label}: ${USERS} sockets (one user each); ${USERS} sign-ins in ${fmt(signInMs / 1000, 1)} s ` +
        `(${SIGNIN_CONCURRENCY} at once); all connected with initMessage in ${fmt(connectMs / 1000, 1)} s, ` +
        `Online storm (${tally.presenceFrames} frames) settled after ${fmt(stormMs / 1000, 1)} s`,
    );
    console.log(
      `messages: ${total} at ${RATE}/s for ${SECONDS} s (sending took ${fmt(sendMs / 1000, 1)} s); ` +
        `delivered ${tally.delivered} (${fmt(spanS > 0 ? tally.delivered / spanS : NaN)}/s), lost ${lost}, ` +
        `echoed ${tally.echoed}, errors ${tally.errors}${tally.errorSamples.size ? ` (${[...tally.errorSamples].join('; ')})` : ''}, ` +
        `misdelivered ${tally.misdelivered}, duplicates ${tally.duplicates}, sockets closed by the server ${tally.closedByServer}`,
    );
    printTable(
      [
        ['latency', 34, 'l'],
        ['p50 ms', 8],
        ['p99 ms', 8],
        ['max ms', 8],
        ['  target', 0, 'l'],
      ],
      [
        [
          'send → recipient receiveMessage',
          fmt(percentile(delivery, 50), 1),
          fmt(p99, 1),
          fmt(delivery.at(-1) ?? NaN, 1),
          `  p99 ≤ ${TARGET_P99_MS} ms at ${TARGET_RATE}/s: ${RATE >= TARGET_RATE ? verdict(p99 <= TARGET_P99_MS && lost === 0) : `not at this rate`}`,
        ],
        [
          `  the same, sent from second ${STEADY_FROM_S}`,
          fmt(percentile(steady, 50), 1),
          fmt(percentile(steady, 99), 1),
          fmt(steady.at(-1) ?? NaN, 1),
          '',
        ],
        [
          'send → sender sendMessage echo',
          fmt(percentile(echo, 50), 1),
          fmt(percentile(echo, 99), 1),
          fmt(echo.at(-1) ?? NaN, 1),
          '',
        ],
      ],
    );
    // a tail made of a few bursts points at stalls (the database's commits, the machine), not at throughput
    const slow = [...tally.slowBySecond.values()].reduce((a, b) => a + b, 0);
    const bursts = [...tally.slowBySecond]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([second, n]) => `${n} sent in second ${second}`)
      .join(', ');
    console.log(
      `over ${TARGET_P99_MS} ms: ${slow} of ${tally.delivered} (${fmt((slow / Math.max(1, tally.delivered)) * 100, 2)}%)` +
        `${slow ? ` in ${tally.slowBySecond.size} of ${Math.ceil(SECONDS)} seconds; most: ${bursts}` : ''}`,
    );
    console.log(
      `server RSS: ${rssIdle} MB before connecting, ${rssConnected} MB with ${USERS} connected, ${rssAfter} MB after the messages`,
    );
    return { label, tally, p99, rssIdle, rssConnected, rssAfter };
  } finally {
    for (const c of opened) {
      c.closing = true;
      c.ws.terminate();
    }
    await server.stop();
    if (profileDir) {
      const newest = fs
        .readdirSync(profileDir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(profileDir, f))
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
      if (newest) {
        console.log(`server CPU profile: ${newest}${window ? ' (the messages only)' : ''}`);
        summarizeCpuProfile(newest, 20, window);
      }
    }
  }
}
