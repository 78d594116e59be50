// The standalone runtime, as a newcomer runs it (`npm start`: every service in one process on
// embedded PostgreSQL, the in-process bus and the built-in Twitch emulator), end to end from
// the emulator sending a chat line to the chatter being counted and to `new_chatter` arriving on
// the streamer's live socket. Measures (1) a burst of 6,000 lines from 6,000 new viewers sent at
// once: how fast it settles, (2) sustained rates of new viewers for 10 s each: the highest rate
// kept up with (every line counted, the last within 1 s of the sending stopping), (3) latency
// from a line to its `new_chatter` at 100 lines/s, with the CPU the process spent in each part.
// Each measurement runs three times (`--runs N`) on a fresh runtime; the report gives the median
// and the spread. `--profile DIR` also writes a V8 CPU profile of the runtime per run there
// (summarise it with `node bench/standalone/profile-summary.mjs DIR/<file>.cpuprofile`).
// `--postgres` runs the same runtime on the PostgreSQL server instead of PGlite.
// Run after building: `npx nx run-many -t build && node bench/standalone/standalone.mjs`
// (`--write-docs` replaces "Standalone runtime" in docs/benchmarks.md; `--phases burst` runs
// only some of burst, sustained, latency and greet, e.g. to profile one).
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { cpus, platform, release, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { createTestDatabase, DemoRuntime, waitFor } from '../../libs/testing/dist/index.js';
import { ROOT } from '../lib/processes.mjs';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    rates: { type: 'string', default: '1000,2000,5000' },
    profile: { type: 'string' },
    phases: { type: 'string', default: 'burst,sustained,latency,greet' },
    postgres: { type: 'boolean', default: false },
    from: { type: 'string' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const RUNS = Number(options.runs);
const RATES = options.rates.split(',').map(Number);
const PHASES = new Set(options.phases.split(','));
const BURST = 6_000;
const SUSTAIN_SEC = 10;
const KEPT_UP_MS = 1_000;
const LATENCY_RATE = 100;
const LATENCY_SEC = 15;
const GREETS = 200;
/** Only lines with this word count: the demo chat's own lines stay out of every figure. */
const KEYWORD = 'benchkw';
const STREAMER = 'demo_streamer';

const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const median = (values) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const spread = (values) => `${Math.min(...values)}–${Math.max(...values)}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds a process has spent so far (user + system), from /proc. */
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Signs the demo streamer in through the emulator's OAuth flow; answers the cookie header. */
async function signIn(runtime) {
  await runtime.control('POST', '/control/oauth/auto-approve', { login: STREAMER });
  const cookies = new Map();
  let url = `${runtime.base}/auth/twitch`;
  for (let hop = 0; hop < 6; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) break;
    const next = new URL(location, url);
    // The app's public origin is localhost; this process calls it at 127.0.0.1.
    if (next.hostname === 'localhost') next.hostname = '127.0.0.1';
    url = next.toString();
  }
  if (!cookies.has('greetboard_session')) throw new Error('sign-in did not set a session cookie');
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function startRun(run) {
  const env = { RATE_LIMIT_API_PER_MINUTE: '10000000' };
  if (options.profile) {
    env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${path.resolve(options.profile)} --cpu-prof-name=standalone-run${run}.cpuprofile`;
  }
  // --postgres: the same runtime on the PostgreSQL server (BENCH_DATABASE_URL's, or the local
  // one) instead of PGlite, to show what the embedded database costs.
  const database = options.postgres
    ? await createTestDatabase('greetboard_standalone_bench', process.env.BENCH_DATABASE_URL)
    : undefined;
  if (database) env.DATABASE_URL = database.url;
  const runtime = await DemoRuntime.start({ name: 'standalone-bench', env });
  const cookie = await signIn(runtime);
  const api = async (method, route, body) => {
    const response = await fetch(`${runtime.base}${route}`, {
      method,
      headers: { Cookie: cookie, Origin: runtime.origin, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status}`);
    return response.status === 204 ? undefined : response.json();
  };
  const session = await api('POST', '/api/sessions', {
    name: `Bench ${run}`,
    keywords: JSON.stringify([KEYWORD]),
  });
  await runtime.waitForChannelJoined(STREAMER);
  const counted = async () =>
    (await api('GET', '/api/sessions')).find((s) => s.id === session.id)._count.chatters;
  return { runtime, database, cookie, session, api, counted, pid: runtime.program.child.pid };
}

let viewer = 0;
const nextViewers = (count) =>
  Array.from({ length: count }, () => ({
    login: `sb_${(viewer++).toString(36).padStart(6, '0')}`,
    text: `hello ${KEYWORD}, first time here`,
  }));
const send = (runtime, messages) =>
  runtime.control('POST', `/control/channels/${STREAMER}/messages`, { messages });

/** 6,000 new viewers' lines sent at once; settled when all are counted. */
async function burst({ runtime, counted, pid }) {
  const before = await counted();
  const cpu = await cpuSeconds(pid);
  const started = performance.now();
  await send(runtime, nextViewers(BURST));
  await waitFor(async () => (await counted()) >= before + BURST, {
    timeoutMs: 120_000,
    intervalMs: 20,
    what: 'the burst to be counted',
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    linesPerSec: Math.round(BURST / seconds),
    cpuSeconds: (await cpuSeconds(pid)) - cpu,
  };
}

/** New viewers at `rate` lines/s for 10 s, sent every 50 ms; the lag of the last count. */
async function sustained({ runtime, counted, pid }, rate) {
  const before = await counted();
  const cpu = await cpuSeconds(pid);
  const perTick = Math.max(1, Math.round(rate / 20));
  const ticks = Math.round((SUSTAIN_SEC * rate) / perTick);
  const started = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    await send(runtime, nextViewers(perTick));
    const due = started + ((tick + 1) * 1000) / (rate / perTick);
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  }
  const sentFor = (performance.now() - started) / 1000;
  const stopped = performance.now();
  const expected = before + ticks * perTick;
  let lastCountedMs;
  try {
    await waitFor(async () => (await counted()) >= expected, {
      timeoutMs: 30_000,
      intervalMs: 20,
      what: `${rate} lines/s to be counted`,
    });
    lastCountedMs = Math.round(performance.now() - stopped);
  } catch {
    lastCountedMs = Infinity;
  }
  return {
    rate,
    achievedRate: Math.round((ticks * perTick) / sentFor),
    lastCountedMs,
    keptUp: lastCountedMs <= KEPT_UP_MS,
    cpuPerSec: ((await cpuSeconds(pid)) - cpu) / sentFor,
  };
}

/**
 * A socket of the streamer joined to the session's room: ready once the gateway answers the
 * join with the room's presence, which it sends every newcomer.
 */
async function joinedSocket({ runtime, cookie, session }) {
  const socket = new WebSocket(runtime.wsUrl, {
    headers: { Cookie: cookie, Origin: runtime.origin },
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const joined = new Promise((resolve) => {
    const onMessage = (data) => {
      const message = JSON.parse(data.toString());
      if (message.type !== 'presence_update' || message.payload.sessionId !== session.id) return;
      socket.off('message', onMessage);
      resolve();
    };
    socket.on('message', onMessage);
  });
  socket.send(JSON.stringify({ type: 'join_session', payload: { sessionId: session.id } }));
  await joined;
  return socket;
}

/** Lines at 100/s, each a new viewer; line → `new_chatter` on the streamer's socket. */
async function latency(context) {
  const { runtime } = context;
  const socket = await joinedSocket(context);
  const ours = new Set();
  const samples = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.type !== 'new_chatter' || !ours.has(message.payload.username)) return;
    // firstSeenAt is the emulator's tmi-sent-ts: the moment Twitch sent the line.
    samples.push(Date.now() - Date.parse(message.payload.firstSeenAt));
  });
  const lines = LATENCY_RATE * LATENCY_SEC;
  const started = performance.now();
  for (let index = 0; index < lines; index++) {
    const [message] = nextViewers(1);
    ours.add(message.login);
    await send(runtime, [message]);
    const wait = started + ((index + 1) * 1000) / LATENCY_RATE - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await waitFor(() => samples.length >= lines, { timeoutMs: 20_000, what: 'every new_chatter' });
  socket.close();
  return percentiles(samples);
}

/**
 * 200 greets, one after another, each of a different chatter, as the streamer's dashboard
 * sends them: the `PUT` round trip, and the time from sending it to the `chatter_update` on
 * another socket of the streamer (another screen), which is the server's part of a greet
 * reaching every other screen. Runs after the burst (6,000 chatters in the list) or seeds 200.
 */
async function greets(context) {
  const { runtime, session, api, counted } = context;
  if ((await counted()) < GREETS) {
    const before = await counted();
    await send(runtime, nextViewers(GREETS));
    await waitFor(async () => (await counted()) >= before + GREETS, {
      timeoutMs: 60_000,
      what: 'chatters to greet',
    });
  }
  const chatters = (await api('GET', `/api/sessions/${session.id}/chatters`)).filter(
    (chatter) => !chatter.isGreeted,
  );
  const socket = await joinedSocket(context);
  const waiting = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.type !== 'chatter_update' || !message.payload.isGreeted) return;
    waiting.get(message.payload.id)?.(performance.now());
  });
  const roundTrips = [];
  const otherScreen = [];
  for (const chatter of chatters.slice(0, GREETS)) {
    const updated = new Promise((resolve) => waiting.set(chatter.id, resolve));
    const sentAt = performance.now();
    await api('PUT', `/api/chatters/${chatter.id}/greet`, { isGreeted: true });
    roundTrips.push(performance.now() - sentAt);
    otherScreen.push((await updated) - sentAt);
    waiting.delete(chatter.id);
  }
  socket.close();
  return { roundTrip: percentiles(roundTrips), otherScreen: percentiles(otherScreen) };
}

/** p50, p99 and max of millisecond samples, rounded. */
function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: Math.round(quantile(sorted, 0.5)),
    p99: Math.round(quantile(sorted, 0.99)),
    max: Math.round(sorted.at(-1)),
  };
}

/** The runs a earlier invocation printed (`run N: {...}` lines), to summarise them again. */
async function runsFrom(file) {
  const text = await readFile(file, 'utf8');
  return [...text.matchAll(/^run \d+: (.*)$/gm)].map((match) => JSON.parse(match[1]));
}

async function main() {
  if (options.from) {
    console.log(summarise(await runsFrom(options.from)));
    return;
  }
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const context = await startRun(run);
    try {
      const result = { sustained: [] };
      if (PHASES.has('burst')) result.burst = await burst(context);
      if (PHASES.has('sustained')) {
        for (const rate of RATES) result.sustained.push(await sustained(context, rate));
      }
      if (PHASES.has('latency')) result.latency = await latency(context);
      if (PHASES.has('greet')) result.greet = await greets(context);
      runs.push(result);
      console.log(`run ${run}: ${JSON.stringify(result)}`);
    } finally {
      await context.runtime.stop();
      await context.database?.drop();
    }
  }
  const report = PHASES.size === 4 ? summarise(runs) : 'Not every phase ran: no summary.';
  console.log(report);
  if (options['write-docs']) await writeDocs(report);
  if (options.profile) {
    const files = (await readdir(options.profile)).filter((f) => f.endsWith('.cpuprofile'));
    console.log(`CPU profiles in ${options.profile}: ${files.join(', ')}`);
  }
}

function summarise(runs) {
  const burstRates = runs.map((r) => r.burst.linesPerSec);
  const burstSeconds = runs.map((r) => Number(r.burst.seconds.toFixed(2)));
  const lines = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()} ${release()}, Node ${process.versions.node}`,
    `Command: node bench/standalone/standalone.mjs --runs ${RUNS} --rates ${RATES.join(',')}${options.postgres ? ' --postgres' : ''}`,
    '',
    '| Figure | Median | Spread (runs) |',
    '| --- | --- | --- |',
    `| Burst of ${BURST.toLocaleString('en')} new viewers: settled in | ${median(burstSeconds)} s | ${spread(burstSeconds)} s |`,
    `| Burst: lines/s end to end | ${median(burstRates).toLocaleString('en')} | ${spread(burstRates)} |`,
    `| Burst: CPU seconds of the process | ${median(runs.map((r) => Number(r.burst.cpuSeconds.toFixed(1))))} | ${spread(runs.map((r) => Number(r.burst.cpuSeconds.toFixed(1))))} |`,
  ];
  for (const [index, rate] of RATES.entries()) {
    const lags = runs.map((r) => r.sustained[index].lastCountedMs);
    const kept = runs.filter((r) => r.sustained[index].keptUp).length;
    const cpu = runs.map((r) => Number(r.sustained[index].cpuPerSec.toFixed(2)));
    const achieved = runs.map((r) => r.sustained[index].achievedRate);
    lines.push(
      `| ${rate.toLocaleString('en')} new viewers/s offered for ${SUSTAIN_SEC} s (achieved ${median(achieved).toLocaleString('en')}/s): last counted after the sending stopped | ${median(lags)} ms (kept up in ${kept} of ${runs.length}) | ${spread(lags)} ms; achieved ${spread(achieved)}/s; CPU ${median(cpu)} s/s |`,
    );
  }
  for (const figure of ['p50', 'p99', 'max']) {
    const values = runs.map((r) => r.latency[figure]);
    lines.push(
      `| Line → \`new_chatter\` at ${LATENCY_RATE} lines/s, ${figure} | ${median(values)} ms | ${spread(values)} ms |`,
    );
  }
  for (const [key, label] of [
    ['roundTrip', 'Greet `PUT` round trip'],
    ['otherScreen', 'Greet `PUT` sent → `chatter_update` on another socket'],
  ]) {
    for (const figure of ['p50', 'p99', 'max']) {
      const values = runs.map((r) => r.greet[key][figure]);
      lines.push(`| ${label}, ${figure} | ${median(values)} ms | ${spread(values)} ms |`);
    }
  }
  return lines.join('\n');
}

async function writeDocs(report) {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const docs = await readFile(file, 'utf8');
  const heading = '## Standalone runtime';
  const start = docs.indexOf(heading);
  if (start === -1) throw new Error(`${heading} is missing in docs/benchmarks.md`);
  const marker = '<!-- standalone-bench -->';
  const from = docs.indexOf(marker, start);
  const to = docs.indexOf(marker, from + marker.length);
  if (from === -1 || to === -1) throw new Error(`the ${marker} pair is missing under ${heading}`);
  const date = new Date().toISOString().slice(0, 10);
  await writeFile(
    file,
    `${docs.slice(0, from + marker.length)}\n${date}:\n\n${report}\n${docs.slice(to)}`,
  );
}

await main();
